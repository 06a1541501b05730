/**
 * Reading a draw's record (GET /expert-draws/:id, staff holding review:draw:view: it names the
 * experts) and its verification (GET /expert-draws/:id/verify: staff who read review tasks, and
 * the task's own unit, who get the answer without the ids while the panel is sealed from them).
 */
import { AuthType } from '@common/permissions';
import type { DrawOutcome, DrawRules, DrawVerification, ExpertDrawRecord } from '@common/schemas/reviewTasks';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../security/user';
import type { DbOrTrx, ExpertDrawRow } from '../../db/types';
import { errors } from '../../http/errors';
import { exclusionCounts } from './drawing';
import { namesVisible, visibleTask } from './queries';
import { decodeDrawPool, drawnIds, verifyDraw } from '../../quality/records';

const NOUN = '抽取记录';

async function findDraw(db: DbOrTrx, id: string): Promise<ExpertDrawRow> {
  const row = await db.selectFrom('expert_draws').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound(NOUN);
  return row;
}

export async function drawRecord(db: DbOrTrx, id: string): Promise<ExpertDrawRecord> {
  const row = await findDraw(db, id);
  const pool = decodeDrawPool(row.pool);
  const result = JSON.parse(row.result) as DrawOutcome;
  const ids = drawnIds(result);
  const experts = ids.length ? await db.selectFrom('experts').select(['id', 'name']).where('id', 'in', ids).execute() : [];
  const nameOf = new Map(experts.map((e) => [e.id, e.name]));
  return {
    id: row.id,
    taskId: row.task_id,
    round: Number(row.round),
    kind: row.kind,
    reason: row.reason,
    seed: row.seed,
    algorithmVersion: row.algorithm_version,
    rules: JSON.parse(row.rules) as DrawRules,
    eligible: pool.eligible.map((c) => ({ expertId: c.expertId, category: c.category, specialties: [...c.specialties] })),
    excluded: pool.excluded,
    exclusionCounts: exclusionCounts(pool.excluded),
    result,
    names: ids.map((expertId) => ({ expertId, name: nameOf.get(expertId) ?? '（已删除）' })),
    digest: row.digest,
    warning: row.warning,
    supervisor: row.supervisor,
    operatorName: row.operator_name,
    drawnAt: row.drawn_at,
  };
}

export async function verifyDrawFor(app: FastifyInstance, user: AuthUser, id: string): Promise<DrawVerification> {
  const row = await findDraw(app.db, id);
  // The task's scope: a unit verifies only its own projects' draws.
  const task = await visibleTask(app.db, user, row.task_id);
  const showIds = user.authType === AuthType.Staff && namesVisible(user, task.status);
  return verifyDraw(app, app.db, row, showIds);
}
