/**
 * 提交修改稿: after 修改后通过 the unit uploads its revised report (and says what changed);
 * staff then confirm it or return it.
 */
import { Alert, Form, Input } from 'antd';
import { REVIEW_COMMENTS_MAX, REVIEW_REVISION_FILES_MAX, type ReviewTaskDetail } from '@common/schemas/reviewTasks';
import FileUpload, { type FileUploadItem } from '@/components/FileUpload';
import FormModal from '@/components/FormModal';
import { itemIds, orNull, uploadsDone } from '@/components/ListPage';
import { submitReviewRevision } from '@/services/reviewTasks';

export const REVISION_ACCEPT = '.pdf,.doc,.docx';
export const REVISION_MAX_SIZE = 50 * 1024 * 1024;

interface RevisionValues {
  files: FileUploadItem[];
  note?: string;
}

export interface RevisionModalProps {
  task: ReviewTaskDetail;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

export default function RevisionModal({ task, open, onClose, onDone }: RevisionModalProps) {
  const [form] = Form.useForm<RevisionValues>();
  return (
    <FormModal
      open={open}
      title={`提交修改稿：${task.projectName}`}
      okText="提交修改稿"
      form={form}
      initialValues={{ files: [] }}
      intro={
        task.revision.status === 'returned' && task.revision.comment ? (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="上次提交的修改稿被退回" description={task.revision.comment} />
        ) : null
      }
      send={(values) => submitReviewRevision(task.id, task.version, itemIds(values.files), orNull(values.note))}
      successMessage="修改稿已提交，等待协会确认"
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item
        name="files"
        label="修改后的评估报告"
        rules={[{ required: true, type: 'array', min: 1, message: '请上传修改后的评估报告' }, uploadsDone]}
        extra={`PDF 或 Word，最多 ${REVIEW_REVISION_FILES_MAX} 个，每个不超过 50 MB`}
      >
        <FileUpload accept={REVISION_ACCEPT} maxCount={REVIEW_REVISION_FILES_MAX} maxSize={REVISION_MAX_SIZE} multiple buttonText="上传修改稿" />
      </Form.Item>
      <Form.Item name="note" label="修改说明" rules={[{ max: REVIEW_COMMENTS_MAX, message: `修改说明不能超过 ${REVIEW_COMMENTS_MAX} 个字符` }]}>
        <Input.TextArea rows={4} showCount maxLength={REVIEW_COMMENTS_MAX} placeholder="逐条说明按专家意见所作的修改" />
      </Form.Item>
    </FormModal>
  );
}
