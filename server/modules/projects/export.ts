/**
 * GET /projects/export: the list's filters and sort as an .xlsx, 1,000 rows a query. Staff need
 * project:export; a unit exports its own projects (the same scope as its list). The export is
 * written to the audit trail before the first byte goes out.
 */
import type { FastifyRequest } from 'fastify';
import { PROJECT_STATUS_LABELS, type ProjectExportQuery } from '@common/schemas/projects';
import { requireUser } from '../../security/guard';
import type { AuthUser } from '../../security/user';
import type { DbOrTrx } from '../../db/types';
import { beijingTime, exportFileName, type XlsxColumn, type XlsxExport, type XlsxRow } from '../../excel';
import { logOperation } from '../../oplog';
import { filteredBase, orderedRows, sortOf, toRecord } from './queries';

const PAGE = 1000;

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

/** value → label of the dictionaries a project uses (disabled items included: old rows still read well). */
export async function dictLabels(db: DbOrTrx, code: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('dict_items').select(['value', 'label']).where('type_code', '=', code).execute();
  return new Map(rows.map((r) => [r.value, r.label]));
}

async function* exportRows(db: DbOrTrx, user: AuthUser, base: ReturnType<typeof filteredBase>, query: ProjectExportQuery): AsyncGenerator<XlsxRow> {
  const types = await dictLabels(db, 'project_type');
  const risks = await dictLabels(db, 'risk_level');
  const sort = sortOf(query);
  for (let offset = 0; ; offset += PAGE) {
    const rows = await orderedRows(base, sort).limit(PAGE).offset(offset).execute();
    for (const row of rows) {
      const r = toRecord(user, row);
      yield {
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
    }
    if (rows.length < PAGE) return;
  }
}

export async function prepareExport(request: FastifyRequest, query: ProjectExportQuery): Promise<XlsxExport> {
  const user = requireUser(request);
  // Scope and sort are checked before the download starts, so a refusal is still an envelope.
  const base = filteredBase(request.server.db, user, query);
  sortOf(query);
  const filters = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`);
  await request.server.db.transaction().execute(async (trx) => {
    await logOperation(trx, request, {
      entity: 'project',
      entityId: null,
      action: 'export',
      summary: `导出项目${filters.length ? `，条件：${filters.join('&')}` : ''}`,
    });
  });
  return {
    fileName: exportFileName('项目', request.server.clock()),
    sheetName: '项目',
    columns: EXPORT_COLUMNS,
    rows: exportRows(request.server.db, user, base, query),
  };
}
