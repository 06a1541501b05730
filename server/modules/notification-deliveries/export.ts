/**
 * GET /notice-deliveries/export: the records the list's filters select, in the list's order, as
 * an .xlsx streamed a batch at a time. Addresses stay masked (the whole address is only ever
 * revealed one record at a time, audited); each export is logged with its filters.
 */
import type { FastifyRequest } from 'fastify';
import {
  NOTICE_CHANNEL_LABELS,
  NOTICE_DELIVERY_STATE_LABELS,
  NOTICE_KIND_LABELS,
  NOTICE_RECIPIENT_TYPE_LABELS,
  type NoticeDeliveryExportQuery,
} from '@common/schemas/notifications';
import type { DbOrTrx } from '../../db/types';
import { beijingTime, exportFileName, type XlsxColumn, type XlsxExport, type XlsxRow } from '../../excel';
import { logOperation } from '../../oplog';
import type { FieldCipher } from '../../pii';
import type { AuthUser } from '../../security/user';
import { requireUser } from '../../security/guard';
import { deliverySort, filteredDeliveries, orderedDeliveries, SEALED_RECIPIENT, sealedDeliveryIds } from './queries';

const COLUMNS: readonly XlsxColumn[] = [
  { header: '通知规则', key: 'rule', width: 22 },
  { header: '通知类型', key: 'kind', width: 14 },
  { header: '标题', key: 'title', width: 40 },
  { header: '收件人', key: 'recipient', width: 24 },
  { header: '收件人类型', key: 'recipientType', width: 10 },
  { header: '渠道', key: 'channel', width: 10 },
  { header: '地址（脱敏）', key: 'address', width: 22 },
  { header: '状态', key: 'state', width: 10 },
  { header: '尝试次数', key: 'attempts', width: 8 },
  { header: '应发日期', key: 'dueOn', width: 12 },
  { header: '逾期补发', key: 'late', width: 8 },
  { header: '必要通知', key: 'mandatory', width: 8 },
  { header: '关联记录', key: 'reference', width: 36 },
  { header: '服务商消息编号', key: 'messageId', width: 30 },
  { header: '错误或说明', key: 'error', width: 40 },
  { header: '创建时间', key: 'createdAt', width: 18 },
  { header: '发送时间', key: 'sentAt', width: 18 },
  { header: '重发次数', key: 'resent', width: 8 },
];

const BATCH = 500;

function describeFilters(query: NoticeDeliveryExportQuery): string {
  const parts = [
    query.kind && NOTICE_KIND_LABELS[query.kind],
    query.state && NOTICE_DELIVERY_STATE_LABELS[query.state],
    query.channel && NOTICE_CHANNEL_LABELS[query.channel],
    query.recipientType && NOTICE_RECIPIENT_TYPE_LABELS[query.recipientType],
    query.ruleId && `规则 ${query.ruleId}`,
    query.recipient?.trim() && '按收件人筛选',
    query.late !== undefined && (query.late ? '逾期补发' : '按时发送'),
    query.reference && `关联记录 ${query.reference}`,
    (query.fromDay || query.toDay) && `${query.fromDay ?? '…'} 至 ${query.toDay ?? '…'}`,
  ].filter(Boolean);
  return parts.length ? parts.join('，') : '全部';
}

async function* exportRows(db: DbOrTrx, pii: FieldCipher, user: AuthUser, query: NoticeDeliveryExportQuery): AsyncGenerator<XlsxRow> {
  const sort = deliverySort(query.sort);
  for (let offset = 0; ; offset += BATCH) {
    const rows = await orderedDeliveries(filteredDeliveries(db, pii, query, user), sort).limit(BATCH).offset(offset).execute();
    // As the list shows them: a sealed invitation without its recipient (queries.ts).
    const sealedIds = await sealedDeliveryIds(db, user, rows);
    for (const r of rows) {
      const sealed = sealedIds.has(r.id);
      yield {
        rule: r.rule_name,
        kind: NOTICE_KIND_LABELS[r.kind],
        title: r.title,
        recipient: sealed ? SEALED_RECIPIENT : r.recipient_name,
        recipientType: NOTICE_RECIPIENT_TYPE_LABELS[r.recipient_type],
        channel: NOTICE_CHANNEL_LABELS[r.channel],
        address: sealed ? null : r.address_masked,
        state: NOTICE_DELIVERY_STATE_LABELS[r.state],
        attempts: r.attempts,
        dueOn: r.due_on,
        late: !!r.late,
        mandatory: !!r.mandatory,
        reference: r.reference,
        messageId: r.provider_message_id,
        error: sealed ? null : r.last_error,
        createdAt: beijingTime(r.created_at),
        sentAt: beijingTime(r.sent_at),
        resent: r.resent_count,
      };
    }
    if (rows.length < BATCH) return;
  }
}

/** Checks the sort, writes the audit row and hands back the workbook's spec. */
export async function prepareDeliveryExport(request: FastifyRequest, query: NoticeDeliveryExportQuery): Promise<XlsxExport> {
  deliverySort(query.sort);
  const { db, pii } = request.server;
  const user = requireUser(request);
  await logOperation(db, request, { entity: 'notice-delivery', entityId: null, action: 'export', summary: `导出通知记录（${describeFilters(query)}）` });
  return { fileName: exportFileName('通知记录', request.server.clock()), sheetName: '通知记录', columns: COLUMNS, rows: exportRows(db, pii, user, query) };
}
