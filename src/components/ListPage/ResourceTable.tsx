/**
 * <ResourceTable/>: the back office's list. A ProTable over one resource of the API that
 *
 * - keeps paging, sort, the search form's filters and the keyword in the URL
 *   (useUrlTableState), and starts from the URL (a link, a reload, Back);
 * - sends ProTable's sorter as `sort=field,asc|desc` and date ranges as two calendar days;
 * - shows "暂无数据" (or the page's `emptyText`), or "加载失败" with 重试 when the request
 *   failed (the request layer has already said why);
 * - offers 新建 in the toolbar and batch actions on selected rows (confirmed, then "已发布 3 条
 *   记录") to those whose permission codes allow them, and an operations column whose buttons
 *   (RowAction: confirm first where asked) show on the rows whose `actions` list them (the
 *   server's answer for this caller and that row's state);
 * - optionally orders rows by drag (DragSortTable), when the whole list shows unfiltered.
 *
 * A page declares columns, actions and a `fetch`; see src/pages/Manage/notice for the
 * simplest full example.
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { DragSortTable, ProTable, type ActionType, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import { App, Button, Empty, Popconfirm, Result, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import type { PermissionCode } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import { useCan } from '@/hooks/useCan';
import type { ActionContext, BatchAction, ExportAction, ListFilters, ResourceColumn, ResourceRow, RowAction } from './types';
import { useActionsFixed } from './useActionsFixed';
import { useUrlTableState } from './useUrlTableState';
import { fromProSort, toApiQuery, toProSortOrder, type SortOrder, type TableQuery } from './urlTableState';

export interface ResourceTableHandle {
  /** Reloads the current page with the current filters. */
  reload: () => void;
  /** Unselects every row (after a batch the page ran in its own dialog). */
  clearSelection: () => void;
}

export interface ResourceTableProps<T extends ResourceRow> {
  columns: ResourceColumn<T>[];
  /** The list call: the API's query (current, pageSize, sort, filters) → a page. */
  fetch: (query: Record<string, string | number>) => Promise<Page<T>>;
  headerTitle?: ReactNode;
  defaultPageSize?: number;
  /** The 新建 button. */
  create?: { code?: PermissionCode; label?: string; onClick: () => void };
  rowActions?: RowAction<T>[];
  /** Width of the operations column. */
  actionsWidth?: number;
  batchActions?: BatchAction<T>[];
  /**
   * Order by drag: the handle shows in column `column`; `onSort` receives every id in the
   * new order (POST /<resource>/reorder). Only offered when the whole list shows on one page
   * without filters or another sort.
   */
  dragSort?: { column: string; code?: PermissionCode; onSort: (ids: string[]) => Promise<unknown> };
  /** Export buttons (right of `toolbarExtra`, left of 新建), with the filters of the last list call. */
  exports?: ExportAction[];
  /** More toolbar buttons, left of 新建. */
  toolbarExtra?: ReactNode[];
  handleRef?: Ref<ResourceTableHandle>;
  scrollX?: number;
  /** What an empty list says (暂无数据 by default). */
  emptyText?: string;
  /** What a row is called, for its selection box's label ("选择 <name>"). */
  rowName?: (record: T) => string;
}

/** Link buttons in rows sit as tightly as text links, but are real buttons for the keyboard. */
const ROW_BUTTON = { paddingInline: 4, height: 'auto' } as const;

function dataIndexOf<T>(column: ProColumns<T>): string | undefined {
  const { dataIndex } = column as { dataIndex?: unknown };
  return typeof dataIndex === 'string' ? dataIndex : undefined;
}

/** The filter keys (search form fields, date range ends) the columns declare. */
export function filterKeysOf<T>(columns: readonly ResourceColumn<T>[]): string[] {
  return columns.flatMap((c) => {
    if (!c.filter) return [];
    if (c.filter === true) return dataIndexOf(c) ? [dataIndexOf(c) as string] : [];
    return [c.filter.from, c.filter.to];
  });
}

/** The form's starting values from the URL's filters (date ranges back to two days). */
function formValuesOf<T>(columns: readonly ResourceColumn<T>[], filters: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const c of columns) {
    const key = dataIndexOf(c);
    if (!key || !c.filter) continue;
    if (c.filter === true) {
      if (filters[key] !== undefined) values[key] = filters[key];
    } else if (filters[c.filter.from] || filters[c.filter.to]) {
      const { from, to } = c.filter;
      values[key] = [filters[from] ? dayjs(filters[from]) : undefined, filters[to] ? dayjs(filters[to]) : undefined];
    }
  }
  return values;
}

