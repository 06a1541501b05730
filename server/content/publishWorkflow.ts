/**
 * The publishing steps articles and notices share: publish (now or at a time), take
 * offline, delete, one at a time or in a batch. A batch is all or nothing (one
 * transaction); each record changed gets its own operation-log row and its search document
 * is brought in line in the same transaction.
 *
 * Repeating a step is harmless: publishing what is already public (without a new time) or
 * taking offline what is not public changes nothing and is not counted.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, DbOrTrx, PublishStatus } from '../db/types';
import { BizError, errors } from '../http/errors';
import { logOperation } from '../oplog';
import { syncSearchDocuments } from '../fulltext/indexer';
import { removeAttachments } from './files';

export interface PublishableKind {
  table: 'articles' | 'notices';
  /** Owner type of its files, search document type and operation-log entity. */
  entity: 'article' | 'notice';
  /** 文章 / 公告 */
  label: string;
}

interface PublishableRow {
  id: string;
  title: string;
  status: PublishStatus;
  publish_at: string | null;
  version: number;
}

/**
 * The two tables share the columns used here; Kysely cannot type a query on a table chosen
 * at run time, so queries are typed as if on `articles` and run on `kind.table`.
 */
const shared = (db: DbOrTrx) => db as unknown as Kysely<Pick<Database, 'articles'>>;
const tableOf = (kind: PublishableKind) => kind.table as 'articles';

async function loadRows(db: DbOrTrx, kind: PublishableKind, ids: readonly string[]): Promise<PublishableRow[]> {
  const rows = await shared(db)
    .selectFrom(tableOf(kind))
    .select(['id', 'title', 'status', 'publish_at', 'version'])
    .where('id', 'in', [...ids])
    .execute();
  if (rows.length !== ids.length) {
    throw ids.length === 1 ? errors.notFound(kind.label) : new BizError(`所选${kind.label}中有的已不存在，请刷新后重试`);
  }
  return rows;
}

async function setStatus(
  trx: DbOrTrx,
  kind: PublishableKind,
  row: PublishableRow,
  changes: { status: PublishStatus; publish_at: string | null },
  stamp: { now: string; by: string | null },
): Promise<void> {
  await shared(trx)
    .updateTable(tableOf(kind))
    .set({ ...changes, version: row.version + 1, updated_at: stamp.now, updated_by: stamp.by })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst()
    .then((r) => {
      if (Number(r.numUpdatedRows) !== 1) throw errors.staleVersion();
    });
}

const beijing = (iso: string) =>
  new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** Publishes now, or at `publishAt` (later = scheduled). Returns how many changed. */
export async function publishItems(
  request: FastifyRequest,
  kind: PublishableKind,
  ids: readonly string[],
  publishAt?: string | null,
): Promise<number> {
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const at = publishAt ? new Date(publishAt).toISOString() : null;
  const stamp = { now, by: request.user?.id ?? null };
  return db.transaction().execute(async (trx) => {
    const rows = await loadRows(trx, kind, ids);
    let changed = 0;
    for (const row of rows) {
      const live = row.status === 'published' && !!row.publish_at && row.publish_at <= now;
      if (live && !at) continue;
      const when = at ?? now;
      await setStatus(trx, kind, row, { status: 'published', publish_at: when }, stamp);
      await logOperation(trx, request, {
        entity: kind.entity,
        entityId: row.id,
        action: 'publish',
        summary: when > now ? `定时发布${kind.label}「${row.title}」于 ${beijing(when)}` : `发布${kind.label}「${row.title}」`,
      });
      changed += 1;
    }
    await syncSearchDocuments(trx, kind.entity, ids);
    return changed;
  });
}

/** Takes items offline (they leave the public site at once). Returns how many changed. */
export async function offlineItems(request: FastifyRequest, kind: PublishableKind, ids: readonly string[]): Promise<number> {
  const { db } = request.server;
  const stamp = { now: request.server.clock().toISOString(), by: request.user?.id ?? null };
  return db.transaction().execute(async (trx) => {
    const rows = await loadRows(trx, kind, ids);
    let changed = 0;
    for (const row of rows) {
      if (row.status !== 'published') continue;
      await setStatus(trx, kind, row, { status: 'offline', publish_at: row.publish_at }, stamp);
      await logOperation(trx, request, { entity: kind.entity, entityId: row.id, action: 'offline', summary: `下线${kind.label}「${row.title}」` });
      changed += 1;
    }
    await syncSearchDocuments(trx, kind.entity, ids);
    return changed;
  });
}

/** Deletes items with their file links and search documents (the files stay stored). */
export async function deleteItems(request: FastifyRequest, kind: PublishableKind, ids: readonly string[]): Promise<number> {
  const { db } = request.server;
  return db.transaction().execute(async (trx) => {
    const rows = await loadRows(trx, kind, ids);
    for (const row of rows) {
      await removeAttachments(trx, { type: kind.entity, id: row.id });
      await trx.deleteFrom('content_views').where('content_type', '=', kind.entity).where('content_id', '=', row.id).execute();
      await shared(trx).deleteFrom(tableOf(kind)).where('id', '=', row.id).execute();
      await logOperation(trx, request, { entity: kind.entity, entityId: row.id, action: 'delete', summary: `删除${kind.label}「${row.title}」` });
    }
    await syncSearchDocuments(trx, kind.entity, ids);
    return rows.length;
  });
}
