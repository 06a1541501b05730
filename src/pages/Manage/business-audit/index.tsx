/**
 * 业务审核管理 (issue 8): the staff's one queue of everything pending. Tabs by kind with their
 * counts (`?kind=` in the address, so the workbench links to a filtered queue), the age of each
 * item, a detail drawer with the subject's history and a link to its record, and decisions from
 * the queue, one at a time or for the selected rows, each confirmed with a reason where needed.
 * Each item's result shows at once above the list; a kind without a handler yet (another
 * module's work) is listed with no buttons.
 */
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useSearchParams } from '@umijs/max';
import { Alert, App, Button, Space, Tabs, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import {
  REVIEW_ACTION_LABELS,
  REVIEW_ACTION_VALUES,
  type ReviewActionValue,
  type ReviewDecideResult,
  type ReviewKindCount,
  type ReviewQueueItem,
} from '@common/schemas/businessAudit';
import { REVIEW_KIND_VALUES } from '@common/schemas/membership';
import { ManagePageContainer, useActionsFixed } from '@/components/ListPage';
import { formatDateTime } from '@/components/ListPage/format';
import { reviewQueue } from '@/services/businessAudit';
import DecisionModal, { type DecisionTarget } from './components/DecisionModal';
import ReviewDrawer from './components/ReviewDrawer';

const PATH = '/Manage/business-audit';
const ALL = 'all';
/** An item waiting longer than this is flagged. */
const OVERDUE_DAYS = 7;

type Kind = (typeof REVIEW_KIND_VALUES)[number];
const isKind = (value: string | null): value is Kind => !!value && (REVIEW_KIND_VALUES as readonly string[]).includes(value);

function ageText(days: number): string {
  return days === 0 ? '今天' : `${days} 天`;
}

export default function BusinessAuditPage() {
  const { message } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const rawKind = searchParams.get('kind');
  const kind = isKind(rawKind) ? rawKind : null;
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [counts, setCounts] = useState<ReviewKindCount[]>([]);
  const [selected, setSelected] = useState<ReviewQueueItem[]>([]);
  const [decision, setDecision] = useState<DecisionTarget | null>(null);
  const [result, setResult] = useState<{ action: ReviewActionValue; outcome: ReviewDecideResult } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);

  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const tabs = useMemo(
    () => [
      { key: ALL, label: `全部（${total}）` },
      ...counts.filter((c) => c.count > 0 || c.kind === kind).map((c) => ({ key: c.kind, label: `${c.label}（${c.count}）` })),
    ],
    [counts, total, kind],
  );

  const setKind = (next: string) => {
    const params = new URLSearchParams(searchParams);
    if (next === ALL) params.delete('kind');
    else params.set('kind', next);
    params.delete('current');
    setSearchParams(params);
    setSelected([]);
  };

  const ask = (action: ReviewActionValue, items: ReviewQueueItem[]) =>
    setDecision({ action, reviewIds: items.map((i) => i.id), names: items.map((i) => i.subjectName) });

  const done = (outcome: ReviewDecideResult, action: ReviewActionValue) => {
    setDecision(null);
    setOpenId(null);
    setSelected([]);
    setResult({ action, outcome });
    if (outcome.failed === 0) message.success(`已${REVIEW_ACTION_LABELS[action]} ${outcome.succeeded} 条`);
    else message.warning(`${outcome.succeeded} 条已${REVIEW_ACTION_LABELS[action]}，${outcome.failed} 条未能处理`);
    void actionRef.current?.reload();
  };

  const actionsFixed = useActionsFixed();
  const columns: ProColumns<ReviewQueueItem>[] = [
    { title: '关键字', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '审核对象、单位或提交人', allowClear: true, maxLength: 100 } },
    {
      title: '提交日期',
      dataIndex: 'submittedRange',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: (value: unknown) => ({ submittedFrom: Array.isArray(value) ? value[0] : undefined, submittedTo: Array.isArray(value) ? value[1] : undefined }) },
    },
    { title: '类型', dataIndex: 'kindLabel', search: false, width: 130, render: (_d, r) => <Tag color={r.actions.length ? 'blue' : 'default'}>{r.kindLabel}</Tag> },
    {
      title: '审核对象',
      dataIndex: 'subjectName',
      search: false,
      width: 280,
      // The link itself is cut with an ellipsis (a button does not shrink), the whole name in its title.
      render: (_d, r) => (
        <Button type="link" size="small" title={r.subjectName} style={{ padding: 0, height: 'auto', maxWidth: '100%' }} onClick={() => setOpenId(r.id)}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{r.subjectName}</span>
        </Button>
      ),
    },
    { title: '所属单位', dataIndex: 'unitName', search: false, ellipsis: true, width: 200, responsive: ['md'], render: (_d, r) => r.unitName ?? '-' },
    { title: '提交人', dataIndex: 'submittedByName', search: false, ellipsis: true, width: 140, responsive: ['lg'], render: (_d, r) => r.submittedByName ?? '-' },
    { title: '提交时间', dataIndex: 'submittedAt', search: false, sorter: true, width: 150, render: (_d, r) => formatDateTime(r.submittedAt) },
    {
      title: '已等待',
      dataIndex: 'ageDays',
      search: false,
      width: 90,
      render: (_d, r) => <Typography.Text type={r.ageDays > OVERDUE_DAYS ? 'danger' : undefined}>{ageText(r.ageDays)}</Typography.Text>,
    },
    {
      title: '操作',
      key: 'operations',
      valueType: 'option',
      fixed: actionsFixed,
      width: 250, // 详情 通过 驳回 退回修改: four buttons for a kind that takes all three decisions
      render: (_d, r) => [
        <Button key="view" type="link" size="small" onClick={() => setOpenId(r.id)}>
          详情
        </Button>,
        ...r.actions.map((action) => (
          <Button key={action} type="link" size="small" danger={action === 'reject'} onClick={() => ask(action, [r])}>
            {REVIEW_ACTION_LABELS[action]}
          </Button>
        )),
      ],
    },
  ];

  // Batch buttons: the decisions that at least one selected row takes (the server answers for each).
  const batchActions = REVIEW_ACTION_VALUES.filter((a) => selected.some((r) => r.actions.includes(a)));

  return (
    <ManagePageContainer path={PATH}>
      {result && (
        <Alert
          closable
          onClose={() => setResult(null)}
          style={{ marginBottom: 16 }}
          type={result.outcome.failed ? 'warning' : 'success'}
          showIcon
          title={`${REVIEW_ACTION_LABELS[result.action]}：成功 ${result.outcome.succeeded} 条${result.outcome.failed ? `，失败 ${result.outcome.failed} 条` : ''}`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {result.outcome.results.map((r) => (
                <li key={r.reviewId}>
                  {r.subjectName ?? r.reviewId}：<Typography.Text type={r.ok ? 'success' : 'danger'}>{r.message}</Typography.Text>
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Tabs activeKey={kind ?? ALL} items={tabs} onChange={setKind} />
      <ProTable<ReviewQueueItem>
        key={kind ?? ALL}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 1300 }}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true, showTotal: (n) => `共 ${n} 条` }}
        locale={{ emptyText: '暂无待审核事项' }}
        headerTitle="待审核事项"
        request={async (params, sorter) => {
          const order = Object.entries(sorter ?? {}).find(([, v]) => v);
          const query = {
            current: params.current,
            pageSize: params.pageSize,
            keyword: params.keyword as string | undefined,
            submittedFrom: params.submittedFrom as string | undefined,
            submittedTo: params.submittedTo as string | undefined,
            kind: kind ?? undefined,
            sort: order ? `submittedAt,${order[1] === 'descend' ? 'desc' : 'asc'}` : undefined,
          };
          try {
            const page = await reviewQueue(query);
            setCounts(page.counts);
            return { data: page.list, total: page.total, success: true };
          } catch {
            return { data: [], total: 0, success: false };
          }
        }}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
          getCheckboxProps: (r) => ({ disabled: r.actions.length === 0, 'aria-label': `选择 ${r.subjectName}` }),
        }}
        tableAlertRender={({ selectedRowKeys, onCleanSelected }) => (
          <Space>
            <span>已选择 {selectedRowKeys.length} 项</span>
            <Button type="link" size="small" onClick={onCleanSelected}>
              取消选择
            </Button>
          </Space>
        )}
        tableAlertOptionRender={() => (
          <Space wrap>
            {batchActions.map((action) => (
              <Button key={action} size="small" type={action === 'approve' ? 'primary' : 'default'} danger={action === 'reject'} onClick={() => ask(action, selected)}>
                批量{REVIEW_ACTION_LABELS[action]}
              </Button>
            ))}
          </Space>
        )}
      />
      <ReviewDrawer reviewId={openId} onClose={() => setOpenId(null)} onDecide={(detail, action) => ask(action, [detail])} />
      <DecisionModal target={decision} onClose={() => setDecision(null)} onDone={done} />
    </ManagePageContainer>
  );
}
