/**
 * 不良行为记录: the bad-conduct records still in term, newest first, as the server gives them
 * (the unit, the practitioner if any, the kind, the date, the last day of the term; no evidence,
 * no points), with a search by unit or practitioner name. On a phone each row stacks its cells
 * under their headings, so nothing scrolls sideways.
 */
import { Link } from '@umijs/max';
import type { ReactNode } from 'react';
import { formatDate } from '@/components/PublicContent/format';
import KeywordSearch from '@/components/PublicContent/KeywordSearch';
import { MEMBER_LIST_PATH } from '@/components/PublicContent/links';
import Pager from '@/components/PublicContent/Pager';
import Skeleton from '@/components/PublicContent/Skeleton';
import { EmptyState, LoadFailed } from '@/components/PublicContent/States';
import { useApiRequest } from '@/hooks/useApiRequest';
import { listPublicBadConduct } from '@/services/publicCredit';
import shared from '@/components/PublicContent/index.less';
import styles from '../index.less';
import { useCreditParams } from './creditParams';

export const BAD_CONDUCT_PAGE_SIZE = 20;

export default function BadConductSection() {
  const { badKeyword, badPage, patch } = useCreditParams();
  const { data, error, loading, refresh } = useApiRequest(
    () => listPublicBadConduct({ keyword: badKeyword || undefined, current: badPage, pageSize: BAD_CONDUCT_PAGE_SIZE }),
    { refreshDeps: [badKeyword, badPage] },
  );

  let body: ReactNode;
  if (!data && error) body = <LoadFailed onRetry={refresh} what="不良行为记录" />;
  else if (!data) body = <Skeleton rows={4} />;
  else if (data.list.length === 0) {
    body = <EmptyState>{badKeyword ? `没有找到与“${badKeyword}”有关的在期不良行为记录。` : '目前没有公示期内的不良行为记录。'}</EmptyState>;
  } else {
    body = (
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.stack}`} aria-busy={loading}>
          <caption className={styles.caption}>公示期内的不良行为记录{badKeyword ? `：与“${badKeyword}”有关` : ''}</caption>
          <thead>
            <tr>
              <th scope="col">会员单位</th>
              <th scope="col">从业人员</th>
              <th scope="col">不良行为</th>
              <th scope="col">发生日期</th>
              <th scope="col">公示期至</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((b) => (
              <tr key={b.id}>
                <td data-label="会员单位" className={styles.unit}>
                  {b.inWindow ? <Link to={`${MEMBER_LIST_PATH}/${encodeURIComponent(b.unitId)}`}>{b.unitName}</Link> : b.unitName}
                </td>
                <td data-label="从业人员">{b.practitionerName ?? '—'}</td>
                <td data-label="不良行为">{b.kindLabel}</td>
                <td data-label="发生日期" className={styles.date}>
                  {formatDate(b.occurredOn)}
                </td>
                <td data-label="公示期至" className={styles.date}>
                  {formatDate(b.termUntil)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className={shared.panel} aria-labelledby="credit-bad-conduct">
      <h2 id="credit-bad-conduct" className={styles.h2}>
        不良行为记录
      </h2>
      <p className={styles.note}>会员单位及其从业人员在公示期限内的不良行为记录；期满或经核查撤销的记录不再公示。</p>
      <div className={shared.toolbar}>
        <KeywordSearch value={badKeyword} label="按单位或从业人员姓名搜索不良行为记录" placeholder="输入单位名称或从业人员姓名" onSearch={(v) => patch({ bk: v, bp: null })} />
        {badKeyword && data && <p className={shared.resultNote}>共找到 {data.total} 条记录</p>}
      </div>
      {body}
      {data && data.list.length > 0 && (
        <Pager current={badPage} pageSize={BAD_CONDUCT_PAGE_SIZE} total={data.total} unit="条" onChange={(page) => patch({ bp: page })} />
      )}
    </section>
  );
}
