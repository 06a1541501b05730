/**
 * Complaints as staff and the unit complained about use them (GET/POST /complaints …,
 * server/modules/complaints/routes.ts): the list, one complaint with its files and steps, staff's
 * 受理 / 不予受理 / 办结, the audited reveal of the complainant's phone or e-mail, the unit's
 * written answer (申辩), and the Excel export (complaint:export). The public's calls are
 * ./publicComplaints.ts.
 */
import type {
  ComplaintAcceptBody,
  ComplaintConcludeBody,
  ComplaintDeclineBody,
  ComplaintDetail,
  ComplaintExportQuery,
  ComplaintListItem,
  ComplaintListQuery,
  ComplaintReplyBody,
  ComplaintRevealField,
  ComplaintRevealResult,
} from '@common/schemas/complaints';
import { api, type RequestOptions } from './api';
import { downloadFile } from './download';
import { resource } from './resource';

export const complaints = resource<{
  record: ComplaintListItem;
  query: ComplaintListQuery;
  // Complaints are made on the public site only (./publicComplaints.ts), never edited.
  create: never;
  update: never;
  action: 'accept' | 'decline' | 'reply' | 'conclude' | 'reveal';
}>('/complaints');

export const getComplaint = (id: string, options?: RequestOptions) => api<ComplaintDetail>(`/complaints/${encodeURIComponent(id)}`, options);

export const acceptComplaint = (id: string, body: ComplaintAcceptBody) => complaints.action(id, 'accept', body);
export const declineComplaint = (id: string, body: ComplaintDeclineBody) => complaints.action(id, 'decline', body);
export const concludeComplaint = (id: string, body: ComplaintConcludeBody) => complaints.action(id, 'conclude', body);
export const replyToComplaint = (id: string, body: ComplaintReplyBody) => complaints.action(id, 'reply', body);
export const revealComplainant = (id: string, field: ComplaintRevealField) => complaints.action<ComplaintRevealResult>(id, 'reveal', { field });

export const exportComplaints = (query: ComplaintExportQuery | Record<string, string | number | boolean | undefined>) =>
  downloadFile('/complaints/export', query, '投诉举报.xlsx');
