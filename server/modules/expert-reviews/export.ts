/**
 * GET /review-tasks/export: the list's filters and sort as an .xlsx (staff review:task:export; a
 * unit its own projects' tasks). It holds what the list holds and no expert of any panel, so an
 * export never unseals a panel, whoever makes it. Written to the audit trail first
 * (server/workflow/reviewedSubject.ts prepareListExport).
 */
import type { FastifyRequest } from 'fastify';
import { REVIEW_CONCLUSION_LABELS } from '@common/expertReview';
import { REVIEW_REVISION_STATUS_LABELS, REVIEW_TASK_STATUS_LABELS, type ReviewTaskExportQuery } from '@common/schemas/reviewTasks';
import { requireUser } from '../../security/guard';
import { dictLabels } from '../../db/dictionaries';
import { beijingTime, type XlsxColumn, type XlsxExport } from '../../excel';
import { prepareListExport } from '../../workflow/reviewedSubject';
import { countsOf } from '../../quality/tasks';
import { filteredBase, orderedRows, sortOf, toListItem, type TaskJoinedRow } from './queries';

export const EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: '项目名称', key: 'projectName', width: 40 },
  { header: '项目编号', key: 'projectCode', width: 16 },
  { header: '评估单位', key: 'unitName', width: 32 },
  { header: '评审原因', key: 'reason', width: 12 },
  { header: '评审日期', key: 'reviewOn', width: 12 },
  { header: '评审时间', key: 'reviewTime', width: 10 },
  { header: '评审地点', key: 'place', width: 24 },
  { header: '评审专家人数', key: 'panelSize', width: 12 },
  { header: '监督人', key: 'supervisor', width: 12 },
  { header: '状态', key: 'status', width: 10 },
  { header: '抽取轮数', key: 'rounds', width: 10 },
  { header: '最近抽取时间', key: 'drawnAt', width: 18 },
  { header: '已确认专家', key: 'confirmedCount', width: 10 },
  { header: '评分表', key: 'sheetCount', width: 8 },
  { header: '评审得分', key: 'resultScore', width: 10 },
  { header: '评审结论', key: 'resultConclusion', width: 12 },
  { header: '结束时间', key: 'closedAt', width: 18 },
  { header: '修改稿', key: 'revisionStatus', width: 14 },
];

export async function prepareTaskExport(request: FastifyRequest, query: ReviewTaskExportQuery): Promise<XlsxExport> {
  const user = requireUser(request);
  const { db } = request.server;
  const base = filteredBase(db, user, query);
  const sort = sortOf(query);
  const reasons = await dictLabels(db, 'review_reason');
  return prepareListExport(request, {
    entity: 'review-task',
    what: '评审任务',
    query,
    columns: EXPORT_COLUMNS,
    page: async (limit, offset) => {
      const rows: TaskJoinedRow[] = await orderedRows(base, sort).limit(limit).offset(offset).execute();
      const counts = await countsOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => toListItem(user, r, counts.get(r.id)));
    },
    toXlsxRow: (r) => ({
      projectName: r.projectName,
      projectCode: r.projectCode,
      unitName: r.unitName,
      reason: reasons.get(r.reason) ?? r.reason,
      reviewOn: r.reviewOn,
      reviewTime: r.reviewTime,
      place: r.online ? '线上' : r.place,
      panelSize: r.panelSize,
      supervisor: r.supervisor,
      status: REVIEW_TASK_STATUS_LABELS[r.status],
      rounds: r.rounds,
      drawnAt: beijingTime(r.drawnAt),
      confirmedCount: r.confirmedCount,
      sheetCount: r.sheetCount,
      resultScore: r.resultScore,
      resultConclusion: r.resultConclusion ? REVIEW_CONCLUSION_LABELS[r.resultConclusion] : null,
      closedAt: beijingTime(r.closedAt),
      revisionStatus: r.revisionStatus ? REVIEW_REVISION_STATUS_LABELS[r.revisionStatus] : null,
    }),
  });
}
