/**
 * The operation log: every write records who did what to which record, in the SAME
 * transaction as the change (pass the transaction), so the log never disagrees with the data.
 *
 *   await db.transaction().execute(async (trx) => {
 *     ...change...
 *     await logOperation(trx, request, { entity: 'account', entityId: id, action: 'create', summary: '新增用户 zhangsan' });
 *   });
 */
import type { FastifyRequest } from 'fastify';
import type { DbOrTrx } from './db/types';

export interface OperationEntry {
  /** What kind of record: 'account', 'role', 'member-unit', 'file', ... */
  entity: string;
  entityId: string | null;
  /** What was done: 'create', 'update', 'delete', 'enable', 'approve', 'login', ... */
  action: string;
  /** A short human-readable account of the change (Chinese). Never passwords or tokens. */
  summary: string;
}

/** Who did it, taken from the request when there is one (or given, e.g. for login). */
export interface OperationActor {
  id: string | null;
  name: string | null;
}

export async function logOperation(
  db: DbOrTrx,
  request: FastifyRequest,
  entry: OperationEntry,
  actor: OperationActor = { id: request.user?.id ?? null, name: request.user?.name ?? null },
): Promise<void> {
  await db
    .insertInto('operation_logs')
    .values({
      actor_id: actor.id,
      actor_name: actor.name,
      created_at: request.server.clock().toISOString(),
      entity: entry.entity,
      entity_id: entry.entityId,
      action: entry.action,
      summary: entry.summary.slice(0, 1000),
      request_id: request.id,
      ip: request.ip,
    })
    .execute();
}
