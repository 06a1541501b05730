/**
 * The audit trail's retention: rows older than AUDIT_RETENTION_DAYS (≥ 180) are purged daily.
 * The purge keeps the chain verifiable: the last purged row's hash becomes the anchor the chain
 * now starts from (app_meta), and the purge is itself a logged event that names that anchor, so
 * the verifier can tell a purge from a deletion.
 */
import type { Db } from '../db/types';
import { appendOperation, type AuditContext } from '../oplog';
import { ANCHOR_KEY, lockChain, readAnchor } from './chain';

export async function purgeExpiredAudit(db: Db, ctx: AuditContext, retentionDays: number): Promise<number> {
  const now = ctx.clock();
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  return db.transaction().execute(async (trx) => {
    await lockChain(trx, ctx.dialect);
    const last = await trx
      .selectFrom('operation_logs')
      .select(['id', 'chain_hash'])
      .where('created_at', '<', cutoff)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last || !last.chain_hash) return 0;
    const anchor = await readAnchor(trx);
    const removed = await trx.deleteFrom('operation_logs').where('id', '<=', last.id).where('id', '>', anchor.id).executeTakeFirst();
    const next = { id: Number(last.id), hash: last.chain_hash };
    await trx
      .insertInto('app_meta')
      .values({ key: ANCHOR_KEY, value: JSON.stringify(next), updated_at: now.toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(next), updated_at: now.toISOString() }))
      .execute();
    const count = Number(removed.numDeletedRows);
    await appendOperation(
      trx,
      ctx,
      {
        entity: 'audit',
        entityId: String(next.id),
        action: 'purge',
        summary: `按保存期限（${retentionDays}天）清除${cutoff.slice(0, 10)}之前的审计记录${count}条；哈希链锚点：第${next.id}条 ${next.hash}`,
      },
      { id: null, name: '系统' },
      { requestId: null, ip: null, userAgent: null },
    );
    return count;
  });
}
