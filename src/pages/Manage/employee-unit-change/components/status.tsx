/** How a unit change reads in lists and the drawer: its state tag, the move in one line, the history's wording. */
import { Tag } from 'antd';
import {
  UNIT_CHANGE_STATUS_LABELS,
  UNIT_CHANGE_STATUS_VALUES,
  UNIT_CHANGE_STEP_LABELS,
  WITHDRAWN_LABEL,
  WITHDRAWN_REASON,
  type UnitChangeRecord,
  type UnitChangeStatusValue,
  type UnitChangeStepEntry,
} from '@common/schemas/unitChanges';

const STATUS_COLORS: Record<UnitChangeStatusValue, string> = {
  requested: 'processing',
  released: 'warning',
  approved: 'success',
  rejected: 'error',
};

/** The 状态 filter's options (ProTable valueEnum). */
export const STATUS_ENUM = Object.fromEntries(UNIT_CHANGE_STATUS_VALUES.map((s) => [s, { text: UNIT_CHANGE_STATUS_LABELS[s] }]));

export function StatusTag({ record }: { record: Pick<UnitChangeRecord, 'status' | 'withdrawn'> }) {
  if (record.withdrawn) return <Tag>{WITHDRAWN_LABEL}</Tag>;
  return <Tag color={STATUS_COLORS[record.status]}>{UNIT_CHANGE_STATUS_LABELS[record.status]}</Tag>;
}

/** 张三：甲单位 → 乙单位 */
export function moveText(record: Pick<UnitChangeRecord, 'practitionerName' | 'fromUnitName' | 'toUnitName'>): string {
  return `${record.practitionerName}：${record.fromUnitName} → ${record.toUnitName}`;
}

/** A history step's title; a withdrawal is not a refusal. */
export function stepLabel(step: Pick<UnitChangeStepEntry, 'step' | 'comment'>): string {
  if (step.step === 'rejected' && step.comment === WITHDRAWN_REASON) return '撤回申请';
  return UNIT_CHANGE_STEP_LABELS[step.step];
}

export function stepColor(step: Pick<UnitChangeStepEntry, 'step' | 'comment'>): string {
  if (step.step === 'rejected') return step.comment === WITHDRAWN_REASON ? 'gray' : 'red';
  return step.step === 'approved' ? 'green' : 'blue';
}
