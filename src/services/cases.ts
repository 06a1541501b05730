/**
 * Business cases (GET/POST /cases …, server/modules/cases/routes.ts): the list, one case with its files and review history, a
 * unit's create / edit / delete, staff approval or rejection, and the Excel export (staff).
 */
import type { CaseCreateBody, CaseDetail, CaseExportQuery, CaseListQuery, CaseRecord, CaseUpdateBody } from '@common/schemas/cases';
import { api, type RequestOptions } from './api';
import { downloadFile } from './download';
import { resource } from './resource';

export const cases = resource<{
  record: CaseRecord;
  query: CaseListQuery;
  create: CaseCreateBody;
  update: CaseUpdateBody;
  action: 'approve' | 'reject';
}>('/cases');

export const getCase = (id: string, options?: RequestOptions) => api<CaseDetail>(`/cases/${encodeURIComponent(id)}`, options);

export const createCase = (body: CaseCreateBody) => cases.create(body);
export const updateCase = (id: string, body: CaseUpdateBody) => cases.update(id, body);
export const deleteCase = (id: string) => cases.remove(id);

export const approveCase = (id: string, version: number, comment?: string) => cases.action(id, 'approve', { version, ...(comment ? { comment } : {}) });
export const rejectCase = (id: string, version: number, reason: string) => cases.action(id, 'reject', { version, reason });

export const exportCases = (query: CaseExportQuery | Record<string, string | number | boolean | undefined>) =>
  downloadFile('/cases/export', query, '业绩案例.xlsx');
