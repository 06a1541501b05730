/**
 * A member unit's registration (`POST /api/v1/user/auth/register`) and the upload of its
 * materials, which needs no login (`POST /user/auth/register/files`; the applicant has no
 * account yet, so /file/upload would refuse them).
 */
import type { StoredFile } from '@common/schemas/files';
import type { RegisterBody, RegisterResult } from '@common/schemas/registration';
import { api, type RequestOptions } from './api';

export function register(body: RegisterBody, options: RequestOptions = {}) {
  return api<RegisterResult>('/user/auth/register', { ...options, method: 'POST', data: body });
}

/**
 * Uploads one material: `fileId` (v4 UUID), `md5` and `file` as multipart (file last, so that
 * the server checks the small fields before it reads the bytes); `onProgress` gets 0–100.
 */
export function uploadRegistrationFile(formData: FormData, onProgress?: (percent: number) => void, signal?: AbortSignal) {
  return api<StoredFile>('/user/auth/register/files', {
    method: 'POST',
    data: formData,
    timeout: 0,
    signal,
    onUploadProgress: (event: ProgressEvent) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded * 100) / event.total)));
    },
  });
}
