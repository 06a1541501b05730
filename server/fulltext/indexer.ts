/**
 * Keeps search_documents (and the dialect's word index) in step with what the public may
 * find. Modules call `syncSearchDocument(trx, type, id)` in the same transaction as every
 * change of an article, notice, member unit or expert, so the index never disagrees with the
 * data; `reindexAll` rebuilds it (after the demo seed, or when SEARCH_INDEX_VERSION changes).
 *
 * Visibility is stored, not decided at index time: `visible` holds the state part (published,
 * approved and shown in the window, public and active) and visible_from/visible_until the
 * time part, which the query compares with the request's clock (scheduled publishing needs
 * no job).
 */
import { sql, type Kysely, PostgresAdapter } from 'kysely';
import type { Database, DbOrTrx, SearchDocumentsTable } from '../db/types';
import { htmlToText } from '../content/sanitize';
import { dictLabels } from '../db/dictionaries';
import { bumpSearchGeneration } from './cache';
import { documentTokens } from './tokenize';

export type SearchDocType = SearchDocumentsTable['doc_type'];

/** Bump when tokenising or document contents change: the next start rebuilds the index. */
export const SEARCH_INDEX_VERSION = '1';
const META_KEY = 'search_index_version';

interface SearchDocument {
  doc_type: SearchDocType;
  doc_id: string;
  title: string;
  summary: string | null;
  body: string;
  label: string | null;
  date: string | null;
  visible: boolean;
  visible_from: string | null;
  visible_until: string | null;
}

export function isPostgres(db: DbOrTrx): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// ---- document builders: one per type, reading the source rows ----------------------------------

async function articleDocs(db: DbOrTrx, ids?: readonly string[]): Promise<SearchDocument[]> {
  let q = db.selectFrom('articles').select(['id', 'title', 'summary', 'content', 'author', 'source', 'category', 'status', 'publish_at']);
  if (ids) q = q.where('id', 'in', [...ids]);
  const [rows, categories] = await Promise.all([q.execute(), dictLabels(db, 'article_category')]);
  return rows.map((r) => ({
    doc_type: 'article',
    doc_id: r.id,
    title: r.title,
    summary: r.summary,
    body: [htmlToText(r.content), r.author, r.source].filter(Boolean).join(' '),
    label: categories.get(r.category) ?? null,
    date: r.publish_at,
    visible: r.status === 'published' && !!r.publish_at,
    visible_from: r.publish_at,
    visible_until: null,
  }));
}

async function noticeDocs(db: DbOrTrx, ids?: readonly string[]): Promise<SearchDocument[]> {
  let q = db.selectFrom('notices').select(['id', 'title', 'content', 'status', 'publish_at', 'expire_at']);
  if (ids) q = q.where('id', 'in', [...ids]);
  return (await q.execute()).map((r) => ({
    doc_type: 'notice',
    doc_id: r.id,
    title: r.title,
    summary: null,
    body: htmlToText(r.content),
    label: '通知公告',
    date: r.publish_at,
    visible: r.status === 'published' && !!r.publish_at,
    visible_from: r.publish_at,
    visible_until: r.expire_at,
  }));
}

async function unitDocs(db: DbOrTrx, ids?: readonly string[]): Promise<SearchDocument[]> {
  let q = db
    .selectFrom('member_units')
    .select(['id', 'name', 'member_level', 'member_no', 'introduction', 'business_scope', 'address', 'join_date', 'status', 'show_in_window']);
  if (ids) q = q.where('id', 'in', [...ids]);
  const [rows, levels] = await Promise.all([q.execute(), dictLabels(db, 'member_level')]);
  return rows.map((r) => ({
    doc_type: 'unit',
    doc_id: r.id,
    title: r.name,
    summary: [r.member_level ? levels.get(r.member_level) : null, r.member_no ? `会员编号 ${r.member_no}` : null].filter(Boolean).join(' · ') || null,
    body: [r.introduction, r.business_scope, r.address].filter(Boolean).join(' '),
    label: r.member_level ? (levels.get(r.member_level) ?? null) : null,
    date: r.join_date,
    visible: r.status === 'approved' && !!r.show_in_window,
    visible_from: null,
    visible_until: null,
  }));
}

async function expertDocs(db: DbOrTrx, ids?: readonly string[]): Promise<SearchDocument[]> {
  let q = db.selectFrom('experts').select(['id', 'name', 'professional_title', 'work_unit', 'position', 'introduction', 'public', 'active']);
  if (ids) q = q.where('id', 'in', [...ids]);
  const rows = await q.execute();
  const [titles, specialtyNames] = await Promise.all([dictLabels(db, 'professional_title'), dictLabels(db, 'specialty')]);
  const specialties = new Map<string, string[]>();
  if (rows.length) {
    let sq = db.selectFrom('expert_specialties').select(['expert_id', 'specialty']);
    if (ids) sq = sq.where('expert_id', 'in', [...ids]);
    for (const s of await sq.execute()) {
      const list = specialties.get(s.expert_id) ?? [];
      list.push(specialtyNames.get(s.specialty) ?? s.specialty);
      specialties.set(s.expert_id, list);
    }
  }
  return rows.map((r) => {
    const title = r.professional_title ? (titles.get(r.professional_title) ?? null) : null;
    return {
      doc_type: 'expert',
      doc_id: r.id,
      title: r.name,
      summary: [title, r.work_unit, r.position].filter(Boolean).join(' · ') || null,
      // Phone and e-mail are never indexed: the public sees them masked only.
      body: [(specialties.get(r.id) ?? []).join(' '), r.introduction].filter(Boolean).join(' '),
      label: title,
      date: null,
      visible: !!r.public && !!r.active,
      visible_from: null,
      visible_until: null,
    };
  });
}

