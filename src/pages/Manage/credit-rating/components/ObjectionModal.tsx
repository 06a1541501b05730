/**
 * 提出异议: a member unit, during 公示 (up to its last day), on its own score, once per year:
 * what it disputes and why, with supporting files. Asked once more before it is sent (it cannot
 * be changed or filed again).
 */
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { CREDIT_FILES_MAX, CREDIT_MESSAGES as M, CREDIT_OBJECTION_MAX, type CreditRatingUnitDetail } from '@common/schemas/credit';
import FileUpload, { type FileUploadItem } from '@/components/FileUpload';
import { itemIds, uploadsDone } from '@/components/ListPage';
import { fileCreditObjection } from '@/services/credit';

const OBJECTION_ACCEPT = '.pdf,.jpg,.jpeg,.png,.doc,.docx';
const OBJECTION_MAX_SIZE = 50 * 1024 * 1024;

interface ObjectionValues {
  content?: string;
  files: FileUploadItem[];
}

export interface ObjectionModalProps {
  score: CreditRatingUnitDetail | null;
  onClose: () => void;
  onDone: () => void;
}

export default function ObjectionModal({ score, onClose, onDone }: ObjectionModalProps) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<ObjectionValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (s: CreditRatingUnitDetail, values: ObjectionValues) => {
    setBusy(true);
    setError(null);
    try {
      const said = await fileCreditObjection(s.ratingId, { content: (values.content ?? '').trim(), fileIds: itemIds(values.files) });
      message.success(said.message || '异议已提交');
      onDone();
      onClose();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!score) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    modal.confirm({
      title: `提交对${score.year}年度信用评价的异议？`,
      content: '每家单位每个年度只能提出一次异议，提交后不能修改。协会将在终评前答复。',
      okText: '提交异议',
      cancelText: '取消',
      onOk: () => send(score, values),
    });
  };

  return (
    <Modal
      open={score !== null}
      title={score ? `对${score.year}年度信用评价提出异议` : '提出异议'}
      okText="提交异议"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      width={640}
      destroyOnHidden
      afterClose={() => setError(null)}
    >
      {score && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`本单位得分 ${score.score} 分（${score.tier} 级），公示期至 ${score.publicityUntil ?? '-'}`}
          description="请写明对哪一条信用记录或计分有异议、理由及依据，并附证明材料。"
        />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={{ files: [] }}>
        <Form.Item
          name="content"
          label="异议内容"
          rules={[
            { required: true, whitespace: true, message: M.objectionContentRequired },
            { max: CREDIT_OBJECTION_MAX, message: `异议内容不能超过 ${CREDIT_OBJECTION_MAX} 个字符` },
          ]}
        >
          <Input.TextArea rows={6} showCount maxLength={CREDIT_OBJECTION_MAX} placeholder="如：2025-12-10 登记的“其他违规行为”与事实不符，理由如下……" />
        </Form.Item>
        <Form.Item name="files" label="证明材料" rules={[uploadsDone]} extra={`PDF、图片或 Word，最多 ${CREDIT_FILES_MAX} 个，每个不超过 50 MB`}>
          <FileUpload accept={OBJECTION_ACCEPT} maxCount={CREDIT_FILES_MAX} maxSize={OBJECTION_MAX_SIZE} multiple buttonText="上传证明材料" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
