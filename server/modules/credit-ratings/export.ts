/**
 * GET /credit-ratings/:id/export: a rating's scores (the units list's filters and order) as an
 * .xlsx, each unit with the events behind its score in one cell (credit:export). The export is
 * written to the audit trail first.
 */
import type { FastifyRequest } from 'fastify';
import { CREDIT_OBJECTION_STATUS_LABELS, CREDIT_RATING_STATUS_LABELS, CREDIT_TIER_LABELS } from '@common/credit';
import type { CreditRatingExportQuery } from '@common/schemas/credit';
import { parseItems } from '../../credit/scoring';
import { dictLabels } from '../../db/dictionaries';
import { exportFileName, beijingTime, type XlsxColumn, type XlsxExport, type XlsxRow } from '../../excel';
import { logOperation } from '../../oplog';
import { loadRating, orderedUnitRows, toUnitItem, unitSortOf, type UnitRow } from './queries';

const PAGE = 1000;

export const EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: '年度', key: 'year', width: 8 },
  { header: '评价状态', key: 'status', width: 10 },
  { header: '会员单位', key: 'unitName', width: 32 },
  { header: '得分', key: 'score', width: 8 },
  { header: '等级', key: 'tier', width: 14 },
  { header: '基础分', key: 'baseScore', width: 8 },
  { header: '扣分合计', key: 'badPoints', width: 10 },
  { header: '加分合计', key: 'goodPoints', width: 10 },
  { header: '计分事件数', key: 'eventCount', width: 10 },
  { header: '计分明细', key: 'items', width: 80 },
  { header: '异议', key: 'objection', width: 12 },
  { header: '计算时间', key: 'computedAt', width: 18 },
];

function toXlsxRow(row: UnitRow, rating: { year: number; status: string; baseScore: number }, labels: ReadonlyMap<string, string>): XlsxRow {
  const item = toUnitItem(row);
  return {
    year: rating.year,
    status: rating.status,
    unitName: item.unitName,
    score: item.score,
    tier: CREDIT_TIER_LABELS[item.tier],
    baseScore: rating.baseScore,
    badPoints: item.badPoints,
    goodPoints: item.goodPoints,
    eventCount: item.eventCount,
    items: parseItems(row.items)
      .map((i) => `${i.occurredOn} ${labels.get(i.kind) ?? i.kind}${i.practitionerName ? `（${i.practitionerName}）` : ''} ${i.points > 0 ? '+' : ''}${i.points}`)
      .join('；'),
    objection: item.objectionStatus ? CREDIT_OBJECTION_STATUS_LABELS[item.objectionStatus] : null,
    computedAt: beijingTime(item.computedAt),
  };
}

export async function prepareRatingExport(request: FastifyRequest, id: string, query: CreditRatingExportQuery): Promise<XlsxExport> {
  const { db } = request.server;
  // The query's own check first (an unknown sort field is a 400 whatever the id), as the lists do.
  unitSortOf(query);
  const rating = await loadRating(db, id);
  const year = Number(rating.year);
  const meta = { year, status: CREDIT_RATING_STATUS_LABELS[rating.status], baseScore: Number(rating.base_score) };
  await db.transaction().execute(async (trx) => {
    await logOperation(trx, request, { entity: 'credit-rating', entityId: id, action: 'export', summary: `导出${year}年度信用评价得分（${meta.status}）` });
  });
  const labels = await dictLabels(db, 'credit_event_kind');
  async function* rows(): AsyncGenerator<XlsxRow> {
    for (let offset = 0; ; offset += PAGE) {
      const page = await orderedUnitRows(db, id, query).limit(PAGE).offset(offset).execute();
      for (const row of page) yield toXlsxRow(row, meta, labels);
      if (page.length < PAGE) return;
    }
  }
  return {
    fileName: exportFileName(`${year}年度信用评价`, request.server.clock()),
    sheetName: `${year}年度信用评价`,
    columns: EXPORT_COLUMNS,
    rows: rows(),
  };
}
