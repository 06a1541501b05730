/**
 * Files (`/api/v1/file/…`: upload, upload status by MD5, download, preview). Hashing (2 MB
 * chunks, MD5) lives with the upload component; these are the calls.
 */
import type { InstantUploadBody, PreviewItem, StoredFile, UploadStatus } from '@common/schemas/files';
import { api } from './api';

/** Whether a file with this MD5 is stored already (then it needs no upload). */
export function getUploadStatus(md5: string) {
  return api<UploadStatus>(`/file/upload/status/${encodeURIComponent(md5)}`);
}

/**
 * "秒传": the content is stored already (getUploadStatus said exists), so only this file's
 * own fileId and name are registered; no bytes are sent.
 */
export function instantUpload(body: InstantUploadBody, options: { signal?: AbortSignal } = {}) {
  return api<StoredFile>('/file/upload/instant', { method: 'POST', data: body, signal: options.signal });
}

/**
 * Inline/preview addresses of stored files. The `url`/`downloadUrl` carry a signature valid
 * for an hour, so they work in <img src>/<a href> without the token header; files the
 * caller may not read are left out.
 */
export function previewFiles(fileIds: readonly string[]) {
  return api<PreviewItem[]>('/file/preview', { params: { fileIds: fileIds.join(',') } });
}

/**
 * Uploads `fileId` (v4 UUID), `md5` and `file` as multipart (file last, so that the server
 * can check the fields before reading the bytes); `onProgress` gets 0–100.
 * No time-out: large files on slow lines take as long as they take.
 */
export function uploadFile(formData: FormData, onProgress?: (percent: number) => void, signal?: AbortSignal) {
  return api<StoredFile>('/file/upload', {
    method: 'POST',
    data: formData,
    timeout: 0,
    signal,
    onUploadProgress: (event: ProgressEvent) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded * 100) / event.total)));
    },
  });
}
