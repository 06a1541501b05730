/** How the complaint pages show a complaint's state, its conclusion and its deadline. */
import { Tag } from 'antd';
import { deadlineText } from '@common/complaintDeadlines';
import {
  COMPLAINT_CONCLUSION_LABELS,
  COMPLAINT_DUE_SOON_DAYS,
  COMPLAINT_KIND_LABELS,
  COMPLAINT_STATUS_LABELS,
  type ComplaintConclusion,
  type ComplaintStatus,
} from '@common/credit';
import { COMPLAINT_DEADLINE_LABELS, type ComplaintDeadline, type ComplaintListItem } from '@common/schemas/complaints';
import type { StatusStyle } from '@/components/ReviewedSubject';

export const COMPLAINT_STATUS_STYLE: StatusStyle<ComplaintStatus> = {
  labels: COMPLAINT_STATUS_LABELS,
  badges: { pending: 'warning', accepted: 'processing', declined: 'default', answered: 'processing', concluded: 'success' },
};

export const CONCLUSION_COLORS: Record<ComplaintConclusion, string> = { upheld: 'error', partly: 'warning', rejected: 'default' };

export function ConclusionTag({ conclusion }: { conclusion: ComplaintConclusion | null }) {
  if (!conclusion) return <span>-</span>;
  return <Tag color={CONCLUSION_COLORS[conclusion]}>{COMPLAINT_CONCLUSION_LABELS[conclusion]}</Tag>;
}

/** 受理期限 剩余 3 天 / 今天截止 / 已逾期 2 天: red once past, orange when running out. */
export function DeadlineTag({ deadline, withStep = true }: { deadline: ComplaintDeadline | null; withStep?: boolean }) {
  if (!deadline) return <span>-</span>;
  const color = deadline.daysLeft < 0 ? 'error' : deadline.daysLeft <= COMPLAINT_DUE_SOON_DAYS ? 'warning' : 'default';
  const text = deadlineText(deadline.daysLeft);
  return (
    <Tag color={color} title={`${COMPLAINT_DEADLINE_LABELS[deadline.step]}：${deadline.dueOn}`}>
      {withStep ? `${COMPLAINT_DEADLINE_LABELS[deadline.step]} ${text}` : text}
    </Tag>
  );
}

/** What a step names: 投诉 TS2026000123「标题」. */
export const complaintName = (r: Pick<ComplaintListItem, 'kind' | 'complaintNo' | 'title'>) => `${COMPLAINT_KIND_LABELS[r.kind]} ${r.complaintNo}「${r.title}」`;
