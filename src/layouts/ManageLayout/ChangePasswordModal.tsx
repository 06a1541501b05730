/**
 * 修改密码: every account may change its own password (docs/domain.md "Workflows"). With
 * `forced` (a generated or reset password, or a staff password past PASSWORD_MAX_AGE_DAYS)
 * the form cannot be closed: the server refuses everything else until the password is new,
 * so the only other way out is 退出登录.
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES } from '@common/passwordPolicy';
import { useModel } from '@umijs/max';
import PasswordRules, { strongPasswordRule } from '@/components/PasswordRules';
import { setPassword } from '@/services/user';
import { saveCurrentUser } from '@/storage';

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** Why the change cannot wait; the form then has no 取消 and no close button. */
  forced?: { reason: string; onSignOut: () => void };
}

export default function ChangePasswordModal({ open, onClose, forced }: Props) {
  const [form] = Form.useForm<ChangePasswordValues>();
  const { message } = App.useApp();
  const { initialState, setInitialState } = useModel('@@initialState');
  const loginAccount = initialState?.currentUser?.loginAccount;
  const typed = Form.useWatch('newPassword', form);

  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: ChangePasswordValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    setSaving(true);
    try {
      await setPassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      message.success('密码修改成功，下次登录请使用新密码');
      // The server has cleared "must change password" (and the expiry): the banner and the
      // forced form go at once, here and in other tabs.
      const current = initialState?.currentUser;
      if (current && (current.mustChangePassword || current.passwordExpired)) {
        const updated = saveCurrentUser({ ...current, mustChangePassword: false, passwordExpired: false });
        await setInitialState((s) => ({ ...s, currentUser: updated }));
      }
      form.resetFields();
      onClose();
    } catch {
      // The request layer (src/requestErrors.ts) already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      title={forced ? '请修改密码' : '修改密码'}
      open={open}
      onOk={submit}
      onCancel={forced ? undefined : cancel}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      footer={[
        forced ? (
          <Button key="signout" onClick={forced.onSignOut}>
            退出登录
          </Button>
        ) : (
          <Button key="cancel" onClick={cancel}>
            取消
          </Button>
        ),
        <Button key="ok" type="primary" loading={saving} onClick={() => void submit()}>
          确定
        </Button>,
      ]}
    >
      {forced && <Alert type="warning" showIcon title={forced.reason} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" autoComplete="off" requiredMark>
        <Form.Item
          label="原密码"
          name="oldPassword"
          rules={[{ required: true, message: '请输入原密码' }]}
        >
          <Input.Password autoComplete="current-password" placeholder="请输入原密码" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPassword"
          extra={<PasswordRules password={typeof typed === 'string' ? typed : ''} loginAccount={loginAccount} />}
          rules={[
            { required: true, message: '请输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value === getFieldValue('oldPassword')) throw new Error(PASSWORD_MESSAGES.sameAsOld);
              },
            }),
            strongPasswordRule(() => loginAccount),
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder="请输入新密码" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value !== getFieldValue('newPassword')) {
                  throw new Error('两次输入的新密码不一致');
                }
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
