/**
 * GET /complaints/export: the list's filters and sort as an .xlsx for staff (complaint:export),
 * 1,000 rows a query, written to the audit trail first (server/workflow/reviewedSubject.ts). The
 * complainant's phone stays masked, as in the list; the content is left out (it may name
 * people), the detail holds it.
 */
import type { FastifyRequest } from 'fastify';
import { deadlineText } from '@common/complaintDeadlines';
import { COMPLAINT_CONCLUSION_LABELS, COMPLAINT_KIND_LABELS, COMPLAINT_STATUS_LABELS } from '@common/credit';
import { COMPLAINT_DEADLINE_LABELS, type ComplaintExportQuery } from '@common/schemas/complaints';
import { requireUser } from '../../security/guard';
import { beijingDay } from '@common/calendar';
import { beijingTime, type XlsxColumn, type XlsxExport, type XlsxRow } from '../../excel';
import { prepareListExport } from '../../workflow/reviewedSubject';
import { filteredBase, orderedRows, sortOf, toListItem, type ComplaintJoinedRow } from './queries';

export const EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: '投诉编号', key: 'complaintNo', width: 16 },
  { header: '类型', key: 'kind', width: 8 },
  { header: '被投诉单位', key: 'unitName', width: 32 },
  { header: '涉及从业人员', key: 'practitionerName', width: 14 },
  { header: '涉及项目', key: 'projectName', width: 30 },
  { header: '标题', key: 'title', width: 36 },
  { header: '投诉人', key: 'complainant', width: 12 },
  { header: '联系电话', key: 'phone', width: 16 },
  { header: '状态', key: 'status', width: 12 },
  { header: '提交时间', key: 'submittedAt', width: 18 },
  { header: '受理期限', key: 'acceptDueOn', width: 12 },
  { header: '申辩期限', key: 'answerDueOn', width: 12 },
  { header: '办结期限', key: 'concludeDueOn', width: 12 },
  { header: '当前期限', key: 'deadline', width: 22 },
  { header: '办理结论', key: 'conclusion', width: 10 },
  { header: '处理结果', key: 'handling', width: 40 },
  { header: '办结时间', key: 'concludedAt', width: 18 },
];

export async function prepareComplaintExport(request: FastifyRequest, query: ComplaintExportQuery): Promise<XlsxExport> {
  const user = requireUser(request);
  const { db, pii } = request.server;
  const today = beijingDay(request.server.clock());
  // Scope and sort are checked before the download starts, so a refusal is still an envelope.
  const base = filteredBase(db, user, query, today);
  const sort = sortOf(query);
  const toXlsxRow = (row: ComplaintJoinedRow): XlsxRow => {
    const r = toListItem(user, pii, row, today);
    return {
      complaintNo: r.complaintNo,
      kind: COMPLAINT_KIND_LABELS[r.kind],
      unitName: r.unitName,
      practitionerName: r.practitionerName,
      projectName: r.projectName,
      title: r.title,
      complainant: r.anonymous ? '匿名' : r.complainantName,
      phone: r.complainantPhone,
      status: COMPLAINT_STATUS_LABELS[r.status],
      submittedAt: beijingTime(r.submittedAt),
      acceptDueOn: r.acceptDueOn,
      answerDueOn: r.answerDueOn,
      concludeDueOn: r.concludeDueOn,
      deadline: r.deadline ? `${COMPLAINT_DEADLINE_LABELS[r.deadline.step]} ${deadlineText(r.deadline.daysLeft)}` : null,
      conclusion: r.conclusion ? COMPLAINT_CONCLUSION_LABELS[r.conclusion] : null,
      handling: row.handling,
      concludedAt: row.concluded_at ? beijingTime(row.concluded_at) : null,
    };
  };
  return prepareListExport(request, {
    entity: 'complaint',
    what: '投诉举报',
    query,
    columns: EXPORT_COLUMNS,
    page: (limit, offset) => orderedRows(base, sort).limit(limit).offset(offset).execute(),
    toXlsxRow,
  });
}
