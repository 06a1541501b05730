/**
 * Changing the expert library: create, edit (with the version read), delete, and the row
 * switches (public page show/hide, library enable/disable). Each change writes the operation
 * log and brings the expert's search document in line in the same transaction, so that the
 * public expert page (publicQueries.ts: public AND active), the site search and the file
 * read rule of the photo always agree.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { checkEmail, checkPhone } from '@common/validators';
import { checkBirthYear, type ExpertAction, type ExpertCreateBody, type ExpertUpdateBody } from '@common/schemas/experts';
import { requireUser } from '../../security/guard';
import type { DbOrTrx, ExpertRow } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { assertAttachable } from '../../files/attach';
import { BizError, errors } from '../../http/errors';
import { containsPattern } from '../../http/paging';
import { logOperation } from '../../oplog';
import { syncSearchDocument } from '../../fulltext/indexer';
import { findExpertRow, specialtiesOf } from './queries';

const ENTITY = 'expert';
const NOUN = '专家';
/** The gap a new expert leaves after the last one, so that one can later go between. */
const SORT_STEP = 10;

/** Empty or blank text is stored as null. */
function textOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * Refuses values that are not enabled items of dictionary `code`. Values the record already
 * holds stay allowed (an item disabled later must not block editing the rest of the record).
 */
async function assertDictValues(db: DbOrTrx, code: string, values: readonly string[], field: string, kept: readonly string[] = []): Promise<void> {
  const wanted = [...new Set(values)].filter((v) => !kept.includes(v));
  if (wanted.length === 0) return;
  const rows = await db
    .selectFrom('dict_items')
    .select('value')
    .where('type_code', '=', code)
    .where('enabled', '=', 1)
    .where('value', 'in', wanted)
    .execute();
  const known = new Set(rows.map((r) => r.value));
  const unknown = wanted.filter((v) => !known.has(v));
  if (unknown.length) throw new BizError(`${field}不在字典中：${unknown.join('、')}`);
}

/** The columns of a body, cleaned and checked; `row` is the expert being edited (null: a new one). */
interface CleanExpert {
  name: string;
  gender: string | null;
  birth_year: number | null;
  professional_title: string | null;
  work_unit: string;
  position: string | null;
  phone: string | null;
  email: string | null;
  introduction: string | null;
  photo_file_id: string | null;
  category: string | null;
  practitioner_id: string | null;
  specialties: string[];
}

/** `undefined` keeps the stored value on an edit (null on a new expert); null clears it. */
function pick<T>(value: T | undefined, stored: T | null | undefined): T | null {
  return value !== undefined ? value : (stored ?? null);
}

async function clean(request: FastifyRequest, body: ExpertCreateBody, row: ExpertRow | null, storedSpecialties: string[]): Promise<CleanExpert> {
  const { db } = request.server;
  const name = body.name.trim();
  if (!name) throw new BizError('姓名不能为空');
  const workUnit = body.workUnit.trim();
  if (!workUnit) throw new BizError('工作单位不能为空');

  const gender = textOrNull(pick(body.gender, row?.gender));
  const title = textOrNull(pick(body.professionalTitle, row?.professional_title));
  const phone = textOrNull(pick(body.phone, row?.phone));
  const email = textOrNull(pick(body.email, row?.email));
  const birthYear = pick(body.birthYear, row?.birth_year === undefined || row?.birth_year === null ? null : Number(row.birth_year));
  const photo = pick(body.photoFileId, row?.photo_file_id) || null;
  const category = textOrNull(pick(body.category, row?.category));
  const practitionerId = pick(body.practitionerId, row?.practitioner_id) || null;
  const specialties = [...new Set(body.specialties.map((s) => s.trim()).filter(Boolean))];
  if (specialties.length === 0) throw new BizError('专业领域至少需要1项');

  if (phone) {
    const problem = checkPhone(phone);
    if (problem) throw new BizError(`联系电话不正确：${problem}`);
  }
  if (email) {
    const problem = checkEmail(email);
    if (problem) throw new BizError(problem);
  }
  if (birthYear !== null) {
    const problem = checkBirthYear(birthYear, request.server.clock());
    if (problem) throw new BizError(problem);
  }
  await assertDictValues(db, 'specialty', specialties, '专业领域', storedSpecialties);
  if (gender) await assertDictValues(db, 'gender', [gender], '性别', row?.gender ? [row.gender] : []);
  if (title) await assertDictValues(db, 'professional_title', [title], '职称', row?.professional_title ? [row.professional_title] : []);
  if (category) await assertDictValues(db, 'expert_category', [category], '专家类别', row?.category ? [row.category] : []);
  if (practitionerId && practitionerId !== row?.practitioner_id) {
    const practitioner = await db.selectFrom('practitioners').select('id').where('id', '=', practitionerId).executeTakeFirst();
    if (!practitioner) throw new BizError('关联的从业人员不存在');
  }
  // A photo already on the record was checked when it was set; a new one must be an image the editor may read.
  await assertAttachable(db, requireUser(request), request.server.clock(), [photo], '照片', { imagesOnly: true, kept: [row?.photo_file_id ?? ''] });

  return {
    name,
    gender,
    birth_year: birthYear,
    professional_title: title,
    work_unit: workUnit,
    position: textOrNull(pick(body.position, row?.position)),
    phone,
    email,
    introduction: textOrNull(pick(body.introduction, row?.introduction)),
    photo_file_id: photo,
    category,
    practitioner_id: practitionerId,
    specialties,
  };
}

