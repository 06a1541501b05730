/**
 * 我的信用 (a member unit): its score and tier in each year's rating, the 公示 window and its
 * objection's state; 查看明细 opens the score with every event behind it, where 提出异议 shows
 * while the score's `actions` allow it. Read only otherwise: a unit takes no step of a rating.
 */
import { useModel } from '@umijs/max';
import { Alert, App, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { CREDIT_RATING_STATUS_LABELS } from '@common/credit';
import { CREDIT_PAGES, type CreditRatingRecord } from '@common/schemas/credit';
import { ObjectionStatusTag, RatingStatusTag, TierTag, windowText } from '@/components/CreditTags';
import { ResourceTable, yearFilter, type ResourceColumn, type ResourceTableHandle, type RowAction } from '@/components/ListPage';
import { creditRatings } from '@/services/credit';
import UnitScoreDrawer from './UnitScoreDrawer';
import { useRatingParams } from './useRatingParams';

export default function MyCredit() {
  const { initialState } = useModel('@@initialState');
  const ownUnitId = initialState?.currentUser?.unitId ?? null;
  const params = useRatingParams();
  const table = useRef<ResourceTableHandle>(null);
  const [changes, setChanges] = useState(0);
  const changed = useCallback(() => {
    table.current?.reload();
    setChanges((n) => n + 1);
  }, []);
  const { message } = App.useApp();
  const open = params.openRating;

  const columns = useMemo<ResourceColumn<CreditRatingRecord>[]>(
    () => [
      yearFilter('评价的年度'),
      {
        title: '年度',
        key: 'yearShown',
        dataIndex: 'year',
        width: 90,
        render: (_d, r) =>
          r.own ? (
            <Typography.Link onClick={() => open(r.id)} strong>
              {r.year}年度
            </Typography.Link>
          ) : (
            `${r.year}年度`
          ),
      },
      {
        title: '评价状态',
        dataIndex: 'status',
        width: 100,
        valueType: 'select',
        valueEnum: Object.fromEntries(Object.entries(CREDIT_RATING_STATUS_LABELS).map(([value, text]) => [value, { text }])),
        filter: true,
        render: (_d, r) => <RatingStatusTag status={r.status} />,
      },
      { title: '得分', dataIndex: 'own', width: 80, render: (_d, r) => (r.own ? <Typography.Text strong>{r.own.score}</Typography.Text> : '未参评') },
      { title: '等级', key: 'tier', width: 120, render: (_d, r) => (r.own ? <TierTag tier={r.own.tier} /> : '-') },
      { title: '公示期', dataIndex: 'publicityFrom', width: 200, render: (_d, r) => windowText(r.publicityFrom, r.publicityUntil) },
      {
        title: '异议',
        key: 'objection',
        width: 110,
        render: (_d, r) => (r.own?.objectionStatus ? <ObjectionStatusTag status={r.own.objectionStatus} /> : '-'),
      },
    ],
    [open],
  );

  const rowActions = useMemo<RowAction<CreditRatingRecord>[]>(
    // A year the unit was not rated in (approved after it started) has no score to open.
    () => [{ key: 'view', label: '查看明细', run: (r) => (r.own ? open(r.id) : void message.info(`本单位未参加${r.year}年度信用评价`)) }],
    [open, message],
  );
  // A unit opens its own score only: the address's unitId, else its own.
  const unitId = params.ratingId ? (params.unitId ?? ownUnitId) : null;

  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="信用评价以基础分加减各年度信用记录的分值计算，初评后公示 7 天，公示期内可对本单位结果提出异议；终评后的等级在信用公示页公开。"
        action={
          <Typography.Link href={CREDIT_PAGES.public} target="_blank">
            信用公示
          </Typography.Link>
        }
      />
      <ResourceTable<CreditRatingRecord>
        headerTitle="本单位各年度信用评价"
        columns={columns}
        fetch={creditRatings.list}
        rowActions={rowActions}
        emptyText="协会尚未开展年度信用评价"
        handleRef={table}
      />
      <UnitScoreDrawer ratingId={params.ratingId} unitId={unitId} refreshKey={changes} onClose={params.closeRating} onChanged={changed} />
    </>
  );
}
