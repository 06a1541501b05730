/** 修改密码: every account may change its own password (DOMAIN.md "Workflows"). */
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { checkPassword } from '@common/validators';
import { useModel } from '@umijs/max';
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
}

export default function ChangePasswordModal({ open, onClose }: Props) {
  const [form] = Form.useForm<ChangePasswordValues>();
  const { message } = App.useApp();
  const { initialState, setInitialState } = useModel('@@initialState');

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
      // The server has cleared "must change password": the banner goes at once, here and in other tabs.
      const current = initialState?.currentUser;
      if (current?.mustChangePassword) {
        const updated = saveCurrentUser({ ...current, mustChangePassword: false });
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

  return (
    <Modal
      title="修改密码"
      open={open}
      okText="确定"
      cancelText="取消"
      onOk={submit}
      confirmLoading={saving}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
    >
      <Form form={form} layout="vertical" autoComplete="off" requiredMark>
        <Form.Item
          label="原密码"
          name="oldPassword"
          rules={[{ required: true, message: '请输入原密码' }]}
        >
          <Input.Password autoComplete="current-password" placeholder="请输入原密码" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPassword"
          extra="8 至 64 位，须同时包含字母和数字"
          rules={[
            { required: true, message: '请输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (!value) return;
                const problem = checkPassword(value);
                if (problem) throw new Error(problem);
                if (value === getFieldValue('oldPassword')) throw new Error('新密码不能与原密码相同');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
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
          <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
