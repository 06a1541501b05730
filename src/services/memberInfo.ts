/**
 * A member unit's own record (单位信息管理) and the association's decision on its key-information
 * changes (common/schemas/memberInfo.ts). The staff decisions are here too so that the member
 * unit page (and the business-audit queue) call them the same way.
 */
import type { ApproveChangeBody, MemberInfoRecord, MemberInfoSaveResult, MemberInfoUpdateBody } from '@common/schemas/memberInfo';
import { api, type RequestOptions } from './api';

const MINE = '/member-units/mine';

/** GET /member-units/mine: the approved values, the pending change, files, certificate and history. */
export function getMyUnit(options?: RequestOptions): Promise<MemberInfoRecord> {
  return api<MemberInfoRecord>(MINE, options);
}

/** PUT /member-units/mine (with the version read): key fields of an approved unit go to review. */
export function saveMyUnit(body: MemberInfoUpdateBody, options?: RequestOptions): Promise<MemberInfoSaveResult> {
  return api<MemberInfoSaveResult>(MINE, { ...options, method: 'PUT', data: body });
}

/** POST /member-units/mine/resubmit: a rejected registration, after corrections, goes back to review. */
export function resubmitMyUnit(version: number, options?: RequestOptions): Promise<null> {
  return api<null>(`${MINE}/resubmit`, { ...options, method: 'POST', data: { version } });
}

/** POST /member-units/:id/approve-change (staff, member:unit:approve). */
export function approveUnitChange(unitId: string, body: ApproveChangeBody = {}, options?: RequestOptions): Promise<null> {
  return api<null>(`/member-units/${encodeURIComponent(unitId)}/approve-change`, { ...options, method: 'POST', data: body });
}

/** POST /member-units/:id/reject-change (staff, member:unit:approve): the reason is required. */
export function rejectUnitChange(unitId: string, reason: string, options?: RequestOptions): Promise<null> {
  return api<null>(`/member-units/${encodeURIComponent(unitId)}/reject-change`, { ...options, method: 'POST', data: { reason } });
}
