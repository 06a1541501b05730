/**
 * The fields of the unit's edit form (inside ResourceFormDrawer). Limits are the server's.
 * Key fields (name, credit code, legal representative) of an approved unit carry the note that
 * a change goes to the association first; while one is under review they are locked.
 */
import { ProFormDigit, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Col, DatePicker, Form, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  KEY_CHANGE_NOTE,
  UNIT_ADDRESS_MAX,
  UNIT_CAPITAL_MAX,
  UNIT_EMAIL_MAX,
  UNIT_INTRODUCTION_MAX,
  UNIT_NAME_MAX,
  UNIT_PERSON_MAX,
  UNIT_PHONE_MAX,
  UNIT_SCOPE_MAX,
  UNIT_STAFF_COUNT_MAX,
  type MemberInfoRecord,
} from '@common/schemas/memberInfo';
import FileUpload from '@/components/FileUpload';
import { maxLength, required, uploadsDone } from '@/components/ListPage';
import { capitalRule, creditCodeRule, emailRule, keyFieldsReviewed, phoneRule } from './unitValues';

const LOGO_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,.bmp';
const LOGO_MAX_SIZE = 5 * 1024 * 1024;
export const KEY_LOCKED_NOTE = '关键信息变更正在审核中，审核结束后才能再次修改';

export default function UnitFields({ record }: { record?: MemberInfoRecord }) {
  const reviewed = record ? keyFieldsReviewed(record.status) : false;
  const locked = reviewed && !!record?.pendingChange;
  const keyExtra = locked ? KEY_LOCKED_NOTE : reviewed ? KEY_CHANGE_NOTE : undefined;
  const keyProps = { disabled: locked, extra: keyExtra && <Typography.Text type="warning">{keyExtra}</Typography.Text> };
  return (
    <>
      <Typography.Title level={5}>基本信息</Typography.Title>
      <ProFormText name="name" label="单位名称" rules={[required('单位名称'), maxLength('单位名称', UNIT_NAME_MAX)]} {...keyProps} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormText
            name="creditCode"
            label="统一社会信用代码"
            rules={[required('统一社会信用代码'), creditCodeRule]}
            fieldProps={{ maxLength: 18 }}
            {...keyProps}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="legalRepresentative" label="法定代表人" rules={[required('法定代表人'), maxLength('法定代表人', UNIT_PERSON_MAX)]} {...keyProps} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="establishedOn" label="成立日期">
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} placeholder="请选择成立日期" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <ProFormDigit
            name="registeredCapital"
            label="注册资本（万元）"
            min={0}
            max={UNIT_CAPITAL_MAX}
            fieldProps={{ precision: 2 }}
            rules={[capitalRule]}
          />
        </Col>
        <Col xs={24} md={6}>
          <ProFormDigit name="staffCount" label="从业人数" min={0} max={UNIT_STAFF_COUNT_MAX} fieldProps={{ precision: 0 }} />
        </Col>
      </Row>
      <ProFormTextArea name="businessScope" label="经营范围" rules={[maxLength('经营范围', UNIT_SCOPE_MAX)]} fieldProps={{ rows: 3, showCount: true, maxLength: UNIT_SCOPE_MAX }} />
      <ProFormTextArea name="introduction" label="单位简介" rules={[maxLength('单位简介', UNIT_INTRODUCTION_MAX)]} fieldProps={{ rows: 4, showCount: true, maxLength: UNIT_INTRODUCTION_MAX }} />

      <Typography.Title level={5}>联系方式</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormText name="contactPerson" label="联系人" rules={[required('联系人'), maxLength('联系人', UNIT_PERSON_MAX)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="contactPhone" label="联系电话" rules={[required('联系电话'), maxLength('联系电话', UNIT_PHONE_MAX), phoneRule]} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormText name="email" label="电子邮箱" rules={[maxLength('电子邮箱', UNIT_EMAIL_MAX), emailRule]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="address" label="单位地址" rules={[maxLength('单位地址', UNIT_ADDRESS_MAX)]} />
        </Col>
      </Row>

      <Typography.Title level={5}>单位标志</Typography.Title>
      <Form.Item name="logo" rules={[uploadsDone]} extra="图片，不超过 5 MB；会员风采中展示">
        <FileUpload accept={LOGO_ACCEPT} maxCount={1} maxSize={LOGO_MAX_SIZE} buttonText="上传单位标志" />
      </Form.Item>
    </>
  );
}
