/** 协会工作: the work articles, in the shared public list. */
import { findPage } from '@common/menu';
import PublicList from '@/components/PublicContent/PublicList';

const TITLE = findPage('/FrontPage/association-work')?.title ?? '协会工作';

export default function AssociationWorkPage() {
  return <PublicList title={TITLE} source={{ kind: 'article', category: 'work' }} description="协会的工作动态、会议与活动。" />;
}
