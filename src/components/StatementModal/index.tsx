/**
 * A written statement with its evidence, sent once and never changed after: the unit's 书面申辩
 * on a complaint (src/pages/Manage/complaint/components/ReplyModal.tsx) and its 异议 on a credit
 * score (src/pages/Manage/credit-rating/components/ObjectionModal.tsx). The page gives the words
 * and the call; ../FormModal does the checking, the question, the sending and the refusal.
 */
import { Alert, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import FileUpload, { type FileUploadItem } from '@/components/FileUpload';
import FormModal from '@/components/FormModal';
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
  const [form] = Form.useForm<FormValues>();
  return (
    <FormModal
      open={open}
      title={title}
      okText={okText}
      form={form}
      initialValues={{ text: '', files: [] }}
      intro={<Alert type="info" showIcon style={{ marginBottom: 16 }} title={notice.title} description={notice.description} />}
      confirm={() => confirm ?? null}
      send={(values) => send({ text: (values.text ?? '').trim(), fileIds: itemIds(values.files) })}
      successMessage={(said) => said}
      onClose={onClose}
      onDone={onDone}
    >
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
    </FormModal>
  );
}