async function writeSpecialties(trx: DbOrTrx, expertId: string, specialties: readonly string[]): Promise<void> {
  await trx.deleteFrom('expert_specialties').where('expert_id', '=', expertId).execute();
  if (specialties.length === 0) return;
  await trx
    .insertInto('expert_specialties')
    .values(specialties.map((specialty) => ({ expert_id: expertId, specialty })))
    .execute();
}

async function nextSort(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('experts')
    .select((eb) => eb.fn.max('sort').as('max'))
    .executeTakeFirst();
  const max = row?.max;
  return max === null || max === undefined ? SORT_STEP : Number(max) + SORT_STEP;
}

export async function createExpert(request: FastifyRequest, body: ExpertCreateBody): Promise<string> {
  const caller = requireUser(request);
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const { specialties, ...columns } = await clean(request, body, null, []);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('experts')
      .values({
        id,
        ...columns,
        public: body.public === false ? 0 : 1,
        active: body.active === false ? 0 : 1,
        sort: body.sort ?? (await nextSort(trx)),
        ...newAuditColumns(now, caller.id),
      })
      .execute();
    await writeSpecialties(trx, id, specialties);
    await syncSearchDocument(trx, 'expert', id);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'create', summary: `新增${NOUN}「${columns.name}」` });
  });
  return id;
}

/** What an edit changed, in staff's words, for the log. */
const FIELD_NAMES: Record<keyof CleanExpert | 'public' | 'active' | 'sort', string> = {
  name: '姓名',
  gender: '性别',
  birth_year: '出生年份',
  professional_title: '职称',
  work_unit: '工作单位',
  position: '职务',
  phone: '联系电话',
  email: '电子邮箱',
  introduction: '简介',
  photo_file_id: '照片',
  category: '专家类别',
  practitioner_id: '关联的从业人员',
  specialties: '专业领域',
  public: '公开',
  active: '启用',
  sort: '排序',
};

export async function updateExpert(request: FastifyRequest, id: string, body: ExpertUpdateBody): Promise<void> {
  const caller = requireUser(request);
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const row = await findExpertRow(db, id);
  if (!row) throw errors.notFound(NOUN);
  assertVersion(Number(row.version), body.version);
  const stored = (await specialtiesOf(db, [id])).get(id) ?? [];
  const { specialties, ...columns } = await clean(request, body, row, stored);
  const flags = {
    public: body.public !== undefined ? (body.public ? 1 : 0) : Number(row.public),
    active: body.active !== undefined ? (body.active ? 1 : 0) : Number(row.active),
    sort: body.sort ?? Number(row.sort),
  };

  const before: Record<string, unknown> = { ...row, birth_year: row.birth_year === null ? null : Number(row.birth_year), public: Number(row.public), active: Number(row.active), sort: Number(row.sort) };
  const changed = (Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[]).filter((key) => {
    if (key === 'specialties') return [...stored].sort().join() !== [...specialties].sort().join();
    const next = key in flags ? flags[key as keyof typeof flags] : columns[key as Exclude<keyof CleanExpert, 'specialties'>];
    return before[key] !== next;
  });

  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'experts', id, body.version, { ...columns, ...flags }, { now, by: caller.id });
    await writeSpecialties(trx, id, specialties);
    await syncSearchDocument(trx, 'expert', id);
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: id,
      action: 'update',
      summary: `修改${NOUN}「${columns.name}」${changed.length ? `：${changed.map((k) => FIELD_NAMES[k]).join('、')}` : '（无变化）'}`,
    });
  });
}

