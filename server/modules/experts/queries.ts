/**
 * Reading experts as staff see them: the filtered list (also what the export walks through),
 * one record, and the dictionaries' labels for the export.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { YEARLY_REVIEW_CAP_DEFAULT } from '@common/expertReview';
import type { ExpertReviewStanding } from '@common/schemas/reviewTasks';
import type { Page } from '@common/schemas/common';
import { hasPermission } from '@common/permissions';
import type { ExpertExportQuery, ExpertListItem, ExpertListQuery, ExpertRecord, ExpertRowAction } from '@common/schemas/experts';
import { filesById, toFileRef } from '../../content/files';
import { toBool } from '../../db/index';
import type { Database, DbOrTrx, ExpertRow } from '../../db/types';
import { fetchPage, matchesKeyword, paging, parseSort, type Sort } from '../../http/paging';
import { flaggedExpertIds, standingOf } from '../../quality/standing';

const SORTABLE = {
  sort: 'sort',
  name: 'name',
  updatedAt: 'updated_at',
  createdAt: 'created_at',
  birthYear: 'birth_year',
} as const;
type SortColumn = (typeof SORTABLE)[keyof typeof SORTABLE];

/** The library's own order, as on the public page. */
const DEFAULT_SORT: Sort<SortColumn> = { column: 'sort', direction: 'asc' };

type ExpertsQuery = SelectQueryBuilder<Database, 'experts', object>;

/** The list's filters (keyword over name and work unit, specialty, title, public, active). */
export function filteredExperts(db: DbOrTrx, query: ExpertExportQuery): ExpertsQuery {
  let base: ExpertsQuery = db.selectFrom('experts');
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['experts.name', 'experts.work_unit'], keyword));
  const { specialty } = query;
  if (specialty) {
    base = base.where('experts.id', 'in', (eb) =>
      eb.selectFrom('expert_specialties').select('expert_specialties.expert_id').where('expert_specialties.specialty', '=', specialty),
    );
  }
  if (query.professionalTitle) base = base.where('experts.professional_title', '=', query.professionalTitle);
  if (query.public !== undefined) base = base.where('experts.public', '=', query.public ? 1 : 0);
  if (query.active !== undefined) base = base.where('experts.active', '=', query.active ? 1 : 0);
  if (query.category) base = base.where('experts.category', '=', query.category);
  return base;
}

/** The list's filters with `flagged` (the experts whose recent ratings are low: server/quality/standing.ts). */
export async function filteredExpertsWithStanding(db: DbOrTrx, query: ExpertExportQuery): Promise<ExpertsQuery> {
  const base = filteredExperts(db, query);
  if (query.flagged === undefined) return base;
  const flagged = await flaggedExpertIds(db);
  if (query.flagged) return flagged.length ? base.where('experts.id', 'in', flagged) : base.where(sql<boolean>`1 = 0`);
  return flagged.length ? base.where('experts.id', 'not in', flagged) : base;
}

export function expertSort(sort: string | undefined): Sort<SortColumn> {
  return parseSort(sort, SORTABLE, DEFAULT_SORT);
}

/** Rows in the asked order; name and id break ties, so that pages never overlap. */
export function orderedExperts(base: ExpertsQuery, sort: Sort<SortColumn>) {
  return base.selectAll('experts').orderBy(sort.column, sort.direction).orderBy('name').orderBy('id');
}

/**
 * The specialty values of each expert, in the dictionary's order (values no longer in the
 * dictionary last). One query for the page.
 */
export async function specialtiesOf(db: DbOrTrx, expertIds: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (expertIds.length === 0) return result;
  const rows = await db
    .selectFrom('expert_specialties')
    .leftJoin('dict_items as item', (join) =>
      join.onRef('item.value', '=', 'expert_specialties.specialty').on('item.type_code', '=', 'specialty'),
    )
    .select(['expert_specialties.expert_id', 'expert_specialties.specialty', 'item.sort'])
    .where('expert_specialties.expert_id', 'in', [...expertIds])
    .execute();
  // Sorted here rather than in SQL: a value missing from the dictionary (sort null) goes last on both databases.
  rows.sort((a, b) => (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER) || a.specialty.localeCompare(b.specialty));
  for (const row of rows) {
    const list = result.get(row.expert_id) ?? [];
    list.push(row.specialty);
    result.set(row.expert_id, list);
  }
  return result;
}

