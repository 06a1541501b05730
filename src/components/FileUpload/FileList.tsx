/** The files of a <FileUpload/>: progress while hashing/uploading, then preview, download and remove. */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { Button, Progress, Space, Tag, Typography } from 'antd';
import type { PreviewItem } from '@common/schemas/files';
import { formatSize } from './accept';
import type { FileUploadItem } from './types';
import type { UploadPhase } from './uploadOne';

export interface ItemProgress {
  phase: UploadPhase;
  percent: number;
}

interface FileListProps {
  items: FileUploadItem[];
  progress: Record<string, ItemProgress | undefined>;
  instant: ReadonlySet<string>;
  previews: Record<string, PreviewItem | undefined>;
  disabled?: boolean;
  onRemove: (fileId: string) => void;
}

const PHASE_TEXT: Record<UploadPhase, string> = { hashing: '校验中', uploading: '上传中' };

function statusOf(item: FileUploadItem, progress: ItemProgress | undefined, instant: boolean) {
  if (item.status === 'error') return <Typography.Text type="danger">{item.error ?? '上传失败'}</Typography.Text>;
  if (item.status === 'done') return instant ? <Tag color="green">秒传</Tag> : null;
  const phase: UploadPhase = item.status === 'uploading' ? 'uploading' : 'hashing';
  const percent = progress?.phase === phase ? progress.percent : 0;
  return (
    <Space size={8}>
      <Typography.Text type="secondary">{`${PHASE_TEXT[phase]} ${percent}%`}</Typography.Text>
      <Progress percent={percent} size="small" showInfo={false} style={{ width: 120, margin: 0 }} />
    </Space>
  );
}

export default function FileList({ items, progress, instant, previews, disabled, onRemove }: FileListProps) {
  if (items.length === 0) return null;
  return (
    <ul className="file-upload-list" style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
      {items.map((item) => {
        const preview = item.status === 'done' ? previews[item.fileId] : undefined;
        const busy = item.status === 'hashing' || item.status === 'uploading';
        return (
          <li key={item.fileId} data-file-id={item.fileId} style={{ padding: '4px 0' }}>
            <Space size={8} wrap>
              {busy ? <LoadingOutlined /> : <PaperClipOutlined />}
              {preview?.previewable ? (
                <a href={preview.url} target="_blank" rel="noopener noreferrer" title="预览">
                  {item.name}
                </a>
              ) : (
                <Typography.Text>{item.name}</Typography.Text>
              )}
              <Typography.Text type="secondary">{formatSize(item.size)}</Typography.Text>
              {statusOf(item, progress[item.fileId], instant.has(item.fileId))}
              {preview?.previewable && (
                <Button type="link" size="small" icon={<EyeOutlined />} href={preview.url} target="_blank" rel="noopener noreferrer">
                  预览
                </Button>
              )}
              {preview && (
                // A signed address: the browser streams the file itself, whatever its size.
                <Button type="link" size="small" icon={<DownloadOutlined />} href={preview.downloadUrl} download={item.name}>
                  下载
                </Button>
              )}
              {!disabled && (
                <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onRemove(item.fileId)} aria-label={`删除 ${item.name}`}>
                  删除
                </Button>
              )}
            </Space>
          </li>
        );
      })}
    </ul>
  );
}
