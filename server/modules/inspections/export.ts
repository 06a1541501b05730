/**
 * GET /annual-inspections/export: a year's results (the list's filters and sort) as an .xlsx,
 * streamed 1,000 rows a query. Staff with inspection:export see every record; a unit exports
 * its own and its practitioners'. Every export is written to the audit trail first.
 */
import type { FastifyRequest } from 'fastify';
import {
  INSPECTION_MESSAGES,
  INSPECTION_STATUS_LABELS,
  INSPECTION_SUBJECT_TYPE_LABELS,
  type InspectionExportQuery,
} from '@common/schemas/inspections';
import { requireUser } from '../../security/guard';
import type { AuthUser } from '../../security/user';
import { beijingDay } from '@common/calendar';
import { beijingTime, exportFileName, type XlsxColumn, type XlsxExport, type XlsxRow } from '../../excel';
import { BizError } from '../../http/errors';
import { logOperation } from '../../oplog';
import { filteredBase, isOverdue, orderedRows, sortOf, type InspectionJoinedRow } from './queries';
import { syncIfOpen } from '../../workflow/inspectionSubjects';

const PAGE = 1000;

export const EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: '年度', key: 'year', width: 8 },
  { header: '对象类型', key: 'subjectType', width: 10 },
  { header: '名称', key: 'subjectName', width: 30 },
  { header: '所属单位', key: 'unitName', width: 32 },
  { header: '状态', key: 'status', width: 12 },
  { header: '是否逾期', key: 'overdue', width: 10 },
  { header: '本年度完成项目数', key: 'projectsDone', width: 16 },
  { header: '本年度培训学时', key: 'trainingHours', width: 14 },
  { header: '提交时间', key: 'submittedAt', width: 18 },
  { header: '审核人', key: 'reviewerName', width: 12 },
  { header: '审核意见', key: 'reviewComment', width: 40 },
  { header: '审核时间', key: 'reviewedAt', width: 18 },
  { header: '证书有效期至', key: 'certificateValidUntil', width: 14 },
];

function toXlsxRow(row: InspectionJoinedRow, today: string): XlsxRow {
  return {
    year: Number(row.year),
    subjectType: INSPECTION_SUBJECT_TYPE_LABELS[row.subject_type],
    subjectName: row.subject_name,
    unitName: row.unit_name,
    status: INSPECTION_STATUS_LABELS[row.status],
    overdue: isOverdue(row, today),
    projectsDone: row.projects_done === null ? null : Number(row.projects_done),
    trainingHours: row.training_hours === null ? null : Number(row.training_hours),
    submittedAt: beijingTime(row.submitted_at),
    reviewerName: row.reviewer_name ?? null,
    reviewComment: row.review_comment,
    reviewedAt: beijingTime(row.reviewed_at),
    certificateValidUntil: row.certificate_valid_until ?? null,
  };
}

async function* exportRows(request: FastifyRequest, user: AuthUser, query: InspectionExportQuery, today: string): AsyncGenerator<XlsxRow> {
  const base = filteredBase(request.server.db, user, query, today);
  const sort = sortOf(query);
  for (let offset = 0; ; offset += PAGE) {
    const rows = await orderedRows(base, sort).limit(PAGE).offset(offset).execute();
    for (const row of rows) yield toXlsxRow(row, today);
    if (rows.length < PAGE) return;
  }
}

/** Syncs the year, writes the audit row and hands back the workbook's spec. */
export async function prepareInspectionExport(request: FastifyRequest, query: InspectionExportQuery): Promise<XlsxExport> {
  const user = requireUser(request);
  if (query.year === undefined) throw new BizError(INSPECTION_MESSAGES.yearRequiredForExport);
  // The sort is checked before the audit row and the first byte: once the file streams, an
  // unknown sort field could only break it off.
  sortOf(query);
  const { db } = request.server;
  const now = request.server.clock();
  await syncIfOpen(db, query.year, now);
  const filters = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`);
  await db.transaction().execute(async (trx) => {
    await logOperation(trx, request, {
      entity: 'annual-inspection',
      entityId: null,
      action: 'export',
      summary: `导出${query.year}年度年检结果，条件：${filters.join('&')}`,
    });
  });
  const today = beijingDay(now);
  return {
    fileName: exportFileName(`${query.year}年度年检结果`, request.server.clock()),
    sheetName: `${query.year}年度年检`,
    columns: EXPORT_COLUMNS,
    rows: exportRows(request, user, query, today),
  };
}
