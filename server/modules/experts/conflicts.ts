/**
 * An expert's declared conflicts (申报的利害关系): units they worked for, directed, advised or
 * hold shares in, relatives working at a unit, each with dates. The review draw excludes the
 * expert from those units' projects while a conflict falls within the window
 * (server/quality/exclusions.ts); the unit's name is also kept in the form the draw
 * looks it up by (unit_key). Each change writes the operation log in its transaction.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CONFLICT_KIND_LABELS } from '@common/expertReview';
import type { ExpertConflict, ExpertConflictCreateBody, ExpertConflictUpdateBody } from '@common/schemas/reviewTasks';
import { requireUser } from '../../security/guard';
import type { DbOrTrx, ExpertConflictRow } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { unitKey } from '../../quality/pool';
import { findExpertRow } from './queries';

const NOUN = '申报事项';

const toConflict = (r: ExpertConflictRow): ExpertConflict => ({
  id: r.id,
  expertId: r.expert_id,
  unitName: r.unit_name,
  kind: r.kind,
  relation: r.relation,
  from: r.from_on,
  to: r.to_on,
  note: r.note,
  updatedAt: r.updated_at,
  version: Number(r.version),
});

export async function conflictsOf(db: DbOrTrx, expertId: string): Promise<ExpertConflict[]> {
  if (!(await findExpertRow(db, expertId))) throw errors.notFound('专家');
  const rows = await db.selectFrom('expert_conflicts').selectAll().where('expert_id', '=', expertId).orderBy('from_on', 'desc').orderBy('id').execute();
  return rows.map(toConflict);
}

function columns(body: ExpertConflictCreateBody) {
  const unitName = body.unitName.trim();
  if (!unitName) throw new BizError('请填写单位名称');
  const relation = body.relation?.trim() || null;
  if (body.kind === 'relative' && !relation) throw new BizError('近亲属任职请填写亲属关系（如配偶、子女）');
  return {
    unit_name: unitName,
    unit_key: unitKey(unitName),
    kind: body.kind,
    relation,
    from_on: body.from,
    to_on: body.to ?? null,
    note: body.note?.trim() || null,
  };
}

export async function addConflict(request: FastifyRequest, expertId: string, body: ExpertConflictCreateBody): Promise<string> {
  const user = requireUser(request);
  const { db } = request.server;
  const expert = await findExpertRow(db, expertId);
  if (!expert) throw errors.notFound('专家');
  const values = columns(body);
  const id = randomUUID();
  const now = request.server.clock().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('expert_conflicts').values({ id, expert_id: expertId, ...values, ...newAuditColumns(now, user.id) }).execute();
    await logOperation(trx, request, { entity: 'expert', entityId: expertId, action: 'conflict-add', summary: `专家「${expert.name}」申报利害关系：${CONFLICT_KIND_LABELS[values.kind]}「${values.unit_name}」` });
  });
  return id;
}

async function findConflict(db: DbOrTrx, id: string): Promise<ExpertConflictRow & { expert_name: string }> {
  const row = await db
    .selectFrom('expert_conflicts as c')
    .innerJoin('experts as e', 'e.id', 'c.expert_id')
    .selectAll('c')
    .select('e.name as expert_name')
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) throw errors.notFound(NOUN);
  return row;
}

export async function updateConflict(request: FastifyRequest, id: string, body: ExpertConflictUpdateBody): Promise<void> {
  const user = requireUser(request);
  const { db } = request.server;
  const row = await findConflict(db, id);
  assertVersion(Number(row.version), body.version);
  const values = columns(body);
  const now = request.server.clock().toISOString();
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'expert_conflicts', id, body.version, values, { now, by: user.id });
    await logOperation(trx, request, { entity: 'expert', entityId: row.expert_id, action: 'conflict-update', summary: `修改专家「${row.expert_name}」申报的利害关系：${CONFLICT_KIND_LABELS[values.kind]}「${values.unit_name}」` });
  });
}

export async function removeConflict(request: FastifyRequest, id: string): Promise<void> {
  const { db } = request.server;
  const row = await findConflict(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('expert_conflicts').where('id', '=', id).execute();
    await logOperation(trx, request, { entity: 'expert', entityId: row.expert_id, action: 'conflict-remove', summary: `删除专家「${row.expert_name}」申报的利害关系：${CONFLICT_KIND_LABELS[row.kind]}「${row.unit_name}」` });
  });
}
