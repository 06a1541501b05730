/**
 * The back office's dialog for one workflow step with a form: 书面申辩 and 异议
 * (../StatementModal), 提交修改稿, 评价评审专家 and 评分表 (src/pages/Manage/expert-review), 审核通过
 * of a member unit (src/pages/Manage/member-unit-management). A step that needs only a reason
 * uses ../ReasonModal, which asks through the same steps. The form is
 * checked, `confirm` (when it gives a question) asks once more, `send` makes the call; a
 * refusal stays beside the form (the request layer has toasted it too) and nothing closes
 * until the call succeeds. A page writes only its notes, its fields and its call.
 */
import { Alert, App, Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';

export interface FormModalProps<V extends object> {
  open: boolean;
  title: ReactNode;
  okText: string;
  /** The page's form (Form.useForm), for fields that depend on each other. */
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  /** Shown above the form and its refusal: the deadline, the previous decision, what to write. */
  intro?: ReactNode;
  /** Asked before sending when it returns a question; the values are the checked ones. */
  confirm?: (values: V) => { title: string; content: ReactNode } | null;
  /**
   * Sends the checked values and resolves to the message shown on success (null for none). An
   * Error thrown here, the server's refusal or the page's own check, is shown beside the form.
   */
  send: (values: V) => Promise<string | null>;
  onClose: () => void;
  onDone: () => void;
  width?: number;
  /** The form's fields. */
  children: ReactNode;
}

export default function FormModal<V extends object>(props: FormModalProps<V>) {
  const { open, title, okText, form, initialValues, intro, confirm, send, onClose, onDone, width = 640, children } = props;
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sendValues = async (values: V) => {
    setBusy(true);
    setError(null);
    try {
      const done = await send(values);
      if (done) message.success(done);
      onDone();
      onClose();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    const question = confirm?.(values);
    if (!question) {
      await sendValues(values);
      return;
    }
    modal.confirm({ title: question.title, content: question.content, okText, cancelText: '取消', onOk: () => sendValues(values) });
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      width={width}
      destroyOnHidden
      afterClose={() => setError(null)}
    >
      {intro}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
