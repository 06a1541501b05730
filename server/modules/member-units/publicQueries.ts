/**
 * The member window (会员风采): what the public sees of member units. Only approved units that
 * staff show in the window, and of them only what a visitor needs: name, level, member number,
 * dates, the introduction, the logo, the approved public cases and what the credit publishes
 * (final tiers, bad conduct in term). Contact phones, credit codes,
 * legal representatives and the units' other files never leave through here.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Page } from '@common/schemas/common';
import type { PublicCase, PublicMemberUnit, PublicMemberUnitItem, PublicMemberUnitListQuery } from '@common/schemas/public';
import type { Database, DbOrTrx } from '../../db/types';
import { filesById, toPublicFile } from '../../content/files';
import { matchesKeyword, paging } from '../../http/paging';
import { beijingDay } from '@common/calendar';
import { badConductInTermOf, finalTiersOf } from '../../credit/standing';

/** The columns of a window item; `level_label` comes from the member_level dictionary. */
const ITEM_COLUMNS = [
  'member_units.id',
  'member_units.name',
  'member_units.member_level',
  'member_units.member_no',
  'member_units.join_date',
  'member_units.logo_file_id',
  'level_item.label as level_label',
] as const;

/** Approved units shown in the window, with their level's dictionary item (label and rank). */
function windowUnits(db: DbOrTrx) {
  return db
    .selectFrom('member_units')
    .leftJoin('dict_items as level_item', (join) =>
      join.onRef('level_item.value', '=', 'member_units.member_level').on('level_item.type_code', '=', 'member_level'),
    )
    .where('member_units.status', '=', 'approved')
    .where('member_units.show_in_window', '=', 1);
}

type WindowQuery<O> = SelectQueryBuilder<Database & { level_item: Database['dict_items'] }, 'member_units' | 'level_item', O>;

/**
 * The window's order: by member level as the dictionary ranks it (会长单位 first … 会员单位
 * last; a unit without a level after all), then the earlier member first, then the name.
 * Nulls are placed explicitly: SQLite and PostgreSQL put them at opposite ends.
 */
function inWindowOrder<O>(query: WindowQuery<O>): WindowQuery<O> {
  return query
    .orderBy(sql`case when ${sql.ref('level_item.sort')} is null then 1 else 0 end`)
    .orderBy('level_item.sort')
    .orderBy(sql`case when ${sql.ref('member_units.join_date')} is null then 1 else 0 end`)
    .orderBy('member_units.join_date')
    .orderBy('member_units.name')
    .orderBy('member_units.id');
}

interface ItemRow {
  id: string;
  name: string;
  member_level: string | null;
  member_no: string | null;
  join_date: string | null;
  logo_file_id: string | null;
  level_label: string | null;
}

async function toItems(db: DbOrTrx, rows: ItemRow[]): Promise<PublicMemberUnitItem[]> {
  const files = await filesById(
    db,
    rows.map((r) => r.logo_file_id),
  );
  return rows.map((row) => {
    const logo = row.logo_file_id ? files.get(row.logo_file_id) : undefined;
    return {
      id: row.id,
      name: row.name,
      memberLevel: row.member_level,
      memberLevelLabel: row.member_level ? (row.level_label ?? row.member_level) : null,
      memberNo: row.member_no,
      joinDate: row.join_date,
      logo: logo ? toPublicFile(logo) : null,
    };
  });
}

export async function listPublicUnits(db: DbOrTrx, query: PublicMemberUnitListQuery): Promise<Page<PublicMemberUnitItem>> {
  const { current, pageSize, offset } = paging(query);
  let base = windowUnits(db);
  if (query.level) base = base.where('member_units.member_level', '=', query.level);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['member_units.name'], keyword));

  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await inWindowOrder(base.select(ITEM_COLUMNS)).limit(pageSize).offset(offset).execute();
  return { list: await toItems(db, rows), total: Number(total), current, pageSize };
}

/** The first `limit` units of the window, in its order (the public home page calls this). */
export async function listWindowUnits(db: DbOrTrx, limit: number): Promise<PublicMemberUnitItem[]> {
  const rows = await inWindowOrder(windowUnits(db).select(ITEM_COLUMNS)).limit(limit).execute();
  return toItems(db, rows);
}

/** A unit's approved public cases, the most recently completed first. */
async function publicCasesOf(db: DbOrTrx, unitId: string): Promise<PublicCase[]> {
  const rows = await db
    .selectFrom('cases')
    .leftJoin('dict_items as type_item', (join) =>
      join.onRef('type_item.value', '=', 'cases.project_type').on('type_item.type_code', '=', 'project_type'),
    )
    .select([
      'cases.id',
      'cases.title',
      'cases.project_type',
      'cases.client',
      'cases.completed_on',
      'cases.summary',
      'type_item.label as type_label',
    ])
    .where('cases.unit_id', '=', unitId)
    .where('cases.status', '=', 'approved')
    .where('cases.public', '=', 1)
    .orderBy(sql`case when ${sql.ref('cases.completed_on')} is null then 1 else 0 end`)
    .orderBy('cases.completed_on', 'desc')
    .orderBy('cases.created_at', 'desc')
    .orderBy('cases.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    projectType: row.project_type,
    projectTypeLabel: row.project_type ? (row.type_label ?? row.project_type) : null,
    client: row.client,
    completedOn: row.completed_on,
    summary: row.summary,
  }));
}

/**
 * One unit of the window with its public cases, its last three years' final credit tiers and its
 * bad-conduct records in term at `now` (server/credit/standing.ts); undefined when it is not (or
 * no longer) shown.
 */
export async function findPublicUnit(db: DbOrTrx, id: string, now: Date): Promise<PublicMemberUnit | undefined> {
  const row = await windowUnits(db)
    .select([
      ...ITEM_COLUMNS,
      'member_units.introduction',
      'member_units.business_scope',
      'member_units.address',
      'member_units.established_on',
      'member_units.valid_until',
    ])
    .where('member_units.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [item] = await toItems(db, [row]);
  return {
    ...item,
    introduction: row.introduction,
    businessScope: row.business_scope,
    address: row.address,
    establishedOn: row.established_on,
    validUntil: row.valid_until,
    cases: await publicCasesOf(db, id),
    creditTiers: await finalTiersOf(db, id, 3),
    badConduct: await badConductInTermOf(db, id, beijingDay(now)),
  };
}
