/**
 * 专家评审 of a project (inside its detail): its review tasks, newest first, with the status,
 * date, score, conclusion and the revised report's state; never the panel (common/schemas/reviewTasks.ts,
 * ProjectReviewSummary). Each links to the task on the review page for those who may open it.
 */
import { Card, List, Space, Tag, Typography } from 'antd';
import { Link } from '@umijs/max';
import { REVIEW_CONCLUSION_LABELS } from '@common/expertReview';
import { findPage } from '@common/menu';
import { REVIEW_REVISION_STATUS_LABELS, type ProjectReviewSummary } from '@common/schemas/reviewTasks';
import { StatusBadge } from '@/components/ReviewedSubject';
import { useAccessFlags } from '@/hooks/useCan';
import { labelOf, useDictionaries } from '@/hooks/useDictionaries';
import { CONCLUSION_COLORS, formatScore, TASK_STATUS_STYLE } from '../../expert-review/components/reviewWords';

const REVIEW_PAGE = '/Manage/expert-review';

export default function ProjectReviews({ reviews }: { reviews: readonly ProjectReviewSummary[] }) {
  const { canSeeMenu } = useAccessFlags();
  const { review_reason: reasons } = useDictionaries('review_reason');
  const page = findPage(REVIEW_PAGE);
  const mayOpen = !!page && canSeeMenu(page);
  return (
    <Card size="small" title="专家评审">
      <List
        size="small"
        dataSource={[...reviews]}
        locale={{ emptyText: '暂无专家评审' }}
        renderItem={(r) => (
          <List.Item>
            <Space orientation="vertical" size={2} style={{ minWidth: 0 }}>
              <Space wrap size={[8, 0]}>
                <span>
                  {r.reviewOn} · {labelOf(reasons, r.reason)}
                </span>
                <StatusBadge status={r.status} style={TASK_STATUS_STYLE} />
              </Space>
              {r.resultConclusion ? (
                <Space wrap size={[8, 0]}>
                  <span>评审得分 {formatScore(r.resultScore)}</span>
                  <Tag color={CONCLUSION_COLORS[r.resultConclusion]}>{REVIEW_CONCLUSION_LABELS[r.resultConclusion]}</Tag>
                  {r.revisionStatus && <Typography.Text type="secondary">{REVIEW_REVISION_STATUS_LABELS[r.revisionStatus]}</Typography.Text>}
                </Space>
              ) : (
                r.drawnAt && <Typography.Text type="secondary">已抽取 {r.panelSize} 名评审专家</Typography.Text>
              )}
            </Space>
            {mayOpen && <Link to={`${REVIEW_PAGE}?id=${encodeURIComponent(r.id)}`}>查看评审</Link>}
          </List.Item>
        )}
      />
    </Card>
  );
}
