/**
 * 通过 / 不通过 / 退回修改 of one submitted inspection: what the decision does, the comment
 * (optional for a pass) or the reason (required otherwise), and a last confirmation before it
 * is sent. The caller reloads when it is done.
 */
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { INSPECTION_REASON_MAX, INSPECTION_SUBJECT_TYPE_LABELS, type InspectionRecord } from '@common/schemas/inspections';
import { approveInspection, rejectInspection, returnInspection } from '@/services/inspections';

export type DecisionKind = 'approve' | 'reject' | 'return';

export interface DecisionTarget {
  kind: DecisionKind;
  record: InspectionRecord;
}

const TEXT: Record<DecisionKind, { title: string; ok: string; field: string; placeholder: string; danger: boolean }> = {
  approve: { title: '年检通过', ok: '通过', field: '审核意见', placeholder: '如：材料齐全，年检合格（可不填）', danger: false },
  reject: { title: '年检不通过', ok: '不通过', field: '不通过原因', placeholder: '如：全年未开展稳评业务，请限期整改', danger: true },
  return: { title: '退回修改', ok: '退回', field: '退回原因', placeholder: '如：未附年度财务报表，请补正后重新提交', danger: true },
};

function effectOf(kind: DecisionKind, record: InspectionRecord): string {
  if (kind === 'approve') {
    return record.certificateValidUntil
      ? `通过后，证书有效期将由 ${record.certificateValidUntil} 延长一年。`
      : '通过后，证书有效期将延长一年。';
  }
  if (kind === 'return') return '退回后，提交单位可按原因修改并重新提交。';
  return '不通过为最终结论，不能再提交；提交单位会收到原因。';
}

export default function DecisionModal({ target, onClose, onDone }: { target: DecisionTarget | null; onClose: () => void; onDone: () => void }) {
  if (!target) return null;
  return <Decision key={`${target.kind}:${target.record.id}`} target={target} onClose={onClose} onDone={onDone} />;
}

function Decision({ target, onClose, onDone }: { target: DecisionTarget; onClose: () => void; onDone: () => void }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ text?: string }>();
  const [busy, setBusy] = useState(false);
  const { kind, record } = target;
  const text = TEXT[kind];
  const needsReason = kind !== 'approve';
  const who = `${INSPECTION_SUBJECT_TYPE_LABELS[record.subjectType]}「${record.subjectName}」`;

  const send = async (value: string | undefined) => {
    setBusy(true);
    try {
      const version = record.version;
      const result =
        kind === 'approve'
          ? await approveInspection(record.id, { version, ...(value ? { comment: value } : {}) })
          : kind === 'reject'
            ? await rejectInspection(record.id, { version, reason: value ?? '' })
            : await returnInspection(record.id, { version, reason: value ?? '' });
      message.success(
        kind === 'approve'
          ? `${who}年检已通过${result.validUntil ? `，证书有效期延至 ${result.validUntil}` : ''}`
          : kind === 'reject'
            ? `${who}年检不通过，已通知提交单位`
            : `已退回${who}的年检，已通知提交单位`,
      );
      onDone();
      onClose();
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    const value = values.text?.trim() || undefined;
    modal.confirm({
      title: `确定${text.ok}${who}的${record.year}年度年检吗？`,
      content: effectOf(kind, record),
      okText: `确定${text.ok}`,
      okButtonProps: { danger: text.danger },
      cancelText: '取消',
      onOk: () => send(value),
    });
  };

  return (
    <Modal
      open
      title={`${text.title}：${record.subjectName}`}
      okText={text.ok}
      okButtonProps={{ danger: text.danger, loading: busy }}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Alert type={kind === 'approve' ? 'success' : 'warning'} showIcon style={{ marginBottom: 16 }} title={effectOf(kind, record)} />
      <Form form={form} layout="vertical">
        <Form.Item
          name="text"
          label={text.field}
          rules={[
            ...(needsReason ? [{ required: true, whitespace: true, message: `请填写${text.field}` }] : []),
            { max: INSPECTION_REASON_MAX, message: `${text.field}不能超过 ${INSPECTION_REASON_MAX} 个字` },
          ]}
          extra={needsReason ? '原因会显示给提交单位（及从业人员本人）' : undefined}
        >
          <Input.TextArea rows={4} maxLength={INSPECTION_REASON_MAX} showCount placeholder={text.placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
