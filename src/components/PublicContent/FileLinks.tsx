/**
 * Files of public content: each with its type and size, a preview link when the browser can
 * show it (images, PDF), and a download that keeps the original name.
 */
import { Icon } from './icons/Icon';
import DOWNLOAD_ICON from './icons/download';
import EYE_ICON from './icons/eye';
import PAPER_CLIP_ICON from './icons/paper-clip';
import type { PublicFile } from '@common/schemas/public';
import { fileTypeLabel, formatFileSize } from './format';
import styles from './index.less';

interface FileLinksProps {
  files: readonly PublicFile[];
  /** An accessible name for the list ("附件", "《办法》的下载文件"). */
  label: string;
}

export default function FileLinks({ files, label }: FileLinksProps) {
  if (files.length === 0) return null;
  return (
    <ul className={styles.files} aria-label={label}>
      {files.map((file) => (
        <li key={file.fileId} className={styles.file}>
          <Icon shape={PAPER_CLIP_ICON} className={styles.fileIcon} />
          <span className={styles.fileName}>{file.name}</span>
          <span className={styles.fileMeta}>
            {fileTypeLabel(file.name, file.contentType)} · {formatFileSize(file.size)}
          </span>
          <span className={styles.fileActions}>
            {file.previewable && (
              <a href={file.url} target="_blank" rel="noopener noreferrer" className={styles.fileAction}>
                <Icon shape={EYE_ICON} /> 预览<span className="sr-only">{file.name}（在新窗口打开）</span>
              </a>
            )}
            <a href={file.downloadUrl} download={file.name} className={styles.fileAction}>
              <Icon shape={DOWNLOAD_ICON} /> 下载<span className="sr-only">{file.name}</span>
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
}
