/**
 * A rating's units with their scores (GET /credit-ratings/:id/units): filter by tier and unit
 * name, sort by score (highest first by default), name or tier; each row's 明细 opens the unit's
 * score with every event behind it. On a phone the secondary columns fold away.
 */
import { Button, Empty, Input, Result, Select, Space, Table, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { CREDIT_TIER_LABELS, CREDIT_TIERS, type CreditTier } from '@common/credit';
import type { CreditRatingExportQuery, CreditRatingRecord, CreditRatingUnitItem } from '@common/schemas/credit';
import { ObjectionStatusTag, Points, TierTag } from '@/components/CreditTags';
import { useApiRequest } from '@/hooks/useApiRequest';
import { listCreditRatingUnits } from '@/services/credit';

const PAGE_SIZE = 10;
type SortField = 'score' | 'unitName' | 'tier';

export interface UnitScoresProps {
  rating: CreditRatingRecord;
  refreshKey: number;
  onOpenUnit: (unitId: string) => void;
  /** Given when the rating offers `export`: called with the filters and order on screen. */
  onExport?: (query: CreditRatingExportQuery) => void;
}

export default function UnitScores({ rating, refreshKey, onOpenUnit, onExport }: UnitScoresProps) {
  const [tier, setTier] = useState<CreditTier | undefined>();
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<{ field: SortField; order: 'asc' | 'desc' } | null>(null);
  const [current, setCurrent] = useState(1);
  const filters: CreditRatingExportQuery = { tier, keyword: keyword || undefined, sort: sort ? `${sort.field},${sort.order}` : undefined };
  const { data, loading, error, refresh } = useApiRequest(
    () => listCreditRatingUnits(rating.id, { current, pageSize: PAGE_SIZE, ...filters }),
    { refreshDeps: [rating.id, rating.version, current, tier, keyword, sort, refreshKey], refreshOnWindowFocus: false, onError: () => undefined },
  );

  const orderOf = (field: SortField) => (sort?.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);
  const columns: TableProps<CreditRatingUnitItem>['columns'] = [
    {
      title: '会员单位',
      dataIndex: 'unitName',
      sorter: true,
      sortOrder: orderOf('unitName'),
      render: (_v, r) => (
        <Typography.Link onClick={() => onOpenUnit(r.unitId)}>{r.unitName}</Typography.Link>
      ),
    },
    {
      title: '得分',
      dataIndex: 'score',
      width: 90,
      sorter: true,
      // The server's default order, the highest score first; a click turns it round.
      sortOrder: sort ? orderOf('score') : 'descend',
      sortDirections: ['descend', 'ascend'],
      render: (v: number) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: '等级', dataIndex: 'tier', width: 90, sorter: true, sortOrder: orderOf('tier'), render: (v: CreditTier) => <TierTag tier={v} short /> },
    {
      title: '计分记录',
      dataIndex: 'eventCount',
      width: 150,
      responsive: ['md'],
      render: (_v, r) =>
        r.eventCount === 0 ? (
          <Typography.Text type="secondary">无</Typography.Text>
        ) : (
          <Space size={8} wrap>
            <span>{r.eventCount} 条</span>
            {r.badPoints !== 0 && <Points points={r.badPoints} />}
            {r.goodPoints !== 0 && <Points points={r.goodPoints} />}
          </Space>
        ),
    },
    {
      title: '异议',
      dataIndex: 'objectionStatus',
      width: 110,
      responsive: ['md'],
      render: (_v, r) => (r.objectionStatus ? <ObjectionStatusTag status={r.objectionStatus} /> : '-'),
    },
    {
      title: '操作',
      key: 'operations',
      width: 70,
      render: (_v, r) => (
        <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => onOpenUnit(r.unitId)}>
          明细
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        <Select<CreditTier>
          allowClear
          placeholder="全部等级"
          aria-label="按等级筛选"
          style={{ width: 160 }}
          value={tier}
          onChange={(v) => {
            setTier(v);
            setCurrent(1);
          }}
          options={CREDIT_TIERS.map((t) => ({ value: t, label: CREDIT_TIER_LABELS[t] }))}
        />
        <Input.Search
          allowClear
          placeholder="单位名称"
          aria-label="按单位名称搜索"
          maxLength={100}
          style={{ width: 220 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setCurrent(1);
          }}
        />
        {onExport && <Button onClick={() => onExport(filters)}>{tier || keyword ? '导出筛选结果' : '导出'}</Button>}
      </Space>
      <Table<CreditRatingUnitItem>
        size="small"
        rowKey="unitId"
        aria-label={`${rating.year}年度各会员单位得分`}
        loading={loading}
        columns={columns}
        dataSource={data?.list ?? []}
        tableLayout="fixed"
        pagination={{ current, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false, showTotal: (total) => `共 ${total} 家` }}
        onChange={(pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = typeof one?.field === 'string' ? (one.field as SortField) : null;
          setSort(field && one.order ? { field, order: one.order === 'ascend' ? 'asc' : 'desc' } : null);
          setCurrent(pagination.current ?? 1);
        }}
        locale={{
          emptyText:
            error && !data ? (
              <Result status="warning" title="单位得分加载失败" extra={<Button onClick={refresh}>重试</Button>} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tier || keyword ? '没有符合条件的单位' : '暂无参评单位'} />
            ),
        }}
      />
    </Space>
  );
}
