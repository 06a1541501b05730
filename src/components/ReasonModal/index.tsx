/**
 * A step that needs a reason (驳回, 暂停, 注销, 退回修改…): a modal that says what will happen,
 * asks for the reason (required, not blank, at most the schema's length) and runs the call; it
 * stays open with the server's message when the call is refused.
 */
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';

export interface ReasonRequest {
  title: string;
  /** What happens, shown above the field. */
  description?: ReactNode;
  /** The field's name: 驳回原因, 暂停原因 … */
  label: string;
  okText: string;
  danger?: boolean;
  placeholder?: string;
  /** The longest reason the server takes (the schema's *_REASON_MAX). */
  max: number;
  /** Under the field, e.g. who will read the reason. */
  extra?: ReactNode;
  run: (reason: string) => Promise<unknown>;
  /** Toasted after a successful call. */
  successMessage?: string;
  /** After a successful call (toast, reload). */
  onDone: () => void;
}

export default function ReasonModal({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!request) return;
    const { reason } = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      await request.run(reason.trim());
      if (request.successMessage) message.success(request.successMessage);
      request.onDone();
      onClose();
    } catch (err) {
      // The request layer has toasted it too; here it stays beside the field.
      setError(err instanceof Error && err.message ? err.message : '操作失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={request !== null}
      title={request?.title}
      okText={request?.okText}
      cancelText="取消"
      okButtonProps={{ danger: request?.danger, loading: busy }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        form.resetFields();
        setError(null);
      }}
    >
      {request?.description && <div style={{ marginBottom: 16 }}>{request.description}</div>}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={request?.label}
          rules={[
            { required: true, whitespace: true, message: `请填写${request?.label ?? '原因'}` },
            { max: request?.max, message: `${request?.label ?? '原因'}不能超过 ${request?.max ?? 0} 个字符` },
          ]}
          extra={request?.extra}
        >
          <Input.TextArea rows={4} placeholder={request?.placeholder} showCount maxLength={request?.max} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
