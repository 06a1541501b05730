/**
 * 提交 / 重新提交 one inspection (a unit for itself or its practitioner, a practitioner for
 * themselves): the self report, the figures of the year and the files. A returned one opens
 * with what was sent before and the reviewer's reason, to be corrected.
 */
import { Alert, App, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import {
  INSPECTION_FIGURE_MAX,
  INSPECTION_FILES_MAX,
  INSPECTION_SUBJECT_TYPE_LABELS,
  SELF_REPORT_MAX,
  type InspectionRecord,
} from '@common/schemas/inspections';
import FileUpload, { type FileUploadItem } from '@/components/FileUpload';
import { filesToItems, itemIds, uploadsDone } from '@/components/ListPage';
import RecordView from '@/components/RecordView';
import { useRecord } from '@/hooks/useRecord';
import { getInspection, submitInspection } from '@/services/inspections';

interface Values {
  selfReport: string;
  projectsDone: number;
  trainingHours: number;
  files: FileUploadItem[];
}

const FILE_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png';
const FILE_MAX_SIZE = 50 * 1024 * 1024;

export default function SubmitModal({ record, onClose, onDone }: { record: InspectionRecord | null; onClose: () => void; onDone: () => void }) {
  if (!record) return null;
  return <Submit key={record.id} record={record} onClose={onClose} onDone={onDone} />;
}

function Submit({ record, onClose, onDone }: { record: InspectionRecord; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  // What was sent before (a returned one is corrected), and the version to send with.
  const loaded = useRecord(record.id, getInspection);
  const again = record.status === 'returned';
  const who = `${INSPECTION_SUBJECT_TYPE_LABELS[record.subjectType]}「${record.subjectName}」`;

  const submit = async () => {
    const detail = loaded.record;
    if (!detail) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    setBusy(true);
    try {
      await submitInspection(record.id, {
        version: detail.version,
        selfReport: values.selfReport.trim(),
        projectsDone: values.projectsDone,
        trainingHours: values.trainingHours,
        fileIds: itemIds(values.files),
      });
      message.success(again ? `${who}的年检已重新提交，等待协会审核` : `${who}的年检已提交，等待协会审核`);
      onDone();
      onClose();
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={680}
      title={`${again ? '重新提交' : '提交'}${record.year}年度年检：${record.subjectName}`}
      okText={again ? '重新提交' : '提交'}
      okButtonProps={{ loading: busy, disabled: !loaded.record }}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <RecordView state={loaded} failedTitle="年检信息加载失败" rows={6}>
        {(detail) => (
          <>
            {again && detail.reviewComment && (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="协会退回修改的原因" description={detail.reviewComment} />
            )}
            <Form
              form={form}
              layout="vertical"
              initialValues={{
                selfReport: detail.selfReport ?? '',
                projectsDone: detail.projectsDone ?? undefined,
                trainingHours: detail.trainingHours ?? undefined,
                files: filesToItems(detail.files),
              }}
            >
              <Form.Item
                name="selfReport"
                label="年度自查报告"
                rules={[
                  { required: true, whitespace: true, message: '请填写年度自查报告' },
                  { max: SELF_REPORT_MAX, message: `年度自查报告不能超过 ${SELF_REPORT_MAX} 个字` },
                ]}
              >
                <Input.TextArea rows={6} maxLength={SELF_REPORT_MAX} showCount placeholder="本年度开展稳评业务、内部管理、培训及遵守行业规范的情况" />
              </Form.Item>
              <Form.Item name="projectsDone" label="本年度完成项目数" rules={[{ required: true, message: '请填写本年度完成项目数' }]}>
                <InputNumber min={0} max={INSPECTION_FIGURE_MAX} precision={0} style={{ width: '100%' }} placeholder="个" />
              </Form.Item>
              <Form.Item name="trainingHours" label="本年度培训学时" rules={[{ required: true, message: '请填写本年度培训学时' }]}>
                <InputNumber min={0} max={INSPECTION_FIGURE_MAX} precision={0} style={{ width: '100%' }} placeholder="学时" />
              </Form.Item>
              <Form.Item name="files" label="证明材料" rules={[uploadsDone]} extra={`财务报表、培训证明、项目清单等，最多 ${INSPECTION_FILES_MAX} 个`}>
                <FileUpload multiple accept={FILE_ACCEPT} maxCount={INSPECTION_FILES_MAX} maxSize={FILE_MAX_SIZE} buttonText="上传材料" />
              </Form.Item>
            </Form>
          </>
        )}
      </RecordView>
    </Modal>
  );
}