const BUILDERS: Record<SearchDocType, (db: DbOrTrx, ids?: readonly string[]) => Promise<SearchDocument[]>> = {
  article: articleDocs,
  notice: noticeDocs,
  unit: unitDocs,
  expert: expertDocs,
};

// ---- writing -----------------------------------------------------------------------------------

const keyOf = (type: SearchDocType, id: string) => `${type}:${id}`;

async function removeKeys(db: DbOrTrx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const rows = await db.selectFrom('search_documents').select('id').where('key', 'in', [...keys]).execute();
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  // PostgreSQL's search_tsv rows go with their document (on delete cascade).
  if (!isPostgres(db)) await sql`delete from search_fts where rowid in (${sql.join(ids)})`.execute(db);
  await db.deleteFrom('search_documents').where('id', 'in', ids).execute();
}

async function writeDocuments(db: DbOrTrx, docs: readonly SearchDocument[], now: string): Promise<void> {
  await removeKeys(
    db,
    docs.map((d) => keyOf(d.doc_type, d.doc_id)),
  );
  const postgres = isPostgres(db);
  for (const d of docs) {
    const tokens = documentTokens([d.title, d.summary ?? '', d.label ?? '', d.body].join(' '));
    const { id } = await db
      .insertInto('search_documents')
      .values({
        key: keyOf(d.doc_type, d.doc_id),
        doc_type: d.doc_type,
        doc_id: d.doc_id,
        title: d.title,
        summary: d.summary,
        label: d.label,
        date: d.date,
        visible: d.visible ? 1 : 0,
        visible_from: d.visible_from,
        visible_until: d.visible_until,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (postgres) {
      await sql`insert into search_tsv (id, tsv) values (${id}, array_to_tsvector(${tokens}::text[]))`.execute(db);
    } else {
      await sql`insert into search_fts (rowid, tokens) values (${id}, ${tokens.join(' ')})`.execute(db);
    }
  }
}

/** The plain text of some items of one type, for the search page's snippets (no labels needed). */
export async function documentTexts(db: DbOrTrx, type: SearchDocType, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const list = [...ids];
  let rows: { id: string; text: string | null }[];
  switch (type) {
    case 'article':
      rows = (await db.selectFrom('articles').select(['id', 'content']).where('id', 'in', list).execute()).map((r) => ({ id: r.id, text: htmlToText(r.content) }));
      break;
    case 'notice':
      rows = (await db.selectFrom('notices').select(['id', 'content']).where('id', 'in', list).execute()).map((r) => ({ id: r.id, text: htmlToText(r.content) }));
      break;
    case 'unit':
      rows = (await db.selectFrom('member_units').select(['id', 'introduction', 'business_scope']).where('id', 'in', list).execute()).map((r) => ({
        id: r.id,
        text: [r.introduction, r.business_scope].filter(Boolean).join(' '),
      }));
      break;
    case 'expert':
      rows = await db.selectFrom('experts').select(['id', 'introduction as text']).where('id', 'in', list).execute();
      break;
  }
  return new Map(rows.map((r) => [r.id, r.text ?? '']));
}

/**
 * Brings one item's search document in line with its row (or removes it when the row is
 * gone). Call inside the transaction that changed the row.
 */
export async function syncSearchDocument(db: DbOrTrx, type: SearchDocType, id: string): Promise<void> {
  await syncSearchDocuments(db, type, [id]);
}

export async function syncSearchDocuments(db: DbOrTrx, type: SearchDocType, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const now = new Date().toISOString();
  const docs = await BUILDERS[type](db, ids);
  const found = new Set(docs.map((d) => d.doc_id));
  await removeKeys(
    db,
    ids.filter((id) => !found.has(id)).map((id) => keyOf(type, id)),
  );
  await writeDocuments(db, docs, now);
  await bumpSearchGeneration(db);
}

/** Rebuilds the whole index (inside one transaction when given one) and records its version. */
export async function reindexAll(db: DbOrTrx): Promise<void> {
  const now = new Date().toISOString();
  if (isPostgres(db)) await sql`delete from search_tsv`.execute(db);
  else await sql`delete from search_fts`.execute(db);
  await db.deleteFrom('search_documents').execute();
  for (const build of Object.values(BUILDERS)) await writeDocuments(db, await build(db), now);
  await bumpSearchGeneration(db);
  await db
    .insertInto('app_meta')
    .values({ key: META_KEY, value: SEARCH_INDEX_VERSION, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: SEARCH_INDEX_VERSION, updated_at: now }))
    .execute();
}

/** At start: rebuild when the index was made by another version of the code (or never). */
export async function ensureSearchIndex(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', META_KEY).executeTakeFirst();
  if (row?.value === SEARCH_INDEX_VERSION) return false;
  await db.transaction().execute((trx) => reindexAll(trx));
  return true;
}