export const DELETE_MESSAGES = {
  /** A seat of a closed review: the panel is known to every staff member by now. */
  inClosedDraw: (name: string) => `${NOUN}「${name}」在已结束评审的抽取结果中（抽取记录须保留），不能删除；不再聘用请停用`,
  /**
   * The library of a draw not yet closed (or cancelled) listed them: true of every expert who was
   * in the library then, drawn or not, so it tells nothing of who was drawn.
   */
  inSealedDraw: (name: string) => `${NOUN}「${name}」在尚未结束或已取消的评审的抽取记录中（每次抽取都记录当时的整个专家库），不能删除；不再聘用请停用`,
} as const;

/**
 * Why the expert cannot be deleted, in words that keep sealed draws sealed, or null.
 *
 * What blocks: a seat (review_seats refers to the expert; a draw's record is kept whole). A
 * seat of a closed review is named (staff read closed panels). A seat of a review not closed
 * (or cancelled) is sealed from staff without review:draw:view (expert-reviews/queries.ts
 * `namesVisible`), so a refusal for it alone would tell them who was drawn; instead every expert
 * the draw's pool lists (the whole library at the time: every expert is eligible or excluded
 * with a reason) is refused alike until the review closes.
 */
export async function deletionBlocker(db: DbOrTrx, id: string, name: string): Promise<string | null> {
  const closedSeat = await db
    .selectFrom('review_seats as s')
    .innerJoin('review_tasks as t', 't.id', 's.task_id')
    .select('s.id')
    .where('s.expert_id', '=', id)
    .where('t.status', '=', 'closed')
    .limit(1)
    .executeTakeFirst();
  if (closedSeat) return DELETE_MESSAGES.inClosedDraw(name);
  const pattern = containsPattern(`"${id}"`);
  const sealed = await db
    .selectFrom('expert_draws as d')
    .innerJoin('review_tasks as t', 't.id', 'd.task_id')
    .select('d.id')
    .where('t.status', '!=', 'closed')
    .where((eb) =>
      eb.or([
        eb(sql`lower(${eb.ref('d.pool')})`, 'like', sql<string>`${pattern} escape '\\'`),
        eb.exists(eb.selectFrom('review_seats as s').select('s.id').whereRef('s.draw_id', '=', 'd.id').where('s.expert_id', '=', id)),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return sealed ? DELETE_MESSAGES.inSealedDraw(name) : null;
}

/**
 * Deletes an expert with its specialties, declared conflicts and search document (the photo
 * stays a stored file). An expert a draw's record holds stays (deletionBlocker; disable instead).
 */
export async function deleteExpert(request: FastifyRequest, id: string): Promise<void> {
  const { db } = request.server;
  const row = await findExpertRow(db, id);
  if (!row) throw errors.notFound(NOUN);
  const blocker = await deletionBlocker(db, id, row.name);
  if (blocker) throw new BizError(blocker);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('expert_conflicts').where('expert_id', '=', id).execute();
    // The foreign key cascades too; said here so that the rows go whatever the database enforces.
    await trx.deleteFrom('expert_specialties').where('expert_id', '=', id).execute();
    await trx.deleteFrom('experts').where('id', '=', id).execute();
    await syncSearchDocument(trx, 'expert', id);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'delete', summary: `删除${NOUN}「${row.name}」` });
  });
}

const SWITCHES: Record<ExpertAction, { column: 'public' | 'active'; value: 0 | 1; verb: string }> = {
  show: { column: 'public', value: 1, verb: '公开' },
  hide: { column: 'public', value: 0, verb: '取消公开' },
  enable: { column: 'active', value: 1, verb: '启用' },
  disable: { column: 'active', value: 0, verb: '停用' },
};

/** The message a switch answers with: 专家「…」已公开 / 已取消公开 / 已启用 / 已停用. */
export function switchMessage(action: ExpertAction, name: string): string {
  return `${NOUN}「${name}」已${SWITCHES[action].verb}`;
}

/**
 * One row switch. Idempotent: asking for the state the expert already has changes nothing
 * (no version bump, no log row). Returns the expert's name for the answer.
 */
export async function switchExpert(request: FastifyRequest, id: string, action: ExpertAction): Promise<string> {
  const caller = requireUser(request);
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const { column, value, verb } = SWITCHES[action];
  const row = await findExpertRow(db, id);
  if (!row) throw errors.notFound(NOUN);
  if (Number(row[column]) === value) return row.name;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('experts')
      .set((eb) => ({
        ...(column === 'public' ? { public: value } : { active: value }),
        version: eb('version', '+', 1),
        updated_at: now,
        updated_by: caller.id,
      }))
      .where('id', '=', id)
      .execute();
    await syncSearchDocument(trx, 'expert', id);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action, summary: `${verb}${NOUN}「${row.name}」` });
  });
  return row.name;
}
