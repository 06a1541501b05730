/**
 * A written statement with its evidence, sent once and never changed after: the unit's 书面申辩
 * on a complaint (src/pages/Manage/complaint/components/ReplyModal.tsx) and its 异议 on a credit
 * score (src/pages/Manage/credit-rating/components/ObjectionModal.tsx). The page gives the words
 * and the call. A refusal stays beside the form (the request layer has toasted it too), and
 * `confirm`, when given, asks once more before anything is sent.
 */
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import FileUpload, { type FileUploadItem } from '@/components/FileUpload';
import { itemIds, uploadsDone } from '@/components/ListPage';

/** What evidence may be: PDF, images or Word, each up to 50 MB. */
const EVIDENCE_ACCEPT = '.pdf,.jpg,.jpeg,.png,.doc,.docx';
const EVIDENCE_MAX_SIZE = 50 * 1024 * 1024;

interface FormValues {
  text?: string;
  files: FileUploadItem[];
}

/** What the page's call receives: the statement trimmed and the uploaded files' ids. */
export interface StatementValues {
  text: string;
  fileIds: string[];
}

export interface StatementModalProps {
  open: boolean;
  title: string;
  okText: string;
  /** The blue note above the form: the deadline or the score, and what to write. */
  notice: { title: ReactNode; description: ReactNode };
  textLabel: string;
  /** Shown when the statement is left empty. */
  textRequired: string;
  textMax: number;
  placeholder: string;
  filesMax: number;
  /** Asked once more before sending, when given. */
  confirm?: { title: string; content: string };
  /** Sends the statement; resolves to the message shown on success. */
  send: (values: StatementValues) => Promise<string>;
  onClose: () => void;
  onDone: () => void;
}

export default function StatementModal(props: StatementModalProps) {
  const { open, title, okText, notice, textLabel, textRequired, textMax, placeholder, filesMax, confirm, send, onClose, onDone } = props;
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sendValues = async (values: FormValues) => {
    setBusy(true);
    setError(null);
    try {
      message.success(await send({ text: (values.text ?? '').trim(), fileIds: itemIds(values.files) }));
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
    if (!values) return;
    if (!confirm) {
      await sendValues(values);
      return;
    }
    modal.confirm({ title: confirm.title, content: confirm.content, okText, cancelText: '取消', onOk: () => sendValues(values) });
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
      width={640}
      destroyOnHidden
      afterClose={() => setError(null)}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={notice.title} description={notice.description} />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={{ text: '', files: [] }}>
        <Form.Item
          name="text"
          label={textLabel}
          rules={[
            { required: true, whitespace: true, message: textRequired },
            { max: textMax, message: `${textLabel}不能超过 ${textMax} 个字符` },
          ]}
        >
          <Input.TextArea rows={6} showCount maxLength={textMax} placeholder={placeholder} />
        </Form.Item>
        <Form.Item name="files" label="证明材料" rules={[uploadsDone]} extra={`PDF、图片或 Word，最多 ${filesMax} 个，每个不超过 50 MB`}>
          <FileUpload accept={EVIDENCE_ACCEPT} maxCount={filesMax} maxSize={EVIDENCE_MAX_SIZE} multiple buttonText="上传证明材料" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
