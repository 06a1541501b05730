/**
 * Practitioners (`/api/v1/practitioners`): the resource's calls, the workflow steps, the
 * audited reveal of a whole ID number or phone, the Excel export, the import template and the
 * import, and the approved units for the unit select (GET /member-units/options).
 */
import type { RevealBody, RevealResult } from '@common/schemas/membership';
import type { MemberUnitOption } from '@common/schemas/memberUnits';
import type {
  PractitionerApproveBody,
  PractitionerApproveResult,
  PractitionerCreateBody,
  PractitionerCreatedResult,
  PractitionerDetail,
  PractitionerExportQuery,
  PractitionerImportBody,
  PractitionerImportResult,
  PractitionerLeaveBody,
  PractitionerListQuery,
  PractitionerRecord,
  PractitionerRejectBody,
  PractitionerUpdateBody,
} from '@common/schemas/practitioners';
import { api } from './api';
import { downloadFile } from './download';
import { resource } from './resource';

export const practitioners = resource<{
  record: PractitionerRecord;
  query: PractitionerListQuery;
  create: PractitionerCreateBody;
  update: PractitionerUpdateBody;
  action: 'approve' | 'reject' | 'resubmit' | 'leave' | 'reveal';
}>('/practitioners');

const one = (id: string) => `${practitioners.path}/${encodeURIComponent(id)}`;

export const getPractitioner = (id: string) => api<PractitionerDetail>(one(id));

/** The create answers the new account's login name and initial password: shown once. */
export const createPractitioner = (body: PractitionerCreateBody) =>
  api<PractitionerCreatedResult>(practitioners.path, { method: 'POST', data: body });

export const approvePractitioner = (id: string, body: PractitionerApproveBody) =>
  practitioners.action<PractitionerApproveResult>(id, 'approve', body);
export const rejectPractitioner = (id: string, body: PractitionerRejectBody) => practitioners.action(id, 'reject', body);
export const leavePractitioner = (id: string, body: PractitionerLeaveBody) => practitioners.action(id, 'leave', body);
export const resubmitPractitioner = (id: string, version: number) => practitioners.action(id, 'resubmit', { version });

/** The whole value of a masked field (the server writes it to the audit trail). */
export const revealPractitioner = (id: string, field: RevealBody['field']) => practitioners.action<RevealResult>(id, 'reveal', { field });

/** Approved member units for selects (the member-units module's GET /member-units/options). */
export const memberUnitOptions = () => api<MemberUnitOption[]>('/member-units/options');

/** The import: an .xlsx already uploaded through /file/upload. Saving many rows takes a while: no time-out. */
export const importPractitioners = (body: PractitionerImportBody) =>
  api<PractitionerImportResult>(`${practitioners.path}/import`, { method: 'POST', data: body, timeout: 0 });

export const exportPractitioners = (query: PractitionerExportQuery | Record<string, string | number | boolean | undefined>) =>
  downloadFile(`${practitioners.path}/export`, query, '从业人员.xlsx');

export const downloadImportTemplate = () => downloadFile(`${practitioners.path}/import-template`, undefined, '从业人员导入模板.xlsx');
