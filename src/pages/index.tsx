/**
 * The home page: the carousel, 证书查询 (a number opens the certificate page) and 会员服务
 * (入会指南, 入会申请, 会员登录), the latest 协会工作, 协会新闻 and 通知公告 side by side
 * (stacked on phones) with "更多" links, the member window strip and the friendship links.
 * One request: GET /public/home; 证书查询 and 会员服务 need none and show at once.
 */
import { ASSOCIATION_NAME } from '@common/association';
import type { PublicArticleItem, PublicHome, PublicNoticeItem } from '@common/schemas/public';
import {
  articleHref,
  MEMBER_LIST_PATH,
  NEWS_LIST_PATH,
  NOTICE_LIST_PATH,
  noticeHref,
  WORK_LIST_PATH,
} from '@/components/PublicContent/links';
import Skeleton from '@/components/PublicContent/Skeleton';
import { LoadFailed } from '@/components/PublicContent/States';
import usePageMeta, { DEFAULT_DESCRIPTION } from '@/components/usePageMeta';
import { useApiRequest } from '@/hooks/useApiRequest';
import { useFirstScreenPlugin } from '@/request/firstScreen';
import { getPublicHome, PUBLIC_HOME_PATH } from '@/services/publicContent';
import Carousel from '@/components/PublicHome/Carousel';
import CertificateLookup from '@/components/PublicHome/CertificateLookup';
import MemberServices from '@/components/PublicHome/MemberServices';
import FriendLinks from '@/components/PublicHome/FriendLinks';
import HomeSection from '@/components/PublicHome/HomeSection';
import LatestList, { type LatestItem } from '@/components/PublicHome/LatestList';
import MemberStrip from '@/components/PublicHome/MemberStrip';
import styles from './index.less';

const articles = (items: readonly PublicArticleItem[]): LatestItem[] =>
  items.map((a) => ({ id: a.id, title: a.title, href: articleHref(a.id), publishAt: a.publishAt, pinned: a.pinned }));

const notices = (items: readonly PublicNoticeItem[]): LatestItem[] =>
  items.map((n) => ({ id: n.id, title: n.title, href: noticeHref(n.id), publishAt: n.publishAt, pinned: n.pinned }));

export default function HomePage() {
  usePageMeta({ title: '首页', description: DEFAULT_DESCRIPTION });
  // With the answer that came with the page (src/request/firstScreen.ts) the first render has it all.
  const firstScreen = useFirstScreenPlugin(PUBLIC_HOME_PATH, (home: PublicHome) => home);
  const { data, error, refresh } = useApiRequest(() => getPublicHome(), { cacheKey: 'public-home' }, [firstScreen]);

  return (
    <div className={styles.home}>
      <h1 className="sr-only">{ASSOCIATION_NAME}</h1>
      {data ? <Carousel items={data.carousels} /> : <div className={styles.carouselSkeleton} aria-hidden />}
      {!data && error && <LoadFailed onRetry={refresh} what="首页内容" />}
      <div className={styles.services}>
        <HomeSection id="home-certificate" title="证书查询">
          <CertificateLookup />
        </HomeSection>
        <HomeSection id="home-member-services" title="会员服务">
          <MemberServices />
        </HomeSection>
      </div>
      <div className={styles.columns}>
        {data ? (
          <>
            <HomeSection id="home-work" title="协会工作" more={WORK_LIST_PATH}>
              <LatestList items={articles(data.work)} emptyText="协会工作栏目暂无内容。" />
            </HomeSection>
            <HomeSection id="home-news" title="协会新闻" more={NEWS_LIST_PATH}>
              <LatestList items={articles(data.news)} emptyText="协会新闻栏目暂无内容。" />
            </HomeSection>
            <HomeSection id="home-notices" title="通知公告" more={NOTICE_LIST_PATH}>
              <LatestList items={notices(data.notices)} emptyText="暂无通知公告。" />
            </HomeSection>
          </>
        ) : (
          !error &&
          [1, 2, 3].map((n) => (
            <div key={n} className={styles.skeleton} aria-hidden>
              <Skeleton rows={6} />
            </div>
          ))
        )}
      </div>
      {data && (
        <>
          <HomeSection id="home-members" title="会员之窗" more={MEMBER_LIST_PATH}>
            <MemberStrip members={data.members} />
          </HomeSection>
          <HomeSection id="home-links" title="友情链接">
            <FriendLinks links={data.links} />
          </HomeSection>
        </>
      )}
    </div>
  );
}
