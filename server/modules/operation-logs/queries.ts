/**
 * The audit trail's reads: the filtered list (newest first) and the rows of its export. Reads
 * only; rows are written through server/oplog.ts.
 */
import type { Selectable } from 'kysely';
import type { Page } from '@common/schemas/common';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, type OperationLogQuery, type OperationLogRecord } from '@common/schemas/operationLogs';
import { dayEnd, dayStart } from '../../content/publishing';
import type { DbOrTrx, OperationLogsTable } from '../../db/types';
import type { XlsxColumn, XlsxRow } from '../../excel';
import { fetchPage, matchesKeyword, paging } from '../../http/paging';

/** Rows read per query while an export streams. */
const EXPORT_BATCH = 1000;

function filtered(db: DbOrTrx, q: OperationLogQuery) {
  let base = db.selectFrom('operation_logs');
  if (q.entity) base = base.where('entity', '=', q.entity);
  if (q.entityId) base = base.where('entity_id', '=', q.entityId);
  if (q.actorId) base = base.where('actor_id', '=', q.actorId);
  if (q.action) base = base.where('action', '=', q.action);
  if (q.result) base = base.where('result', '=', q.result);
  if (q.ip) base = base.where('ip', '=', q.ip);
  // Stored as toISOString() text, so compare in the same form.
  if (q.from) base = base.where('created_at', '>=', new Date(q.from).toISOString());
  if (q.to) base = base.where('created_at', '<=', new Date(q.to).toISOString());
  if (q.fromDay) base = base.where('created_at', '>=', dayStart(q.fromDay));
  if (q.toDay) base = base.where('created_at', '<', dayEnd(q.toDay));
  const actor = q.actor?.trim();
  if (actor) base = base.where((eb) => matchesKeyword(eb, ['actor_name'], actor));
  const keyword = q.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['summary', 'actor_name', 'entity_id'], keyword));
  return base;
}

const toRecord = (r: Selectable<OperationLogsTable>): OperationLogRecord => ({
  id: String(r.id),
  actorId: r.actor_id,
  actorName: r.actor_name,
  createdAt: r.created_at,
  entity: r.entity,
  entityId: r.entity_id,
  action: r.action,
  summary: r.summary,
  requestId: r.request_id,
  ip: r.ip,
  result: r.result,
  userAgent: r.user_agent,
});

/** A page of the rows the filters select, newest first. */
export async function listOperationLogs(db: DbOrTrx, query: OperationLogQuery): Promise<Page<OperationLogRecord>> {
  const page = paging(query);
  const { rows, total } = await fetchPage(filtered(db, query), page, (q) => q.selectAll().orderBy('id', 'desc'));
  return { list: rows.map(toRecord), total, current: page.current, pageSize: page.pageSize };
}

export const OPERATION_LOG_EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: '序号', key: 'id', width: 10 },
  { header: '时间', key: 'createdAt', width: 26 },
  { header: '操作人', key: 'actor', width: 16 },
  { header: '地址', key: 'ip', width: 16 },
  { header: '事件', key: 'action', width: 14 },
  { header: '对象类型', key: 'entity', width: 14 },
  { header: '对象编号', key: 'entityId', width: 38 },
  { header: '结果', key: 'result', width: 8 },
  { header: '摘要', key: 'summary', width: 60 },
  { header: '客户端', key: 'userAgent', width: 40 },
];

/**
 * Every row the filters select, newest first, a batch at a time by id (keyset, so that rows
 * appended while the file streams neither shift nor repeat the batches).
 */
export async function* operationLogExportRows(db: DbOrTrx, query: OperationLogQuery): AsyncGenerator<XlsxRow> {
  const base = filtered(db, query);
  let lastId = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const batch = await base.selectAll().where('id', '<', lastId).orderBy('id', 'desc').limit(EXPORT_BATCH).execute();
    if (batch.length === 0) return;
    for (const r of batch) {
      yield {
        id: Number(r.id),
        createdAt: r.created_at,
        actor: r.actor_name ?? '',
        ip: r.ip ?? '',
        action: AUDIT_ACTION_LABELS[r.action] ?? r.action,
        entity: AUDIT_ENTITY_LABELS[r.entity] ?? r.entity,
        entityId: r.entity_id ?? '',
        result: r.result === 'failure' ? '失败' : '成功',
        summary: r.summary,
        userAgent: r.user_agent ?? '',
      };
    }
    lastId = Number(batch[batch.length - 1].id);
  }
}
