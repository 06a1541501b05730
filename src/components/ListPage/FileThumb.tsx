/** A stored image as a small thumbnail in a list (click for the full image); a placeholder without one. */
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import { Image } from 'antd';
import { useEffect, useState } from 'react';
import type { PreviewItem } from '@common/schemas/files';
import { loadPreview } from './filePreviews';

export interface FileThumbProps {
  fileId: string | null | undefined;
  alt: string;
  width?: number;
  height?: number;
}

export default function FileThumb({ fileId, alt, width = 96, height = 54 }: FileThumbProps) {
  const [preview, setPreview] = useState<PreviewItem | undefined>(undefined);
  useEffect(() => {
    if (!fileId) return undefined;
    let live = true;
    void loadPreview(fileId).then((p) => live && setPreview(p));
    return () => {
      live = false;
    };
  }, [fileId]);

  if (!fileId || !preview?.previewable) {
    return (
      <div
        role="img"
        aria-label={fileId ? `${alt}（加载中）` : `${alt}（无图片）`}
        style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f5f5', borderRadius: 4, color: '#bfbfbf' }}
      >
        <PictureOutlined />
      </div>
    );
  }
  return <Image src={preview.url} alt={alt} width={width} height={height} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}
