/**
 * 会员之窗: the approved units shown in the window, as cards (logo or name badge, name, level,
 * member number), filtered by member level (dictionary member_level) and keyword, paged; the
 * choices live in the URL.
 */
import { findPage } from '@common/menu';
import Skeleton from '@/components/PublicContent/Skeleton';
import FilterChips from '@/components/PublicContent/FilterChips';
import KeywordSearch from '@/components/PublicContent/KeywordSearch';
import PageHeader from '@/components/PublicContent/PageHeader';
import Pager from '@/components/PublicContent/Pager';
import { EmptyState, LoadFailed } from '@/components/PublicContent/States';
import { useUrlParams } from '@/components/PublicContent/urlParams';
import usePageMeta from '@/components/usePageMeta';
import { useApiRequest } from '@/hooks/useApiRequest';
import { getPublicDict, listPublicMemberUnits } from '@/services/publicContent';
import shared from '@/components/PublicContent/index.less';
import UnitCard from './components/UnitCard';
import styles from './index.less';

const TITLE = findPage('/FrontPage/member-unit')?.title ?? '会员之窗';
export const MEMBER_PAGE_SIZE = 12;

export default function MemberUnitPage() {
  const { current, keyword, get, update } = useUrlParams();
  const level = get('level');
  usePageMeta({ title: TITLE, description: '协会会员单位名录：单位名称、会员级别、会员编号与业绩案例。' });

  const levels = useApiRequest(() => getPublicDict('member_level'), { refreshOnWindowFocus: false });
  const { data, loading, error, refresh } = useApiRequest(
    () => listPublicMemberUnits({ current, pageSize: MEMBER_PAGE_SIZE, keyword: keyword || undefined, level: level || undefined }),
    { refreshDeps: [current, keyword, level] },
  );
  const levelLabel = levels.data?.find((l) => l.value === level)?.label;

  let body;
  if (!data && error) body = <LoadFailed onRetry={refresh} what="会员单位" />;
  else if (!data) body = <Skeleton rows={6} />;
  else if (data.list.length === 0) {
    body = (
      <EmptyState>
        {keyword || level
          ? `没有找到符合条件的会员单位${levelLabel ? `（${levelLabel}）` : ''}${keyword ? `（关键词“${keyword}”）` : ''}，请调整筛选条件。`
          : '会员单位信息正在整理，请稍后再来查看。'}
      </EmptyState>
    );
  } else {
    body = (
      <ul className={styles.grid} aria-busy={loading}>
        {data.list.map((unit) => (
          <li key={unit.id}>
            <UnitCard unit={unit} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={shared.pageWrap}>
      <PageHeader title={TITLE} />
      <section className={shared.panel}>
        {levels.data && <FilterChips label="会员级别" param="level" options={levels.data} value={level} />}
        <div className={shared.toolbar}>
          <KeywordSearch value={keyword} label="搜索会员单位" placeholder="输入单位名称" onSearch={(v) => update({ keyword: v })} />
          {data && (keyword || level) && <p className={shared.resultNote}>共找到 {data.total} 家单位</p>}
        </div>
        {body}
        {data && data.list.length > 0 && (
          <Pager
            current={current}
            pageSize={MEMBER_PAGE_SIZE}
            total={data.total}
            unit="家"
            onChange={(page) => {
              update({ current: page });
              window.scrollTo(0, 0);
            }}
          />
        )}
      </section>
    </div>
  );
}
