/**
 * 通过 / 不通过 / 退回修改 of one submitted inspection, as a ReasonModal request: what the
 * decision does, the comment (optional for a pass) or the reason (required otherwise), and a
 * last confirmation before it is sent. The caller reloads when it is done.
 */
import { INSPECTION_REASON_MAX, INSPECTION_SUBJECT_TYPE_LABELS, type InspectionRecord } from '@common/schemas/inspections';
import type { ReasonRequest } from '@/components/ReasonModal';
import { approveInspection, rejectInspection, returnInspection, type InspectionDecisionResult } from '@/services/inspections';

export type DecisionKind = 'approve' | 'reject' | 'return';

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

function send(kind: DecisionKind, record: InspectionRecord, text: string): Promise<InspectionDecisionResult> {
  const { version } = record;
  if (kind === 'approve') return approveInspection(record.id, { version, ...(text ? { comment: text } : {}) });
  if (kind === 'reject') return rejectInspection(record.id, { version, reason: text });
  return returnInspection(record.id, { version, reason: text });
}

export function decisionStep(kind: DecisionKind, record: InspectionRecord, onDone: () => void): ReasonRequest<InspectionDecisionResult> {
  const text = TEXT[kind];
  const needsReason = kind !== 'approve';
  const who = `${INSPECTION_SUBJECT_TYPE_LABELS[record.subjectType]}「${record.subjectName}」`;
  return {
    title: `${text.title}：${record.subjectName}`,
    okText: text.ok,
    danger: text.danger,
    alert: { type: kind === 'approve' ? 'success' : 'warning', title: effectOf(kind, record) },
    label: text.field,
    optional: !needsReason,
    max: INSPECTION_REASON_MAX,
    placeholder: text.placeholder,
    extra: needsReason ? '原因会显示给提交单位（及从业人员本人）' : undefined,
    confirm: {
      title: `确定${text.ok}${who}的${record.year}年度年检吗？`,
      content: effectOf(kind, record),
      okText: `确定${text.ok}`,
      danger: text.danger,
    },
    run: (reason) => send(kind, record, reason),
    successMessage: (result) =>
      kind === 'approve'
        ? `${who}年检已通过${result.validUntil ? `，证书有效期延至 ${result.validUntil}` : ''}`
        : kind === 'reject'
          ? `${who}年检不通过，已通知提交单位`
          : `已退回${who}的年检，已通知提交单位`,
    onDone,
  };
}
