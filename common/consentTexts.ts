/**
 * The separate consent to the processing of sensitive personal information (PIPL art. 29,
 * 《个人信息保护法》第二十九条), which a practitioner whose record their unit entered confirms
 * at first login, before anything else. The text is shown by
 * `GET /user/consents/sensitive-pi`; the version agreed is recorded with the consent
 * (table `consents`, kind 'sensitive_pi'). Change the version whenever the text changes in
 * substance.
 */
import { ASSOCIATION_NAME } from './association';

export const SENSITIVE_PI_CONSENT_KIND = 'sensitive_pi';
export const SENSITIVE_PI_CONSENT_VERSION = '2026-01-01';

export interface ConsentSection {
  heading: string;
  paragraphs: string[];
}

export const SENSITIVE_PI_CONSENT_TITLE = '个人信息处理说明（敏感个人信息单独同意）';

export const SENSITIVE_PI_CONSENT_SECTIONS: readonly ConsentSection[] = [
  {
    heading: '为什么请您确认',
    paragraphs: [
      `您所在的会员单位已在${ASSOCIATION_NAME}（以下简称“协会”）系统中为您登记了从业人员信息。其中身份证号码和照片属于敏感个人信息，依照《中华人民共和国个人信息保护法》第二十九条，处理前需要取得您的单独同意。请您阅读以下说明后选择“同意”或“不同意并退出”。`,
    ],
  },
  {
    heading: '我们处理哪些信息',
    paragraphs: [
      '敏感个人信息：身份证号码、本人照片。',
      '其他个人信息：姓名、性别、手机号码、学历、职称、所在单位、从业时间、培训学时、从业证书编号，以及您上传的学历、职称等证明材料。',
    ],
  },
  {
    heading: '为什么要处理这些信息',
    paragraphs: [
      '用于从业人员登记和资格审核、核对身份（防止同一人重复登记）、颁发从业证书，以及公众通过证书编号查验证书真伪。除法律法规另有规定外，不用于上述目的以外的用途。',
    ],
  },
  {
    heading: '谁能看到这些信息',
    paragraphs: [
      '您本人可以看到自己的全部信息；您所在会员单位的经办人员和协会经授权的工作人员在工作需要的范围内可以查看。',
      '身份证号码和手机号码对他人默认只显示部分数字；查看完整号码需要专门授权，每次查看都会被记录。公众查验证书时只能看到姓名、单位、证书编号和证书状态，看不到您的身份证号码、手机号码和照片。',
    ],
  },
  {
    heading: '如何保护和保存',
    paragraphs: [
      '身份证号码和手机号码在系统中加密保存，系统会记录对您信息的查看、修改和导出操作。',
      '信息在您从业登记有效期间保存；您离职或登记未获通过满三年后，系统将对您的信息作匿名化处理（只保留姓氏，删除身份证号码、手机号码和照片等文件），证书编号及其状态继续保留，以便查验历史证书。',
    ],
  },
  {
    heading: '您的权利和撤回同意',
    paragraphs: [
      '您可以在“个人中心”查阅、下载自己的信息，并通过修改申请更正信息。',
      '您可以随时在“个人中心”撤回本同意。撤回后，协会将把它作为删除个人信息的请求处理；由于从业登记和证书离不开这些信息，撤回后您的从业登记和证书可能无法继续保留。撤回不影响撤回前基于您的同意已进行的处理。',
      '如不同意，请选择“不同意并退出”：您将退出系统，可以联系所在单位或协会秘书处了解其他办理方式。',
    ],
  },
];
