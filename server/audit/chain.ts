/**
 * The audit trail's hash chain (等保 2.0 安全审计: records protected from modification and
 * deletion). Every operation_logs row carries
 *
 *   chain_hash = HMAC-SHA256(auditKey, previous chain_hash + "\n" + canonical(row))
 *
 * where canonical(row) is the JSON array of the row's fields in a fixed order. Editing a row
 * changes its own hash; deleting one breaks the link of the next. The first row links to the
 * anchor: "genesis", or the last purged row's hash (server/audit/retention.ts keeps it in
 * app_meta and in the purge's own log row). Appending takes a lock (PostgreSQL advisory lock;
 * SQLite serialises writers by itself) so that two processes never fork the chain.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../db/types';

export const GENESIS = 'genesis';
export const ANCHOR_KEY = 'audit.anchor';
/** An arbitrary constant: the advisory lock that serialises appends on PostgreSQL. */
const CHAIN_LOCK = 7_355_608;

export interface ChainedFields {
  id: number;
  created_at: string;
  actor_id: string | null;
  actor_name: string | null;
  ip: string | null;
  user_agent: string | null;
  entity: string;
  entity_id: string | null;
  action: string;
  result: string;
  summary: string;
  request_id: string | null;
}

export function canonical(row: ChainedFields): string {
  return JSON.stringify([
    Number(row.id),
    row.created_at,
    row.actor_id,
    row.actor_name,
    row.ip,
    row.user_agent,
    row.entity,
    row.entity_id,
    row.action,
    row.result,
    row.summary,
    row.request_id,
  ]);
}

export function chainHash(key: Buffer, previous: string, row: ChainedFields): string {
  return createHmac('sha256', key).update(`${previous}\n${canonical(row)}`).digest('hex');
}

export interface ChainAnchor {
  /** Rows with an id up to this one were purged. */
  id: number;
  hash: string;
}

export async function readAnchor(db: DbOrTrx): Promise<ChainAnchor> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', ANCHOR_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value) as ChainAnchor) : { id: 0, hash: GENESIS };
}

export async function lockChain(trx: DbOrTrx, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
}

/** The hash the next row links to: the newest chained row's, else the anchor's. */
export async function chainTip(trx: DbOrTrx): Promise<string> {
  const last = await trx
    .selectFrom('operation_logs')
    .select('chain_hash')
    .where('chain_hash', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.chain_hash ?? (await readAnchor(trx)).hash;
}

/**
 * Chains rows that have no hash yet (written before migration 0005), in id order. Run at start,
 * inside the chain lock; harmless to repeat.
 */
export async function sealUnchainedRows(db: DbOrTrx, dialect: 'sqlite' | 'postgres', key: Buffer): Promise<number> {
  const run = async (trx: DbOrTrx) => {
    await lockChain(trx, dialect);
    const pending = await trx.selectFrom('operation_logs').selectAll().where('chain_hash', 'is', null).orderBy('id').execute();
    if (pending.length === 0) return 0;
    // Old rows come before every chained row (appends always chain), so start from the anchor.
    let previous = (await readAnchor(trx)).hash;
    const firstChained = await trx
      .selectFrom('operation_logs')
      .select('id')
      .where('chain_hash', 'is not', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (firstChained && Number(firstChained.id) < Number(pending[0].id)) {
      throw new Error('审计日志中有未链接的记录出现在已链接记录之后，请运行 npm run audit:verify 检查');
    }
    for (const row of pending) {
      const hash = chainHash(key, previous, { ...row, id: Number(row.id) });
      await trx.updateTable('operation_logs').set({ chain_hash: hash }).where('id', '=', row.id).execute();
      previous = hash;
    }
    // The first chained row written after them linked to the anchor: re-link it and its followers.
    if (firstChained) await rechainFrom(trx, key, Number(firstChained.id), previous);
    return pending.length;
  };
  return db.isTransaction ? run(db) : (db as Db).transaction().execute(run);
}

async function rechainFrom(trx: DbOrTrx, key: Buffer, fromId: number, previous: string): Promise<void> {
  const rows = await trx.selectFrom('operation_logs').selectAll().where('id', '>=', fromId).orderBy('id').execute();
  let prev = previous;
  for (const row of rows) {
    const hash = chainHash(key, prev, { ...row, id: Number(row.id) });
    await trx.updateTable('operation_logs').set({ chain_hash: hash }).where('id', '=', row.id).execute();
    prev = hash;
  }
}

export interface VerifyResult {
  ok: boolean;
  checked: number;
  /** The first row that no longer fits the chain, with why. */
  firstBad: { id: string; createdAt: string; reason: string } | null;
}

/** Walks the whole chain in id order, in pages. */
export async function verifyChain(db: DbOrTrx, key: Buffer): Promise<VerifyResult> {
  const anchor = await readAnchor(db);
  let previous = anchor.hash;
  let lastId = anchor.id;
  let checked = 0;
  for (;;) {
    const rows = await db.selectFrom('operation_logs').selectAll().where('id', '>', lastId).orderBy('id').limit(1000).execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const expected = chainHash(key, previous, { ...row, id: Number(row.id) });
      if (row.chain_hash !== expected) {
        const reason = row.chain_hash ? '记录内容与哈希链不符（记录被修改，或其前一条记录被删除）' : '记录没有哈希（未加入哈希链）';
        return { ok: false, checked, firstBad: { id: String(row.id), createdAt: row.created_at, reason } };
      }
      previous = expected;
      lastId = Number(row.id);
      checked += 1;
    }
  }
  return { ok: true, checked, firstBad: null };
}
