/**
 * 申报的利害关系 of one expert (in the expert's edit drawer): units they worked for, directed,
 * advised or hold shares in, and relatives working at a unit, each with its dates. The review
 * draw excludes the expert from those units' projects (docs/expert-draw.md). Each change is
 * its own call (GET/POST /experts/:id/conflicts, PUT/DELETE /expert-conflicts/:id), made at once,
 * apart from the expert form's 保存.
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Alert, App, Button, Col, DatePicker, Form, Input, List, Modal, Popconfirm, Row, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { CONFLICT_KIND_LABELS, CONFLICT_KIND_VALUES, type ConflictKind } from '@common/expertReview';
import { REVIEW_TEXT_MAX, type ExpertConflict } from '@common/schemas/reviewTasks';
import { orNull } from '@/components/ListPage';
import RecordView from '@/components/RecordView';
import { useCan } from '@/hooks/useCan';
import { useRecord } from '@/hooks/useRecord';
import { isApiError } from '@/requestErrors';
import { addExpertConflict, expertConflicts, removeExpertConflict, updateExpertConflict } from '@/services/reviewTasks';

interface ConflictValues {
  unitName: string;
  kind: ConflictKind;
  relation?: string;
  from?: Dayjs | null;
  to?: Dayjs | null;
  note?: string;
}

const UNIT_NAME_MAX = 100;
const RELATION_MAX = 50;

function toBody(values: ConflictValues) {
  const { from, to } = values;
  return {
    unitName: values.unitName.trim(),
    kind: values.kind,
    relation: values.kind === 'relative' ? orNull(values.relation) : null,
    from: from ? from.format('YYYY-MM-DD') : '',
    to: to ? to.format('YYYY-MM-DD') : null,
    note: orNull(values.note),
  };
}

function periodText(c: ExpertConflict): string {
  return `${c.from} 至 ${c.to ?? '今'}`;
}

/** The add / edit dialog of one declared conflict. */
function ConflictModal({ expertId, editing, onClose, onDone }: { expertId: string; editing: ExpertConflict | 'new' | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ConflictValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form);
  const record = editing && editing !== 'new' ? editing : null;
  const initialValues: Partial<ConflictValues> = record
    ? {
        unitName: record.unitName,
        kind: record.kind,
        relation: record.relation ?? '',
        from: dayjs(record.from),
        to: record.to ? dayjs(record.to) : null,
        note: record.note ?? '',
      }
    : { kind: 'worked' };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setError(null);
    try {
      if (record) await updateExpertConflict(record.id, { ...toBody(values), version: record.version });
      else await addExpertConflict(expertId, toBody(values));
      message.success(record ? '利害关系已修改' : '利害关系已登记');
      onDone();
      onClose();
    } catch (err) {
      if (isApiError(err) && err.httpStatus === 409) setError('这条记录刚被其他人修改过，请关闭后重新打开再改');
      else setError(err instanceof Error && err.message ? err.message : '保存失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={record ? '修改利害关系' : '登记利害关系'}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      afterClose={() => setError(null)}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        <Form.Item
          name="unitName"
          label="单位名称"
          rules={[
            { required: true, whitespace: true, message: '请填写单位名称' },
            { max: UNIT_NAME_MAX, message: `单位名称不能超过 ${UNIT_NAME_MAX} 个字符` },
          ]}
          extra="填写单位全称；抽取时与评估单位、委托单位比对"
        >
          <Input placeholder="如：某某社会风险评估有限公司" maxLength={UNIT_NAME_MAX} />
        </Form.Item>
        <Form.Item name="kind" label="关系类型" rules={[{ required: true, message: '请选择关系类型' }]}>
          <Select options={CONFLICT_KIND_VALUES.map((value) => ({ value, label: CONFLICT_KIND_LABELS[value] }))} />
        </Form.Item>
        {kind === 'relative' && (
          <Form.Item
            name="relation"
            label="亲属关系"
            rules={[
              { required: true, whitespace: true, message: '请填写亲属关系（如配偶、子女）' },
              { max: RELATION_MAX, message: `亲属关系不能超过 ${RELATION_MAX} 个字符` },
            ]}
          >
            <Input placeholder="如：配偶、子女、兄弟姐妹" maxLength={RELATION_MAX} />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="from" label="起始日期" rules={[{ required: true, message: '请选择起始日期' }]}>
              <DatePicker style={{ width: '100%' }} placeholder="起始日期" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="to"
              label="截止日期"
              dependencies={['from']}
              extra="留空表示至今"
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_r, value: Dayjs | null | undefined) => {
                    const from = getFieldValue('from') as Dayjs | null | undefined;
                    return value && from && value.isBefore(from, 'day') ? Promise.reject(new Error('截止日期不能早于起始日期')) : Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} placeholder="截止日期（可空）" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="note" label="说明" rules={[{ max: REVIEW_TEXT_MAX, message: `说明不能超过 ${REVIEW_TEXT_MAX} 个字符` }]}>
          <Input.TextArea rows={2} maxLength={REVIEW_TEXT_MAX} placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function ConflictList({ expertId }: { expertId: string }) {
  const can = useCan();
  const { message } = App.useApp();
  const state = useRecord(expertId, expertConflicts);
  const [editing, setEditing] = useState<ExpertConflict | 'new' | null>(null);
  const editable = can('expert:edit');

  const remove = async (c: ExpertConflict) => {
    try {
      await removeExpertConflict(c.id);
      message.success('已删除');
      state.reload();
    } catch {
      // The request layer has said why.
    }
  };

  return (
    <>
      <RecordView state={state} failedTitle="利害关系加载失败" rows={3}>
        {(list) => (
          <List
            size="small"
            bordered
            dataSource={list}
            locale={{ emptyText: '未申报利害关系' }}
            footer={
              editable && (
                <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  登记利害关系
                </Button>
              )
            }
            renderItem={(c) => (
              <List.Item>
                <Space orientation="vertical" size={0} style={{ minWidth: 0, flex: 1 }}>
                  <Space wrap size={[8, 0]}>
                    <Typography.Text strong>{c.unitName}</Typography.Text>
                    <Tag>{CONFLICT_KIND_LABELS[c.kind]}</Tag>
                    {c.relation && <span>{c.relation}</span>}
                  </Space>
                  <Typography.Text type="secondary">
                    {periodText(c)}
                    {c.note ? ` · ${c.note}` : ''}
                  </Typography.Text>
                </Space>
                {editable && (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => setEditing(c)}>
                      修改
                    </Button>
                    <Popconfirm title={`删除与「${c.unitName}」的利害关系？`} okText="删除" okButtonProps={{ danger: true }} cancelText="取消" onConfirm={() => remove(c)}>
                      <Button type="link" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                )}
              </List.Item>
            )}
          />
        )}
      </RecordView>
      <ConflictModal expertId={expertId} editing={editing} onClose={() => setEditing(null)} onDone={state.reload} />
    </>
  );
}
