/**
 * /FrontPage/member-unit/:id: one unit of the window: introduction, business scope, address,
 * join date and validity, its approved public cases, its final credit tiers of the last three
 * rated years and its bad-conduct records still in term (信用公示). A unit that is not (or no longer)
 * public shows the server's message (404 status 10) with ways on, without a toast.
 */
import type { ReactNode } from 'react';
import { Link, useParams } from '@umijs/max';
import { CREDIT_PAGES } from '@common/schemas/credit';
import CreditTierBadge from '@/components/PublicContent/CreditTier';
import Skeleton from '@/components/PublicContent/Skeleton';
import { isGone } from '@/components/PublicContent/errors';
import { formatDate } from '@/components/PublicContent/format';
import { MEMBER_LIST } from '@/components/PublicContent/links';
import NameBadge from '@/components/PublicContent/NameBadge';
import { Crumbs } from '@/components/PublicContent/PageHeader';
import { ContentGone, EmptyState, LoadFailed } from '@/components/PublicContent/States';
import usePageMeta from '@/components/usePageMeta';
import { useApiRequest } from '@/hooks/useApiRequest';
import { isApiError } from '@/requestErrors';
import { getPublicMemberUnit } from '@/services/publicContent';
import shared from '@/components/PublicContent/index.less';
import styles from '../components/UnitDetail.less';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function MemberUnitDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data, error, refresh } = useApiRequest(() => getPublicMemberUnit(id, { skipErrorHandler: true }), {
    refreshDeps: [id],
    refreshOnWindowFocus: false,
    // The page shows the failure itself (and ahooks would log it otherwise).
    onError: () => undefined,
  });
  const unit = data?.id === id ? data : undefined;
  const gone = !unit && isGone(error);
  usePageMeta(
    unit
      ? { title: unit.name, description: unit.introduction?.slice(0, 120) ?? `${unit.name}：${MEMBER_LIST.title}` }
      : gone
        ? { title: '会员单位不存在或未公开' }
        : undefined,
  );
  const crumbs = [MEMBER_LIST];

  if (!unit) {
    let body: ReactNode;
    if (gone) {
      body = (
        <ContentGone
          message={isApiError(error) && error.message ? error.message : '会员单位不存在或未公开'}
          list={MEMBER_LIST}
        />
      );
    } else if (error) body = <LoadFailed onRetry={refresh} what="会员单位信息" />;
    else body = <Skeleton avatar rows={8} />;
    return (
      <div className={shared.pageWrap}>
        <Crumbs crumbs={crumbs} current="单位详情" />
        <div className={shared.panel}>{body}</div>
      </div>
    );
  }

  return (
    <div className={shared.pageWrap}>
      <Crumbs crumbs={crumbs} current={unit.name} />
      <article className={shared.panel}>
        <header className={styles.head}>
          <NameBadge name={unit.name} image={unit.logo} alt={`${unit.name}标志`} size={88} lazy={false} />
          <div className={styles.headText}>
            <h1 className={shared.h1}>{unit.name}</h1>
            <p className={styles.tags}>
              {unit.memberLevelLabel && <span className={styles.level}>{unit.memberLevelLabel}</span>}
              {unit.memberNo && <span>会员编号：{unit.memberNo}</span>}
            </p>
          </div>
        </header>

        <dl className={styles.facts}>
          {unit.joinDate && <Fact label="入会日期">{formatDate(unit.joinDate)}</Fact>}
          {unit.validUntil && <Fact label="会员有效期至">{formatDate(unit.validUntil)}</Fact>}
          {unit.establishedOn && <Fact label="成立日期">{formatDate(unit.establishedOn)}</Fact>}
          {unit.address && <Fact label="单位地址">{unit.address}</Fact>}
        </dl>

        <section className={styles.section} aria-labelledby="unit-intro">
          <h2 id="unit-intro" className={styles.h2}>
            单位简介
          </h2>
          <p className={styles.prose}>{unit.introduction || '暂无简介。'}</p>
        </section>

        <section className={styles.section} aria-labelledby="unit-scope">
          <h2 id="unit-scope" className={styles.h2}>
            业务范围
          </h2>
          <p className={styles.prose}>{unit.businessScope || '暂无信息。'}</p>
        </section>

        <section className={styles.section} aria-labelledby="unit-cases">
          <h2 id="unit-cases" className={styles.h2}>
            业绩案例
          </h2>
          {unit.cases.length === 0 ? (
            <EmptyState>该单位暂未公开业绩案例。</EmptyState>
          ) : (
            <ul className={styles.cases}>
              {unit.cases.map((c) => (
                <li key={c.id} className={styles.case}>
                  <h3 className={styles.caseTitle}>{c.title}</h3>
                  <p className={styles.caseMeta}>
                    {c.projectTypeLabel && <span>项目类型：{c.projectTypeLabel}</span>}
                    {c.client && <span>委托单位：{c.client}</span>}
                    {c.completedOn && <span>完成日期：{formatDate(c.completedOn)}</span>}
                  </p>
                  {c.summary && <p className={styles.prose}>{c.summary}</p>}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className={styles.section} aria-labelledby="unit-credit">
          <h2 id="unit-credit" className={styles.h2}>
            信用评价
          </h2>
          {unit.creditTiers.length === 0 ? (
            <EmptyState>该单位暂无已终评的年度信用评价结果。</EmptyState>
          ) : (
            <ul className={styles.creditTiers} aria-label="近三年终评信用等级">
              {unit.creditTiers.map((t) => (
                <li key={t.year}>
                  <span className={styles.creditYear}>{t.year}年度</span>
                  <CreditTierBadge tier={t.tier} />
                  <span className={styles.caseMeta}>{t.score} 分</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className={styles.section} aria-labelledby="unit-bad-conduct">
          <h2 id="unit-bad-conduct" className={styles.h2}>
            不良行为记录
          </h2>
          {unit.badConduct.length === 0 ? (
            <EmptyState>该单位目前没有公示期内的不良行为记录。</EmptyState>
          ) : (
            <ul className={styles.cases}>
              {unit.badConduct.map((b) => (
                <li key={b.id} className={styles.case}>
                  <h3 className={styles.caseTitle}>{b.kindLabel}</h3>
                  <p className={styles.caseMeta}>
                    {b.practitionerName && <span>从业人员：{b.practitionerName}</span>}
                    <span>发生日期：{formatDate(b.occurredOn)}</span>
                    <span>公示期至：{formatDate(b.termUntil)}</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
          <p className={styles.caseMeta}>
            <Link to={CREDIT_PAGES.public}>查看全部会员单位的信用公示</Link>
          </p>
        </section>

        <p className={styles.back}>
          <Link to={MEMBER_LIST.path ?? '/'}>返回{MEMBER_LIST.title}</Link>
        </p>
      </article>
    </div>
  );
}