export async function toExpertRecords(db: DbOrTrx, rows: readonly ExpertRow[]): Promise<ExpertRecord[]> {
  const ids = rows.map((r) => r.id);
  const linked = [...new Set(rows.map((r) => r.practitioner_id).filter((id): id is string => !!id))];
  const [specialties, photos, practitioners] = await Promise.all([
    specialtiesOf(db, ids),
    filesById(
      db,
      rows.map((r) => r.photo_file_id),
    ),
    linked.length ? db.selectFrom('practitioners').select(['id', 'name']).where('id', 'in', linked).execute() : Promise.resolve([]),
  ]);
  const practitionerNames = new Map(practitioners.map((p) => [p.id, p.name]));
  return rows.map((r) => {
    const photo = r.photo_file_id ? photos.get(r.photo_file_id) : undefined;
    return {
      id: r.id,
      name: r.name,
      gender: r.gender,
      birthYear: r.birth_year === null ? null : Number(r.birth_year),
      professionalTitle: r.professional_title,
      workUnit: r.work_unit,
      position: r.position,
      specialties: specialties.get(r.id) ?? [],
      category: r.category,
      practitionerId: r.practitioner_id,
      practitionerName: r.practitioner_id ? (practitionerNames.get(r.practitioner_id) ?? null) : null,
      phone: r.phone,
      email: r.email,
      introduction: r.introduction,
      photoFileId: r.photo_file_id,
      photo: photo ? toFileRef(photo) : null,
      public: toBool(r.public),
      active: toBool(r.active),
      shownPublicly: toBool(r.public) && toBool(r.active),
      sort: Number(r.sort),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      version: Number(r.version),
    };
  });
}

/** The row controls of one expert for this caller (the staff list shows exactly these). */
export function actionsFor(user: Parameters<typeof hasPermission>[0], expert: Pick<ExpertRecord, 'public' | 'active'>): ExpertRowAction[] {
  const actions: ExpertRowAction[] = [];
  if (hasPermission(user, 'expert:edit')) actions.push('edit', expert.public ? 'hide' : 'show', expert.active ? 'disable' : 'enable');
  if (hasPermission(user, 'expert:delete')) actions.push('delete');
  return actions;
}

/** A page of the staff's list: each expert with their reviews this year, last review and rating (on `today`, Beijing; open reviews only for review:draw:view). */
export async function listExperts(db: DbOrTrx, user: Parameters<typeof hasPermission>[0], query: ExpertListQuery, today: string): Promise<Page<ExpertListItem>> {
  const page = paging(query);
  const sort = expertSort(query.sort);
  const { rows, total } = await fetchPage(await filteredExpertsWithStanding(db, query), page, (q) => orderedExperts(q, sort));
  // Sealing: without review:draw:view, open reviews do not count (server/quality/standing.ts).
  const closedOnly = !hasPermission(user, 'review:draw:view');
  const [records, standing] = await Promise.all([toExpertRecords(db, rows), standingOf(db, rows.map((r) => r.id), today, closedOnly)]);
  const list = records.map((r) => ({ ...r, ...(standing.get(r.id) ?? noStanding), actions: actionsFor(user, r) }));
  return { list, total, current: page.current, pageSize: page.pageSize };
}

const noStanding: ExpertReviewStanding = { reviewsThisYear: 0, yearlyCap: YEARLY_REVIEW_CAP_DEFAULT, lastReviewOn: null, averageRating: null, ratingCount: 0, flagged: false };

export async function findExpertRow(db: DbOrTrx, id: string): Promise<ExpertRow | undefined> {
  return db.selectFrom('experts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findExpert(db: DbOrTrx, id: string): Promise<ExpertRecord | undefined> {
  const row = await findExpertRow(db, id);
  return row ? (await toExpertRecords(db, [row]))[0] : undefined;
}

/** Rows read per query while an export streams: the whole library never sits in memory at once. */
export const EXPORT_BATCH = 500;

/** Every expert the filters select, in the list's order, a batch at a time (with their records). */
export async function* exportExperts(db: DbOrTrx, query: ExpertExportQuery): AsyncGenerator<ExpertRecord> {
  const sort = expertSort(query.sort);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await orderedExperts(await filteredExpertsWithStanding(db, query), sort).limit(EXPORT_BATCH).offset(offset).execute();
    yield* await toExpertRecords(db, rows);
    if (rows.length < EXPORT_BATCH) return;
  }
}
