/** The value of <FileUpload/> in an antd Form: one entry per file. */
export type FileUploadStatus = 'hashing' | 'uploading' | 'done' | 'error';

export interface FileUploadItem {
  /** v4 UUID given by the browser before upload; the server's record id. */
  fileId: string;
  name: string;
  size: number;
  status: FileUploadStatus;
  /** Known once hashed (files loaded from a saved record may not carry it). */
  md5?: string;
  /** Why it failed (status 'error'), in Chinese. */
  error?: string;
}

export interface FileUploadProps {
  value?: FileUploadItem[];
  onChange?: (value: FileUploadItem[]) => void;
  /** As <input accept>: extensions (".pdf") and/or MIME types ("image/*"). Also checked on selection. */
  accept?: string;
  /** At most this many files in the list. */
  maxCount?: number;
  /** Largest file in bytes (the server has its own limit too). */
  maxSize?: number;
  multiple?: boolean;
  disabled?: boolean;
  /** The button's text; '选择文件' by default. */
  buttonText?: string;
}

/** A form rule: every file finished uploading (none hashing, uploading or failed). */
export function allUploaded(value: FileUploadItem[] | undefined): boolean {
  return (value ?? []).every((item) => item.status === 'done');
}
