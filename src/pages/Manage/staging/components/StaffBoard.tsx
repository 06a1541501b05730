/** The staff workbench: what waits by kind (each a link to the filtered queue), the totals, the year's charts, the latest log entries. */
import { Card, Col, Empty, List, Row, Select, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from '@umijs/max';
import type { ComplaintWork, LabelledCount, ReviewWork, StaffWorkbench } from '@common/schemas/workbench';
import { formatDateTime } from '@/components/ListPage/format';

// Loaded only when the staff workbench shows: the charts library stays out of every other chunk.
const YearCharts = lazy(() => import(/* webpackChunkName: "workbench-charts" */ './YearCharts'));

function Breakdown({ items }: { items: LabelledCount[] }) {
  if (items.length === 0) return <Typography.Text type="secondary">暂无</Typography.Text>;
  return (
    <Space wrap size={[4, 4]}>
      {items.map((i) => (
        <Tag key={i.key || i.label}>
          {i.label} {i.count}
        </Tag>
      ))}
    </Space>
  );
}

/** Quality review's open tasks by what they wait for, each a link to the review page filtered to it. */
function ReviewWorkCard({ work }: { work: ReviewWork }) {
  const items = [
    { key: 'awaitingDraw', label: '待抽取专家', count: work.awaitingDraw, link: work.links.awaitingDraw },
    { key: 'awaitingAnswers', label: '待专家确认', count: work.awaitingAnswers, link: work.links.awaitingAnswers },
    { key: 'awaitingSheets', label: '待录入评分表', count: work.awaitingSheets, link: work.links.awaitingSheets },
  ];
  return (
    <Card title="专家评审" size="small" extra={<Link to="/Manage/expert-review">评审管理</Link>}>
      <Row gutter={[16, 16]}>
        {items.map((i) => (
          <Col key={i.key} xs={8} lg={6} xl={4}>
            <Link to={i.link} aria-label={`${i.label}：${i.count} 项`}>
              <Card hoverable size="small">
                <Statistic title={i.label} value={i.count} suffix="项" />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** Complaints waiting for the association: acceptance, deadlines running out or past, each a link to the filtered list. */
function ComplaintWorkCard({ work }: { work: ComplaintWork }) {
  const items = [
    { key: 'awaitingAcceptance', label: '待受理', count: work.awaitingAcceptance, link: work.links.awaitingAcceptance },
    { key: 'dueSoon', label: '即将到期', count: work.dueSoon, link: work.links.dueSoon },
    { key: 'overdue', label: '已逾期', count: work.overdue, link: work.links.overdue },
  ];
  return (
    <Card title="投诉举报" size="small" extra={<Link to="/Manage/complaint">投诉举报</Link>}>
      <Row gutter={[16, 16]}>
        {items.map((i) => (
          <Col key={i.key} xs={8} lg={6} xl={4}>
            <Link to={i.link} aria-label={`投诉举报${i.label}：${i.count} 件`}>
              <Card hoverable size="small">
                <Statistic title={i.label} value={i.count} suffix="件" />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

export interface StaffBoardProps {
  data: StaffWorkbench;
  /** Another year for the charts. */
  onYearChange: (year: number) => void;
  /** The charts of the chosen year are on their way. */
  yearLoading?: boolean;
}

export default function StaffBoard({ data, onYearChange, yearLoading = false }: StaffBoardProps) {
  const waiting = data.pending.filter((p) => p.count > 0);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={`待我审核（共 ${data.pendingTotal} 项）`} size="small">
        {waiting.length === 0 ? (
          <Empty description="暂无待审核事项" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Row gutter={[16, 16]}>
            {waiting.map((p) => (
              <Col key={p.kind} xs={12} sm={8} lg={6} xl={4}>
                <Link to={p.link} aria-label={`${p.label}：${p.count} 项待审核`}>
                  <Card hoverable size="small">
                    <Statistic title={p.label} value={p.count} suffix="项" />
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
      {data.reviews && <ReviewWorkCard work={data.reviews} />}
      {data.complaints && <ComplaintWorkCard work={data.complaints} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <Card size="small">
            <Statistic title="会员单位" value={data.totals.units} suffix="家" />
            <Breakdown items={data.totals.unitsByLevel} />
          </Card>
        </Col>
        <Col xs={12} sm={6} xl={6}>
          <Card size="small">
            <Statistic title="从业人员" value={data.totals.practitioners} suffix="人" />
          </Card>
        </Col>
        <Col xs={12} sm={6} xl={6}>
          <Card size="small">
            <Statistic title="专家" value={data.totals.experts} suffix="人" />
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card size="small">
            <Statistic title="项目" value={data.totals.projects} suffix="个" />
            <Breakdown items={data.totals.projectsByRisk} />
          </Card>
        </Col>
      </Row>
      <Space wrap>
        <Typography.Text id="workbench-year-label">统计年度</Typography.Text>
        <Select
          aria-labelledby="workbench-year-label"
          style={{ width: 120 }}
          value={data.year}
          loading={yearLoading}
          options={data.years.map((y) => ({ label: `${y} 年`, value: y }))}
          onChange={onYearChange}
        />
      </Space>
      <Suspense fallback={<Skeleton active />}>
        <YearCharts year={data.year} monthly={data.monthly} projectsByType={data.projectsByType} projectsByRisk={data.projectsByRiskOfYear} />
      </Suspense>
      {data.recentLogs && (
        <Card title="最新操作日志" size="small" extra={<Link to="/Manage/operation-log">查看全部</Link>}>
          <List
            size="small"
            dataSource={data.recentLogs}
            locale={{ emptyText: '暂无操作日志' }}
            renderItem={(l) => (
              <List.Item>
                {/* Not a Space: its items do not shrink, so a long summary (Chinese has no
                    spaces to break at) pushed a phone's page sideways. */}
                <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 8, minWidth: 0 }}>
                  <Typography.Text type="secondary">{formatDateTime(l.at)}</Typography.Text>
                  <span>{l.actorName ?? '系统'}</span>
                  <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{l.summary}</span>
                  {l.result !== 'success' && <Tag color="red">失败</Tag>}
                </div>
              </List.Item>
            )}
          />
        </Card>
      )}
    </Space>
  );
}
