/**
 * 查看账号 / 重置密码 (passwords are never stored recoverably):
 * the staff member first confirms with their OWN password; then the account's login name,
 * and for a reset the new generated password, show once with copy buttons and a warning that
 * it will not be shown again. A new account's generated password shows the same way.
 */
import { Alert, App, Button, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { ShowLoginAccountResult } from '@common/schemas/auth';
import { revealLoginAccount, resetUserPassword } from '@/services/users';

export type CredentialTarget =
  /** Confirm the caller's password, then show the login name. */
  | { mode: 'show'; userId: string; name: string }
  /** Confirm the caller's password, then reset and show the new password. */
  | { mode: 'reset'; userId: string; name: string }
  /** A new account: its generated password, already known. */
  | { mode: 'created'; name: string; result: ShowLoginAccountResult };

export interface CredentialModalProps {
  target: CredentialTarget | null;
  onClose: () => void;
  /** After a reset: the record changed (version, must change password). */
  onReset?: () => void;
}

const TITLES = { show: '查看账号', reset: '重置密码', created: '账号已创建' } as const;

export default function CredentialModal({ target, onClose, onReset }: CredentialModalProps) {
  // A fresh session per opening: nothing of the last account lingers.
  if (!target) return null;
  return <CredentialSession key={target.mode === 'created' ? `created:${target.result.loginAccount}` : `${target.mode}:${target.userId}`} target={target} onClose={onClose} onReset={onReset} />;
}

function CredentialSession({ target, onClose, onReset }: CredentialModalProps & { target: CredentialTarget }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const [result, setResult] = useState<ShowLoginAccountResult | null>(target.mode === 'created' ? target.result : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (target.mode === 'created') return;
    let password: string;
    try {
      ({ password } = await form.validateFields());
    } catch {
      // The form shows what is missing.
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (target.mode === 'reset') {
        setResult(await resetUserPassword(target.userId, password));
        message.success('密码已重置');
        onReset?.();
      } else {
        setResult(await revealLoginAccount(target.userId, password));
      }
    } catch (err) {
      // The request layer toasted it; it stays here too, beside the password it is usually about.
      setError(err instanceof Error && err.message ? err.message : '操作失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  const footer = result
    ? [
        <Button key="close" type="primary" onClick={onClose}>
          {result.newPassword ? '我已记下，关闭' : '关闭'}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" danger={target.mode === 'reset'} loading={busy} onClick={() => void confirm()}>
          {target.mode === 'reset' ? '确认重置' : '确认'}
        </Button>,
      ];

  return (
    <Modal open title={`${TITLES[target.mode]}：${target.name}`} onCancel={onClose} footer={footer} maskClosable={false} destroyOnHidden>
      {result ? (
        <>
          {result.newPassword && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="新密码只显示这一次"
              description="关闭后无法再次查看。请立即复制，并通过安全渠道告知本人；其登录后须修改密码。"
            />
          )}
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="登录账号">
              <Typography.Text copyable={{ text: result.loginAccount, tooltips: ['复制账号', '已复制'] }} data-testid="credential-login">
                {result.loginAccount}
              </Typography.Text>
            </Descriptions.Item>
            {result.newPassword && (
              <Descriptions.Item label={target.mode === 'created' ? '初始密码' : '新密码'}>
                <Typography.Text code copyable={{ text: result.newPassword, tooltips: ['复制密码', '已复制'] }} data-testid="credential-password">
                  {result.newPassword}
                </Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
        </>
      ) : (
        <Form form={form} layout="vertical" onFinish={() => void confirm()} requiredMark={false}>
          {target.mode === 'reset' ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              title={`将为「${target.name}」生成新密码`}
              description="原密码立即失效，该用户已登录的会话将退出；新密码只显示一次。"
            />
          ) : (
            <Typography.Paragraph type="secondary">查看他人的登录账号会记入操作日志。</Typography.Paragraph>
          )}
          <Form.Item
            name="password"
            label="请输入您本人的登录密码以确认身份"
            rules={[{ required: true, message: '请输入您的登录密码' }]}
          >
            <Input.Password autoComplete="current-password" placeholder="您的登录密码" autoFocus />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} />}
          {/* Enter in the field submits the form. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      )}
    </Modal>
  );
}
