/**
 * The registration's upload control: <FileUpload/>'s behaviour (a v4 UUID per file, MD5 in
 * 2 MB chunks with '校验中 37%', '上传中 62%', the same list with remove) and value (a list of
 * FileUploadItem, so `allUploaded` applies), but sent to POST /user/auth/register/files,
 * which needs no login. There is no 秒传 and no preview: before the application is stored
 * the files belong to nobody, so the server tells an anonymous caller nothing about them.
 */
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { App, Button, Upload } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { v4 } from 'uuid';
import { formatSize, matchesAccept } from '@/components/FileUpload/accept';
import FileList, { type ItemProgress } from '@/components/FileUpload/FileList';
import { hashFile } from '@/components/FileUpload/hashFile';
import type { FileUploadItem } from '@/components/FileUpload/types';
import { uploadRegistrationFile } from '@/services/registration';

export interface MaterialUploadProps {
  id?: string;
  value?: FileUploadItem[];
  onChange?: (value: FileUploadItem[]) => void;
  accept: string;
  maxCount: number;
  maxSize: number;
  buttonText: string;
  /** Described by (the field's hint), for screen readers. */
  describedBy?: string;
}

const EMPTY: FileUploadItem[] = [];
const NO_PREVIEWS = {};
const NOT_INSTANT: ReadonlySet<string> = new Set();

function isAbort(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: unknown };
  return e.name === 'AbortError' || e.name === 'CanceledError';
}

export default function MaterialUpload({ id, value, onChange, accept, maxCount, maxSize, buttonText, describedBy }: MaterialUploadProps) {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<Record<string, ItemProgress | undefined>>({});
  const items = value ?? EMPTY;
  // The latest list, for updates that arrive after other files changed it.
  const itemsRef = useRef(items);
  const onChangeRef = useRef(onChange);
  const controllers = useRef(new Map<string, AbortController>());

  useLayoutEffect(() => {
    itemsRef.current = items;
    onChangeRef.current = onChange;
  }, [items, onChange]);

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
        form.append('file', file, file.name);
        const stored = await uploadRegistrationFile(
          form,
          (percent) => setProgress((p) => ({ ...p, [fileId]: { phase: 'uploading', percent } })),
          controller.signal,
        );
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

  const pick = useCallback(
    (file: File) => {
      if (itemsRef.current.length >= maxCount) {
        message.warning(`最多只能上传 ${maxCount} 个文件`);
        return;
      }
      if (!matchesAccept(file, accept)) {
        message.error(`不支持的文件类型：${file.name}`);
        return;
      }
      if (file.size > maxSize) {
        message.error(`文件「${file.name}」超过 ${formatSize(maxSize)}，无法上传`);
        return;
      }
      if (file.size === 0) {
        message.error(`文件「${file.name}」是空文件，无法上传`);
        return;
      }
      void start(file);
    },
    [accept, maxCount, maxSize, message, start],
  );

  const remove = useCallback(
    (fileId: string) => {
      controllers.current.get(fileId)?.abort();
      commit(itemsRef.current.filter((i) => i.fileId !== fileId));
    },
    [commit],
  );

  const full = items.length >= maxCount;
  return (
    <div className="file-upload">
      <Upload
        accept={accept}
        multiple={maxCount > 1}
        disabled={full}
        showUploadList={false}
        beforeUpload={(file) => {
          pick(file);
          // The list is ours; antd's Upload only picks the files.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={<UploadOutlined />} disabled={full} aria-describedby={describedBy}>
          {buttonText}
        </Button>
      </Upload>
      <FileList items={items} progress={progress} instant={NOT_INSTANT} previews={NO_PREVIEWS} onRemove={remove} />
    </div>
  );
}