/** The server's `actions` of a row (none when the resource sends no list). */
function actionsOf(record: ResourceRow): readonly unknown[] {
  const { actions } = record;
  return Array.isArray(actions) ? actions : [];
}

/** Whether a row action's button shows on this row: the row's `actions` list what it needs. */
function offered<T extends ResourceRow>(action: RowAction<T>, record: T): boolean {
  return action.action === undefined || actionsOf(record).includes(action.action);
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? value : String(value);
}

export default function ResourceTable<T extends ResourceRow>(props: ResourceTableProps<T>) {
  const { columns, fetch, create, rowActions = [], batchActions = [], dragSort, defaultPageSize = 10 } = props;
  const can = useCan();
  const { message, modal } = App.useApp();
  const allowed = useCallback((code?: PermissionCode) => !code || can(code), [can]);

  const filterKeys = useMemo(() => filterKeysOf(columns), [columns]);
  const sortFields = useMemo(
    () => columns.filter((c) => c.sorter).flatMap((c) => (dataIndexOf(c) ? [dataIndexOf(c) as string] : [])),
    [columns],
  );
  const url = useUrlTableState({ filterKeys, sortFields, defaultPageSize });
  // What the table starts from: the URL when it (re)mounts; afterwards the table leads.
  const [start, setStart] = useState({ generation: url.generation, query: url.state });
  if (start.generation !== url.generation) setStart({ generation: url.generation, query: url.state });
  const initial = start.query;

  const actionRef = useRef<ActionType | undefined>(undefined);
  const reload = useCallback(() => void actionRef.current?.reload(), []);
  const clearSelection = useCallback(() => actionRef.current?.clearSelected?.(), []);
  useImperativeHandle(props.handleRef, () => ({ reload, clearSelection }), [reload, clearSelection]);
  const context: ActionContext = useMemo(() => ({ reload }), [reload]);

  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState<{ query: TableQuery; total: number; rows: T[] } | null>(null);

  const runRowAction = useCallback(
    async (action: RowAction<T>, record: T) => {
      try {
        const result = action.run(record, context);
        if (!(result instanceof Promise)) return;
        await result;
        const done = typeof action.successMessage === 'function' ? action.successMessage(record) : action.successMessage;
        if (done) message.success(done);
        if (action.reload !== false) reload();
      } catch {
        // The request layer has shown the server's message.
      }
    },
    [context, message, reload],
  );

  // The operations column holds the actions some shown row offers (or that need nothing).
  const rows = loaded?.rows;
  const visibleActions = useMemo(
    () => rowActions.filter((a) => a.action === undefined || (rows ?? []).some((r) => offered(a, r))),
    [rowActions, rows],
  );
  const visibleBatches = useMemo(() => batchActions.filter((b) => allowed(b.code)), [batchActions, allowed]);
  // Batches that follow the rows' `actions`: a row offering none of them is not selectable.
  const rowBatchKeys = useMemo(() => visibleBatches.flatMap((b) => (b.action === undefined ? [] : [b.action])), [visibleBatches]);

  const actionsFixed = useActionsFixed();
  const proColumns = useMemo(() => {
    const mapped: ProColumns<T>[] = columns.map(({ filter, ...column }) => {
      const key = dataIndexOf(column);
      const next: ProColumns<T> = { ...column };
      if (!filter) next.search = false;
      else if (filter !== true) {
        const { from, to } = filter;
        next.search = {
          transform: (value: unknown) => {
            const [a, b] = Array.isArray(value) ? value : [];
            return { [from]: text(a), [to]: text(b) };
          },
        };
      }
      if (column.sorter && key) next.defaultSortOrder = toProSortOrder(initial.sort, key);
      return next;
    });
    if (visibleActions.length > 0) {
      mapped.push({
        title: '操作',
        key: 'operations',
        valueType: 'option',
        fixed: actionsFixed,
        width: props.actionsWidth ?? 60 + visibleActions.length * 48,
        render: (_dom, record) =>
          visibleActions
            .filter((a) => offered(a, record))
            .map((a) => {
              const label = typeof a.label === 'function' ? a.label(record) : a.label;
              if (a.confirm) {
                return (
                  <Popconfirm
                    key={a.key}
                    title={a.confirm(record)}
                    okText="确定"
                    cancelText="取消"
                    okButtonProps={{ danger: a.danger }}
                    onConfirm={() => runRowAction(a, record)}
                  >
                    <Button type="link" size="small" danger={a.danger} autoInsertSpace={false} style={ROW_BUTTON}>
                      {label}
                    </Button>
                  </Popconfirm>
                );
              }
              return (
                <Button
                  key={a.key}
                  type="link"
                  size="small"
                  danger={a.danger}
                  autoInsertSpace={false}
                  style={ROW_BUTTON}
                  onClick={() => void runRowAction(a, record)}
                >
                  {label}
                </Button>
              );
            }),
      });
    }
    return mapped;
    // `initial` changes only with a new generation, when the table remounts anyway.
  }, [columns, initial.sort, visibleActions, runRowAction, props.actionsWidth, actionsFixed]);

  const request: ProTableProps<T, Record<string, unknown>>['request'] = async (params, sorter) => {
    const { current, pageSize, ...rest } = params;
    const filters: Record<string, string> = {};
    for (const key of filterKeys) {
      const value = text(rest[key]);
      if (value !== undefined) filters[key] = value;
    }
    const query: TableQuery = {
      current: current ?? 1,
      pageSize: pageSize ?? defaultPageSize,
      sort: fromProSort(sorter as Record<string, SortOrder | undefined>),
      filters,
    };
    url.write(query);
    try {
      const apiQuery = toApiQuery(query);
      const { current: _current, pageSize: _pageSize, ...filtersAndSort } = apiQuery;
      lastFilters.current = filtersAndSort;
      const page = await fetch(apiQuery);
      setFailed(false);
      setLoaded({ query, total: page.total, rows: page.list });
      // A page that emptied (its last record deleted): show the last page that has records.
      if (page.list.length === 0 && page.total > 0 && query.current > 1) {
        const last = Math.max(1, Math.ceil(page.total / query.pageSize));
        queueMicrotask(() => actionRef.current?.setPageInfo?.({ current: last }));
      }
      return { data: page.list, total: page.total, success: true };
    } catch (error) {
      setFailed(true);
      throw error;
    }
  };

  const startBatch = (action: BatchAction<T>, selected: T[], clear: () => void) => {
    if (action.open) {
      // Every selected row: the page's call answers for each (one that does not take it fails alone).
      action.open(selected);
      return;
    }
    const { run } = action;
    const ids = selected.map((r) => r.id);
    modal.confirm({
      title: `批量${action.label}`,
      content: `确定要${action.label}选中的 ${ids.length} 条记录吗？`,
      okText: action.label,
      cancelText: '取消',
      okButtonProps: { danger: action.danger },
      onOk: async () => {
        try {
          const result = await run(ids);
          message.success(`已${action.label} ${result.count} 条记录`);
          clear();
          reload();
        } catch {
          // Shown by the request layer; all or nothing, so nothing changed.
        }
      },
    });
  };

  // What the last list call sent, without paging: an export takes the same filters and sort.
  const lastFilters = useRef<ListFilters>({});
  const [exporting, setExporting] = useState<string | null>(null);
  const runExport = async (action: ExportAction) => {
    setExporting(action.key);
    try {
      const name = await action.run(lastFilters.current);
      message.success(`已导出 ${name}`);
    } catch {
      // The request layer has shown why.
    } finally {
      setExporting(null);
    }
  };
  const startExport = (action: ExportAction) => {
    if (!action.confirm) return void runExport(action);
    modal.confirm({ ...action.confirm, cancelText: '取消', onOk: () => runExport(action) });
  };
  const exportButtons = (props.exports ?? [])
    .filter((e) => allowed(e.code))
    .map((e) => (
      <Button
        key={e.key}
        icon={e.icon ? <DownloadOutlined /> : undefined}
        loading={exporting === e.key}
        disabled={exporting !== null && exporting !== e.key}
        onClick={() => startExport(e)}
      >
        {e.label}
      </Button>
    ));

  const dragAllowed =
    !!dragSort &&
    allowed(dragSort.code) &&
    !!loaded &&
    Object.keys(loaded.query.filters).length === 0 &&
    !loaded.query.sort &&
    loaded.query.current === 1 &&
    loaded.total <= loaded.query.pageSize;

  const toolbar = [
    ...(props.toolbarExtra ?? []),
    ...exportButtons,
    ...(create && allowed(create.code)
      ? [
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={create.onClick}>
            {create.label ?? '新建'}
          </Button>,
        ]
      : []),
  ];

  const emptyText = failed ? (
    <Result
      status="warning"
      title="数据加载失败"
      subTitle="请检查网络后重试"
      extra={
        <Button icon={<ReloadOutlined />} onClick={reload}>
          重试
        </Button>
      }
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText ?? '暂无数据'} />
  );

  const formInitialValues = useMemo(() => formValuesOf(columns, initial.filters), [columns, initial.filters]);

  const tableProps: ProTableProps<T, Record<string, unknown>> = {
    rowKey: 'id',
    columns: proColumns,
    actionRef,
    request,
    onRequestError: () => setFailed(true),
    headerTitle: props.headerTitle,
    search: filterKeys.length > 0 ? { labelWidth: 'auto', defaultCollapsed: false } : false,
    form: { initialValues: formInitialValues },
    pagination: {
      defaultCurrent: initial.current,
      defaultPageSize: initial.pageSize,
      showSizeChanger: true,
      showTotal: (total: number) => `共 ${total} 条`,
    },
    options: { density: false, setting: false, reload: true },
    toolBarRender: () => toolbar,
    locale: { emptyText },
    scroll: { x: props.scrollX ?? 960 },
    // With rows still shown from before, say that they may be stale; without, the empty text says it.
    tableExtraRender: failed
      ? (_props, rows) =>
          rows.length > 0 && (
          <Space>
            <Typography.Text type="danger">数据加载失败，当前显示的可能不是最新数据。</Typography.Text>
            <Button type="link" size="small" autoInsertSpace={false} style={ROW_BUTTON} onClick={reload}>
              重试
            </Button>
          </Space>
        )
      : undefined,
    rowSelection:
      visibleBatches.length > 0
        ? {
            getCheckboxProps: (r: T) => ({
              disabled: rowBatchKeys.length > 0 && !rowBatchKeys.some((k) => actionsOf(r).includes(k)),
              ...(props.rowName ? { 'aria-label': `选择 ${props.rowName(r)}` } : {}),
            }),
          }
        : false,
    tableAlertRender: ({ selectedRowKeys }) => <span>已选择 {selectedRowKeys.length} 项</span>,
    tableAlertOptionRender:
      visibleBatches.length > 0
        ? ({ selectedRows, onCleanSelected }) => (
            <Space size={12}>
              {visibleBatches
                .filter((b) => b.action === undefined || selectedRows.some((r) => actionsOf(r).includes(b.action)))
                .map((b) => (
                  <Button
                    key={b.key}
                    type="link"
                    size="small"
                    danger={b.danger}
                    autoInsertSpace={false}
                    style={ROW_BUTTON}
                    onClick={() => startBatch(b, selectedRows.filter(Boolean), onCleanSelected)}
                  >
                    {`批量${b.label}`}
                  </Button>
                ))}
              <Button type="link" size="small" autoInsertSpace={false} style={ROW_BUTTON} onClick={onCleanSelected}>
                取消选择
              </Button>
            </Space>
          )
        : false,
  };

  if (dragSort) {
    return (
      <DragSortTable<T, Record<string, unknown>>
        key={start.generation}
        {...tableProps}
        dragSortKey={dragAllowed ? dragSort.column : undefined}
        onDragSortEnd={async (_before, _after, rows) => {
          try {
            await dragSort.onSort(rows.map((r) => r.id));
            message.success('排序已保存');
          } catch {
            // Shown by the request layer.
          }
          reload();
        }}
        headerTitle={
          <Space>
            {props.headerTitle}
            {!dragAllowed && allowed(dragSort.code) && (
              <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
                清除筛选、排序并在一页内显示全部记录后，可拖动排序
              </Typography.Text>
            )}
          </Space>
        }
      />
    );
  }
  return <ProTable<T, Record<string, unknown>> key={start.generation} {...tableProps} />;
}
