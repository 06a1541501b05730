/** Columns and row actions every back-office list uses in the same way. */
import { beijingYear } from '@common/calendar';
import { formatDateTime } from './format';
import type { ResourceColumn, RowAction, RowActionKey } from './types';

/** The search form's keyword box (`?keyword=`); not a table column. */
export function keywordColumn<T>(placeholder = '请输入关键字'): ResourceColumn<T> {
  return {
    title: '关键字',
    dataIndex: 'keyword',
    hideInTable: true,
    filter: true,
    fieldProps: { placeholder, allowClear: true, maxLength: 100 },
  };
}

/** A date range in the search form, sent as two calendar days (`?publishFrom=…&publishTo=…`). */
export function dateRangeFilter<T>(title: string, from: string, to: string): ResourceColumn<T> {
  return {
    title,
    dataIndex: `${from}Range`,
    valueType: 'dateRange',
    hideInTable: true,
    filter: { from, to },
  };
}

/** A select filter's `valueEnum` from a table of labels (value → its Chinese words, as common/ keeps them). */
export const labelsEnum = (labels: Record<string, string>): Record<string, { text: string }> =>
  Object.fromEntries(Object.entries(labels).map(([value, text]) => [value, { text }]));

/**
 * The search form's year filter (`?year=`): the last ten years, this one first (a Map, since
 * an object would sort numeric keys up); `tooltip` says which date the year is taken from.
 */
export function yearFilter<T>(tooltip: string, count = 10): ResourceColumn<T> {
  const year = beijingYear();
  const years = new Map(Array.from({ length: count }, (_, i) => [String(year - i), { text: `${year - i}年` }] as const));
  return { title: '年度', dataIndex: 'year', hideInTable: true, valueType: 'select', valueEnum: years, filter: true, tooltip };
}

/** A time column as `YYYY-MM-DD HH:mm` (Beijing time, as the browser shows it). */
export function dateTimeColumn<T>(title: string, dataIndex: keyof T & string, extra: ResourceColumn<T> = {}): ResourceColumn<T> {
  return {
    title,
    dataIndex,
    width: 150,
    render: (_dom, record) => formatDateTime((record as Record<string, unknown>)[dataIndex]),
    ...extra,
  };
}

/** 编辑 on the rows whose `actions` list `action` (usually 'edit'): opens the page's form drawer. */
export function editAction<T extends { id: string }>(action: RowActionKey<T>, onEdit: (record: T) => void): RowAction<T> {
  return { key: 'edit', label: '编辑', action, run: (record) => onEdit(record) };
}

/** 删除 on the rows whose `actions` list `action` (usually 'delete'), after a Popconfirm that names the record. */
export function deleteAction<T extends { id: string }>(
  action: RowActionKey<T>,
  remove: (id: string) => Promise<unknown>,
  nameOf: (record: T) => string,
): RowAction<T> {
  return {
    key: 'delete',
    label: '删除',
    action,
    danger: true,
    confirm: (record) => `确定删除「${nameOf(record)}」吗？删除后不可恢复。`,
    run: (record) => remove(record.id),
    successMessage: '已删除',
  };
}
