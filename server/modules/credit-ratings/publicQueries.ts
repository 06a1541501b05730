/**
 * What the public reads of credit (信用公示, no token): the years whose rating is in 公示 or
 * final, one year's tiers and scores (marked 公示中 with the window while in 公示), and the
 * bad-conduct records in term. Nothing of a rating in 初评, no description, evidence or points of
 * an event.
 */
import type { Page } from '@common/schemas/common';
import type { PublicBadConductItem, PublicBadConductQuery, PublicCreditRatingQuery, PublicCreditRatings, PublicCreditYear } from '@common/schemas/credit';
import { BAD_CONDUCT_COLUMNS, inTermBadConduct, toPublicBadConduct } from '../../credit/standing';
import type { DbOrTrx } from '../../db/types';
import { fetchPage, matchesKeyword, paging } from '../../http/paging';

export async function publicRatings(db: DbOrTrx, query: PublicCreditRatingQuery): Promise<PublicCreditRatings> {
  const rows = await db
    .selectFrom('credit_ratings')
    .select(['id', 'year', 'status', 'publicity_from', 'publicity_until', 'finalized_at'])
    .where('status', 'in', ['publicity', 'final'])
    .orderBy('year', 'desc')
    .execute();
  const years = rows.map((r) => ({
    id: r.id,
    year: {
      year: Number(r.year),
      status: r.status === 'final' ? ('final' as const) : ('publicity' as const),
      publicityFrom: r.publicity_from,
      publicityUntil: r.publicity_until,
      finalizedAt: r.finalized_at,
    } satisfies PublicCreditYear,
  }));
  const chosen = query.year === undefined ? years[0] : years.find((y) => y.year.year === query.year);
  const page = paging(query);
  if (!chosen) return { years: years.map((y) => y.year), rating: null, list: [], total: 0, current: page.current, pageSize: page.pageSize };
  let base = db.selectFrom('credit_rating_units as u').innerJoin('member_units as mu', 'mu.id', 'u.unit_id').where('u.rating_id', '=', chosen.id);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['u.unit_name'], keyword));
  const { rows: list, total } = await fetchPage(base, page, (q) =>
    q
      .select(['u.unit_id', 'u.unit_name', 'u.score', 'u.tier', 'mu.show_in_window', 'mu.status'])
      .orderBy('u.score', 'desc')
      .orderBy('u.unit_name')
      .orderBy('u.unit_id'),
  );
  return {
    years: years.map((y) => y.year),
    rating: chosen.year,
    list: list.map((r) => ({
      unitId: r.unit_id,
      unitName: r.unit_name,
      inWindow: Number(r.show_in_window) === 1 && r.status === 'approved',
      score: Number(r.score),
      tier: r.tier,
    })),
    total,
    current: page.current,
    pageSize: page.pageSize,
  };
}

export async function publicBadConduct(db: DbOrTrx, query: PublicBadConductQuery, today: string): Promise<Page<PublicBadConductItem>> {
  const page = paging(query);
  let base = inTermBadConduct(db, today);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['mu.name', 'p.name'], keyword));
  const { rows, total } = await fetchPage(base, page, (q) => q.select([...BAD_CONDUCT_COLUMNS]).orderBy('e.occurred_on', 'desc').orderBy('e.id'));
  return { list: await toPublicBadConduct(db, rows), total, current: page.current, pageSize: page.pageSize };
}
