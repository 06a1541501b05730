/**
 * The operation log, which is also the audit trail (等保 2.0 安全审计): every write
 * and every security event records who did what to which record, when, from where, and with
 * what result, in the SAME transaction as the change (pass the transaction), so the log never
 * disagrees with the data. Each row is chained to the previous one with a keyed hash
 * (server/audit/chain.ts); no route changes or deletes a row.
 *
 *   await db.transaction().execute(async (trx) => {
 *     ...change...
 *     await logOperation(trx, request, { entity: 'account', entityId: id, action: 'create', summary: '新增用户 zhangsan' });
 *   });
 *
 * Security events that must survive a refused request (a failed login) are logged outside the
 * refused work, with `result: 'failure'`.
 */
import type { FastifyRequest } from 'fastify';
import { chainHash, chainTip, lockChain } from './audit/chain';
import type { Db, DbOrTrx } from './db/types';

export interface OperationEntry {
  /** What kind of record: 'account', 'role', 'member-unit', 'file', ... */
  entity: string;
  entityId: string | null;
  /** What was done: 'create', 'update', 'delete', 'enable', 'approve', 'login', 'reveal', 'export', ... */
  action: string;
  /** A short human-readable account of the change (Chinese). Never passwords, tokens, whole ID numbers or phones. */
  summary: string;
  /** 'success' unless said otherwise. */
  result?: 'success' | 'failure';
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
  const userAgent = request.headers['user-agent'];
  await appendOperation(db, request.server, entry, actor, {
    requestId: request.id,
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  });
}

/** What the chain needs of the app. */
export interface AuditContext {
  dialect: 'sqlite' | 'postgres';
  auditKey: Buffer;
  clock: () => Date;
}

/** The chain's tip as a transaction that appended last left it (forgotten with the transaction). */
const tipInTransaction = new WeakMap<DbOrTrx, string>();

/** Appends one row to the chain; logOperation for requests, this for jobs (the daily purge). */
export async function appendOperation(
  db: DbOrTrx,
  ctx: AuditContext,
  entry: OperationEntry,
  actor: OperationActor,
  origin: { requestId: string | null; ip: string | null; userAgent: string | null },
): Promise<void> {
  const values = {
    actor_id: actor.id,
    actor_name: actor.name,
    created_at: ctx.clock().toISOString(),
    entity: entry.entity,
    entity_id: entry.entityId,
    action: entry.action,
    result: entry.result ?? 'success',
    summary: entry.summary.slice(0, 1000),
    request_id: origin.requestId,
    ip: origin.ip,
    user_agent: origin.userAgent ? origin.userAgent.slice(0, 300) : null,
  };
  const append = async (trx: DbOrTrx) => {
    // A transaction that already appended holds the chain (the lock, or SQLite's write lock,
    // lasts until it ends) and knows the tip: a batch of rows costs no extra round trips.
    let previous = tipInTransaction.get(trx);
    if (previous === undefined) {
      await lockChain(trx, ctx.dialect);
      previous = await chainTip(trx);
    }
    const { id } = await trx.insertInto('operation_logs').values(values).returning('id').executeTakeFirstOrThrow();
    const hash = chainHash(ctx.auditKey, previous, { ...values, id: Number(id) });
    await trx.updateTable('operation_logs').set({ chain_hash: hash }).where('id', '=', id).execute();
    if (trx.isTransaction) tipInTransaction.set(trx, hash);
  };
  if (db.isTransaction) await append(db);
  else await (db as Db).transaction().execute(append);
}
