/** The state of one inspection as a coloured tag (with 逾期 beside it after the deadline). */
import { Space, Tag } from 'antd';
import { INSPECTION_STATUS_LABELS, type InspectionStatusValue } from '@common/schemas/inspections';

export const STATUS_COLORS: Record<InspectionStatusValue, string> = {
  not_submitted: 'default',
  submitted: 'processing',
  resubmitted: 'processing',
  returned: 'warning',
  passed: 'success',
  failed: 'error',
};

export function StatusTag({ status, overdue = false }: { status: InspectionStatusValue; overdue?: boolean }) {
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLORS[status]}>{INSPECTION_STATUS_LABELS[status]}</Tag>
      {overdue && <Tag color="red">逾期</Tag>}
    </Space>
  );
}
