/**
 * The shapes a back-office list page is declared with: columns, row actions, batch actions.
 *
 * Who may press a row's button is the server's answer, not the page's: each row of a list
 * carries `actions`, the keys of what its caller may do with it now (computed on the server
 * from the caller's permission codes and the row's state, checked again when the call comes).
 * A RowAction names the key it needs (`action: 'publish'`) and shows only on rows listing it.
 * Toolbar buttons (新建, 导出, batch actions) belong to no row: they name a permission code.
 */
import type { ProColumns } from '@ant-design/pro-components';
import type { ReactNode } from 'react';
import type { PermissionCode } from '@common/permissions';
import type { BatchResult } from '@common/schemas/content';

/** Every record a ResourceTable shows has a string id (docs/architecture.md, the list pattern). */
export type ResourceRow = { id: string } & Record<string, unknown>;

/** The keys a row's `actions` may hold (its schema's enum); never for rows without them. */
export type RowActionKey<T> = T extends { actions: readonly (infer A)[] } ? A : never;

/**
 * A ProTable column, plus `filter`: whether the column also appears in the search form (and
 * thus in the URL and the API query under its dataIndex). `{ from, to }` makes it a date
 * range sent as two calendar days (`publishFrom`/`publishTo`). Columns without `filter` stay
 * out of the search form.
 */
export type ResourceColumn<T> = ProColumns<T> & {
  filter?: true | { from: string; to: string };
  /**
   * A column the list can do without: narrower than 1600 px it starts hidden, so that the
   * columns staff work with fit beside 操作 without scrolling; 列设置 shows it again (each
   * user's choice is kept in this browser).
   */
  optional?: true;
};

/** What an action's `run` can do besides its own call. */
export interface ActionContext {
  /** Refreshes the list (the current page, filters kept). */
  reload: () => void;
}

/**
 * One link in the operations column. `K` is the set of server actions it may name: the row's
 * own (`RowActionKey<T>`), or a fixed set for helpers shared by several resources.
 */
export interface RowAction<T, K = RowActionKey<T>> {
  key: string;
  label: ReactNode | ((record: T) => ReactNode);
  /**
   * The server action this button performs: it shows only on rows whose `actions` list it.
   * Without it the button shows on every row (详情, 进入单位: reading needs nothing more).
   */
  action?: K;
  danger?: boolean;
  /** Asks first (Popconfirm) with this question. */
  confirm?: (record: T) => ReactNode;
  /**
   * Does the action. A returned promise is awaited; when it resolves, `successMessage` shows
   * and the list reloads (unless `reload` is false). Failures were shown by the request layer.
   */
  run: (record: T, context: ActionContext) => unknown;
  successMessage?: string | ((record: T) => string);
  reload?: boolean;
}

/** The list's filters and sort as the last list call sent them, without paging. */
export type ListFilters = Record<string, string | number>;

/**
 * A button in the toolbar that exports what the list shows (GET /<resource>/export with the
 * same filters and sort, every page): the download starts, then "已导出 <file name>".
 */
export interface ExportAction {
  key: string;
  /** 导出 Excel, 导出（含完整身份证号码） … */
  label: string;
  code?: PermissionCode;
  /** The first, plain export carries the download icon. */
  icon?: boolean;
  /** Asks first (a confirmation dialog with this text), e.g. before an export of sensitive data. */
  confirm?: { title: string; content: ReactNode; okText: string };
  /** Starts the download; resolves to the file's name. */
  run: (filters: ListFilters) => Promise<string>;
}

/**
 * An action on the selected rows, always confirmed first: either ResourceTable confirms and
 * calls `run` (POST /<resource>/batch-<name>: "确定要发布选中的 3 条记录吗？", then "已发布 3 条
 * 记录"), or `open` hands the selected rows to the page's own dialog, which confirms, calls and
 * clears the selection (ResourceTableHandle.clearSelection).
 */
export type BatchAction<T = ResourceRow> = {
  key: string;
  /** A verb: 发布, 下线, 删除 … */
  label: string;
  /** Offered only to those holding this code. */
  code?: PermissionCode;
  /**
   * Offered when at least one selected row lists this key in its `actions`; a row listing none
   * of the table's batch actions cannot be selected.
   */
  action?: RowActionKey<T>;
  danger?: boolean;
} & ({ run: (ids: string[]) => Promise<BatchResult>; open?: never } | { open: (rows: T[]) => void; run?: never });
