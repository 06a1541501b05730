/**
 * Annual inspections (`/api/v1/annual-inspections`): the inspection years (open, move the
 * deadline, close), the records of a year, one record with its files and review history, the
 * submission of a unit or practitioner (one, or several at once), the staff decisions, and the
 * Excel export.
 */
import type { CreatedResult } from '@common/schemas/common';
import type { MemberUnitOption } from '@common/schemas/memberUnits';
import type {
  InspectionApproveBody,
  InspectionBatchSubmitBody,
  InspectionBatchSubmitResult,
  InspectionDetail,
  InspectionListQuery,
  InspectionReasonBody,
  InspectionRecord,
  InspectionSubmitBody,
  InspectionYearCreateBody,
  InspectionYearRecord,
  InspectionYearUpdateBody,
} from '@common/schemas/inspections';
import { api, type RequestOptions } from './api';
import { downloadFile } from './download';
import { resource } from './resource';

export const inspections = resource<{
  record: InspectionRecord;
  query: InspectionListQuery;
  create: never;
  update: { version: number };
  action: 'submit' | 'approve' | 'reject' | 'return';
}>('/annual-inspections');

/** What a decision answers: the new state and, after a pass, the certificate's new validity. */
export interface InspectionDecisionResult {
  status: string;
  validUntil: string | null;
}

const YEARS = '/annual-inspection-years';

/** Every inspection year, newest first, with the caller's counts per state. */
export const inspectionYears = (options?: RequestOptions) => api<InspectionYearRecord[]>(YEARS, options);

export const openInspectionYear = (body: InspectionYearCreateBody) => api<CreatedResult>(YEARS, { method: 'POST', data: body });

export const updateInspectionYear = (year: number, body: InspectionYearUpdateBody) => api<null>(`${YEARS}/${year}`, { method: 'PUT', data: body });

export const closeInspectionYear = (year: number, version: number) => api<null>(`${YEARS}/${year}/close`, { method: 'POST', data: { version } });

export const getInspection = (id: string, options?: RequestOptions) => api<InspectionDetail>(`${inspections.path}/${encodeURIComponent(id)}`, options);

export const submitInspection = (id: string, body: InspectionSubmitBody) => inspections.action(id, 'submit', body);

/** 批量提交: each record alone; answers which were submitted and which refused, and why. */
export const batchSubmitInspections = (body: InspectionBatchSubmitBody) =>
  api<InspectionBatchSubmitResult>(`${inspections.path}/batch-submit`, { method: 'POST', data: body });

export const approveInspection = (id: string, body: InspectionApproveBody) => inspections.action<InspectionDecisionResult>(id, 'approve', body);
export const rejectInspection = (id: string, body: InspectionReasonBody) => inspections.action<InspectionDecisionResult>(id, 'reject', body);
export const returnInspection = (id: string, body: InspectionReasonBody) => inspections.action<InspectionDecisionResult>(id, 'return', body);

/** A year's results as .xlsx (the list's filters; `year` is required). */
export const exportInspections = (query: Record<string, string | number | boolean | undefined>) =>
  downloadFile(`${inspections.path}/export`, query, '年检结果.xlsx');

/** Approved member units (id, name, member number) for the staff's unit filter. */
export const inspectionUnitOptions = (options?: RequestOptions) => api<MemberUnitOption[]>('/member-units/options', options);
