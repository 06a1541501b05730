/**
 * Files (SPEC.md §7; API.md "The calls SPEC.md fixes"). Hashing (2 MB chunks, MD5) lives
 * with the upload component; these are the calls.
 */
import type { InstantUploadBody, PreviewItem, StoredFile, UploadStatus } from '@common/schemas/files';
import { API_BASE } from '@common/schemas/common';
import { request } from '@umijs/max';
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

/** The download address (for links; the server decides whether it needs a token). */
export function downloadUrl(fileId: string): string {
  return `${API_BASE}/file/download/${encodeURIComponent(fileId)}`;
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

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameFromDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1].trim();
}

/** Downloads with the token header and hands the bytes to the browser as a saved file. */
export async function downloadFile(fileId: string, fallbackName = fileId): Promise<void> {
  const response = await request<Blob>(`/file/download/${encodeURIComponent(fileId)}`, {
    responseType: 'blob',
    getResponse: true,
  });
  const headers = response.headers as Record<string, string | undefined>;
  const name = fileNameFromDisposition(headers['content-disposition']) ?? fallbackName;
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
