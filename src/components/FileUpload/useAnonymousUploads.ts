/**
 * The upload steps of a form without an account (registration, the public complaint): each
 * picked file gets a v4 UUID, its MD5 (2 MB chunks, with progress) and one multipart upload to
 * the form's own endpoint, with '校验中 37%' / '上传中 62%' progress and remove (which aborts).
 * No 秒传: before the form is stored the files belong to nobody, so the server tells an
 * anonymous caller nothing about contents it may hold. The controls drawing it differ (antd in
 * src/pages/register/components/MaterialUpload.tsx, plain elements on the public complaint
 * page, which loads no antd), so this holds the state only and imports nothing of antd.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { v4 } from 'uuid';
import { hashFile } from './hashFile';
import type { FileUploadItem } from './types';
import type { UploadPhase } from './uploadOne';

export interface UploadProgress {
  phase: UploadPhase;
  percent: number;
}

/** Sends one file's form (fileId, md5, file) with progress; answers the stored file's MD5. */
export type AnonymousUpload = (form: FormData, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<{ md5: string }>;

function isAbort(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: unknown; kind?: unknown };
  return e.name === 'AbortError' || e.name === 'CanceledError' || e.kind === 'canceled';
}

export function useAnonymousUploads(items: FileUploadItem[], onChange: ((value: FileUploadItem[]) => void) | undefined, upload: AnonymousUpload) {
  const [progress, setProgress] = useState<Record<string, UploadProgress | undefined>>({});
  // The latest list, for updates that arrive after other files changed it.
  const itemsRef = useRef(items);
  const onChangeRef = useRef(onChange);
  const uploadRef = useRef(upload);
  const controllers = useRef(new Map<string, AbortController>());

  useLayoutEffect(() => {
    itemsRef.current = items;
    onChangeRef.current = onChange;
    uploadRef.current = upload;
  }, [items, onChange, upload]);

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const commit = useCallback((next: FileUploadItem[]) => {
    itemsRef.current = next;
    onChangeRef.current?.(next);
  }, []);

  const patch = useCallback(
    (fileId: string, change: Partial<FileUploadItem>) => {
      if (!itemsRef.current.some((i) => i.fileId === fileId)) return; // removed meanwhile
      commit(itemsRef.current.map((i) => (i.fileId === fileId ? { ...i, ...change } : i)));
    },
    [commit],
  );

  const start = useCallback(
    async (file: File) => {
      const fileId = v4();
      const controller = new AbortController();
      controllers.current.set(fileId, controller);
      commit([...itemsRef.current, { fileId, name: file.name, size: file.size, status: 'hashing' }]);
      try {
        setProgress((p) => ({ ...p, [fileId]: { phase: 'hashing', percent: 0 } }));
        const md5 = await hashFile(file, {
          signal: controller.signal,
          onProgress: (percent) => setProgress((p) => ({ ...p, [fileId]: { phase: 'hashing', percent } })),
        });
        patch(fileId, { md5, status: 'uploading' });
        setProgress((p) => ({ ...p, [fileId]: { phase: 'uploading', percent: 0 } }));
        const form = new FormData();
        form.append('fileId', fileId);
        form.append('md5', md5);
        // Last: the server checks the small fields before it reads the bytes.
        form.append('file', file, file.name);
        const stored = await uploadRef.current(form, (percent) => setProgress((p) => ({ ...p, [fileId]: { phase: 'uploading', percent } })), controller.signal);
        patch(fileId, { status: 'done', md5: stored.md5, error: undefined });
      } catch (err) {
        if (controller.signal.aborted || isAbort(err)) return;
        const reason = err instanceof Error && err.message ? err.message : '未知错误';
        patch(fileId, { status: 'error', error: `上传失败：${reason}` });
      } finally {
        controllers.current.delete(fileId);
        setProgress((p) => ({ ...p, [fileId]: undefined }));
      }
    },
    [commit, patch],
  );

  const remove = useCallback(
    (fileId: string) => {
      controllers.current.get(fileId)?.abort();
      commit(itemsRef.current.filter((i) => i.fileId !== fileId));
    },
    [commit],
  );

  /** How many files the list holds now (files picked together are counted one by one). */
  const count = useCallback(() => itemsRef.current.length, []);

  return { progress, start, remove, count };
}
