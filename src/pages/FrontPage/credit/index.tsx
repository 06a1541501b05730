/**
 * 信用公示 (common/schemas/credit.ts CREDIT_PAGES.public): what the public may read of the member
 * units' credit, only as the server gives it (GET /public/credit/ratings, /public/credit/bad-conduct):
 * each year's tiers and scores once final, the year under 公示 marked so with its window, a search
 * by unit name; and the bad-conduct records still in term. Plain markup and the public pages'
 * styles (tests/e2e/bundle.test.ts: no antd here); the year, the searches and the pages live in
 * the address.
 */
import { findPage } from '@common/menu';
import { CREDIT_PUBLICITY_DAYS } from '@common/credit';
import PageHeader from '@/components/PublicContent/PageHeader';
import usePageMeta from '@/components/usePageMeta';
import shared from '@/components/PublicContent/index.less';
import BadConductSection from './components/BadConductSection';
import RatingsSection from './components/RatingsSection';
import styles from './index.less';

const TITLE = findPage('/FrontPage/credit')?.title ?? '信用公示';

export default function CreditPublicPage() {
  usePageMeta({ title: TITLE, description: '会员单位年度信用评价结果（终评等级与公示中的初评结果）和公示期内的不良行为记录。' });
  return (
    <div className={shared.pageWrap}>
      <PageHeader title={TITLE} />
      <p className={styles.intro}>
        协会每年对会员单位开展信用评价：以基础分加减该年度不良行为与表彰记录的分值计分，按得分评定 A（优秀）、B（良好）、C（一般）、D（较差）四个等级。
        初评结果公示 {CREDIT_PUBLICITY_DAYS} 天，公示期满并答复异议后终评。不良行为记录在其公示期限内向社会公开。
      </p>
      <RatingsSection />
      <BadConductSection />
    </div>
  );
}
