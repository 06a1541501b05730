/** GET /cases/export: the list's filters and sort as an .xlsx for staff (case:view), logged first. */
import type { FastifyRequest } from 'fastify';
import { CASE_STATUS_LABELS, type CaseExportQuery } from '@common/schemas/cases';
import { requireUser } from '../../security/guard';
import type { AuthUser } from '../../security/user';
import type { DbOrTrx } from '../../db/types';
import { beijingTime, exportFileName, type XlsxColumn, type XlsxExport, type XlsxRow } from '../../excel';
import { logOperation } from '../../oplog';
import { dictLabels } from '../projects/export';
import { filteredBase, orderedRows, sortOf, toRecord } from './queries';

const PAGE = 1000;

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

async function* exportRows(db: DbOrTrx, user: AuthUser, base: ReturnType<typeof filteredBase>, query: CaseExportQuery): AsyncGenerator<XlsxRow> {
  const types = await dictLabels(db, 'project_type');
  const sort = sortOf(query);
  for (let offset = 0; ; offset += PAGE) {
    const rows = await orderedRows(base, sort).limit(PAGE).offset(offset).execute();
    for (const row of rows) {
      const r = toRecord(user, row);
      yield {
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
    }
    if (rows.length < PAGE) return;
  }
}

export async function prepareCaseExport(request: FastifyRequest, query: CaseExportQuery): Promise<XlsxExport> {
  const user = requireUser(request);
  const base = filteredBase(request.server.db, user, query);
  sortOf(query);
  const filters = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`);
  await request.server.db.transaction().execute(async (trx) => {
    await logOperation(trx, request, { entity: 'case', entityId: null, action: 'export', summary: `导出业绩案例${filters.length ? `，条件：${filters.join('&')}` : ''}` });
  });
  return {
    fileName: exportFileName('业绩案例', request.server.clock()),
    sheetName: '业绩案例',
    columns: EXPORT_COLUMNS,
    rows: exportRows(request.server.db, user, base, query),
  };
}
