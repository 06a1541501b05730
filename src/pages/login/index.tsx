/**
 * /login?authType=1|2|3 (staff, member unit, practitioner: common/permissions.ts). A plain form
 * (React and CSS, antd's look: no antd to download before a member can log in). After a
 * successful login the app loads afresh so that getInitialState reads the new user.
 */
import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from '@umijs/max';
import { AUTH_TYPE_TITLES, AUTH_TYPES, AuthType, parseAuthType } from '@common/permissions';
import { login } from '@/services/user';
import { forgetLoginNotice, readLoginNotice, saveCurrentUser, setToken } from '@/storage';
import { fullPage } from '@/components/fullPageNavigation';
import { Icon, type IconShape } from '@/components/PublicContent/icons/Icon';
import CLOSE_CIRCLE_FILLED_ICON from '@/components/PublicContent/icons/close-circle-filled';
import INFO_CIRCLE_FILLED_ICON from '@/components/PublicContent/icons/info-circle-filled';
import EYE_ICON from '@/components/PublicContent/icons/eye';
import EYE_INVISIBLE_ICON from '@/components/PublicContent/icons/eye-invisible';
import LOADING_ICON from '@/components/PublicContent/icons/loading';
import LOCK_ICON from '@/components/PublicContent/icons/lock';
import USER_ICON from '@/components/PublicContent/icons/user';
import controls from '@/components/PublicContent/controls.less';
import { ASSOCIATION_NAME, LOGO_URL } from '@/layouts/brand';
import { loginTarget } from '@/components/session/loginTarget';
import styles from './index.less';

interface LoginValues {
  loginAccount: string;
  password: string;
}

type Field = keyof LoginValues;

/** What each field needs, as the form said it with antd's rules. */
function fieldError(field: Field, value: string): string | undefined {
  if (field === 'loginAccount') return value.trim() ? undefined : '请输入登录账号';
  return value ? undefined : '请输入密码';
}

interface TextFieldProps {
  id: string;
  label: string;
  icon: IconShape;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type: 'text' | 'password';
  autoComplete: string;
  /** After the field: the password's 显示 / 隐藏 button. */
  suffix?: ReactNode;
}

/** A large field with its icon inside the frame, named by a label for screen readers, its error below (antd's Form.Item). */
function TextField({ id, label, icon, value, error, onChange, type, autoComplete, suffix }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? `${styles.field} ${styles.fieldWithError}` : styles.field}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <span className={error ? `${styles.affix} ${styles.affixError}` : styles.affix}>
        <Icon shape={icon} className={styles.prefix} />
        <input
          id={id}
          name={id}
          type={type}
          value={value}
          placeholder={label}
          autoComplete={autoComplete}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={onChange}
          className={styles.affixInput}
        />
        {suffix}
      </span>
      {error && (
        <div id={errorId} role="alert" className={styles.fieldError}>
          {error}
        </div>
      )}
    </div>
  );
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
  // Why the last session ended, said until the person logs in (src/requestErrors.ts); read once,
  // then forgotten, so that a later visit to this page does not repeat it.
  const [sessionNotice] = useState(readLoginNotice);
  useEffect(() => {
    forgetLoginNotice();
  }, []);
  const [values, setValues] = useState<LoginValues>({ loginAccount: '', password: '' });
  // A field is checked from its first change on (and every field at submit), as antd's form did.
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [passwordShown, setPasswordShown] = useState(false);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: fieldError(field, value) }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = { loginAccount: fieldError('loginAccount', values.loginAccount), password: fieldError('password', values.password) };
    setErrors(found);
    if (found.loginAccount || found.password) {
      document.getElementById(found.loginAccount ? 'loginAccount' : 'password')?.focus();
      return;
    }
    void onFinish(values);
  };

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
        {sessionNotice && !error && (
          <div role="status" className={`${styles.alert} ${styles.notice}`}>
            <Icon shape={INFO_CIRCLE_FILLED_ICON} className={styles.noticeIcon} />
            <span>{sessionNotice}</span>
          </div>
        )}
        {error && (
          <div role="alert" className={styles.alert}>
            <Icon shape={CLOSE_CIRCLE_FILLED_ICON} className={styles.alertIcon} />
            <span>{error}</span>
          </div>
        )}
        <form key={authType} onSubmit={submit} noValidate autoComplete="on">
          <TextField
            id="loginAccount"
            label="登录账号"
            icon={USER_ICON}
            type="text"
            autoComplete="username"
            value={values.loginAccount}
            error={errors.loginAccount}
            onChange={change('loginAccount')}
          />
          <TextField
            id="password"
            label="密码"
            icon={LOCK_ICON}
            type={passwordShown ? 'text' : 'password'}
            autoComplete="current-password"
            value={values.password}
            error={errors.password}
            onChange={change('password')}
            suffix={
              <button
                type="button"
                className={styles.reveal}
                aria-label={passwordShown ? '隐藏密码' : '显示密码'}
                aria-pressed={passwordShown}
                onClick={() => setPasswordShown(!passwordShown)}
              >
                <Icon shape={passwordShown ? EYE_ICON : EYE_INVISIBLE_ICON} />
              </button>
            }
          />
          <button
            type="submit"
            className={`${controls.button} ${controls.primary} ${controls.large} ${controls.block} ${styles.submit}`}
            aria-disabled={submitting || undefined}
          >
            {submitting && <Icon shape={LOADING_ICON} className={styles.spin} />}
            登录
          </button>
        </form>
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
