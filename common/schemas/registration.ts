/**
 * A member unit's registration (入会申请, docs/domain.md, "Workflows"; `POST /user/auth/register`):
 * the unit's fields, its materials, the password of the unit subsystem's account and the consent to
 * the user agreement and the privacy policy (a PIPL consent, recorded). The account's login name is
 * not the applicant's to choose: the server assigns the unit's 统一社会信用代码 (or, where an older
 * account already holds that name, REGISTER_LOGIN_PREFIX + 8 digits) and answers it, so that
 * registration never tells a stranger whether a login name is taken.
 *
 *   POST /user/auth/register          RegisterBody → RegisterResult (the unit, 待审核)
 *   POST /user/auth/register/files    multipart fileId, md5, file → StoredFile (no login:
 *                                     the applicant has no account yet; see the route)
 *
 * Field limits are those of the unit's own record (./memberInfo.ts), so that what registers
 * can later be edited without tripping a shorter limit.
 */
import Type, { type Static } from 'typebox';
import { checkPasswordBasics, PASSWORD_MAX_LENGTH, PASSWORD_RULE_TEXT } from '../passwordPolicy';
import { Nullable } from './common';
import { FILE_ID_PATTERN } from './files';
import { BoundedInteger, CalendarDate } from './kinds';
import {
  UNIT_ADDRESS_MAX,
  UNIT_CAPITAL_MAX,
  UNIT_EMAIL_MAX,
  UNIT_FILES_MAX,
  UNIT_INTRODUCTION_MAX,
  UNIT_NAME_MAX,
  UNIT_PERSON_MAX,
  UNIT_PHONE_MAX,
  UNIT_SCOPE_MAX,
  UNIT_STAFF_COUNT_MAX,
} from './memberInfo';
import type { SitePageKey } from './sitePages';

/** The login names registration assigns: this prefix (单位) and 8 random digits. */
export const REGISTER_LOGIN_PREFIX = 'dw';
/** Business licence files (the licence, or its pages). */
export const REGISTER_LICENCE_MAX = 5;
/** Largest file the registration upload takes (the guide promises 50 MB; UPLOAD_MAX_BYTES may be lower). */
export const REGISTER_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** The documents the applicant agrees to, and the site pages that hold them (common/schemas/sitePages.ts). */
export const REGISTRATION_TERMS: readonly { key: 'terms' | 'privacy'; title: string; page: SitePageKey }[] = [
  { key: 'terms', title: '《用户协议》', page: 'terms' },
  { key: 'privacy', title: '《隐私政策》', page: 'privacy' },
];
/** The public address of a site page (the footer's links use the same). */
export const sitePagePath = (page: SitePageKey) => `/FrontPage/detail?page=${page}`;

/** The server's words, so that the page and the tests say the same. */
export const REGISTRATION_MESSAGES = {
  submitted: '入会申请已提交，请等待协会审核',
  creditCodeTaken: '该统一社会信用代码已注册',
  creditCodeRejected: '该统一社会信用代码已注册，入会申请未通过：请使用原登录账号登录，修改后重新提交',
  creditCodeCancelled: '该统一社会信用代码已注册（会籍已注销），如需恢复请联系协会秘书处',
  consentMissing: '请阅读并同意《用户协议》和《隐私政策》',
  noLoginAccount: '暂时无法分配登录账号，请重新提交',
  licenceMissing: '请上传营业执照',
  licenceKind: '营业执照只能上传图片（JPG、PNG 等）或 PDF 文件',
  qualificationKind: '资质材料只能上传图片、PDF 或 Office 文档',
  tooMany: '注册过于频繁，请稍后再试',
  uploadsTooMany: '上传文件过于频繁，请稍后再试',
} as const;

/** The password rule as the form shows it beside the field (common/passwordPolicy.ts). */
export const REGISTER_PASSWORD_RULE = PASSWORD_RULE_TEXT;

/**
 * The synchronous part of the password rule (common/passwordPolicy.ts; the login name is assigned
 * later, at random); the server and the form also refuse common passwords (`checkPasswordStrength`).
 */
export function checkRegisterPassword(password: string): string | undefined {
  return checkPasswordBasics(password);
}

const Text = (title: string, max: number, min = 1) => Type.String({ minLength: min, maxLength: max, title });
const OptionalText = (title: string, max: number) => Type.Optional(Nullable(Text(title, max, 0)));
const FileIds = (title: string, max: number, min = 0) =>
  Type.Array(Type.String({ pattern: FILE_ID_PATTERN, title }), { minItems: min, maxItems: max, uniqueItems: true, title });

export const RegisterBody = Type.Object(
  {
    name: Text('单位名称', UNIT_NAME_MAX),
    /** Upper-cased by the server; checked with checkCreditCode. */
    creditCode: Text('统一社会信用代码', 18),
    legalRepresentative: Text('法定代表人', UNIT_PERSON_MAX),
    contactPerson: Text('联系人', UNIT_PERSON_MAX),
    contactPhone: Text('联系电话', UNIT_PHONE_MAX),
    email: Text('电子邮箱', UNIT_EMAIL_MAX),
    address: Text('单位地址', UNIT_ADDRESS_MAX),
    /** 'YYYY-MM-DD' */
    establishedOn: Type.Optional(Nullable(CalendarDate('成立日期'))),
    /** 万元, two decimals at most */
    registeredCapital: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: UNIT_CAPITAL_MAX, title: '注册资本' }))),
    staffCount: Type.Optional(Nullable(BoundedInteger({ title: '从业人数', minimum: 0, maximum: UNIT_STAFF_COUNT_MAX }))),
    businessScope: Text('经营范围', UNIT_SCOPE_MAX),
    introduction: OptionalText('单位简介', UNIT_INTRODUCTION_MAX),
    businessLicenceFileIds: FileIds('营业执照', REGISTER_LICENCE_MAX, 1),
    qualificationFileIds: Type.Optional(FileIds('资质材料', UNIT_FILES_MAX)),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, title: '密码' }),
    /** Must be true: the applicant ticked 我已阅读并同意《用户协议》《隐私政策》. */
    consent: Type.Boolean({ title: '同意《用户协议》和《隐私政策》' }),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

/** `loginAccount`: the login name assigned to the unit's account, shown to the applicant once, on the done page. */
export const RegisterResult = Type.Object({ unitId: Type.String(), loginAccount: Type.String() });
export type RegisterResult = Static<typeof RegisterResult>;
