/**
 * The registration's upload control: <FileUpload/>'s behaviour (a v4 UUID per file, MD5 in
 * 2 MB chunks with '校验中 37%', '上传中 62%', the same list with remove) and value (a list of
 * FileUploadItem, so `allUploaded` applies), but sent to POST /user/auth/register/files,
 * which needs no login. There is no 秒传 and no preview: before the application is stored
 * the files belong to nobody, so the server tells an anonymous caller nothing about them.
 */
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { App, Button, Upload } from 'antd';
import { useCallback } from 'react';
import { formatSize, matchesAccept } from '@/components/FileUpload/accept';
import FileList from '@/components/FileUpload/FileList';
import type { FileUploadItem } from '@/components/FileUpload/types';
import { useAnonymousUploads } from '@/components/FileUpload/useAnonymousUploads';
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

export default function MaterialUpload({ id, value, onChange, accept, maxCount, maxSize, buttonText, describedBy }: MaterialUploadProps) {
  const { message } = App.useApp();
  const items = value ?? EMPTY;
  const { progress, start, remove, count } = useAnonymousUploads(items, onChange, uploadRegistrationFile);

  const pick = useCallback(
    (file: File) => {
      if (count() >= maxCount) {
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
    [accept, count, maxCount, maxSize, message, start],
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
