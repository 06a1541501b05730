/**
 * The operation log becomes the audit trail (等保 2.0 安全审计): each row records its
 * result and the caller's user agent, and carries `chain_hash`, a keyed hash chained to the
 * previous row (server/audit/chain.ts), so that an edited or deleted row is found. Rows from
 * before this migration are chained at the next start (they have no hash yet).
 */
import type { Kysely, Migration } from 'kysely';

export function auditMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('operation_logs').addColumn('result', 'text', (c) => c.notNull().defaultTo('success')).execute();
      await db.schema.alterTable('operation_logs').addColumn('user_agent', 'text').execute();
      await db.schema.alterTable('operation_logs').addColumn('chain_hash', 'text').execute();
      await db.schema.createIndex('operation_logs_action_idx').on('operation_logs').columns(['action', 'created_at']).execute();
      await db.schema.createIndex('operation_logs_actor_idx').on('operation_logs').columns(['actor_id', 'created_at']).execute();
    },
  };
}
