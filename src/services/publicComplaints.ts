/**
 * The public's complaint calls (no account; server/modules/complaints/routes.ts): the approved
 * units to choose from, a unit's practitioners and projects found by name, the upload of an
 * attachment, the submission (answers the number and the query code, once) and the tracking by
 * number and code. The page shows every refusal itself: the calls take `skipErrorHandler`.
 */
import type {
  ComplaintOption,
  ComplaintProgress,
  ComplaintSubmitBody,
  ComplaintSubmitResult,
  ComplaintTrackBody,
} from '@common/schemas/complaints';
import type { StoredFile } from '@common/schemas/files';
import { api, type RequestOptions } from './api';

const quiet: RequestOptions = { skipErrorHandler: true };

export const complaintUnits = (keyword?: string) => api<ComplaintOption[]>('/public/complaints/units', { ...quiet, params: keyword ? { keyword } : {} });

export const complaintPractitioners = (unitId: string, keyword: string) =>
  api<ComplaintOption[]>(`/public/complaints/units/${encodeURIComponent(unitId)}/practitioners`, { ...quiet, params: { keyword } });

export const complaintProjects = (unitId: string, keyword: string) =>
  api<ComplaintOption[]>(`/public/complaints/units/${encodeURIComponent(unitId)}/projects`, { ...quiet, params: { keyword } });

export const submitComplaint = (body: ComplaintSubmitBody) => api<ComplaintSubmitResult>('/public/complaints', { ...quiet, method: 'POST', data: body });

export const trackComplaint = (body: ComplaintTrackBody) => api<ComplaintProgress>('/public/complaints/track', { ...quiet, method: 'POST', data: body });

/**
 * Uploads one attachment: `fileId` (v4 UUID), `md5` and `file` as multipart (file last, so that
 * the server checks the small fields before it reads the bytes); `onProgress` gets 0–100.
 */
export function uploadComplaintFile(formData: FormData, onProgress?: (percent: number) => void, signal?: AbortSignal) {
  return api<StoredFile>('/public/complaints/files', {
    ...quiet,
    method: 'POST',
    data: formData,
    timeout: 0,
    signal,
    onUploadProgress: (event: ProgressEvent) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded * 100) / event.total)));
    },
  });
}
