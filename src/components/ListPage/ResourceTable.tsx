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
 * - fits the screen: the operations column is as wide as its widest row's buttons and pinned
 *   at the right; the table scrolls sideways only as far as its shown columns need; columns
 *   marked `optional` start hidden below 1600 px and 列设置 shows or hides any column (each
 *   user's choice kept per list, ./columnChoices.ts). On a phone the operations column comes
 *   first, with one button and 更多 when a row offers more than two, the search form starts
 *   collapsed and the toolbar wraps, so nothing needs a sideways scroll (./useScreen.ts);
 * - optionally orders rows by drag (DragSortTable), when the whole list shows unfiltered.
 *
 * A page declares columns, actions and a `fetch`; see src/pages/Manage/notice for the
 * simplest full example.
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import {
  DragSortTable,
  ProTable,
  type ActionType,
  type ColumnsState,
  type ProColumns,
  type ProTableProps,
} from '@ant-design/pro-components';
import { useLocation, useModel } from '@umijs/max';
import { App, Button, Dropdown, Empty, Grid, Popconfirm, Result, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import type { PermissionCode } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import { useCan } from '@/hooks/useCan';
import { columnChoicesKey, readColumnChoices, writeColumnChoices, type ColumnChoices } from './columnChoices';
import type { ActionContext, BatchAction, ExportAction, ListFilters, ResourceColumn, ResourceRow, RowAction } from './types';
import { useScreenWidth } from './useScreen';
import { useUrlTableState } from './useUrlTableState';
import styles from './ResourceTable.less';
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
  /** What an empty list says (暂无数据 by default). */
  emptyText?: string;
  /** What a row is called, for its selection box's label ("选择 <name>"). */
  rowName?: (record: T) => string;
}

/** Link buttons in rows sit as tightly as text links, but are real buttons for the keyboard. */
const ROW_BUTTON = { paddingInline: 4, height: 'auto' } as const;

/** The operations column's key (also its key in 列设置, where it is not offered). */
const OPERATIONS = 'operations';
/** On a phone a row shows this many buttons; more than that, the first and 更多. */
const PHONE_INLINE = 2;

/*
 * Widths in px at the table's 14 px font, for the operations column and the table's scroll
 * width: a CJK character is 14 px wide, others about 8; a row button adds 2 × 4 px padding and
 * its border; buttons sit 8 px apart in a cell padded 8 px on each side. 更多 with its caret
 * measures 52 px. A column without a width of its own counts as WIDTH_UNKNOWN.
 */
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;
const BUTTON_EXTRA = 10;
const BUTTON_GAP = 8;
const CELL_PADDING = 16;
const MORE_WIDTH = 52;
const SELECTION_WIDTH = 32;
const WIDTH_UNKNOWN = 120;

/** How wide a label's text is; a label that is not text counts as four characters. */
function labelWidth(label: ReactNode): number {
  if (typeof label !== 'string' && typeof label !== 'number') return 4 * 14;
  return [...String(label)].reduce((sum, ch) => sum + (CJK.test(ch) ? 14 : 8), 0);
}

/** The width of a cell holding these buttons (and 更多 when `more`). */
function buttonsWidth(labels: readonly ReactNode[], more: boolean): number {
  const widths = labels.map((l) => labelWidth(l) + BUTTON_EXTRA);
  if (more) widths.push(MORE_WIDTH);
  return CELL_PADDING + widths.reduce((a, b) => a + b, 0) + BUTTON_GAP * Math.max(0, widths.length - 1);
}

function labelFor<T>(action: RowAction<T>, record: T): ReactNode {
  return typeof action.label === 'function' ? action.label(record) : action.label;
}

/** The buttons a row shows in its cell, and those behind 更多 (on a phone only). */
function splitActions<T>(offeredHere: RowAction<T>[], phone: boolean): { inline: RowAction<T>[]; more: RowAction<T>[] } {
  if (!phone || offeredHere.length <= PHONE_INLINE) return { inline: offeredHere, more: [] };
  return { inline: offeredHere.slice(0, 1), more: offeredHere.slice(1) };
}

/** The side a column is pinned to, in the two words ProTable's column state knows. */
function sideOf(fixed: ProColumns['fixed']): 'left' | 'right' | undefined {
  if (fixed === true || fixed === 'left' || fixed === 'start') return 'left';
  if (fixed === 'right' || fixed === 'end') return 'right';
  return undefined;
}

function columnKeyOf<T>(column: ProColumns<T>, index: number): string {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  return dataIndexOf(column) ?? `column-${index}`;
}

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
  const screen = useScreenWidth();
  const breakpoints = Grid.useBreakpoint();
  const { pathname } = useLocation();
  const { initialState } = useModel('@@initialState');
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

  const renderButton = useCallback(
    (a: RowAction<T>, record: T) => {
      const label = labelFor(a, record);
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
    },
    [runRowAction],
  );

  // 更多's items: one that asks first asks in a dialog (a Popconfirm has no button to sit on).
  const renderMore = useCallback(
    (more: RowAction<T>[], record: T) => (
      <Dropdown
        key="more"
        trigger={['click']}
        menu={{
          items: more.map((a) => ({ key: a.key, label: labelFor(a, record), danger: a.danger })),
          onClick: ({ key }) => {
            const a = more.find((m) => m.key === key);
            if (!a) return;
            if (!a.confirm) return void runRowAction(a, record);
            modal.confirm({
              title: a.confirm(record),
              okText: '确定',
              cancelText: '取消',
              okButtonProps: { danger: a.danger },
              onOk: () => runRowAction(a, record),
            });
          },
        }}
      >
        <Button type="link" size="small" autoInsertSpace={false} style={ROW_BUTTON}>
          更多 <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
    ),
    [modal, runRowAction],
  );

  // As wide as the widest row's buttons (the title at least), measured from their labels.
  const operationsWidth = useMemo(() => {
    let widest = labelWidth('操作') + CELL_PADDING;
    for (const record of rows ?? []) {
      const { inline, more } = splitActions(
        visibleActions.filter((a) => offered(a, record)),
        screen.phone,
      );
      widest = Math.max(
        widest,
        buttonsWidth(
          inline.map((a) => labelFor(a, record)),
          more.length > 0,
        ),
      );
    }
    return widest;
  }, [rows, visibleActions, screen.phone]);

  const proColumns = useMemo(() => {
    const mapped: ProColumns<T>[] = columns.map(({ filter, optional: _optional, ...column }, index) => {
      const key = dataIndexOf(column);
      const next: ProColumns<T> = { ...column, key: columnKeyOf(column, index) };
      // On a phone no column is pinned: a pinned one would cover most of the screen.
      if (screen.phone) next.fixed = undefined;
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
      const operations: ProColumns<T> = {
        title: '操作',
        key: OPERATIONS,
        valueType: 'option',
        // Pinned at the right edge, in reach while the table scrolls sideways; on a phone it
        // comes first instead, within the first screen width, and scrolls with the row.
        fixed: screen.phone ? undefined : 'right',
        hideInSetting: true,
        width: operationsWidth,
        render: (_dom, record) => {
          const { inline, more } = splitActions(
            visibleActions.filter((a) => offered(a, record)),
            screen.phone,
          );
          return [...inline.map((a) => renderButton(a, record)), ...(more.length > 0 ? [renderMore(more, record)] : [])];
        },
      };
      if (screen.phone) mapped.unshift(operations);
      else mapped.push(operations);
    }
    return mapped;
    // `initial` changes only with a new generation, when the table remounts anyway.
  }, [columns, initial.sort, visibleActions, renderButton, renderMore, operationsWidth, screen.phone]);

  // Which columns show: the user's choices in 列设置, else the defaults for this screen.
  const userId = initialState?.currentUser?.userId ?? '';
  const listName = typeof props.headerTitle === 'string' ? props.headerTitle : '';
  const choicesKey = columnChoicesKey(userId, pathname, listName);
  const [stored, setStored] = useState<{ key: string; choices: ColumnChoices }>(() => ({ key: choicesKey, choices: readColumnChoices(choicesKey) }));
  // Another user or list (the same table, another path): its own choices.
  if (stored.key !== choicesKey) setStored({ key: choicesKey, choices: readColumnChoices(choicesKey) });
  const { choices } = stored;
  const defaultShown = useMemo(
    () => new Map(columns.map((c, index) => [columnKeyOf(c, index), !(c.optional && screen.belowXxl)])),
    [columns, screen.belowXxl],
  );
  const settingColumns = useMemo(() => proColumns.filter((c) => !c.hideInTable && c.key !== OPERATIONS), [proColumns]);
  const columnsStateOf = useCallback(
    (shown: (key: string) => boolean): Record<string, ColumnsState> =>
      Object.fromEntries(
        proColumns
          .filter((c) => !c.hideInTable)
          .map((c) => {
            const key = String(c.key);
            // `fixed` as the column says: ProTable takes it from this map when the key is in it.
            return [key, { show: key === OPERATIONS || shown(key), fixed: sideOf(c.fixed) }];
          }),
      ),
    [proColumns],
  );
  const columnsState = useMemo(
    () => ({
      value: columnsStateOf((key) => choices[key] ?? defaultShown.get(key) ?? true),
      defaultValue: columnsStateOf((key) => defaultShown.get(key) ?? true),
      onChange: (map: Record<string, ColumnsState>) => {
        const next: ColumnChoices = {};
        for (const column of settingColumns) {
          const key = String(column.key);
          const shown = map[key]?.show !== false;
          if (shown !== (defaultShown.get(key) ?? true)) next[key] = shown;
        }
        // ProTable reports its map on other changes too: only a changed choice is kept.
        const same = Object.keys(next).length === Object.keys(choices).length && Object.entries(next).every(([k, v]) => choices[k] === v);
        if (same) return;
        writeColumnChoices(choicesKey, next);
        setStored({ key: choicesKey, choices: next });
      },
    }),
    [columnsStateOf, choices, defaultShown, settingColumns, choicesKey],
  );

  // The table's scroll width: what its shown columns need, so that it scrolls sideways only
  // when they do not fit (a wider fixed figure would make it scroll on any screen).
  const scrollWidth = useMemo(() => {
    const state = columnsState.value;
    const shown = proColumns.filter(
      (c) =>
        !c.hideInTable &&
        state[String(c.key)]?.show !== false &&
        (!c.responsive || c.responsive.some((point) => breakpoints[point])),
    );
    const widths = shown.map((c) => (typeof c.width === 'number' ? c.width : WIDTH_UNKNOWN));
    return widths.reduce((a, b) => a + b, 0) + (visibleBatches.length > 0 ? SELECTION_WIDTH : 0);
  }, [columnsState.value, proColumns, breakpoints, visibleBatches.length]);

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
    // On a phone the form starts folded to its first field, unless the URL brings filters.
    search:
      filterKeys.length > 0
        ? { labelWidth: 'auto', defaultCollapsed: screen.phone && Object.keys(initial.filters).length === 0 }
        : false,
    form: { initialValues: formInitialValues },
    pagination: {
      defaultCurrent: initial.current,
      defaultPageSize: initial.pageSize,
      showSizeChanger: true,
      showTotal: (total: number) => `共 ${total} 条`,
    },
    options: { density: false, setting: { draggable: false, showListItemOption: false }, reload: true },
    columnsState,
    className: styles.resourceTable,
    toolBarRender: () => toolbar,
    locale: { emptyText },
    scroll: { x: scrollWidth },
    // The columns' widths hold (a long cell wraps or is cut) on a phone too, where no column is pinned.
    tableLayout: 'fixed',
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
