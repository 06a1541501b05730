/**
 * 专家库: public, active experts (photo or initial, name, title, work unit, specialties as tags,
 * phone and e-mail masked by the server), filtered by specialty (dictionary specialty) and
 * keyword, paged; the choices live in the URL.
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
import { getPublicDict, listPublicExperts } from '@/services/publicContent';
import shared from '@/components/PublicContent/index.less';
import ExpertCard from './components/ExpertCard';
import styles from './index.less';

const TITLE = findPage('/FrontPage/comprehensive-information/industry-dynamics')?.title ?? '专家库';
export const EXPERT_PAGE_SIZE = 12;

export default function ExpertLibraryPage() {
  const { current, keyword, get, update } = useUrlParams();
  const specialty = get('specialty');
  usePageMeta({ title: TITLE, description: '协会社会稳定风险评估专家库：专家姓名、职称、工作单位与专业领域。' });

  const specialties = useApiRequest(() => getPublicDict('specialty'), { refreshOnWindowFocus: false });
  const { data, loading, error, refresh } = useApiRequest(
    () =>
      listPublicExperts({
        current,
        pageSize: EXPERT_PAGE_SIZE,
        keyword: keyword || undefined,
        specialty: specialty || undefined,
      }),
    { refreshDeps: [current, keyword, specialty] },
  );

  let body;
  if (!data && error) body = <LoadFailed onRetry={refresh} what="专家信息" />;
  else if (!data) body = <Skeleton avatar rows={6} />;
  else if (data.list.length === 0) {
    body = (
      <EmptyState>
        {keyword || specialty ? '没有找到符合条件的专家，请调整筛选条件。' : '专家信息正在整理，请稍后再来查看。'}
      </EmptyState>
    );
  } else {
    body = (
      <ul className={styles.grid} aria-busy={loading}>
        {data.list.map((expert) => (
          <li key={expert.id}>
            <ExpertCard expert={expert} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={shared.pageWrap}>
      <PageHeader title={TITLE} />
      <section className={shared.panel}>
        {specialties.data && <FilterChips label="专业领域" param="specialty" options={specialties.data} value={specialty} />}
        <div className={shared.toolbar}>
          <KeywordSearch value={keyword} label="搜索专家" placeholder="输入专家姓名或工作单位" onSearch={(v) => update({ keyword: v })} />
          {data && (keyword || specialty) && <p className={shared.resultNote}>共找到 {data.total} 位专家</p>}
        </div>
        {body}
        {data && data.list.length > 0 && (
          <Pager
            current={current}
            pageSize={EXPERT_PAGE_SIZE}
            total={data.total}
            unit="位"
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
