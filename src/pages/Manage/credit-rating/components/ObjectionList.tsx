/**
 * A rating's objections (GET /credit-ratings/:id/objections): the unit, when, what it says, its
 * state and answer; filter by state; 答复 on those whose `actions` offer it, 得分明细 opens the
 * unit's score.
 */
import { Button, Empty, Result, Select, Space, Table, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { CREDIT_OBJECTION_STATUS_LABELS, CREDIT_OBJECTION_STATUSES, type CreditObjectionStatus } from '@common/credit';
import type { CreditObjectionRecord, CreditRatingRecord } from '@common/schemas/credit';
import { ObjectionStatusTag } from '@/components/CreditTags';
import { formatDateTime } from '@/components/ListPage';
import { useApiRequest } from '@/hooks/useApiRequest';
import { listCreditObjections } from '@/services/credit';
import { useAnswerObjection } from './useAnswerObjection';

const PAGE_SIZE = 10;

export interface ObjectionListProps {
  rating: CreditRatingRecord;
  refreshKey: number;
  onChanged: () => void;
  onOpenUnit: (unitId: string) => void;
}

export default function ObjectionList({ rating, refreshKey, onChanged, onOpenUnit }: ObjectionListProps) {
  const [status, setStatus] = useState<CreditObjectionStatus | undefined>();
  const [current, setCurrent] = useState(1);
  const { data, loading, error, refresh } = useApiRequest(() => listCreditObjections(rating.id, { current, pageSize: PAGE_SIZE, status }), {
    refreshDeps: [rating.id, current, status, refreshKey],
    refreshOnWindowFocus: false,
    onError: () => undefined,
  });
  const { ask, dialog } = useAnswerObjection(onChanged);

  const columns: TableProps<CreditObjectionRecord>['columns'] = [
    { title: '会员单位', dataIndex: 'unitName', width: 180, ellipsis: true },
    { title: '提出时间', dataIndex: 'createdAt', width: 150, responsive: ['md'], render: (v: string) => formatDateTime(v) },
    {
      title: '异议内容',
      dataIndex: 'content',
      responsive: ['md'],
      render: (_v, r) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.content }} style={{ marginBottom: 0 }}>
            {r.content}
          </Typography.Paragraph>
          {r.answer && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: r.answer }}>
              答复：{r.answer}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 110, render: (v: CreditObjectionStatus) => <ObjectionStatusTag status={v} /> },
    {
      title: '操作',
      key: 'operations',
      width: 130,
      render: (_v, r) => (
        <Space size={0} wrap>
          {r.actions.includes('answer') && (
            <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => void ask(r)}>
              答复
            </Button>
          )}
          <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => onOpenUnit(r.unitId)}>
            得分明细
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Select<CreditObjectionStatus>
        allowClear
        placeholder="全部状态"
        aria-label="按异议状态筛选"
        style={{ width: 160 }}
        value={status}
        onChange={(v) => {
          setStatus(v);
          setCurrent(1);
        }}
        options={CREDIT_OBJECTION_STATUSES.map((s) => ({ value: s, label: CREDIT_OBJECTION_STATUS_LABELS[s] }))}
      />
      <Table<CreditObjectionRecord>
        size="small"
        rowKey="id"
        aria-label={`${rating.year}年度信用评价的异议`}
        loading={loading}
        columns={columns}
        dataSource={data?.list ?? []}
        tableLayout="fixed"
        pagination={{ current, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false, showTotal: (total) => `共 ${total} 件`, onChange: setCurrent }}
        locale={{
          emptyText:
            error && !data ? (
              <Result status="warning" title="异议加载失败" extra={<Button onClick={refresh}>重试</Button>} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={status ? '没有该状态的异议' : rating.status === 'initial' ? '发布公示后，会员单位可在公示期内提出异议' : '暂无异议'} />
            ),
        }}
      />
      {dialog}
    </Space>
  );
}
