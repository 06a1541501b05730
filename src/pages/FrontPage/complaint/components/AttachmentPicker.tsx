/**
 * The complaint's attachments on the public page: <FileUpload/>'s steps (a v4 UUID per file, the
 * MD5 in 2 MB chunks, '校验中 37%', '上传中 62%', remove) drawn with plain elements, since the
 * public pages load no antd (tests/e2e/bundle.test.ts), and sent to POST /public/complaints/files,
 * which needs no login. No 秒传 and no preview: before the complaint is stored the files belong to
 * nobody, so the server tells an anonymous caller nothing about them (as registration's
 * src/pages/register/components/MaterialUpload.tsx).
 */
import { useId, useState, type ChangeEvent } from 'react';
import { formatSize, matchesAccept } from '@/components/FileUpload/accept';
import type { FileUploadItem } from '@/components/FileUpload/types';
import { useAnonymousUploads } from '@/components/FileUpload/useAnonymousUploads';
import controls from '@/components/PublicContent/controls.less';
import { uploadComplaintFile } from '@/services/publicComplaints';
import styles from '../index.less';

export interface AttachmentPickerProps {
  value: FileUploadItem[];
  onChange: (value: FileUploadItem[]) => void;
  accept: string;
  maxCount: number;
  maxSize: number;
  /** Described by (the field's hint), for screen readers. */
  describedBy?: string;
}

export default function AttachmentPicker({ value, onChange, accept, maxCount, maxSize, describedBy }: AttachmentPickerProps) {
  const inputId = useId();
  const [notice, setNotice] = useState('');
  const { progress, start, remove, count } = useAnonymousUploads(value, onChange, uploadComplaintFile);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be chosen again after a removal.
    event.target.value = '';
    const refusals: string[] = [];
    for (const file of files) {
      if (count() >= maxCount) {
        refusals.push(`最多只能上传 ${maxCount} 个附件`);
        break;
      }
      if (!matchesAccept(file, accept)) refusals.push(`不支持的文件类型：${file.name}（只能上传图片或 PDF）`);
      else if (file.size > maxSize) refusals.push(`文件「${file.name}」超过 ${formatSize(maxSize)}，无法上传`);
      else if (file.size === 0) refusals.push(`文件「${file.name}」是空文件，无法上传`);
      else void start(file);
    }
    setNotice(refusals.join('；'));
  };

  const full = value.length >= maxCount;
  const stateOf = (item: FileUploadItem) => {
    if (item.status === 'error') return <span className={styles.fileFailed}>{item.error ?? '上传失败'}</span>;
    if (item.status === 'done') return <span className={styles.fileState}>已上传</span>;
    const p = progress[item.fileId];
    const phase = item.status === 'uploading' ? 'uploading' : 'hashing';
    return <span className={styles.fileState}>{`${phase === 'uploading' ? '上传中' : '校验中'} ${p?.phase === phase ? p.percent : 0}%`}</span>;
  };

  return (
    <div>
      <input
        id={inputId}
        className={styles.fileInput}
        type="file"
        accept={accept}
        multiple={maxCount > 1}
        disabled={full}
        aria-describedby={describedBy}
        onChange={pick}
      />
      <label htmlFor={inputId} className={`${controls.button} ${styles.fileButton}`} aria-disabled={full || undefined}>
        选择附件
      </label>
      {notice && (
        <p className={styles.error} role="alert">
          {notice}
        </p>
      )}
      {value.length > 0 && (
        <ul className={styles.files} aria-label="已选择的附件" aria-live="polite">
          {value.map((item) => (
            <li key={item.fileId} className={styles.file}>
              <span className={styles.fileName}>{item.name}</span>
              <span className={styles.fileState}>{formatSize(item.size)}</span>
              {stateOf(item)}
              <button type="button" className={`${controls.button} ${controls.linkButton}`} onClick={() => remove(item.fileId)} aria-label={`删除附件 ${item.name}`}>
                删除
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
