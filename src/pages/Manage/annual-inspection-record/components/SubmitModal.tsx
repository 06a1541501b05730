/**
 * 提交 / 重新提交 one inspection (a unit for itself or its practitioner, a practitioner for
 * themselves): the self report, the figures of the year and the files. A returned one opens
 * with what was sent before and the reviewer's reason, to be corrected.
 *
 * - The training hours the server knows (InspectionRecord.knownTrainingHours) are filled in
 *   when nothing was sent before; the person checks and may change them.
 * - Submitting locks the record until the association decides: it asks first, as a project's
 *   提交备案 does (src/pages/Manage/project-management/components/ProjectList.tsx).
 * - Nothing lost: what is typed is kept as a browser draft (src/hooks/useFormDraft.ts) and
 *   offered back; closing with changes (取消, Esc, the mask, ✕) or leaving the page asks first.
 */
import { Alert, App, Button, Form, Input, InputNumber, Modal, Popconfirm, Space } from 'antd';
import { useRef, useState } from 'react';
import {
  INSPECTION_FIGURE_MAX,
  INSPECTION_FILES_MAX,
  INSPECTION_SUBJECT_TYPE_LABELS,
  SELF_REPORT_MAX,
  type InspectionDetail,
  type InspectionRecord,
} from '@common/schemas/inspections';
import FileUpload, { type FileUploadItem } from '@/components/FileUpload';
import { DraftAlert, filesToItems, itemIds, uploadsDone } from '@/components/ListPage';
import RecordView from '@/components/RecordView';
import { useFormChanges } from '@/hooks/useFormChanges';
import { useFormDraft } from '@/hooks/useFormDraft';
import { useRecord } from '@/hooks/useRecord';
import { useUnsavedChanges } from '@/hooks/useUnsavedChanges';
import { getInspection, submitInspection } from '@/services/inspections';

interface Values {
  selfReport: string;
  projectsDone?: number;
  trainingHours?: number;
  files: FileUploadItem[];
}

const FILE_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png';
const FILE_MAX_SIZE = 50 * 1024 * 1024;

/** Where the filled-in training hours come from (the server's rule: common/schemas/inspections.ts). */
export const KNOWN_HOURS_SOURCE: Record<InspectionRecord['subjectType'], string> = {
  practitioner: '已按该从业人员登记的培训学时填入，请核对',
  unit: '已按本单位在册从业人员登记的培训学时合计填入，请核对',
};

/** The question before a submission locks the record (the same words as a project's 提交备案). */
export function submitQuestion(record: Pick<InspectionRecord, 'subjectType' | 'subjectName' | 'year'>) {
  return {
    title: `确定将${INSPECTION_SUBJECT_TYPE_LABELS[record.subjectType]}「${record.subjectName}」的${record.year}年度年检提交协会审核吗？`,
    description: '提交后在协会审核期间不能修改。',
  };
}

/** A stored draft's values, each field only when it has this form's type. */
function draftValues(values: Record<string, unknown>): Partial<Values> {
  const { selfReport, projectsDone, trainingHours, files } = values;
  const number = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);
  const items = Array.isArray(files)
    ? files.filter((f): f is FileUploadItem => typeof f === 'object' && f !== null && typeof f.fileId === 'string' && f.status === 'done')
    : undefined;
  return {
    ...(typeof selfReport === 'string' ? { selfReport } : {}),
    ...(number(projectsDone) !== undefined ? { projectsDone: number(projectsDone) } : {}),
    ...(number(trainingHours) !== undefined ? { trainingHours: number(trainingHours) } : {}),
    ...(items ? { files: items } : {}),
  };
}

/** The form's first values: what was sent before, or the hours the server knows. */
function startingValues(detail: InspectionDetail): Values {
  return {
    selfReport: detail.selfReport ?? '',
    projectsDone: detail.projectsDone ?? undefined,
    trainingHours: detail.trainingHours ?? detail.knownTrainingHours ?? undefined,
    files: filesToItems(detail.files),
  };
}

export default function SubmitModal({ record, onClose, onDone }: { record: InspectionRecord | null; onClose: () => void; onDone: () => void }) {
  if (!record) return null;
  return <Submit key={record.id} record={record} onClose={onClose} onDone={onDone} />;
}

