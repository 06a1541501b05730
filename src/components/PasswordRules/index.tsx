/**
 * The password rule beside a password field (common/passwordPolicy.ts), with live
 * feedback: each part of the rule ticks as the typed password meets it, and once the cheap
 * parts pass, whether it is a common password (zxcvbn, loaded on first use: only pages with a
 * password field ever fetch it).
 *
 *   <Form.Item name="newPassword" rules={[{ required: true }, strongPasswordRule(() => account)]}
 *     extra={<PasswordRules password={typed} loginAccount={account} />}>
 */
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleOutlined from '@ant-design/icons/CloseCircleOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import { Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useEffect, useState } from 'react';
import {
  checkPasswordBasics,
  checkPasswordStrength,
  PASSWORD_MESSAGES,
  PASSWORD_RULE_TEXT,
  passwordRuleChecks,
} from '@common/passwordPolicy';
import styles from './index.less';

export interface PasswordRulesProps {
  /** What is typed so far (undefined or empty: only the rule shows). */
  password?: string;
  /** The account the password must not contain; omit when there is none yet. */
  loginAccount?: string;
}

type Strength = 'idle' | 'checking' | 'ok' | 'weak' | 'unavailable';

/** Waits this long after the last key before asking zxcvbn. */
const STRENGTH_DELAY_MS = 250;

function useStrength(password: string, loginAccount: string | undefined): Strength {
  const [strength, setStrength] = useState<Strength>('idle');
  const basicsPass = !!password && !checkPasswordBasics(password, loginAccount);
  useEffect(() => {
    if (!basicsPass) {
      setStrength('idle');
      return undefined;
    }
    let cancelled = false;
    setStrength('checking');
    const timer = window.setTimeout(() => {
      checkPasswordStrength(password, loginAccount).then(
        (problem) => {
          if (!cancelled) setStrength(problem ? 'weak' : 'ok');
        },
        () => {
          // The check could not load (offline): the server still judges at submit.
          if (!cancelled) setStrength('unavailable');
        },
      );
    }, STRENGTH_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [basicsPass, password, loginAccount]);
  return strength;
}

function Mark({ met }: { met: boolean }) {
  return met ? (
    <CheckCircleFilled className={styles.met} aria-hidden />
  ) : (
    <CloseCircleOutlined className={styles.unmet} aria-hidden />
  );
}

export default function PasswordRules({ password = '', loginAccount }: PasswordRulesProps) {
  const checks = passwordRuleChecks(password, loginAccount);
  const strength = useStrength(password, loginAccount);
  const typed = password.length > 0;
  return (
    <div className={styles.rules} data-testid="password-rules">
      <Typography.Text type="secondary">密码规则：{PASSWORD_RULE_TEXT}</Typography.Text>
      {typed && (
        <ul className={styles.list} aria-live="polite">
          {checks.map((c) => (
            <li key={c.key}>
              <Mark met={c.met} /> {c.label}
              <span className="sr-only">{c.met ? '（已满足）' : '（未满足）'}</span>
            </li>
          ))}
          <li>
            {strength === 'checking' && (
              <>
                <LoadingOutlined aria-hidden /> 正在检查是否为常见密码…
              </>
            )}
            {strength === 'ok' && (
              <>
                <Mark met /> 不是常见密码
              </>
            )}
            {strength === 'weak' && (
              <>
                <Mark met={false} /> {PASSWORD_MESSAGES.common}
              </>
            )}
            {strength === 'idle' && (
              <>
                <Mark met={false} /> 不是常见密码（满足以上各项后检查）
              </>
            )}
            {strength === 'unavailable' && <>常见密码检查暂不可用，提交时由服务器检查</>}
          </li>
        </ul>
      )}
    </div>
  );
}

/**
 * The form rule for a new password: the whole rule (common passwords included). `account`
 * gives the login account to compare with, read when the rule runs.
 */
export function strongPasswordRule(account?: () => string | undefined): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || !value) return;
      const problem = await checkPasswordStrength(value, account?.()).catch(
        // Not loadable here: the cheap part still applies, and the server checks the rest.
        () => checkPasswordBasics(value, account?.()),
      );
      if (problem) throw new Error(problem);
    },
  };
}
