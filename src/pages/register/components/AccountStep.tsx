/**
 * Step 3, 登录账号: the password of the member-unit subsystem's account, the password rule, and the
 * consent. The login name is assigned by the server and shown on the done page: a name of the
 * applicant's choice would have to be refused when taken, telling anybody which names exist
 * (server/modules/registration/service.ts).
 */
import { Checkbox, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { REGISTRATION_MESSAGES, REGISTRATION_TERMS, sitePagePath } from '@common/schemas/registration';
import { PASSWORD_MAX_LENGTH } from '@common/validators';
import PasswordRules, { strongPasswordRule } from '@/components/PasswordRules';

const passwordRules: Rule[] = [
  { required: true, message: '请输入密码' },
  // The whole rule (common/passwordPolicy.ts, as checkRegisterPassword and the server): length,
  // classes, and not a common password (zxcvbn, loaded on first use).
  strongPasswordRule(),
];

/** The rule beside the field, ticking as the applicant types (common/passwordPolicy.ts). */
function PasswordRulesOfForm() {
  const form = Form.useFormInstance();
  const password = Form.useWatch('password', form) as unknown;
  return <PasswordRules password={typeof password === 'string' ? password : ''} />;
}

const confirmRules: Rule[] = [
  { required: true, message: '请再次输入密码' },
  ({ getFieldValue }) => ({
    validator: (_: unknown, value: unknown) =>
      !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
  }),
];

const consentRules: Rule[] = [
  {
    validator: (_: unknown, value: unknown) =>
      value === true ? Promise.resolve() : Promise.reject(new Error(REGISTRATION_MESSAGES.consentMissing)),
  },
];

export default function AccountStep() {
  return (
    <>
      <p>登录账号为本单位的统一社会信用代码（提交成功后显示），用于登录会员单位子系统；这里设置它的密码。</p>
      <Form.Item label="密码" name="password" rules={passwordRules} extra={<PasswordRulesOfForm />}>
        <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="确认密码" name="confirmPassword" rules={confirmRules} dependencies={['password']}>
        <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="consent" valuePropName="checked" rules={consentRules}>
        <Checkbox>
          我已阅读并同意
          {REGISTRATION_TERMS.map((term) => (
            <a key={term.key} href={sitePagePath(term.page)} target="_blank" rel="noopener noreferrer">
              {term.title}
              <span className="sr-only">（在新窗口打开）</span>
            </a>
          ))}
        </Checkbox>
      </Form.Item>
    </>
  );
}
