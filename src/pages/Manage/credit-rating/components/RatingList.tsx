/**
 * Staff's list of the years' ratings: year, rules version, state, 公示 window, units by tier,
 * objections, what the next step waits for; filters year and state. 启动年度评价 in the toolbar
 * (credit:rating:manage); 查看 opens the rating's drawer; 重新计算, 发布公示, 终评 and 导出 show
 * on the rows whose `actions` offer them, each asked first.
 */
import { Space, Tag, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { CREDIT_RATING_STATUS_LABELS, CREDIT_TIERS } from '@common/credit';
import type { CreditRatingRecord } from '@common/schemas/credit';
import { RatingStatusTag, windowText } from '@/components/CreditTags';
import { dateTimeColumn, ResourceTable, yearFilter, type ResourceColumn, type ResourceTableHandle, type RowAction } from '@/components/ListPage';
import { creditRatings } from '@/services/credit';
import RatingDrawer from './RatingDrawer';
import { useRatingSteps } from './ratingSteps';
import StartRatingModal from './StartRatingModal';
import UnitScoreDrawer from './UnitScoreDrawer';
import { useRatingParams } from './useRatingParams';

const TIER_COLORS = { A: 'green', B: 'blue', C: 'gold', D: 'red' } as const;

function TierCounts({ rating }: { rating: CreditRatingRecord }) {
  if (!rating.tierCounts) return <>-</>;
  const counts = rating.tierCounts;
  return (
    <Space size={[4, 4]} wrap>
      {CREDIT_TIERS.map((t) => (
        <Tag key={t} color={counts[t] > 0 ? TIER_COLORS[t] : 'default'} style={{ marginInlineEnd: 0 }}>
          {t} {counts[t]}
        </Tag>
      ))}
    </Space>
  );
}

function Objections({ rating }: { rating: CreditRatingRecord }) {
  const c = rating.objectionCounts;
  if (!c) return <>-</>;
  const total = c.pending + c.upheld + c.rejected;
  if (total === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      {c.pending > 0 ? <Typography.Text type="warning">待答复 {c.pending}</Typography.Text> : <span>已全部答复</span>}
      <Typography.Text type="secondary">共 {total} 件</Typography.Text>
    </Space>
  );
}

export default function RatingList() {
  const table = useRef<ResourceTableHandle>(null);
  const params = useRatingParams();
  const { confirmStep, exportRating } = useRatingSteps();
  const [starting, setStarting] = useState(false);
  // Bumped by a step taken anywhere: the open drawers load their rating again.
  const [changes, setChanges] = useState(0);
  const changed = useCallback(() => {
    table.current?.reload();
    setChanges((n) => n + 1);
  }, []);

  const columns = useMemo<ResourceColumn<CreditRatingRecord>[]>(
    () => [
      yearFilter('评价的年度（该年发生的信用记录计入）'),
      {
        title: '年度',
        key: 'yearShown',
        dataIndex: 'year',
        width: 80,
        render: (_d, r) => (
          <Typography.Link onClick={() => params.openRating(r.id)} strong>
            {r.year}年度
          </Typography.Link>
        ),
      },
      {
        title: '状态',
        dataIndex: 'status',
        width: 80,
        valueType: 'select',
        valueEnum: Object.fromEntries(Object.entries(CREDIT_RATING_STATUS_LABELS).map(([value, text]) => [value, { text }])),
        filter: true,
        render: (_d, r) => <RatingStatusTag status={r.status} />,
      },
      { title: '规则版本', dataIndex: 'ruleVersionNo', width: 80, render: (_d, r) => `第 ${r.ruleVersionNo} 版` },
      { title: '公示期', dataIndex: 'publicityFrom', width: 180, render: (_d, r) => windowText(r.publicityFrom, r.publicityUntil) },
      { title: '参评单位', dataIndex: 'unitCount', width: 90, optional: true, render: (_d, r) => (r.unitCount === null ? '-' : `${r.unitCount} 家`) },
      { title: '等级分布', dataIndex: 'tierCounts', width: 180, render: (_d, r) => <TierCounts rating={r} /> },
      { title: '异议', dataIndex: 'objectionCounts', width: 90, render: (_d, r) => <Objections rating={r} /> },
      {
        title: '下一步',
        dataIndex: 'waiting',
        width: 200,
        optional: true,
        render: (_d, r) => {
          if (r.status === 'final') return <Typography.Text type="secondary">已锁定</Typography.Text>;
          if (r.status === 'initial') return <Typography.Text type="secondary">初评结果未公开，可重新计算后发布公示</Typography.Text>;
          return r.waiting ?? '公示期满、异议已答复，可终评';
        },
      },
      { ...dateTimeColumn<CreditRatingRecord>('启动时间', 'startedAt'), optional: true },
      { ...dateTimeColumn<CreditRatingRecord>('终评时间', 'finalizedAt'), optional: true },
    ],
    [params],
  );

  const rowActions = useMemo<RowAction<CreditRatingRecord>[]>(
    () => [
      { key: 'view', label: '查看', run: (r) => params.openRating(r.id) },
      { key: 'recompute', label: '重新计算', action: 'recompute', run: (r) => confirmStep(r, 'recompute').then((taken) => taken && changed()), reload: false },
      { key: 'publicize', label: '发布公示', action: 'publicize', run: (r) => confirmStep(r, 'publicize').then((taken) => taken && changed()), reload: false },
      { key: 'finalize', label: '终评', action: 'finalize', run: (r) => confirmStep(r, 'finalize').then((taken) => taken && changed()), reload: false },
      { key: 'export', label: '导出', action: 'export', run: (r) => exportRating(r), reload: false },
    ],
    [params, confirmStep, exportRating, changed],
  );

  return (
    <>
      <ResourceTable<CreditRatingRecord>
        headerTitle="年度信用评价"
        columns={columns}
        fetch={creditRatings.list}
        create={{ code: 'credit:rating:manage', label: '启动年度评价', onClick: () => setStarting(true) }}
        rowActions={rowActions}
        emptyText="尚未开展年度信用评价"
        handleRef={table}
      />
      <StartRatingModal
        open={starting}
        onClose={() => setStarting(false)}
        onStarted={(id) => {
          changed();
          params.openRating(id);
        }}
      />
      <RatingDrawer
        id={params.ratingId}
        refreshKey={changes}
        onClose={params.closeRating}
        onChanged={changed}
        onOpenUnit={(unitId) => params.ratingId && params.openUnit(params.ratingId, unitId)}
      />
      <UnitScoreDrawer
        ratingId={params.ratingId}
        unitId={params.unitId}
        refreshKey={changes}
        onClose={params.closeUnit}
        onChanged={changed}
      />
    </>
  );
}
