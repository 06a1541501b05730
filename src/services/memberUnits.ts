/**
 * Member units as staff manage them (`/api/v1/member-units`): the list and the record, the
 * staff edit, the workflow steps, the member-window switch, the key-field change decisions
 * (approve-change / reject-change: the unit-information module's routes), the options for
 * selects and the Excel export.
 */
import { downloadFile } from './download';
import type { Page } from '@common/schemas/common';
import type {
  MemberUnitApproveBody,
  MemberUnitApproveResult,
  MemberUnitExportQuery,
  MemberUnitListItem,
  MemberUnitListQuery,
  MemberUnitOption,
  MemberUnitRecord,
  MemberUnitUpdateBody,
} from '@common/schemas/memberUnits';
import { api } from './api';
import { cleanQuery, resource, type ListQuery } from './resource';

type Verb = 'approve' | 'reject' | 'suspend' | 'restore' | 'cancel' | 'window' | 'approve-change' | 'reject-change';

const base = resource<{
  record: MemberUnitRecord;
  query: MemberUnitListQuery;
  // Units are created by registration (POST /user/auth/register), never here.
  create: Record<string, never>;
  update: MemberUnitUpdateBody;
  action: Verb;
}>('/member-units');

export const memberUnits = {
  path: base.path,
  /** The list's rows (lighter than the record: no files, history or counts). */
  list: (query?: ListQuery<{ record: MemberUnitListItem; query: MemberUnitListQuery; create: object; update: { version: number } }>) =>
    api<Page<MemberUnitListItem>>(base.path, { params: cleanQuery(query) }),
  get: (id: string) => base.get(id),
  update: (id: string, body: MemberUnitUpdateBody) => base.update(id, body),
  approve: (id: string, body: MemberUnitApproveBody) => base.action<MemberUnitApproveResult>(id, 'approve', body),
  reject: (id: string, reason: string, version?: number) => base.action(id, 'reject', { reason, version }),
  suspend: (id: string, reason: string, version?: number) => base.action(id, 'suspend', { reason, version }),
  restore: (id: string, version?: number) => base.action(id, 'restore', { version }),
  cancel: (id: string, reason: string, version?: number) => base.action(id, 'cancel', { reason, version }),
  setWindow: (id: string, show: boolean) => base.action(id, 'window', { show }),
  /** 通过变更: the key fields the unit changed become its record. */
  approveChange: (id: string, comment?: string) => base.action(id, 'approve-change', comment ? { comment } : {}),
  /** 驳回变更: the approved values stay; the unit sees the reason. */
  rejectChange: (id: string, reason: string) => base.action(id, 'reject-change', { reason }),
  /** Approved units for selects (any logged-in account). */
  options: (keyword?: string) => api<MemberUnitOption[]>(`${base.path}/options`, { params: cleanQuery({ keyword }) }),
};

/** The .xlsx of the units the list's filters and sort select (all pages). */
export function exportMemberUnits(query: MemberUnitExportQuery | Record<string, string | number | boolean | undefined>): Promise<string> {
  return downloadFile(`${base.path}/export`, query, '会员单位.xlsx');
}
