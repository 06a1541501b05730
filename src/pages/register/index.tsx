/**
 * 会员单位入会申请 (/register): three steps — 单位信息, 上传材料, 登录账号 — with the server's
 * checks in the form, then POST /user/auth/register and a page that says what happens next.
 *
 * A standalone page in plain antd (no pro-components: tests/e2e/bundle.test.ts). All three
 * steps stay mounted (only the current one shows), so nothing typed is lost going back and
 * forth, and a refusal from the server lands under its field on whichever step holds it.
 */
import { Alert, Button, Form, Steps } from 'antd';
import { Link } from '@umijs/max';
import { useEffect, useRef, useState } from 'react';
import { findPage } from '@common/menu';
import { ASSOCIATION_NAME, LOGO_URL } from '@/layouts/brand';
import { register } from '@/services/registration';
import AccountStep from './components/AccountStep';
import { fieldOfMessage, stepOf, STEP_FIELDS, STEP_TITLES, toRegisterBody, type RegisterField, type RegisterFormValues } from './components/formValues';
import MaterialsStep from './components/MaterialsStep';
import RegisterDone from './components/RegisterDone';
import UnitStep from './components/UnitStep';
import styles from './index.less';

const STEP_CONTENT = [UnitStep, MaterialsStep, AccountStep];

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '提交失败，请稍后重试';
}

/** The first field antd's validateFields refused, if that is what was thrown. */
function firstErrorField(error: unknown): RegisterField | undefined {
  const fields = (error as { errorFields?: { name: (string | number)[] }[] } | null)?.errorFields;
  const name = fields?.[0]?.name[0];
  return typeof name === 'string' ? (name as RegisterField) : undefined;
}

export default function RegisterPage() {
  const title = findPage('/register')?.title ?? '会员单位入会申请';
  const [form] = Form.useForm<RegisterFormValues>();
  const [current, setCurrent] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<{ unitName: string; loginAccount: string }>();
  const last = current === STEP_TITLES.length - 1;
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const moved = useRef(false);

  // A new step is announced and focused (not on the first render: the page starts at the top).
  useEffect(() => {
    if (!moved.current) return;
    headings.current[current]?.focus();
  }, [current]);

  // The step as of the last move, not of the last render: a second 下一步 pressed while the first
  // one's checks are still running checks the same step again instead of moving twice or back.
  const at = useRef(0);
  const go = (step: number) => {
    moved.current = true;
    at.current = step;
    setCurrent(step);
  };

  const next = async () => {
    const from = at.current;
    try {
      await form.validateFields([...STEP_FIELDS[from]]);
      if (at.current === from) go(from + 1);
    } catch {
      // antd shows each message under its field.
    }
  };

  const submit = async () => {
    setError(undefined);
    let values: RegisterFormValues;
    try {
      values = await form.validateFields();
    } catch (e) {
      const field = firstErrorField(e);
      if (field) go(stepOf(field));
      return;
    }
    setSubmitting(true);
    try {
      // The login name is the server's to assign (server/modules/registration/service.ts).
      const result = await register(toRegisterBody(values), { skipErrorHandler: true });
      setDone({ unitName: values.name.trim(), loginAccount: result.loginAccount });
      window.scrollTo(0, 0);
    } catch (e) {
      const message = messageOf(e);
      const field = fieldOfMessage(message);
      if (field) {
        form.setFields([{ name: field, errors: [message] }]);
        go(stepOf(field));
      } else {
        setError(message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/" className={styles.brand}>
          <img src={LOGO_URL} alt="" className={styles.logo} />
          <span>{ASSOCIATION_NAME}</span>
        </Link>
      </header>
      <main className={styles.main}>
        {done ? (
          <RegisterDone unitName={done.unitName} loginAccount={done.loginAccount} />
        ) : (
          <>
            <h1 className={styles.title}>{title}</h1>
            <p className={styles.lead}>
              请如实填写单位信息、上传材料并设置登录密码，提交后由协会审核；登录账号由系统分配，提交成功后显示。办理条件和所需材料见<Link to="/register-guide">入会指南</Link>。
            </p>
            <Steps className={styles.steps} current={current} items={STEP_TITLES.map((t) => ({ title: t }))} />
            {error && <Alert type="error" showIcon title={error} className={styles.error} role="alert" />}
            {/* Our own <form>: Enter (or the button) moves to the next step, and submits on the last. */}
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void (last ? submit() : next());
              }}
            >
              <Form<RegisterFormValues>
                form={form}
                component={false}
                name="register"
                layout="vertical"
                size="large"
                initialValues={{ businessLicence: [], qualification: [], consent: false }}
              >
                {STEP_CONTENT.map((Content, i) => (
                  <section key={STEP_TITLES[i]} hidden={i !== current} aria-labelledby={`register-step-${i}`}>
                    <h2
                      id={`register-step-${i}`}
                      className={styles.stepTitle}
                      tabIndex={-1}
                      ref={(el) => {
                        headings.current[i] = el;
                      }}
                    >
                      {`第 ${i + 1} 步：${STEP_TITLES[i]}`}
                    </h2>
                    <Content />
                  </section>
                ))}
                <div className={styles.actions}>
                  {current > 0 && (
                    <Button size="large" onClick={() => go(current - 1)}>
                      上一步
                    </Button>
                  )}
                  {!last ? (
                    <Button type="primary" size="large" htmlType="submit">
                      下一步
                    </Button>
                  ) : (
                    <Button type="primary" size="large" htmlType="submit" loading={submitting}>
                      提交申请
                    </Button>
                  )}
                  <Link to="/" className={styles.home}>
                    返回首页
                  </Link>
                </div>
              </Form>
            </form>
          </>
        )}
      </main>
    </div>
  );
}
