/**
 * Who sees which practitioners, and how much of their personal information (ID number and
 * phone are shown masked unless the reader may see them whole):
 *
 * - staff (member:practitioner:view) see every record; a unit its own; a practitioner only
 *   themselves;
 * - the ID number and phone are whole only for the practitioner themselves; everyone else
 *   sees them masked, and may fetch the whole value (audited) when they are staff holding
 *   member:practitioner:reveal, or the practitioner's own unit.
 */
import { AuthType, hasPermission } from '@common/permissions';
import { assertOwnPractitioner } from '../../security/guard';
import type { AuthUser } from '../../security/user';
import { errors } from '../../http/errors';

export interface PractitionerOwner {
  id: string;
  unit_id: string;
}

/** Refuses a missing record (404) and one the caller may not see (403, the guard's ownership rule). */
export function assertCanSee(user: AuthUser, row: PractitionerOwner | undefined): asserts row is PractitionerOwner {
  if (!row) throw errors.notFound('从业人员');
  assertOwnPractitioner(user, { practitionerId: row.id, unitId: row.unit_id });
}

/** The practitioner themselves: the one viewer who sees their values whole. */
export function isSelf(user: AuthUser, row: PractitionerOwner): boolean {
  return user.authType === AuthType.Practitioner && !!user.practitionerId && user.practitionerId === row.id;
}

/** Whether `user` may fetch the whole ID number and phone of this (visible) record. */
export function canReveal(user: AuthUser, row: PractitionerOwner): boolean {
  if (isSelf(user, row)) return true;
  if (user.authType === AuthType.Staff) return hasPermission(user, 'member:practitioner:reveal');
  return user.authType === AuthType.MemberUnit && !!user.unitId && user.unitId === row.unit_id;
}

/**
 * Who may change a record: staff (their code was checked by the guard) and the record's unit.
 * A practitioner reads their own record but does not edit it here.
 */
export function assertCanChange(user: AuthUser, row: PractitionerOwner | undefined): asserts row is PractitionerOwner {
  assertCanSee(user, row);
  if (user.authType === AuthType.Practitioner) throw errors.forbidden();
}

/** The list's scope: every record (staff), a unit's, or one practitioner's own. */
export type ListScope = { kind: 'all' } | { kind: 'unit'; unitId: string } | { kind: 'self'; practitionerId: string };

export function scopeOf(user: AuthUser): ListScope {
  if (user.authType === AuthType.Staff) return { kind: 'all' };
  if (user.authType === AuthType.MemberUnit) {
    if (!user.unitId) throw errors.forbidden();
    return { kind: 'unit', unitId: user.unitId };
  }
  if (!user.practitionerId) throw errors.forbidden();
  return { kind: 'self', practitionerId: user.practitionerId };
}
