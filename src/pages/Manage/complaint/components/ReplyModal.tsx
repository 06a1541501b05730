/**
 * 书面申辩: the unit complained about answers in writing, with its evidence, by the answer's
 * deadline, once. The server refuses a late or second answer with its own words, shown here.
 */
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { deadlineText } from '@common/complaintDeadlines';
import { COMPLAINT_ANSWER_MAX, COMPLAINT_FILES_MAX, type ComplaintListItem } from '@common/schemas/complaints';
import FileUpload, { type FileUploadItem } from '@/components/FileUpload';
import { itemIds, uploadsDone } from '@/components/ListPage';
import { replyToComplaint } from '@/services/complaints';
import { complaintName } from './complaintWords';

export const ANSWER_ACCEPT = '.pdf,.jpg,.jpeg,.png,.doc,.docx';
export const ANSWER_MAX_SIZE = 50 * 1024 * 1024;

interface ReplyValues {
  answer: string;
  files: FileUploadItem[];
}

export interface ReplyModalProps {
  complaint: ComplaintListItem | null;
  onClose: () => void;
  onDone: () => void;
}

export default function ReplyModal({ complaint, onClose, onDone }: ReplyModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ReplyValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!complaint) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setError(null);
    try {
      await replyToComplaint(complaint.id, { version: complaint.version, answer: values.answer.trim(), fileIds: itemIds(values.files) });
      message.success('书面申辩已提交');
      onDone();
      onClose();
    } catch (err) {
      // The request layer has toasted it too; here it stays beside the form.
      setError(err instanceof Error && err.message ? err.message : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  const due = complaint?.deadline?.step === 'answer' ? complaint.deadline : null;
  return (
    <Modal
      open={complaint !== null}
      title={complaint ? `书面申辩：${complaintName(complaint)}` : '书面申辩'}
      okText="提交申辩"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      width={640}
      destroyOnHidden
      afterClose={() => setError(null)}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={due ? `请于 ${due.dueOn} 前提交（${deadlineText(due.daysLeft)}），提交后不能修改。` : '提交后不能修改。'}
        description="请如实说明情况并附证明材料；逾期未申辩的，协会将依据查明的事实办结。"
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={{ answer: '', files: [] }}>
        <Form.Item
          name="answer"
          label="申辩内容"
          rules={[
            { required: true, whitespace: true, message: '请填写书面申辩内容' },
            { max: COMPLAINT_ANSWER_MAX, message: `申辩内容不能超过 ${COMPLAINT_ANSWER_MAX} 个字符` },
          ]}
        >
          <Input.TextArea rows={6} showCount maxLength={COMPLAINT_ANSWER_MAX} placeholder="针对投诉举报的内容逐项说明" />
        </Form.Item>
        <Form.Item name="files" label="证明材料" rules={[uploadsDone]} extra={`PDF、图片或 Word，最多 ${COMPLAINT_FILES_MAX} 个，每个不超过 50 MB`}>
          <FileUpload accept={ANSWER_ACCEPT} maxCount={COMPLAINT_FILES_MAX} maxSize={ANSWER_MAX_SIZE} multiple buttonText="上传证明材料" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
