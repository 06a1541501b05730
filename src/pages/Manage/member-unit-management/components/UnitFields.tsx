/**
 * The fields of the staff edit (inside ResourceFormDrawer). Staff are the reviewers: the key
 * fields (name, credit code, legal representative) apply at once and are logged, unlike a
 * unit's own change, which waits for review. Limits and checks are the server's.
 */
import { ProFormDatePicker, ProFormDigit, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Col, Form, Row } from 'antd';
import {
  REGISTERED_CAPITAL_MAX,
  UNIT_ADDRESS_MAX,
  UNIT_EMAIL_MAX,
  UNIT_FILES_MAX,
  UNIT_INTRODUCTION_MAX,
  UNIT_NAME_MAX,
  UNIT_PERSON_MAX,
  UNIT_PHONE_MAX,
  UNIT_SCOPE_MAX,
} from '@common/schemas/memberUnits';
import FileUpload from '@/components/FileUpload';
import { maxLength, required, uploadsDone } from '@/components/ListPage';
import { creditCodeRule, emailRule, phoneRule } from './unitValues';
import { optionsOf } from '@/hooks/useDictionaries';
import type { MemberLevels } from './useMemberLevels';

const LOGO_ACCEPT = '.jpg,.jpeg,.png,.webp';
const LOGO_MAX_SIZE = 5 * 1024 * 1024;
/** Images, PDF and Office documents. */
const MATERIAL_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,.bmp,.pdf,.doc,.docx,.xls,.xlsx';
const MATERIAL_MAX_SIZE = 50 * 1024 * 1024;

export default function UnitFields({ levels }: { levels: MemberLevels }) {
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="工作人员修改单位名称、统一社会信用代码、法定代表人后立即生效，并记入操作日志。"
      />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormText name="name" label="单位名称" rules={[required('单位名称'), maxLength('单位名称', UNIT_NAME_MAX)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText
            name="creditCode"
            label="统一社会信用代码"
            placeholder="18 位"
            rules={[required('统一社会信用代码'), creditCodeRule]}
            fieldProps={{ maxLength: 18 }}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="legalRepresentative" label="法定代表人" rules={[required('法定代表人'), maxLength('法定代表人', UNIT_PERSON_MAX)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormSelect name="memberLevel" label="会员级别" placeholder="请选择会员级别" allowClear options={optionsOf(levels)} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="contactPerson" label="联系人" rules={[required('联系人'), maxLength('联系人', UNIT_PERSON_MAX)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText
            name="contactPhone"
            label="联系电话"
            placeholder="手机号码或固定电话"
            rules={[required('联系电话'), phoneRule, maxLength('联系电话', UNIT_PHONE_MAX)]}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="email" label="电子邮箱" placeholder="name@example.com" rules={[emailRule, maxLength('电子邮箱', UNIT_EMAIL_MAX)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormDatePicker name="establishedOn" label="成立日期" width="100%" />
        </Col>
        <Col xs={24} md={12}>
          <ProFormDigit
            name="registeredCapital"
            label="注册资本（万元）"
            min={0}
            max={REGISTERED_CAPITAL_MAX}
            fieldProps={{ precision: 2 }}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormDigit name="staffCount" label="从业人数" min={0} max={1_000_000} fieldProps={{ precision: 0 }} />
        </Col>
      </Row>
      <ProFormText name="address" label="地址" rules={[maxLength('地址', UNIT_ADDRESS_MAX)]} />
      <ProFormTextArea
        name="businessScope"
        label="经营范围"
        rules={[maxLength('经营范围', UNIT_SCOPE_MAX)]}
        fieldProps={{ rows: 3, showCount: true, maxLength: UNIT_SCOPE_MAX }}
      />
      <ProFormTextArea
        name="introduction"
        label="单位简介"
        rules={[maxLength('单位简介', UNIT_INTRODUCTION_MAX)]}
        fieldProps={{ rows: 4, showCount: true, maxLength: UNIT_INTRODUCTION_MAX }}
        extra="在官网“会员之窗”展示"
      />
      <Form.Item name="logo" label="单位标志" rules={[uploadsDone]} extra="选填，1 张 JPG/PNG/WebP 图片，不超过 5 MB">
        <FileUpload accept={LOGO_ACCEPT} maxCount={1} maxSize={LOGO_MAX_SIZE} buttonText="上传标志" />
      </Form.Item>
      <Form.Item name="businessLicence" label="营业执照" rules={[uploadsDone]}>
        <FileUpload accept={MATERIAL_ACCEPT} maxCount={UNIT_FILES_MAX} maxSize={MATERIAL_MAX_SIZE} multiple buttonText="上传营业执照" />
      </Form.Item>
      <Form.Item name="qualifications" label="资质文件" rules={[uploadsDone]}>
        <FileUpload accept={MATERIAL_ACCEPT} maxCount={UNIT_FILES_MAX} maxSize={MATERIAL_MAX_SIZE} multiple buttonText="上传资质文件" />
      </Form.Item>
    </>
  );
}
