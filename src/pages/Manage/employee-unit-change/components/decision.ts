/**
 * 放行 / 审批通过 / 驳回 of one change, as a ReasonModal request: the move named in full, what
 * the step will do, and the comment (optional) or the reason (required). The list reloads when
 * it is done.
 */
import { UNIT_CHANGE_COMMENT_MAX, type UnitChangeRecord } from '@common/schemas/unitChanges';
import type { ReasonRequest } from '@/components/ReasonModal';
import { unitChanges } from '@/services/unitChanges';
import { moveText } from './status';

export type DecisionKind = 'release' | 'approve' | 'reject';

const TEXT: Record<DecisionKind, { title: string; ok: string; done: string; field: string }> = {
  release: { title: '放行', ok: '确认放行', done: '已放行，等待协会审批', field: '放行意见' },
  approve: { title: '审批通过', ok: '审批通过', done: '已审批通过，人员已转入新单位', field: '审批意见' },
  reject: { title: '驳回申请', ok: '驳回', done: '已驳回', field: '驳回原因' },
};

function effectOf(kind: DecisionKind, record: UnitChangeRecord): string {
  if (kind === 'release') return '放行后提交协会审批；放行后本单位不能再驳回。';
  if (kind === 'approve') return `审批通过后，该从业人员的所在单位、登录账号和证书将一并转入「${record.toUnitName}」。`;
  return '驳回后本申请结束，申请人、原单位和调入单位都能看到驳回原因。';
}

export function decisionStep(kind: DecisionKind, record: UnitChangeRecord, onDone: () => void): ReasonRequest {
  const text = TEXT[kind];
  const rejecting = kind === 'reject';
  return {
    title: `${text.title}：${moveText(record)}`,
    okText: text.ok,
    danger: rejecting,
    alert: { type: rejecting ? 'warning' : 'info', title: moveText(record), description: effectOf(kind, record) },
    label: text.field,
    optional: !rejecting,
    max: UNIT_CHANGE_COMMENT_MAX,
    placeholder: rejecting ? '请说明驳回原因' : '选填',
    run: (value) => {
      const { version } = record;
      return unitChanges.action(record.id, kind, rejecting ? { version, reason: value || undefined } : { version, comment: value || undefined });
    },
    successMessage: text.done,
    onDone,
  };
}
