/**
 * GET /credit-events/export: the events the list's filters select, in its order, as an .xlsx
 * streamed 1,000 rows a query (staff holding credit:export). The export is written to the audit
 * trail first.
 */
import type { FastifyRequest } from 'fastify';
import { CREDIT_EVENT_STATUS_LABELS, CREDIT_POLARITY_LABELS, CREDIT_SOURCE_TYPE_LABELS, CREDIT_SUBJECT_TYPE_LABELS } from '@common/credit';
import type { CreditEventExportQuery } from '@common/schemas/credit';
import { requireUser } from '../../security/guard';
import type { AuthUser } from '../../security/user';
import { beijingDay } from '@common/calendar';
import { dictLabels } from '../../db/dictionaries';
import { beijingTime, exportFileName, type XlsxColumn, type XlsxExport, type XlsxRow } from '../../excel';
import { logOperation } from '../../oplog';
import { filteredBase, isInTerm, KIND_DICT, orderedRows, sortOf, type EventJoinedRow } from './queries';

const PAGE = 1000;

export const EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: '性质', key: 'polarity', width: 10 },
  { header: '类型', key: 'kind', width: 22 },
  { header: '对象类型', key: 'subjectType', width: 10 },
  { header: '会员单位', key: 'unitName', width: 32 },
  { header: '从业人员', key: 'practitionerName', width: 12 },
  { header: '发生日期', key: 'occurredOn', width: 12 },
  { header: '分值', key: 'points', width: 8 },
  { header: '分值调整说明', key: 'pointsNote', width: 24 },
  { header: '公示至', key: 'termUntil', width: 12 },
  { header: '是否在公示期内', key: 'inTerm', width: 14 },
  { header: '事由', key: 'description', width: 50 },
  { header: '来源', key: 'sourceType', width: 12 },
  { header: '规则版本', key: 'ruleVersionNo', width: 10 },
  { header: '状态', key: 'status', width: 8 },
  { header: '撤销原因', key: 'withdrawReason', width: 30 },
  { header: '撤销时间', key: 'withdrawnAt', width: 18 },
  { header: '登记人', key: 'createdByName', width: 12 },
  { header: '登记时间', key: 'createdAt', width: 18 },
];

function toXlsxRow(row: EventJoinedRow, today: string, labels: ReadonlyMap<string, string>): XlsxRow {
  return {
    polarity: CREDIT_POLARITY_LABELS[row.polarity],
    kind: labels.get(row.kind) ?? row.kind,
    subjectType: CREDIT_SUBJECT_TYPE_LABELS[row.subject_type],
    unitName: row.unit_name,
    practitionerName: row.practitioner_name ?? null,
    occurredOn: row.occurred_on,
    points: Number(row.points),
    pointsNote: row.points_note,
    termUntil: row.term_until,
    inTerm: isInTerm(row, today),
    description: row.description,
    sourceType: CREDIT_SOURCE_TYPE_LABELS[row.source_type],
    ruleVersionNo: Number(row.version_no),
    status: CREDIT_EVENT_STATUS_LABELS[row.status],
    withdrawReason: row.withdraw_reason,
    withdrawnAt: beijingTime(row.withdrawn_at),
    createdByName: row.created_by_name ?? '系统',
    createdAt: beijingTime(row.created_at),
  };
}

async function* exportRows(request: FastifyRequest, user: AuthUser, query: CreditEventExportQuery, today: string): AsyncGenerator<XlsxRow> {
  const base = filteredBase(request.server.db, user, query, today);
  const sort = sortOf(query);
  const labels = await dictLabels(request.server.db, KIND_DICT);
  for (let offset = 0; ; offset += PAGE) {
    const rows = await orderedRows(base, sort).limit(PAGE).offset(offset).execute();
    for (const row of rows) yield toXlsxRow(row, today, labels);
    if (rows.length < PAGE) return;
  }
}

export async function prepareEventExport(request: FastifyRequest, query: CreditEventExportQuery): Promise<XlsxExport> {
  const user = requireUser(request);
  // Checked before the audit row and the first byte: once the file streams, a bad sort could only break it off.
  sortOf(query);
  const now = request.server.clock();
  const filters = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`);
  await request.server.db.transaction().execute(async (trx) => {
    await logOperation(trx, request, { entity: 'credit-event', entityId: null, action: 'export', summary: `导出信用记录，条件：${filters.join('&') || '全部'}` });
  });
  return {
    fileName: exportFileName('信用记录', now),
    sheetName: '信用记录',
    columns: EXPORT_COLUMNS,
    rows: exportRows(request, user, query, beijingDay(now)),
  };
}
