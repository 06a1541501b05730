/**
 * The fields of the practitioner form (inside ResourceFormDrawer). Limits and checks are the
 * server's. In an edit the ID number and phone start empty (they are masked for the editor)
 * and change only when typed; a unit cannot change an approved person's identity.
 */
import { ProFormDatePicker, ProFormDigit, ProFormRadio, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { Alert, Col, Form, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  PRACTITIONER_EMAIL_MAX,
  PRACTITIONER_FILES_MAX,
  PRACTITIONER_NAME_MAX,
  PRACTITIONER_TEXT_MAX,
  PRACTITIONER_TRAINING_HOURS_MAX,
  type PractitionerDetail,
} from '@common/schemas/practitioners';
import FileUpload from '@/components/FileUpload';
import { maxLength, required, uploadsDone } from '@/components/ListPage';
import { emailRule, idCardRule, phoneRule } from './practitionerValues';
import { optionsOf } from '@/hooks/useDictionaries';
import type { PractitionerDicts } from './usePractitionerDicts';

/** Images only: the server refuses anything else as a photo. */
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.webp';
export const PHOTO_MAX_SIZE = 5 * 1024 * 1024;
export const MATERIAL_ACCEPT = '.pdf,.jpg,.jpeg,.png';
export const MATERIAL_MAX_SIZE = 20 * 1024 * 1024;

export interface PractitionerFieldsProps {
  dicts: PractitionerDicts;
  /** The record being edited; undefined for a new one. */
  record?: PractitionerDetail;
  /** Staff creating: which (approved) unit the person joins. */
  unitOptions?: { label: string; value: string }[];
  /** A unit editing an approved record: name, gender and ID number are the association's. */
  identityLocked?: boolean;
}

export default function PractitionerFields({ dicts, record, unitOptions, identityLocked }: PractitionerFieldsProps) {
  const editing = !!record;
  return (
    <>
      {identityLocked && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="该从业人员已通过审核：姓名、性别和身份证号码不能由单位修改，如需更正请联系协会。"
        />
      )}
      {unitOptions && !editing && (
        <ProFormSelect
          name="unitId"
          label="所属单位"
          placeholder="请选择已通过审核的会员单位"
          options={unitOptions}
          showSearch
          rules={[{ required: true, message: '请选择所属单位' }]}
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormText
            name="name"
            label="姓名"
            placeholder="与身份证一致"
            disabled={identityLocked}
            rules={[required('姓名'), maxLength('姓名', PRACTITIONER_NAME_MAX)]}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormRadio.Group name="gender" label="性别" disabled={identityLocked} options={optionsOf(dicts.gender)} extra={editing ? undefined : '不选时按身份证号码确定'} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText
            name="idCardNo"
            label="身份证号码"
            disabled={identityLocked}
            placeholder={editing ? `当前 ${record.idCardNo}，留空则不修改` : '18位居民身份证号码'}
            fieldProps={{ maxLength: 18, autoComplete: 'off' }}
            rules={[...(editing ? [] : [required('身份证号码')]), idCardRule]}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText
            name="phone"
            label="手机号码"
            placeholder={editing && record.phone ? `当前 ${record.phone}，留空则不修改` : '11位手机号码'}
            fieldProps={{ maxLength: 30, autoComplete: 'off' }}
            rules={[phoneRule]}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="email" label="电子邮箱" placeholder="name@example.com" rules={[emailRule, maxLength('电子邮箱', PRACTITIONER_EMAIL_MAX)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormSelect name="education" label="学历" placeholder="请选择学历" allowClear options={optionsOf(dicts.education)} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="major" label="专业" placeholder="如：社会学" rules={[maxLength('专业', PRACTITIONER_TEXT_MAX)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormSelect name="professionalTitle" label="职称" placeholder="请选择职称" allowClear options={optionsOf(dicts.professional_title)} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="position" label="职务" placeholder="如：评估师、项目经理" rules={[maxLength('职务', PRACTITIONER_TEXT_MAX)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormDatePicker
            name="entryDate"
            label="入职日期"
            width="100%"
            fieldProps={{ disabledDate: (d: Dayjs) => d.isAfter(dayjs(), 'day') }}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormDigit
            name="trainingHours"
            label="培训学时"
            min={0}
            max={PRACTITIONER_TRAINING_HOURS_MAX}
            fieldProps={{ precision: 0 }}
          />
        </Col>
      </Row>
      <Form.Item name="photo" label="照片" rules={[uploadsDone]} extra="一寸或两寸证件照，JPG/PNG/WebP，不超过 5 MB">
        <FileUpload accept={PHOTO_ACCEPT} maxCount={1} maxSize={PHOTO_MAX_SIZE} buttonText="上传照片" />
      </Form.Item>
      <Form.Item name="diplomas" label="学历证书" rules={[uploadsDone]} extra={`PDF 或图片，最多 ${PRACTITIONER_FILES_MAX} 个`}>
        <FileUpload accept={MATERIAL_ACCEPT} maxCount={PRACTITIONER_FILES_MAX} maxSize={MATERIAL_MAX_SIZE} multiple buttonText="上传学历证书" />
      </Form.Item>
      <Form.Item name="otherFiles" label="其他材料" rules={[uploadsDone]} extra="如培训合格证明、劳动合同等">
        <FileUpload accept={MATERIAL_ACCEPT} maxCount={PRACTITIONER_FILES_MAX} maxSize={MATERIAL_MAX_SIZE} multiple buttonText="上传其他材料" />
      </Form.Item>
    </>
  );
}
