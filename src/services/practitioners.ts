/**
 * Practitioners (API.md `practitioners`): the resource's calls, the workflow steps, the
 * audited reveal of a whole ID number or phone, the Excel export, the import template and the
 * import, and the approved units for the unit select (GET /member-units/options).
 */
import { request } from '@umijs/max';
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
import { cleanQuery, resource } from './resource';

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

/** `attachment; filename*=UTF-8''%E4%BB%8E…` (or a plain filename="…") → the file's name. */
export function fileNameOf(disposition: string | null | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // a malformed name: fall through to the plain one
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/**
 * Downloads a file the API streams (an export, a template) through the request layer, so that
 * it carries the token and a refusal (an envelope in a blob) is shown like any other, then
 * hands it to the browser under the server's name. No time-out.
 */
export async function downloadExport(path: string, params: object | undefined, fallbackName: string): Promise<string> {
  const response = await request<Blob>(path, {
    params: cleanQuery(params),
    responseType: 'blob',
    getResponse: true,
    timeout: 0,
  });
  const disposition: unknown = response.headers['content-disposition'];
  const name = fileNameOf(typeof disposition === 'string' ? disposition : null, fallbackName);
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export const exportPractitioners = (query: PractitionerExportQuery | Record<string, string | number | boolean | undefined>) =>
  downloadExport(`${practitioners.path}/export`, query, '从业人员.xlsx');

export const downloadImportTemplate = () => downloadExport(`${practitioners.path}/import-template`, undefined, '从业人员导入模板.xlsx');
