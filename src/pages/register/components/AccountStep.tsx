/** Step 3, 登录账号: the account of the member-unit subsystem, the password rule, and the consent. */
import { Checkbox, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { LOGIN_ACCOUNT_MAX, LOGIN_ACCOUNT_PATTERN } from '@common/schemas/users';
import {
  REGISTER_ACCOUNT_MIN,
  REGISTRATION_MESSAGES,
  REGISTRATION_TERMS,
  sitePagePath,
} from '@common/schemas/registration';
import { PASSWORD_MAX_LENGTH } from '@common/validators';
import PasswordRules, { strongPasswordRule } from '@/components/PasswordRules';

const accountRules: Rule[] = [
  { required: true, whitespace: true, message: '请输入登录账号' },
  { min: REGISTER_ACCOUNT_MIN, message: `登录账号至少 ${REGISTER_ACCOUNT_MIN} 个字符` },
  { pattern: new RegExp(LOGIN_ACCOUNT_PATTERN), message: '登录账号只能包含字母、数字及 _ . @ -' },
];

const passwordRules: Rule[] = [
  { required: true, message: '请输入密码' },
  // The whole rule (common/passwordPolicy.ts, as checkRegisterPassword and the server): length,
  // classes, the account, and not a common password (zxcvbn, loaded on first use).
  ({ getFieldValue }) =>
    strongPasswordRule(() => {
      const account = getFieldValue('loginAccount') as unknown;
      return typeof account === 'string' ? account : '';
    }),
];

/** The rule beside the field, ticking as the applicant types (common/passwordPolicy.ts). */
function PasswordRulesOfForm() {
  const form = Form.useFormInstance();
  const password = Form.useWatch('password', form) as unknown;
  const account = Form.useWatch('loginAccount', form) as unknown;
  return (
    <PasswordRules
      password={typeof password === 'string' ? password : ''}
      loginAccount={typeof account === 'string' ? account : ''}
    />
  );
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
      <Form.Item
        label="登录账号"
        name="loginAccount"
        rules={accountRules}
        extra={`用于登录会员单位子系统；${REGISTER_ACCOUNT_MIN}–${LOGIN_ACCOUNT_MAX} 位字母、数字或 _ . @ -`}
      >
        <Input maxLength={LOGIN_ACCOUNT_MAX} autoComplete="username" spellCheck={false} />
      </Form.Item>
      <Form.Item
        label="密码"
        name="password"
        rules={passwordRules}
        dependencies={['loginAccount']}
        extra={<PasswordRulesOfForm />}
      >
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
