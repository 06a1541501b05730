/**
 * /login?authType=1|2|3 (staff, member unit, practitioner: common/permissions.ts). A plain antd
 * form keeps this page light. After a successful login the app loads afresh so that
 * getInitialState reads the new user.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Link, useSearchParams } from '@umijs/max';
import { AUTH_TYPE_TITLES, AUTH_TYPES, AuthType, parseAuthType } from '@common/permissions';
import { login } from '@/services/user';
import { saveCurrentUser, setToken } from '@/storage';
import { fullPage } from '@/components/fullPageNavigation';
import { ASSOCIATION_NAME, LOGO_URL } from '@/layouts/brand';
import { loginTarget } from '@/components/session/loginTarget';
import styles from './index.less';

interface LoginValues {
  loginAccount: string;
  password: string;
}

/** The message of a failed call: the server's text where the request layer kept it. */
function failureMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const { info, message } = error as { info?: { errorMessage?: unknown }; message?: unknown };
    if (typeof info?.errorMessage === 'string' && info.errorMessage) return info.errorMessage;
    if (typeof message === 'string' && message) return message;
  }
  return '登录失败，请稍后重试';
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const authType = parseAuthType(params.get('authType')) ?? AuthType.Staff;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    setError(undefined);
    try {
      const result = await login(
        { loginAccount: values.loginAccount.trim(), password: values.password, authType },
        { skipErrorHandler: true },
      );
      setToken(result.token);
      saveCurrentUser(result.currentUser);
      fullPage.go(loginTarget(result.currentUser, params.get('redirect')));
    } catch (e) {
      setError(failureMessage(e));
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <Link to="/" className={styles.brand}>
          <img src={LOGO_URL} alt="协会标志" className={styles.logo} />
          <span>{ASSOCIATION_NAME}</span>
        </Link>
        <h1 className={styles.title}>{AUTH_TYPE_TITLES[authType]}</h1>
        <p className={styles.subtitle}>账号登录</p>
        {error && <Alert type="error" showIcon title={error} className={styles.error} />}
        <Form<LoginValues>
          key={authType}
          layout="vertical"
          size="large"
          onFinish={onFinish}
          requiredMark={false}
          autoComplete="on"
        >
          <Form.Item
            name="loginAccount"
            rules={[{ required: true, whitespace: true, message: '请输入登录账号' }]}
          >
            <Input prefix={<UserOutlined aria-hidden />} placeholder="登录账号" autoComplete="username" maxLength={64} />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined aria-hidden />}
              placeholder="密码"
              autoComplete="current-password"
              maxLength={64}
            />
          </Form.Item>
          {/* No space between the two characters: the button reads 登录 like the page's title. */}
          <Button type="primary" htmlType="submit" block loading={submitting} autoInsertSpace={false}>
            登录
          </Button>
        </Form>
        <div className={styles.switches}>
          {AUTH_TYPES.filter((t) => t !== authType).map((t) => (
            <Link key={t} to={`/login?authType=${t}`}>
              {AUTH_TYPE_TITLES[t]}登录
            </Link>
          ))}
        </div>
        <div className={styles.footerLinks}>
          {/* A practitioner's account comes from their unit, which registers them: joining is the units' way in. */}
          {authType === AuthType.Practitioner ? (
            <p className={styles.note}>从业人员账号由所在会员单位登记开通，如需账号请联系所在单位。</p>
          ) : (
            <Link to="/register-guide">还不是会员？查看入会指南</Link>
          )}
          <Link to="/">返回网站首页</Link>
        </div>
      </div>
    </div>
  );
}
