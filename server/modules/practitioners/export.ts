/**
 * GET /practitioners/export: the list's filters and sort as an .xlsx, streamed page by page
 * (1,000 rows a query) so that 10,000 records never sit in memory at once.
 *
 * ID numbers and phones are masked; `sensitive=true` writes whole ID numbers, for staff
 * holding member:practitioner:export-sensitive only. Every export is written to the audit
 * trail before the first byte goes out (the sensitive one says so).
 */
import type { FastifyRequest } from 'fastify';
import { AuthType, hasPermission } from '@common/permissions';
import { PRACTITIONER_STATUS_LABELS, type PractitionerExportQuery } from '@common/schemas/practitioners';
import { requireUser } from '../../security/guard';
import type { AuthUser } from '../../security/user';
import { beijingDay } from '@common/calendar';
import { errors } from '../../http/errors';
import { beijingTime, exportFileName, type XlsxColumn, type XlsxRow } from '../../excel';
import { logOperation } from '../../oplog';
import type { FieldCipher } from '../../pii';
import { showPii } from '../../pii';
import { loadDictIndex, type DictIndex } from './fields';
import { filteredBase, listedRows, sortOf, type ListedRow } from './queries';

const PAGE = 1000;

export const EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: '姓名', key: 'name', width: 12 },
  { header: '性别', key: 'gender', width: 6 },
  { header: '身份证号码', key: 'idCardNo', width: 22 },
  { header: '手机号码', key: 'phone', width: 16 },
  { header: '电子邮箱', key: 'email', width: 24 },
  { header: '学历', key: 'education', width: 12 },
  { header: '专业', key: 'major', width: 16 },
  { header: '职称', key: 'professionalTitle', width: 10 },
  { header: '职务', key: 'position', width: 14 },
  { header: '所属单位', key: 'unitName', width: 32 },
  { header: '入职日期', key: 'entryDate', width: 12 },
  { header: '培训学时', key: 'trainingHours', width: 10 },
  { header: '证书编号', key: 'certificateNo', width: 16 },
  { header: '证书有效期至', key: 'certificateValidUntil', width: 14 },
  { header: '状态', key: 'status', width: 10 },
  { header: '离职日期', key: 'leftOn', width: 12 },
  { header: '更新时间', key: 'updatedAt', width: 20 },
];

function toXlsxRow(pii: FieldCipher, row: ListedRow, dicts: DictIndex, wholeIdCard: boolean, isSelf: boolean): XlsxRow {
  const label = (field: keyof DictIndex['labelOf'], value: string | null) => (value ? (dicts.labelOf[field].get(value) ?? value) : null);
  return {
    name: row.name,
    gender: label('gender', row.gender),
    idCardNo: showPii(pii, row.id_card_enc, 'idCard', wholeIdCard || isSelf),
    phone: showPii(pii, row.phone_enc, 'phone', isSelf),
    email: row.email,
    education: label('education', row.education),
    major: row.major,
    professionalTitle: label('professionalTitle', row.professional_title),
    position: row.position,
    unitName: row.unit_name,
    entryDate: row.entry_date,
    trainingHours: Number(row.training_hours),
    certificateNo: row.certificate_no,
    certificateValidUntil: row.certificate_until ?? row.certificate_valid_until,
    status: PRACTITIONER_STATUS_LABELS[row.status],
    leftOn: row.left_on,
    updatedAt: beijingTime(row.updated_at),
  };
}

async function* exportRows(request: FastifyRequest, user: AuthUser, query: PractitionerExportQuery, wholeIdCard: boolean): AsyncGenerator<XlsxRow> {
  const { db, pii } = request.server;
  const dicts = await loadDictIndex(db, { includeDisabled: true });
  const sort = sortOf(query);
  const base = filteredBase(db, pii, user, query, beijingDay(request.server.clock()));
  for (let offset = 0; ; offset += PAGE) {
    const rows = await listedRows(base, sort).limit(PAGE).offset(offset).execute();
    for (const row of rows) {
      const self = user.authType === AuthType.Practitioner && user.practitionerId === row.id;
      yield toXlsxRow(pii, row, dicts, wholeIdCard, self);
    }
    if (rows.length < PAGE) return;
  }
}

/** Checks the sensitive permission, writes the audit row, and hands back the workbook's spec. */
export async function prepareExport(request: FastifyRequest, query: PractitionerExportQuery) {
  const user = requireUser(request);
  const sensitive = query.sensitive === true;
  if (sensitive && !hasPermission(user, 'member:practitioner:export-sensitive')) throw errors.forbidden('没有导出完整身份证号码的权限');
  // The sort is checked before the audit row and the first byte: once the file streams, an
  // unknown sort field could only break it off.
  sortOf(query);
  const filters = Object.entries(query)
    .filter(([key, value]) => key !== 'sensitive' && value !== undefined && value !== '' && !(key === 'keyword' && /^\d{17}[\dXx]$/.test(String(value))))
    .map(([key, value]) => `${key}=${String(value)}`);
  await request.server.db.transaction().execute(async (trx) => {
    await logOperation(trx, request, {
      entity: 'practitioner',
      entityId: null,
      action: sensitive ? 'export-sensitive' : 'export',
      summary: `${sensitive ? '导出从业人员（含完整身份证号码）' : '导出从业人员'}${filters.length ? `，条件：${filters.join('&')}` : ''}`,
    });
  });
  return {
    fileName: exportFileName(`从业人员${sensitive ? '（含身份证号码）' : ''}`, request.server.clock()),
    sheetName: '从业人员',
    columns: EXPORT_COLUMNS,
    rows: exportRows(request, user, query, sensitive),
  };
}
