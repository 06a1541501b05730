/** 下载专区: download articles with their files (type, size, original name), in the shared list. */
import { findPage } from '@common/menu';
import PublicList from '@/components/PublicContent/PublicList';

const TITLE = findPage('/FrontPage/download')?.title ?? '下载专区';

export default function DownloadPage() {
  return (
    <PublicList title={TITLE} source={{ kind: 'article', category: 'download' }} description="表格、办法与资料下载。" />
  );
}
