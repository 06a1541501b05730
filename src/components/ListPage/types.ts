/** The shapes a back-office list page is declared with: columns, row actions, batch actions. */
import type { ProColumns } from '@ant-design/pro-components';
import type { ReactNode } from 'react';
import type { PermissionCode } from '@common/permissions';
import type { BatchResult } from '@common/schemas/content';

/** Every record a ResourceTable shows has a string id (API.md). */
export type ResourceRow = { id: string } & Record<string, unknown>;

/**
 * A ProTable column, plus `filter`: whether the column also appears in the search form (and
 * thus in the URL and the API query under its dataIndex). `{ from, to }` makes it a date
 * range sent as two calendar days (`publishFrom`/`publishTo`). Columns without `filter` stay
 * out of the search form.
 */
export type ResourceColumn<T> = ProColumns<T> & {
  filter?: true | { from: string; to: string };
};

/** What an action's `run` can do besides its own call. */
export interface ActionContext {
  /** Refreshes the list (the current page, filters kept). */
  reload: () => void;
}

/** One link in the operations column. */
export interface RowAction<T> {
  key: string;
  label: ReactNode | ((record: T) => ReactNode);
  /** Shown only to those holding this code (the server checks the same code). */
  code?: PermissionCode;
  /** Hidden for records it does not apply to (e.g. 下线 on a draft). */
  hidden?: (record: T) => boolean;
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

/** An action on the selected rows (POST /<resource>/batch-<name>), always confirmed first. */
export interface BatchAction {
  key: string;
  /** A verb: 发布, 下线, 删除 … ("确定要发布选中的 3 条记录吗？", "已发布 3 条记录"). */
  label: string;
  code?: PermissionCode;
  danger?: boolean;
  run: (ids: string[]) => Promise<BatchResult>;
}
