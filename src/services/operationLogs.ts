/**
 * The audit trail (审计日志): the list with its filters (system:log:view), the Excel
 * export of the same filters (system:log:export) and the hash chain's integrity check.
 */
import type { Page } from '@common/schemas/common';
import type { AuditVerifyResult, OperationLogQuery, OperationLogRecord } from '@common/schemas/operationLogs';
import { api, type RequestOptions } from './api';
import { downloadFile } from './download';
import { cleanQuery } from './resource';

export type OperationLogFilters = Partial<OperationLogQuery> | Record<string, string | number | boolean | undefined>;

export const listOperationLogs = (query: OperationLogFilters, options?: RequestOptions) =>
  api<Page<OperationLogRecord>>('/operation-logs', { ...options, params: cleanQuery(query) });

export const exportOperationLogs = (query: OperationLogFilters) => downloadFile('/operation-logs/export', query, '审计日志.xlsx');

/** Walks the whole chain: may take a while on a large log, so no time-out. */
export const verifyOperationLogs = () => api<AuditVerifyResult>('/operation-logs/verify', { timeout: 0 });