function Submit({ record, onClose, onDone }: { record: InspectionRecord; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  // What was sent before (a returned one is corrected), and the version to send with.
  const loaded = useRecord(record.id, getInspection);
  const draftVersion = useRef<number | undefined>(undefined);
  const validated = useRef<Values | null>(null);
  const again = record.status === 'returned';
  const who = `${INSPECTION_SUBJECT_TYPE_LABELS[record.subjectType]}「${record.subjectName}」`;
  const okText = again ? '重新提交' : '提交';

  const changes = useFormChanges(form);
  const draft = useFormDraft({ resource: 'annual-inspections', recordId: record.id });
  const guard = useUnsavedChanges(changes.dirty, { onDiscard: draft.drop });
  const close = () => guard.confirmDiscard(onClose);
  const version = () => draftVersion.current ?? loaded.record?.version;

  const onValuesChange = () => {
    if (changes.recheck()) draft.keep(form.getFieldsValue(true), version());
    else draft.drop();
  };

  const restore = () => {
    const stored = draft.restore();
    if (!stored) return;
    changes.takeBaseline();
    form.setFieldsValue(draftValues(stored.values));
    // Sent with the version the draft was made from: a change made since is reported, not overwritten.
    draftVersion.current = stored.version;
    if (changes.recheck()) draft.keep(form.getFieldsValue(true), version());
  };

  /** 提交: the form's rules first, then the question. */
  const ask = async () => {
    validated.current = await form.validateFields().catch(() => null);
    if (validated.current) setAsking(true); // else the form shows what is missing
  };

  const submit = async () => {
    setAsking(false);
    const current = version();
    const values = validated.current;
    if (current === undefined || !values || values.projectsDone === undefined || values.trainingHours === undefined) return;
    setBusy(true);
    try {
      await submitInspection(record.id, {
        version: current,
        selfReport: values.selfReport.trim(),
        projectsDone: values.projectsDone,
        trainingHours: values.trainingHours,
        fileIds: itemIds(values.files),
      });
      changes.markClean();
      draft.clear();
      message.success(again ? `${who}的年检已重新提交，等待协会审核` : `${who}的年检已提交，等待协会审核`);
      onDone();
      onClose();
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  const question = submitQuestion(record);
  return (
    <Modal
      open
      width={680}
      title={`${okText}${record.year}年度年检：${record.subjectName}`}
      onCancel={close}
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Popconfirm
            open={asking}
            title={question.title}
            description={question.description}
            okText={okText}
            cancelText="取消"
            onConfirm={() => void submit()}
            onCancel={() => setAsking(false)}
            onOpenChange={(next) => {
              if (!next) setAsking(false);
            }}
          >
            <Button type="primary" loading={busy} disabled={!loaded.record} onClick={() => void ask()}>
              {okText}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <RecordView state={loaded} failedTitle="年检信息加载失败" rows={6}>
        {(detail) => (
          <>
            <DraftAlert draft={draft.offered} onRestore={restore} onDiscard={draft.discardOffered} style={{ marginBottom: 16 }} />
            {again && detail.reviewComment && (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="协会退回修改的原因" description={detail.reviewComment} />
            )}
            <div {...changes.captureProps}>
              <Form form={form} layout="vertical" initialValues={startingValues(detail)} onValuesChange={onValuesChange}>
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
                <Form.Item
                  name="trainingHours"
                  label="本年度培训学时"
                  rules={[{ required: true, message: '请填写本年度培训学时' }]}
                  extra={detail.trainingHours === null && detail.knownTrainingHours !== null ? KNOWN_HOURS_SOURCE[detail.subjectType] : undefined}
                >
                  <InputNumber min={0} max={INSPECTION_FIGURE_MAX} precision={0} style={{ width: '100%' }} placeholder="学时" />
                </Form.Item>
                <Form.Item name="files" label="证明材料" rules={[uploadsDone]} extra={`财务报表、培训证明、项目清单等，最多 ${INSPECTION_FILES_MAX} 个`}>
                  <FileUpload multiple accept={FILE_ACCEPT} maxCount={INSPECTION_FILES_MAX} maxSize={FILE_MAX_SIZE} buttonText="上传材料" />
                </Form.Item>
              </Form>
            </div>
          </>
        )}
      </RecordView>
    </Modal>
  );
}
