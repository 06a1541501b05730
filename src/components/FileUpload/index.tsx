/**
 * <FileUpload/>: the one upload control of every form (value/onChange like any antd Form
 * field; the value is a list of { fileId, name, size, status, md5 }).
 *
 * Per file: a v4 UUID, the MD5 in 2 MB chunks in a Web Worker ('校验中 37%'), then either
 * "秒传" (the server has the content) or the upload ('上传中 62%'); when done, the file is
 * listed with preview (images/PDF), download and remove. Only back-office pages and
 * /register import it, so it stays out of the public pages' chunks.
 *
 *   <Form.Item name="files" rules={[{ validator: (_, v) => allUploaded(v) ? Promise.resolve() : Promise.reject(new Error('请等待文件上传完成')) }]}>
 *     <FileUpload accept=".pdf,image/*" maxCount={5} maxSize={20 * 1024 * 1024} multiple />
 *   </Form.Item>
 */
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { App, Button, Upload } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { v4 } from 'uuid';
import type { PreviewItem } from '@common/schemas/files';
import { previewFiles } from '@/services/file';
import { formatSize, matchesAccept } from './accept';
import FileList, { type ItemProgress } from './FileList';
import type { FileUploadItem, FileUploadProps } from './types';
import { uploadOne } from './uploadOne';

export type { FileUploadItem, FileUploadProps, FileUploadStatus } from './types';
export { allUploaded } from './types';

const EMPTY: FileUploadItem[] = [];
/** Preview addresses are signed for an hour: ask again a little before they expire. */
const PREVIEW_REFRESH_MS = 50 * 60 * 1000;

function isAbort(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: unknown; kind?: unknown };
  return e.name === 'AbortError' || e.name === 'CanceledError' || e.kind === 'canceled';
}

export default function FileUpload(props: FileUploadProps) {
  const { value, onChange, accept, maxCount, maxSize, multiple, disabled, buttonText = '选择文件' } = props;
  const { message } = App.useApp();
  const [items, setItems] = useState<FileUploadItem[]>(value ?? EMPTY);
  const [progress, setProgress] = useState<Record<string, ItemProgress | undefined>>({});
  const [instant, setInstant] = useState<ReadonlySet<string>>(new Set());
  const [previews, setPreviews] = useState<Record<string, PreviewItem | undefined>>({});
  const itemsRef = useRef(items);
  const emitted = useRef<FileUploadItem[] | undefined>(value);
  const onChangeRef = useRef(onChange);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // A new value from outside (form reset, a loaded record) replaces the list.
  useEffect(() => {
    if (value === emitted.current) return;
    const next = value ?? EMPTY;
    emitted.current = value;
    itemsRef.current = next;
    setItems(next);
    for (const [id, controller] of controllers.current) {
      if (!next.some((i) => i.fileId === id)) controller.abort();
    }
  }, [value]);

  // Unmounting stops hashing and uploads still running.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const commit = useCallback((next: FileUploadItem[]) => {
    itemsRef.current = next;
    emitted.current = next;
    setItems(next);
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
        const result = await uploadOne(file, {
          fileId,
          signal: controller.signal,
          onHashed: (md5) => patch(fileId, { md5 }),
          onProgress: (phase, percent) => {
            if (phase === 'uploading' && itemsRef.current.find((i) => i.fileId === fileId)?.status !== 'uploading') {
              patch(fileId, { status: 'uploading' });
            }
            setProgress((p) => ({ ...p, [fileId]: { phase, percent } }));
          },
        });
        if (result.instant) setInstant((s) => new Set(s).add(fileId));
        // Name and size stay as picked (the list shows what the user chose); the server's
        // cleaned name is what downloads carry.
        patch(fileId, { status: 'done', md5: result.file.md5, error: undefined });
      } catch (err) {
        if (controller.signal.aborted || isAbort(err)) return;
        // ApiErrors carry the server's Chinese message (and were toasted by the request layer).
        const reason = err instanceof Error && err.message ? err.message : '未知错误';
        patch(fileId, { status: 'error', error: `上传失败：${reason}` });
      } finally {
        controllers.current.delete(fileId);
        setProgress((p) => ({ ...p, [fileId]: undefined }));
      }
    },
    [commit, patch],
  );

  /** Checks one picked file against the props; starts it or says why not. */
  const pick = useCallback(
    (file: File) => {
      if (disabled) return;
      if (maxCount !== undefined && itemsRef.current.length >= maxCount) {
        message.warning(`最多只能上传 ${maxCount} 个文件`);
        return;
      }
      if (!matchesAccept(file, accept)) {
        message.error(`不支持的文件类型：${file.name}`);
        return;
      }
      if (maxSize !== undefined && file.size > maxSize) {
        message.error(`文件「${file.name}」超过 ${formatSize(maxSize)}，无法上传`);
        return;
      }
      if (file.size === 0) {
        message.error(`文件「${file.name}」是空文件，无法上传`);
        return;
      }
      void start(file);
    },
    [accept, disabled, maxCount, maxSize, message, start],
  );

  const remove = useCallback(
    (fileId: string) => {
      controllers.current.get(fileId)?.abort();
      commit(itemsRef.current.filter((i) => i.fileId !== fileId));
    },
    [commit],
  );

  // Preview and download addresses of the finished files (signed; see services/file.ts).
  const doneKey = useMemo(
    () =>
      items
        .filter((i) => i.status === 'done')
        .map((i) => i.fileId)
        .join(','),
    [items],
  );
  useEffect(() => {
    if (!doneKey) return undefined;
    let live = true;
    const load = () =>
      previewFiles(doneKey.split(','))
        .then((list) => {
          if (live) setPreviews(Object.fromEntries(list.map((p) => [p.fileId, p])));
        })
        .catch(() => undefined); // shown by the request layer; the list still shows the names
    void load();
    const timer = setInterval(load, PREVIEW_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [doneKey]);

  const full = maxCount !== undefined && items.length >= maxCount;
  return (
    <div className="file-upload">
      <Upload
        accept={accept}
        multiple={multiple}
        disabled={disabled || full}
        showUploadList={false}
        beforeUpload={(file) => {
          pick(file);
          // The list is ours; antd's Upload only picks the files.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled || full}>
          {buttonText}
        </Button>
      </Upload>
      <FileList items={items} progress={progress} instant={instant} previews={previews} disabled={disabled} onRemove={remove} />
    </div>
  );
}
