/**
 * GET /cases/export: the list's filters and sort as an .xlsx for staff (case:view), 1,000 rows a
 * query, written to the audit trail first (server/workflow/reviewedSubject.ts).
 */
import type { FastifyRequest } from 'fastify';
import { CASE_STATUS_LABELS, type CaseExportQuery } from '@common/schemas/cases';
import { requireUser } from '../../security/guard';
import { dictLabels } from '../../db/dictionaries';
import { beijingTime, type XlsxColumn, type XlsxExport, type XlsxRow } from '../../excel';
import { prepareListExport } from '../../workflow/reviewedSubject';
import { filteredBase, orderedRows, sortOf, toRecord, type CaseJoinedRow } from './queries';

export const EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: '案例名称', key: 'title', width: 40 },
  { header: '单位', key: 'unitName', width: 32 },
  { header: '项目类型', key: 'projectType', width: 12 },
  { header: '委托单位', key: 'client', width: 28 },
  { header: '完成日期', key: 'completedOn', width: 12 },
  { header: '案例简介', key: 'summary', width: 60 },
  { header: '公开展示', key: 'public', width: 10 },
  { header: '状态', key: 'status', width: 10 },
  { header: '驳回原因', key: 'rejectReason', width: 30 },
  { header: '更新时间', key: 'updatedAt', width: 18 },
];

export async function prepareCaseExport(request: FastifyRequest, query: CaseExportQuery): Promise<XlsxExport> {
  const user = requireUser(request);
  const { db } = request.server;
  // Scope and sort are checked before the download starts, so a refusal is still an envelope.
  const base = filteredBase(db, user, query);
  const sort = sortOf(query);
  const types = await dictLabels(db, 'project_type');
  const toXlsxRow = (row: CaseJoinedRow): XlsxRow => {
    const r = toRecord(user, row);
    return {
      title: r.title,
      unitName: r.unitName,
      projectType: r.projectType ? (types.get(r.projectType) ?? r.projectType) : null,
      client: r.client,
      completedOn: r.completedOn,
      summary: r.summary,
      public: r.public,
      status: CASE_STATUS_LABELS[r.status],
      rejectReason: r.rejectReason,
      updatedAt: beijingTime(r.updatedAt),
    };
  };
  return prepareListExport(request, {
    entity: 'case',
    what: '业绩案例',
    query,
    columns: EXPORT_COLUMNS,
    page: (limit, offset) => orderedRows(base, sort).limit(limit).offset(offset).execute(),
    toXlsxRow,
  });
}
