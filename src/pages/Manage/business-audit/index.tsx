/**
 * 业务审核管理: the staff's one queue of everything pending. Tabs by kind with their counts
 * (`?kind=` in the address, so the workbench links to a filtered queue), the age of each item
 * and the required documents it misses, a review drawer with the submitted record itself (its
 * page's fields and files, a key-information change before → after) and a link to its record,
 * and decisions from the queue, one at a time or for the selected rows, each confirmed with a
 * reason where needed, and asked once more when the server reports a required document
 * missing. A decision taken in the drawer moves it to the next item of the list as it reloads
 * (closing it, with a word, when none is left). Each item's result shows at once above the
 * list. The buttons of an item are its `actions` (the server's: the kind's decisions, for a
 * caller holding its code); a kind without a handler yet (another module's work) is listed
 * with none.
 */
import { useSearchParams } from '@umijs/max';
import { Alert, App, Button, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  REVIEW_ACTION_LABELS,
  type ReviewActionValue,
  type ReviewDecideResult,
  type ReviewKindCount,
  type ReviewQueueItem,
} from '@common/schemas/businessAudit';
import { REVIEW_KIND_VALUES } from '@common/schemas/membership';
import {
  dateRangeFilter,
  dateTimeColumn,
  keywordColumn,
  ManagePageContainer,
  ResourceTable,
  type BatchAction,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';
import { reviewQueue } from '@/services/businessAudit';
import { CreditFlagTags } from './components/CreditFlag';
import { decisionStep, type DecidedItem } from './components/decision';
import { nextItem } from './components/nextItem';
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

/** What is said when a decision in the drawer left nothing to go on to. */
const LIST_DONE = {
  page: '本页的待审核事项已处理完，请翻页继续',
  list: '当前列表的待审核事项已全部处理',
  queue: '待审核队列已清空',
} as const;

/** The decisions, in the order their buttons show. */
const DECISIONS: readonly ReviewActionValue[] = ['approve', 'reject', 'return'];

export default function BusinessAuditPage() {
  const { message } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const rawKind = searchParams.get('kind');
  const kind = isKind(rawKind) ? rawKind : null;
  const table = useRef<ResourceTableHandle>(null);
  const [counts, setCounts] = useState<ReviewKindCount[]>([]);
  const [decision, setDecision] = useState<ReasonRequest<ReviewDecideResult> | null>(null);
  const [result, setResult] = useState<{ action: ReviewActionValue; outcome: ReviewDecideResult } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [drawerGeneration, setDrawerGeneration] = useState(0);
  /** Why the drawer closed after a decision: nothing was left to go on to. */
  const [listDone, setListDone] = useState<keyof typeof LIST_DONE | null>(null);
  /** The rows of the page as last loaded, for the drawer's next item. */
  const shownRows = useRef<readonly ReviewQueueItem[]>([]);
  /** Set when the drawer's item was decided: the reload that follows picks the next one. */
  const advanceFrom = useRef<{ id: string; before: string[] } | null>(null);

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
  };

  const done = useCallback(
    (outcome: ReviewDecideResult, action: ReviewActionValue, fromDrawer: string | null) => {
      if (fromDrawer) {
        if (outcome.results.some((r) => r.reviewId === fromDrawer && r.ok)) {
          advanceFrom.current = { id: fromDrawer, before: shownRows.current.map((r) => r.id) };
        } else setDrawerGeneration((g) => g + 1);
      }
      setListDone(null);
      setResult({ action, outcome });
      if (outcome.failed === 0) message.success(`已${REVIEW_ACTION_LABELS[action]} ${outcome.succeeded} 条`);
      else message.warning(`${outcome.succeeded} 条已${REVIEW_ACTION_LABELS[action]}，${outcome.failed} 条未能处理`);
      table.current?.clearSelection();
      table.current?.reload();
    },
    [message],
  );
  /** `fromDrawer`: the id of the drawer's item when the decision was taken there. */
  const ask = useCallback(
    (action: ReviewActionValue, items: readonly DecidedItem[], fromDrawer: string | null = null) =>
      setDecision(decisionStep(action, items, (outcome, decided) => done(outcome, decided, fromDrawer))),
    [done],
  );

  const fetch = useCallback(
    async (query: Record<string, string | number>) => {
      const page = await reviewQueue({ ...query, kind: kind ?? undefined });
      setCounts(page.counts);
      shownRows.current = page.list;
      const decided = advanceFrom.current;
      if (decided) {
        advanceFrom.current = null;
        const next = nextItem(decided.id, decided.before, page.list);
        setOpenId(next);
        if (!next) setListDone(page.total > 0 ? 'page' : page.counts.some((c) => c.count > 0) ? 'list' : 'queue');
      }
      return page;
    },
    [kind],
  );
  useEffect(() => {
    if (listDone) message.success(LIST_DONE[listDone]);
  }, [listDone, message]);

  const columns = useMemo<ResourceColumn<ReviewQueueItem>[]>(
    () => [
      keywordColumn('审核对象、单位或提交人'),
      dateRangeFilter('提交日期', 'submittedFrom', 'submittedTo'),
      { title: '类型', dataIndex: 'kindLabel', width: 130, render: (_d, r) => <Tag color={r.actions.length ? 'blue' : 'default'}>{r.kindLabel}</Tag> },
      {
        title: '审核对象',
        dataIndex: 'subjectName',
        width: 210,
        // The link itself is cut with an ellipsis (a button does not shrink), the whole name in its title.
        render: (_d, r) => (
          <>
            <Button type="link" size="small" title={r.subjectName} style={{ padding: 0, height: 'auto', maxWidth: '100%' }} onClick={() => setOpenId(r.id)}>
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{r.subjectName}</span>
            </Button>
            {/* A project filing of a unit flagged by its credit (D tier, bad conduct in term). */}
            <CreditFlagTags flag={r.creditFlag} />
          </>
        ),
      },
      { title: '所属单位', dataIndex: 'unitName', ellipsis: true, width: 180, optional: true, responsive: ['md'], render: (_d, r) => r.unitName ?? '-' },
      { title: '提交人', dataIndex: 'submittedByName', ellipsis: true, width: 140, optional: true, responsive: ['lg'], render: (_d, r) => r.submittedByName ?? '-' },
      {
        title: '必需材料',
        dataIndex: 'missing',
        width: 150,
        render: (_d, r) =>
          r.missing.length > 0 ? <Typography.Text type="warning">缺：{r.missing.map((m) => m.label).join('、')}</Typography.Text> : <Typography.Text type="secondary">齐全</Typography.Text>,
      },
      dateTimeColumn('提交时间', 'submittedAt', { sorter: true }),
      {
        title: '已等待',
        dataIndex: 'ageDays',
        width: 90,
        render: (_d, r) => <Typography.Text type={r.ageDays > OVERDUE_DAYS ? 'danger' : undefined}>{ageText(r.ageDays)}</Typography.Text>,
      },
    ],
    [],
  );

  const rowActions = useMemo<RowAction<ReviewQueueItem>[]>(
    () => [
      { key: 'view', label: '详情', run: (r) => setOpenId(r.id) },
      ...DECISIONS.map((action): RowAction<ReviewQueueItem> => ({
        key: action,
        label: REVIEW_ACTION_LABELS[action],
        action,
        danger: action === 'reject',
        run: (r) => ask(action, [r]),
      })),
    ],
    [ask],
  );

  // Offered when at least one selected row takes the decision (the server answers for each).
  const batchActions = useMemo<BatchAction<ReviewQueueItem>[]>(
    () =>
      DECISIONS.map((action) => ({
        key: action,
        label: REVIEW_ACTION_LABELS[action],
        action,
        danger: action === 'reject',
        open: (rows) => ask(action, rows),
      })),
    [ask],
  );

  return (
    <ManagePageContainer path={PATH}>
      {result && (
        <Alert
          closable={{ onClose: () => setResult(null) }}
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
      <ResourceTable<ReviewQueueItem>
        // Each kind is a list of its own: a new tab starts from its first page.
        key={kind ?? ALL}
        headerTitle="待审核事项"
        columns={columns}
        fetch={fetch}
        emptyText="暂无待审核事项"
        rowActions={rowActions}
        batchActions={batchActions}
        rowName={(r) => r.subjectName}
        handleRef={table}
      />
      <ReviewDrawer
        reviewId={openId}
        generation={drawerGeneration}
        onClose={() => setOpenId(null)}
        onDecide={(detail, action) => ask(action, [detail], detail.id)}
      />
      <ReasonModal request={decision} onClose={() => setDecision(null)} />
    </ManagePageContainer>
  );
}
