/**
 * Site search over search_documents: match with the dialect's word index (FTS5 / GIN
 * tsvector; both hold our bigram tokens), keep what is public at `now`, rank, page.
 *
 * Ranking is the same SQL on both databases, so both give the same order: each query term
 * found in the title weighs 10, in the summary 3 (a term that matched only in the body adds
 * nothing beyond matching); ties go to the newest. This is how readers judge relevance on a
 * news site (the title says what it is about) and it never reads the long texts, which is
 * what keeps the query fast with thousands of matches: it ranks small rows, and only the
 * page's hits read their text (for the snippet).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { SEARCH_TYPES, type SearchHit, type SearchQuery, type SearchResult, type SearchType } from '@common/schemas/public';
import type { Database, DbOrTrx } from '../db/types';
import { containsPattern, paging } from '../http/paging';
import { cachedSearch } from './cache';
import { documentTexts, isPostgres } from './indexer';
import { fts5Match, queryTerms, tsQuery, type QueryTerm } from './tokenize';

const SNIPPET_BEFORE = 30;
const SNIPPET_LENGTH = 120;

function urlOf(type: SearchType, id: string): string {
  switch (type) {
    case 'article':
      return `/FrontPage/detail/${encodeURIComponent(id)}`;
    case 'notice':
      return `/FrontPage/detail/${encodeURIComponent(id)}?type=notice`;
    case 'unit':
      return `/FrontPage/member-unit/${encodeURIComponent(id)}`;
    case 'expert':
      return `/FrontPage/comprehensive-information/industry-dynamics`;
  }
}

/** Plain text around the first place a term occurs (or the start). */
export function snippetOf(text: string, terms: readonly QueryTerm[]): string {
  const lower = text.toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.indexOf(t.text);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  const start = Math.max(0, at - SNIPPET_BEFORE);
  const piece = text.slice(start, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${piece}${start + SNIPPET_LENGTH < text.length ? '…' : ''}`;
}

/** The first text that holds a term (the hit may have matched in the summary only), else the body. */
function textWithMatch(texts: string[], terms: readonly QueryTerm[]): string {
  const found = texts.find((text) => terms.some((t) => text.toLowerCase().includes(t.text)));
  return found ?? texts.find(Boolean) ?? '';
}

type DocEb = ExpressionBuilder<Database, 'search_documents'>;

function publicAt(eb: DocEb, now: string): Expression<SqlBool> {
  return eb.and([
    eb('search_documents.visible', '=', 1),
    eb.or([eb('search_documents.visible_from', 'is', null), eb('search_documents.visible_from', '<=', now)]),
    eb.or([eb('search_documents.visible_until', 'is', null), eb('search_documents.visible_until', '>', now)]),
  ]);
}

/** A search, answered from the cache when the index and the moment allow (./cache.ts). */
export function search(db: DbOrTrx, query: SearchQuery, now: string): Promise<SearchResult> {
  const key = JSON.stringify([query.q.trim(), query.type ?? '', query.sort ?? 'relevance', query.current ?? 1, query.pageSize ?? 10]);
  return cachedSearch(db, key, now, () => searchUncached(db, query, now));
}

export async function searchUncached(db: DbOrTrx, query: SearchQuery, now: string): Promise<SearchResult> {
  const { current, pageSize, offset } = paging(query);
  const terms = queryTerms(query.q);
  const counts: Record<string, number> = Object.fromEntries(SEARCH_TYPES.map((t) => [t, 0]));
  if (terms.length === 0) return { list: [], total: 0, current, pageSize, terms: [], counts };

  const postgres = isPostgres(db);
  const matched = (): Expression<SqlBool> =>
    postgres
      ? // = any(array(...)) runs the word index first, then fetches the matches by primary key
        // (a plain `in` lets the planner scan every document and hash-join).
        sql<SqlBool>`search_documents.id = any(array(select id from search_tsv where tsv @@ ${tsQuery(terms)}::tsquery))`
      : sql<SqlBool>`search_documents.id in (select rowid from search_fts where search_fts match ${fts5Match(terms)})`;

  const base = db.selectFrom('search_documents').where((eb) => eb.and([matched(), publicAt(eb, now)]));

  const perType = await base
    .select(['doc_type', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('doc_type')
    .execute();
  for (const row of perType) counts[row.doc_type] = Number(row.n);
  const total = query.type ? counts[query.type] : Object.values(counts).reduce((a, b) => a + b, 0);
  if (total === 0) return { list: [], total, current, pageSize, terms: terms.map((t) => t.text), counts };

  // Σ over terms: 10 when the title holds it, 3 when the summary does.
  const score = sql.join(
    terms.flatMap((t) => {
      const pattern = containsPattern(t.text);
      return [
        sql`case when lower(search_documents.title) like ${pattern} escape '\\' then 10 else 0 end`,
        sql`case when lower(coalesce(search_documents.summary, '')) like ${pattern} escape '\\' then 3 else 0 end`,
      ];
    }),
    sql` + `,
  );

  let page = base.select([
    'doc_type',
    'doc_id',
    'title',
    'summary',
    'label',
    'date',
    sql<number>`${score}`.as('score'),
  ]);
  if (query.type) page = page.where('doc_type', '=', query.type);
  page =
    query.sort === 'date'
      ? page.orderBy(sql`coalesce(search_documents.date, '')`, 'desc').orderBy('score', 'desc')
      : page.orderBy('score', 'desc').orderBy(sql`coalesce(search_documents.date, '')`, 'desc');
  const rows = await page.orderBy('key').limit(pageSize).offset(offset).execute();

  // Only the page's hits read their text (from the source tables), for the snippets.
  const texts = new Map<string, string>();
  for (const type of SEARCH_TYPES) {
    const ids = rows.filter((r) => r.doc_type === type).map((r) => r.doc_id);
    for (const [id, text] of await documentTexts(db, type, ids)) texts.set(`${type}:${id}`, text);
  }
  const list: SearchHit[] = rows.map((r) => ({
    type: r.doc_type,
    id: r.doc_id,
    title: r.title,
    snippet: snippetOf(textWithMatch([texts.get(`${r.doc_type}:${r.doc_id}`) ?? '', r.summary ?? ''], terms), terms),
    url: urlOf(r.doc_type, r.doc_id),
    date: r.date,
    label: r.label,
  }));
  return { list, total, current, pageSize, terms: terms.map((t) => t.text), counts };
}
