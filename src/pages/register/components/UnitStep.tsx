/** Step 1, 单位信息: the unit's fields with the server's checks (credit-code checksum, phone, e-mail). */
import { Col, Form, Input, InputNumber, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  UNIT_ADDRESS_MAX,
  UNIT_CAPITAL_MAX,
  UNIT_EMAIL_MAX,
  UNIT_INTRODUCTION_MAX,
  UNIT_NAME_MAX,
  UNIT_PERSON_MAX,
  UNIT_PHONE_MAX,
  UNIT_SCOPE_MAX,
  UNIT_STAFF_COUNT_MAX,
} from '@common/schemas/memberInfo';
import { checkCreditCode, checkEmail, checkPhone } from '@common/validators';

/** A form rule from a common/validators.ts check (empty values are left to `required`). */
export const check =
  (fn: (value: string) => string | undefined): Rule =>
  () => ({
    validator: (_: unknown, value: unknown) => {
      if (typeof value !== 'string' || !value.trim()) return Promise.resolve();
      const problem = fn(value);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });

const required = (message: string): Rule => ({ required: true, whitespace: true, message });

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export default function UnitStep() {
  return (
    <>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item label="单位名称" name="name" rules={[required('请输入单位名称')]}>
            <Input maxLength={UNIT_NAME_MAX} autoComplete="organization" placeholder="与营业执照一致" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="统一社会信用代码"
            name="creditCode"
            normalize={(v: string) => v.toUpperCase()}
            rules={[required('请输入统一社会信用代码'), check(checkCreditCode)]}
            extra="18 位，见营业执照"
          >
            <Input maxLength={18} autoComplete="off" spellCheck={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="法定代表人" name="legalRepresentative" rules={[required('请输入法定代表人')]}>
            <Input maxLength={UNIT_PERSON_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="联系人" name="contactPerson" rules={[required('请输入联系人')]}>
            <Input maxLength={UNIT_PERSON_MAX} autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="联系电话" name="contactPhone" rules={[required('请输入联系电话'), check(checkPhone)]}>
            <Input maxLength={UNIT_PHONE_MAX} autoComplete="tel" inputMode="tel" placeholder="手机或固定电话，如 0571-88888888" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="电子邮箱"
            name="email"
            rules={[required('请输入电子邮箱'), check(checkEmail)]}
            extra="用于接收审核结果"
          >
            <Input maxLength={UNIT_EMAIL_MAX} autoComplete="email" inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="单位地址" name="address" rules={[required('请输入单位地址')]}>
            <Input maxLength={UNIT_ADDRESS_MAX} autoComplete="street-address" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label="成立日期"
            name="establishedOn"
            rules={[
              () => ({
                validator: (_: unknown, value: unknown) =>
                  typeof value === 'string' && value > today()
                    ? Promise.reject(new Error('成立日期不能晚于今天'))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input type="date" max={today()} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="注册资本（万元）" name="registeredCapital">
            <InputNumber min={0} max={UNIT_CAPITAL_MAX} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="从业人数" name="staffCount">
            <InputNumber min={0} max={UNIT_STAFF_COUNT_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="经营范围"
        name="businessScope"
        rules={[required('请输入经营范围')]}
        extra="按营业执照填写；应包含社会稳定风险评估或相关咨询服务"
      >
        <Input.TextArea rows={3} maxLength={UNIT_SCOPE_MAX} showCount />
      </Form.Item>
      <Form.Item label="单位简介" name="introduction" extra="单位概况、组织机构及稳评业务开展情况（选填）">
        <Input.TextArea rows={4} maxLength={UNIT_INTRODUCTION_MAX} showCount />
      </Form.Item>
    </>
  );
}
