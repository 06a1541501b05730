/**
 * Practitioner unit changes (`/api/v1/unit-changes`): the list, one change with its history and
 * release letter, the request, and the steps (release, approve, reject, withdraw), each with
 * the version read. The approved units to move to come from GET /member-units/options.
 */
import type { MemberUnitOption } from '@common/schemas/memberUnits';
import type { UnitChangeAction, UnitChangeCreateBody, UnitChangeDetail, UnitChangeListQuery, UnitChangeRecord } from '@common/schemas/unitChanges';
import { api, type RequestOptions } from './api';
import { resource } from './resource';

export const unitChanges = resource<{
  record: UnitChangeRecord;
  query: UnitChangeListQuery;
  create: UnitChangeCreateBody;
  update: { version: number };
  action: UnitChangeAction;
}>('/unit-changes');

/** One change with its whole history (oldest first) and the release letter files. */
export function getUnitChange(id: string, options?: RequestOptions): Promise<UnitChangeDetail> {
  return api<UnitChangeDetail>(`/unit-changes/${encodeURIComponent(id)}`, options);
}

/** The approved member units (id, name, member number), for the target unit and the unit filter. */
export function approvedUnitOptions(options?: RequestOptions): Promise<MemberUnitOption[]> {
  return api<MemberUnitOption[]>('/member-units/options', options);
}
