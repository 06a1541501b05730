/**
 * GET /experts/export: the experts the list's filters select, in the list's order, as an
 * .xlsx streamed a batch at a time (server/excel). Dictionary values are written as their
 * labels; the whole phone and e-mail are in it (staff holding expert:export only), so each
 * export is recorded in the operation log with its filters.
 */
import type { FastifyRequest } from 'fastify';
import type { ExpertExportQuery } from '@common/schemas/experts';
import { dictLabels } from '../../db/dictionaries';
import type { DbOrTrx } from '../../db/types';
import { beijingTime, exportFileName, type XlsxColumn, type XlsxExport, type XlsxRow } from '../../excel';
import { logOperation } from '../../oplog';
import { expertSort, exportExperts } from './queries';

const COLUMNS: readonly XlsxColumn[] = [
  { header: '姓名', key: 'name', width: 12 },
  { header: '性别', key: 'gender', width: 6 },
  { header: '出生年份', key: 'birthYear', width: 10 },
  { header: '职称', key: 'title', width: 10 },
  { header: '工作单位', key: 'workUnit', width: 32 },
  { header: '职务', key: 'position', width: 20 },
  { header: '专业领域', key: 'specialties', width: 24 },
  { header: '联系电话', key: 'phone', width: 16 },
  { header: '电子邮箱', key: 'email', width: 26 },
  { header: '公开', key: 'public', width: 6 },
  { header: '启用', key: 'active', width: 6 },
  { header: '官网显示', key: 'shown', width: 10 },
  { header: '排序', key: 'sort', width: 8 },
  { header: '简介', key: 'introduction', width: 60 },
  { header: '更新时间', key: 'updatedAt', width: 18 },
];

/** The filters of an export in words, for the log. */
function describeFilters(query: ExpertExportQuery): string {
  const parts = [
    query.keyword?.trim() && `关键字 ${query.keyword.trim()}`,
    query.specialty && `专业领域 ${query.specialty}`,
    query.professionalTitle && `职称 ${query.professionalTitle}`,
    query.public !== undefined && (query.public ? '公开' : '不公开'),
    query.active !== undefined && (query.active ? '启用' : '停用'),
  ].filter(Boolean);
  return parts.length ? parts.join('，') : '全部';
}

type Labels = Map<string, string>;

async function* exportRows(db: DbOrTrx, query: ExpertExportQuery, genders: Labels, titles: Labels, specialties: Labels): AsyncGenerator<XlsxRow> {
  for await (const e of exportExperts(db, query)) {
    yield {
      name: e.name,
      gender: e.gender ? (genders.get(e.gender) ?? e.gender) : null,
      birthYear: e.birthYear,
      title: e.professionalTitle ? (titles.get(e.professionalTitle) ?? e.professionalTitle) : null,
      workUnit: e.workUnit,
      position: e.position,
      specialties: e.specialties.map((s) => specialties.get(s) ?? s).join('、'),
      phone: e.phone,
      email: e.email,
      public: e.public,
      active: e.active,
      shown: e.shownPublicly ? '显示' : '不显示',
      sort: e.sort,
      introduction: e.introduction,
      updatedAt: beijingTime(e.updatedAt),
    };
  }
}

/** Checks the sort, writes the audit row and hands back the workbook's spec. */
export async function prepareExpertExport(request: FastifyRequest, query: ExpertExportQuery): Promise<XlsxExport> {
  // Checked before the download starts: once rows stream, a refusal can no longer be an envelope.
  expertSort(query.sort);
  const { db } = request.server;
  const [genders, titles, specialties] = await Promise.all([dictLabels(db, 'gender'), dictLabels(db, 'professional_title'), dictLabels(db, 'specialty')]);
  const now = request.server.clock();
  await logOperation(db, request, { entity: 'expert', entityId: null, action: 'export', summary: `导出专家库（${describeFilters(query)}）` });
  return { fileName: exportFileName('专家库', now), sheetName: '专家库', columns: COLUMNS, rows: exportRows(db, query, genders, titles, specialties) };
}
