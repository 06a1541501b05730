/** A record's files as a list: name and size, with 预览 (images, PDF) and 下载 through signed addresses. */
import { Empty, List, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { FileRef } from '@common/schemas/content';
import type { PreviewItem } from '@common/schemas/files';
import { loadPreview } from '@/components/ListPage/filePreviews';

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function RecordFiles({ files, empty = '未上传' }: { files: readonly FileRef[]; empty?: string }) {
  const [previews, setPreviews] = useState<Map<string, PreviewItem>>(new Map());
  const ids = files.map((f) => f.fileId).join(',');
  useEffect(() => {
    if (!ids) return undefined;
    let live = true;
    void Promise.all(ids.split(',').map((id) => loadPreview(id))).then((items) => {
      if (live) setPreviews(new Map(items.flatMap((p) => (p ? [[p.fileId, p] as const] : []))));
    });
    return () => {
      live = false;
    };
  }, [ids]);

  if (files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <List
      size="small"
      dataSource={[...files]}
      rowKey="fileId"
      renderItem={(file) => {
        const preview = previews.get(file.fileId);
        return (
          <List.Item
            actions={
              preview
                ? [
                    ...(preview.previewable
                      ? [
                          <a key="view" href={preview.url} target="_blank" rel="noreferrer" aria-label={`预览${file.name}`}>
                            预览
                          </a>,
                        ]
                      : []),
                    <a key="download" href={preview.downloadUrl} aria-label={`下载${file.name}`}>
                      下载
                    </a>,
                  ]
                : []
            }
          >
            <Space>
              <Typography.Text>{file.name}</Typography.Text>
              <Typography.Text type="secondary">{sizeText(file.size)}</Typography.Text>
            </Space>
          </List.Item>
        );
      }}
    />
  );
}
