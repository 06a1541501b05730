/**
 * GET /projects/export: the list's filters and sort as an .xlsx, 1,000 rows a query. Staff need
 * project:export; a unit exports its own projects (the same scope as its list). The export is
 * written to the audit trail before the first byte goes out (server/workflow/reviewedSubject.ts).
 */
import type { FastifyRequest } from 'fastify';
import { PROJECT_STATUS_LABELS, type ProjectExportQuery } from '@common/schemas/projects';
import { requireUser } from '../../security/guard';
import { dictLabels } from '../../db/dictionaries';
import { beijingTime, type XlsxColumn, type XlsxExport, type XlsxRow } from '../../excel';
import { prepareListExport } from '../../workflow/reviewedSubject';
import { filteredBase, orderedRows, sortOf, toRecord, type ProjectJoinedRow } from './queries';

export const EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: '项目名称', key: 'name', width: 40 },
  { header: '项目编号', key: 'code', width: 16 },
  { header: '评估单位', key: 'unitName', width: 32 },
  { header: '委托单位', key: 'client', width: 28 },
  { header: '项目类型', key: 'type', width: 12 },
  { header: '所在区域', key: 'region', width: 16 },
  { header: '投资额（万元）', key: 'investment', width: 14 },
  { header: '项目负责人', key: 'leaderName', width: 12 },
  { header: '开始日期', key: 'startOn', width: 12 },
  { header: '结束日期', key: 'endOn', width: 12 },
  { header: '风险等级', key: 'riskLevel', width: 10 },
  { header: '评估结论', key: 'conclusion', width: 50 },
  { header: '状态', key: 'status', width: 10 },
  { header: '退回原因', key: 'returnReason', width: 30 },
  { header: '提交时间', key: 'submittedAt', width: 18 },
  { header: '备案时间', key: 'filedAt', width: 18 },
];

export async function prepareExport(request: FastifyRequest, query: ProjectExportQuery): Promise<XlsxExport> {
  const user = requireUser(request);
  const { db } = request.server;
  // Scope and sort are checked before the download starts, so a refusal is still an envelope.
  const base = filteredBase(db, user, query);
  const sort = sortOf(query);
  const [types, risks] = await Promise.all([dictLabels(db, 'project_type'), dictLabels(db, 'risk_level')]);
  const toXlsxRow = (row: ProjectJoinedRow): XlsxRow => {
    const r = toRecord(user, row);
    return {
      name: r.name,
      code: r.code,
      unitName: r.unitName,
      client: r.client,
      type: r.type ? (types.get(r.type) ?? r.type) : null,
      region: r.region,
      investment: r.investment,
      leaderName: r.leaderName,
      startOn: r.startOn,
      endOn: r.endOn,
      riskLevel: r.riskLevel ? (risks.get(r.riskLevel) ?? r.riskLevel) : null,
      conclusion: r.conclusion,
      status: PROJECT_STATUS_LABELS[r.status],
      returnReason: r.returnReason,
      submittedAt: beijingTime(r.submittedAt),
      filedAt: beijingTime(r.filedAt),
    };
  };
  return prepareListExport(request, {
    entity: 'project',
    what: '项目',
    query,
    columns: EXPORT_COLUMNS,
    page: (limit, offset) => orderedRows(base, sort).limit(limit).offset(offset).execute(),
    toXlsxRow,
  });
}
