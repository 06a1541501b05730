/**
 * One file's way to the server: MD5 (in a worker, 2 MB chunks) → ask /file/upload/status by
 * MD5 → "秒传" when the content is there, else the multipart upload with progress. No React
 * here, so that the steps can be followed (and tested) on their own.
 */
import type { StoredFile } from '@common/schemas/files';
import { getUploadStatus, instantUpload, uploadFile } from '@/services/file';
import { hashFile } from './hashFile';

export type UploadPhase = 'hashing' | 'uploading';

export interface UploadOneOptions {
  fileId: string;
  onProgress: (phase: UploadPhase, percent: number) => void;
  /** Once hashed (the MD5 becomes part of the value). */
  onHashed?: (md5: string) => void;
  signal?: AbortSignal;
}

export interface UploadOneResult {
  file: StoredFile;
  /** No bytes were sent: the server had the content already. */
  instant: boolean;
}

export async function uploadOne(file: File, options: UploadOneOptions): Promise<UploadOneResult> {
  const { fileId, onProgress, signal } = options;
  onProgress('hashing', 0);
  const md5 = await hashFile(file, { onProgress: (p) => onProgress('hashing', p), signal });
  options.onHashed?.(md5);
  const status = await getUploadStatus(md5);
  if (status.exists) {
    return { file: await instantUpload({ fileId, md5, name: file.name }, { signal }), instant: true };
  }
  onProgress('uploading', 0);
  const form = new FormData();
  form.append('fileId', fileId);
  form.append('md5', md5);
  // Last: the server checks the small fields before it reads the bytes.
  form.append('file', file, file.name);
  const stored = await uploadFile(form, (p) => onProgress('uploading', p), signal);
  return { file: stored, instant: false };
}
