/**
 * 年度信用评价结果: the years the server offers (公示中 or 终评, newest first) as links, the shown
 * year's state (公示中 with its window, or 终评 with its date), a search by unit name, and the
 * units with score and tier, best first, in a captioned table; a unit shown in 会员之窗 links to
 * its page there.
 */
import { Link } from '@umijs/max';
import type { ReactNode } from 'react';
import type { PublicCreditYear } from '@common/schemas/credit';
import CreditTierBadge from '@/components/PublicContent/CreditTier';
import { formatDate } from '@/components/PublicContent/format';
import KeywordSearch from '@/components/PublicContent/KeywordSearch';
import { MEMBER_LIST_PATH } from '@/components/PublicContent/links';
import Pager from '@/components/PublicContent/Pager';
import Skeleton from '@/components/PublicContent/Skeleton';
import { EmptyState, LoadFailed } from '@/components/PublicContent/States';
import { useApiRequest } from '@/hooks/useApiRequest';
import { listPublicCreditRatings } from '@/services/publicCredit';
import shared from '@/components/PublicContent/index.less';
import styles from '../index.less';
import { useCreditParams } from './creditParams';

export const RATINGS_PAGE_SIZE = 20;

function yearLabel(y: PublicCreditYear): string {
  return y.status === 'publicity' ? `${y.year}年度（公示中）` : `${y.year}年度`;
}

function YearState({ rating }: { rating: PublicCreditYear }) {
  if (rating.status === 'publicity') {
    return (
      <p className={`${styles.state} ${styles.statePublicity}`}>
        <strong>公示中</strong>：{rating.year}年度初评结果公示期为 {formatDate(rating.publicityFrom)} 至 {formatDate(rating.publicityUntil)}
        。公示期内会员单位可提出异议，结果以终评为准。
      </p>
    );
  }
  return (
    <p className={styles.state}>
      <strong>终评结果</strong>：{rating.year}年度信用评价{rating.finalizedAt ? `已于 ${formatDate(rating.finalizedAt)} 终评` : '已终评'}。
    </p>
  );
}

export default function RatingsSection() {
  const { year, keyword, current, patch, hrefWith } = useCreditParams();
  const { data, error, loading, refresh } = useApiRequest(
    () => listPublicCreditRatings({ year, keyword: keyword || undefined, current, pageSize: RATINGS_PAGE_SIZE }),
    { refreshDeps: [year, keyword, current] },
  );
  const rating = data?.rating ?? null;

  let body: ReactNode;
  if (!data && error) body = <LoadFailed onRetry={refresh} what="信用评价结果" />;
  else if (!data) body = <Skeleton rows={6} />;
  else if (data.years.length === 0) body = <EmptyState>暂无已公示的年度信用评价结果。</EmptyState>;
  else if (!rating) body = <EmptyState>{year ? `${year}年度的信用评价结果尚未公示。` : '暂无已公示的年度信用评价结果。'}</EmptyState>;
  else if (data.list.length === 0) {
    body = <EmptyState>{keyword ? `${rating.year}年度没有找到名称含“${keyword}”的会员单位。` : `${rating.year}年度暂无参评单位。`}</EmptyState>;
  } else {
    body = (
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-busy={loading}>
          <caption className={styles.caption}>
            {rating.year}年度会员单位信用评价{rating.status === 'publicity' ? '（公示中）' : '（终评）'}
            {keyword ? `：名称含“${keyword}”` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">会员单位</th>
              <th scope="col" className={styles.num}>
                得分
              </th>
              <th scope="col">信用等级</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((u) => (
              <tr key={u.unitId}>
                <th scope="row" className={styles.unit}>
                  {u.inWindow ? <Link to={`${MEMBER_LIST_PATH}/${encodeURIComponent(u.unitId)}`}>{u.unitName}</Link> : u.unitName}
                </th>
                <td className={styles.num}>{u.score}</td>
                <td>
                  <CreditTierBadge tier={u.tier} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  const shownYear = rating?.year;
  return (
    <section className={shared.panel} aria-labelledby="credit-ratings">
      <h2 id="credit-ratings" className={styles.h2}>
        年度信用评价结果
      </h2>
      {data && data.years.length > 0 && (
        <nav aria-label="选择评价年度">
          <ul className={shared.filters}>
            <li className={shared.filterLabel} aria-hidden>
              年度：
            </li>
            {data.years.map((y) => (
              <li key={y.year}>
                <Link to={hrefWith({ year: y.year, current: null })} className={shared.chip} aria-current={y.year === shownYear ? 'true' : undefined}>
                  {yearLabel(y)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {rating && <YearState rating={rating} />}
      {data && data.years.length > 0 && (
        <div className={shared.toolbar}>
          <KeywordSearch value={keyword} label="按单位名称搜索信用评价结果" placeholder="输入会员单位名称" onSearch={(v) => patch({ keyword: v, current: null })} />
          {keyword && data.rating && <p className={shared.resultNote}>共找到 {data.total} 家单位</p>}
        </div>
      )}
      {body}
      {data && data.list.length > 0 && (
        <Pager current={current} pageSize={RATINGS_PAGE_SIZE} total={data.total} unit="家" onChange={(page) => patch({ current: page })} />
      )}
    </section>
  );
}
