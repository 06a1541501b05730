/**
 * GET /member-units/export: the units the list's filters select, in its order, as an .xlsx.
 * Contact details leave the system, so the export is written to the audit trail (with its
 * filters) before the first byte streams.
 */
import type { FastifyRequest } from 'fastify';
import { MEMBER_UNIT_STATUS_LABELS, type MemberUnitExportQuery } from '@common/schemas/memberUnits';
import { dictLabels } from '../../db/dictionaries';
import type { DbOrTrx } from '../../db/types';
import { beijingTime, exportFileName, type XlsxColumn, type XlsxExport, type XlsxRow } from '../../excel';
import { logOperation } from '../../oplog';
import { exportUnits, UNIT_ENTITY, unitSort } from './queries';

const EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: '单位名称', key: 'name', width: 36 },
  { header: '统一社会信用代码', key: 'creditCode', width: 22 },
  { header: '法定代表人', key: 'legalRepresentative', width: 12 },
  { header: '联系人', key: 'contactPerson', width: 12 },
  { header: '联系电话', key: 'contactPhone', width: 16 },
  { header: '电子邮箱', key: 'email', width: 26 },
  { header: '会员级别', key: 'memberLevel', width: 14 },
  { header: '会员编号', key: 'memberNo', width: 12 },
  { header: '状态', key: 'status', width: 8 },
  { header: '状态原因', key: 'statusReason', width: 30 },
  { header: '入会日期', key: 'joinDate', width: 12 },
  { header: '有效期至', key: 'validUntil', width: 12 },
  { header: '会员之窗', key: 'showInWindow', width: 10 },
  { header: '从业人员（已通过）', key: 'practitionerCount', width: 12 },
  { header: '待审核变更', key: 'pendingChange', width: 10 },
  { header: '申请时间', key: 'createdAt', width: 20 },
];

/** `（状态 approved，关键字 正衡）` for the log; empty without filters. */
function describeFilters(query: MemberUnitExportQuery): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${String(v)}`);
  return parts.length ? `（${parts.join('，')}）` : '';
}

async function* exportRows(db: DbOrTrx, query: MemberUnitExportQuery, levels: Map<string, string>): AsyncGenerator<XlsxRow> {
  for await (const unit of exportUnits(db, query)) {
    yield {
      ...unit,
      memberLevel: unit.memberLevel ? (levels.get(unit.memberLevel) ?? unit.memberLevel) : null,
      status: MEMBER_UNIT_STATUS_LABELS[unit.status],
      showInWindow: unit.showInWindow,
      pendingChange: unit.pendingChange !== null,
      createdAt: beijingTime(unit.createdAt),
    };
  }
}

/** Checks the sort, writes the audit row and hands back the workbook's spec. */
export async function prepareUnitExport(request: FastifyRequest, query: MemberUnitExportQuery): Promise<XlsxExport> {
  // A bad sort is refused with an envelope now, not as a broken download later.
  unitSort(query.sort);
  const { db } = request.server;
  const levels = await dictLabels(db, 'member_level');
  await logOperation(db, request, { entity: UNIT_ENTITY, entityId: null, action: 'export', summary: `导出会员单位${describeFilters(query)}` });
  return { fileName: exportFileName('会员单位', request.server.clock()), sheetName: '会员单位', columns: EXPORT_COLUMNS, rows: exportRows(db, query, levels) };
}
