/** 通知公告: the notices, in the shared public list (pinned first, then newest). */
import { findPage } from '@common/menu';
import PublicList from '@/components/PublicContent/PublicList';

const TITLE = findPage('/FrontPage/notice')?.title ?? '通知公告';

export default function NoticePage() {
  return <PublicList title={TITLE} source={{ kind: 'notice' }} description="协会发布的通知与公告。" />;
}
