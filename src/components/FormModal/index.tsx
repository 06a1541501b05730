/**
 * The back office's dialog for one workflow step with a form: a reason (../ReasonModal), a
 * written statement with evidence (../StatementModal: 书面申辩, 异议), 提交修改稿, 评价评审专家
 * and 评分表 (src/pages/Manage/expert-review), 审核通过 of a member unit
 * (src/pages/Manage/member-unit-management). The form is
 * checked, `confirm` (when it gives a question) asks once more, `send` makes the call; a
 * refusal stays beside the form (the request layer has toasted it too) and nothing closes
 * until the call succeeds. A page writes only its notes, its fields and its call.
 */
import { Alert, App, Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';

export interface FormModalProps<V extends object, R> {
  open: boolean;
  title: ReactNode;
  okText: string;
  /** A red OK button, for a step that takes something away (驳回, 注销). */
  danger?: boolean;
  /** The page's form (Form.useForm), for fields that depend on each other. */
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  /** Shown above the form and its refusal: the deadline, the previous decision, what to write. */
  intro?: ReactNode;
  /** Asked before sending when it returns a question; the values are the checked ones. */
  confirm?: (values: V) => { title: ReactNode; content: ReactNode; okText?: string; danger?: boolean } | null;
  /**
   * Sends the checked values. An Error thrown here, the server's refusal or the page's own check,
   * is shown beside the form and the dialog stays open.
   */
  send: (values: V) => Promise<R>;
  /** Toasted after a successful call: a text, or made from the call's answer (none when empty). */
  successMessage?: string | ((result: R) => string | null | undefined);
  /** After a successful call (a reload); the dialog then closes. */
  onDone: (result: R) => void;
  onClose: () => void;
  width?: number;
  /** The form's fields. */
  children: ReactNode;
}

export default function FormModal<V extends object, R>(props: FormModalProps<V, R>) {
  const { open, title, okText, danger, form, initialValues, intro, confirm, send, successMessage, onDone, onClose, width = 640, children } = props;
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sendValues = async (values: V) => {
    setBusy(true);
    setError(null);
    try {
      const result = await send(values);
      const done = typeof successMessage === 'function' ? successMessage(result) : successMessage;
      if (done) message.success(done);
      onDone(result);
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
    modal.confirm({
      title: question.title,
      content: question.content,
      okText: question.okText ?? okText,
      okButtonProps: { danger: question.danger },
      cancelText: '取消',
      onOk: () => sendValues(values),
    });
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger, loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      // Typed words are not lost to a stray click beside the dialog.
      mask={{ closable: false }}
      width={width}
      destroyOnHidden
      afterClose={() => {
        // The same dialog may open next for another record: nothing of this one stays.
        form.resetFields();
        setError(null);
      }}
    >
      {intro}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
