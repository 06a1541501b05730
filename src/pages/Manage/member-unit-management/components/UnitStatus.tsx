/** A member unit's state as a badge (待审核 / 已通过 / 已驳回 / 已暂停 / 已注销), and the table filter's options. */
import { Badge } from 'antd';
import { MEMBER_UNIT_STATUS_LABELS, MEMBER_UNIT_STATUS_VALUES, type MemberUnitStatusValue } from '@common/schemas/memberUnits';

const BADGE: Record<MemberUnitStatusValue, 'processing' | 'success' | 'error' | 'warning' | 'default'> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  suspended: 'warning',
  cancelled: 'default',
};

export const STATUS_VALUE_ENUM = Object.fromEntries(
  MEMBER_UNIT_STATUS_VALUES.map((s) => [s, { text: MEMBER_UNIT_STATUS_LABELS[s], status: BADGE[s] }]),
);

export default function UnitStatus({ status }: { status: MemberUnitStatusValue }) {
  return <Badge status={BADGE[status]} text={MEMBER_UNIT_STATUS_LABELS[status]} />;
}
