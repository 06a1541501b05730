/**
 * 批量提交: a unit submits several inspections at once (its practitioners', its own), the
 * rows it selected among those whose `actions` offer 提交. One self report and the same files
 * for all, each record's own figures (the training hours the server knows filled in), then one
 * confirmation that says how many and which; the server submits each allowed one alone and
 * the dialog shows what was submitted and what was refused, and why.
 */
import { Alert, App, Button, Form, Input, InputNumber, List, Modal, Popconfirm, Result, Space, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import {
  INSPECTION_FIGURE_MAX,
  INSPECTION_FILES_MAX,
  INSPECTION_STATUS_LABELS,
  INSPECTION_SUBJECT_TYPE_LABELS,
  SELF_REPORT_MAX,
  type InspectionBatchSubmitResult,
  type InspectionRecord,
} from '@common/schemas/inspections';
import FileUpload, { type FileUploadItem } from '@/components/FileUpload';
import { itemIds, uploadsDone } from '@/components/ListPage';
import { useFormChanges } from '@/hooks/useFormChanges';
import { useUnsavedChanges } from '@/hooks/useUnsavedChanges';
import { batchSubmitInspections } from '@/services/inspections';

interface Figures {
  projectsDone?: number;
  trainingHours?: number;
}

interface Values {
  selfReport: string;
  files: FileUploadItem[];
  items: Figures[];
}

const FILE_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png';
const FILE_MAX_SIZE = 50 * 1024 * 1024;
/** How many names the confirmation lists before "等 N 份". */
const NAMES_SHOWN = 8;

const nameOf = (r: Pick<InspectionRecord, 'subjectType' | 'subjectName'>) => `${INSPECTION_SUBJECT_TYPE_LABELS[r.subjectType]}「${r.subjectName}」`;

/** The question before the records are locked: how many, and which. */
export function batchQuestion(records: readonly InspectionRecord[]) {
  const names = records.slice(0, NAMES_SHOWN).map(nameOf).join('、');
  const more = records.length > NAMES_SHOWN ? `等 ${records.length} 份` : '';
  return {
    title: `确定将这 ${records.length} 份年检提交协会审核吗？`,
    description: `${names}${more}。提交后在协会审核期间不能修改。`,
  };
}

export interface BatchSubmitModalProps {
  /** The selected records; null closes the dialog. */
  records: InspectionRecord[] | null;
  onClose: () => void;
  /** After the call (some may have been submitted): the list reloads and the selection clears. */
  onDone: () => void;
}

export default function BatchSubmitModal({ records, onClose, onDone }: BatchSubmitModalProps) {
  if (!records || records.length === 0) return null;
  return <BatchSubmit key={records.map((r) => r.id).join(',')} records={records} onClose={onClose} onDone={onDone} />;
}

function BatchSubmit({ records, onClose, onDone }: { records: InspectionRecord[]; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<InspectionBatchSubmitResult | null>(null);
  const validated = useRef<Values | null>(null);
  const changes = useFormChanges(form);
  const guard = useUnsavedChanges(changes.dirty);
  const close = () => (result ? onClose() : guard.confirmDiscard(onClose));

  const ask = async () => {
    validated.current = await form.validateFields().catch(() => null);
    if (validated.current) setAsking(true); // else the form shows what is missing
  };

  const submit = async () => {
    setAsking(false);
    const values = validated.current;
    if (!values) return;
    setBusy(true);
    try {
      const answer = await batchSubmitInspections({
        selfReport: values.selfReport.trim(),
        fileIds: itemIds(values.files),
        items: records.map((r, i) => ({
          id: r.id,
          version: r.version,
          projectsDone: values.items[i]?.projectsDone ?? 0,
          trainingHours: values.items[i]?.trainingHours ?? 0,
        })),
      });
      changes.markClean();
      setResult(answer);
      if (answer.refused.length === 0) message.success(`已提交 ${answer.submitted.length} 份年检，等待协会审核`);
      else message.warning(`已提交 ${answer.submitted.length} 份，${answer.refused.length} 份未能提交`);
      onDone();
    } catch {
      // The request layer has shown why; nothing was submitted.
    } finally {
      setBusy(false);
    }
  };

  const question = batchQuestion(records);
  const footer = result ? (
    <Button type="primary" onClick={onClose}>
      关闭
    </Button>
  ) : (
    <Space>
      <Button onClick={close}>取消</Button>
      <Popconfirm
        open={asking}
        title={question.title}
        description={<div style={{ maxWidth: 360 }}>{question.description}</div>}
        okText="提交"
        cancelText="取消"
        onConfirm={() => void submit()}
        onCancel={() => setAsking(false)}
        onOpenChange={(next) => {
          if (!next) setAsking(false);
        }}
      >
        <Button type="primary" loading={busy} onClick={() => void ask()}>
          {`提交 ${records.length} 份`}
        </Button>
      </Popconfirm>
    </Space>
  );

  return (
    <Modal open width={760} title={`批量提交年检（${records.length} 份）`} onCancel={close} footer={footer}>
      {result ? (
        <BatchResult result={result} />
      ) : (
        <div {...changes.captureProps}>
          <Form<Values>
            form={form}
            layout="vertical"
            onValuesChange={() => changes.recheck()}
            initialValues={{
              selfReport: '',
              files: [],
              items: records.map((r) => ({
                projectsDone: r.projectsDone ?? undefined,
                trainingHours: r.trainingHours ?? r.knownTrainingHours ?? undefined,
              })),
            }}
          >
            <Form.Item label={`所选年检（${records.length} 份）`} extra="培训学时已按登记的培训学时填入，请逐一核对；完成项目数请填写本年度的实际数量">
              <Table<InspectionRecord>
                size="small"
                rowKey="id"
                pagination={false}
                // Narrow enough for a phone: the state under the name, the two figures beside it.
                scroll={{ x: 300, y: 280 }}
                dataSource={records}
                columns={[
                  {
                    title: '名称',
                    dataIndex: 'subjectName',
                    render: (_v, r) => (
                      <Space orientation="vertical" size={0}>
                        <span>{r.subjectName}</span>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {`${INSPECTION_SUBJECT_TYPE_LABELS[r.subjectType]} · ${INSPECTION_STATUS_LABELS[r.status]}`}
                        </Typography.Text>
                      </Space>
                    ),
                  },
                  {
                    title: '完成项目数',
                    key: 'projectsDone',
                    width: 104,
                    render: (_v, r, i) => (
                      <Form.Item name={['items', i, 'projectsDone']} rules={[{ required: true, message: '请填写' }]} style={{ marginBottom: 0 }}>
                        <InputNumber aria-label={`${r.subjectName} 完成项目数`} min={0} max={INSPECTION_FIGURE_MAX} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '培训学时',
                    key: 'trainingHours',
                    width: 104,
                    render: (_v, r, i) => (
                      <Form.Item name={['items', i, 'trainingHours']} rules={[{ required: true, message: '请填写' }]} style={{ marginBottom: 0 }}>
                        <InputNumber aria-label={`${r.subjectName} 培训学时`} min={0} max={INSPECTION_FIGURE_MAX} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                    ),
                  },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="selfReport"
              label="年度自查报告（各份相同）"
              rules={[
                { required: true, whitespace: true, message: '请填写年度自查报告' },
                { max: SELF_REPORT_MAX, message: `年度自查报告不能超过 ${SELF_REPORT_MAX} 个字` },
              ]}
            >
              <Input.TextArea rows={5} maxLength={SELF_REPORT_MAX} showCount placeholder="本单位及从业人员本年度开展稳评业务、培训及遵守行业规范的情况" />
            </Form.Item>
            <Form.Item name="files" label="证明材料（各份相同）" rules={[uploadsDone]} extra={`最多 ${INSPECTION_FILES_MAX} 个`}>
              <FileUpload multiple accept={FILE_ACCEPT} maxCount={INSPECTION_FILES_MAX} maxSize={FILE_MAX_SIZE} buttonText="上传材料" />
            </Form.Item>
          </Form>
        </div>
      )}
    </Modal>
  );
}

/** What the server did with each record. */
function BatchResult({ result }: { result: InspectionBatchSubmitResult }) {
  const { submitted, refused } = result;
  return (
    <>
      <Result
        status={refused.length === 0 ? 'success' : submitted.length === 0 ? 'error' : 'warning'}
        title={refused.length === 0 ? `已提交 ${submitted.length} 份年检` : `已提交 ${submitted.length} 份，${refused.length} 份未能提交`}
        subTitle={submitted.length > 0 ? '已提交的年检等待协会审核，审核期间不能修改。' : undefined}
        style={{ padding: '16px 0' }}
      />
      {refused.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title="未能提交的年检"
          description={
            <List
              size="small"
              dataSource={refused}
              renderItem={(r) => (
                <List.Item>
                  <Typography.Text>
                    {r.subjectName ?? '（无权查看的记录）'}：{r.reason}
                  </Typography.Text>
                </List.Item>
              )}
            />
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {submitted.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>已提交</Typography.Text>}
          dataSource={submitted}
          renderItem={(r) => (
            <List.Item>
              {r.subjectName}：{INSPECTION_STATUS_LABELS[r.status]}
            </List.Item>
          )}
        />
      )}
    </>
  );
}
