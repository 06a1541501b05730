/**
 * Reading unit changes: who sees which (staff all, a unit the changes into or out of it, a
 * practitioner their own), the list with the practitioner and both units joined in one query,
 * one change with its history and release letter, and what the caller may do with it.
 */
import { AuthType, hasPermission } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import {
  WITHDRAWN_REASON,
  type UnitChangeAction,
  type UnitChangeDetail,
  type UnitChangeListQuery,
  type UnitChangeRecord,
  type UnitChangeWaiting,
} from '@common/schemas/unitChanges';
import type { AuthUser } from '../../security/user';
import { attachmentsOf, toFileRef } from '../../content/files';
import { dayEnd, dayStart } from '../../content/publishing';
import type { DbOrTrx, UnitChangeStatus } from '../../db/types';
import { errors } from '../../http/errors';
import { fetchPage, matchesKeyword, paging, parseSort } from '../../http/paging';
import { showPii } from '../../pii';
import type { FieldCipher } from '../../pii/cipher';

export const RELEASE_LETTER_SLOT = 'release_letter';
export const APPROVE_CODE = 'member:unit-change:approve';

const SORTABLE = {
  createdAt: 'uc.created_at',
  updatedAt: 'uc.updated_at',
  practitionerName: 'p.name',
} as const;

/** The list's and the detail's FROM: the change, its practitioner, both units. */
function joined(db: DbOrTrx) {
  return db
    .selectFrom('unit_changes as uc')
    .innerJoin('practitioners as p', 'p.id', 'uc.practitioner_id')
    .innerJoin('member_units as fu', 'fu.id', 'uc.from_unit_id')
    .innerJoin('member_units as tu', 'tu.id', 'uc.to_unit_id');
}

type Joined = ReturnType<typeof joined>;

/** The columns a record is made of (the requester from the first history step, by a subquery). */
function withColumns(q: Joined) {
  return q.select((eb) => [
    'uc.id',
    'uc.practitioner_id',
    'uc.from_unit_id',
    'uc.to_unit_id',
    'uc.reason',
    'uc.status',
    'uc.reject_reason',
    'uc.created_at',
    'uc.updated_at',
    'uc.version',
    'p.name as practitioner_name',
    'p.id_card_enc',
    'p.certificate_no',
    'fu.name as from_unit_name',
    'tu.name as to_unit_name',
    eb
      .selectFrom('unit_change_steps as s')
      .select('s.actor_name')
      .whereRef('s.unit_change_id', '=', 'uc.id')
      .where('s.step', '=', 'requested')
      .orderBy('s.id')
      .limit(1)
      .as('requested_by_name'),
  ]);
}

export type UnitChangeJoinedRow = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

/** Only the changes this caller is a party to (staff: all). */
function scoped(q: Joined, user: AuthUser): Joined {
  if (user.authType === AuthType.Staff) return q;
  if (user.authType === AuthType.Practitioner) {
    if (!user.practitionerId) throw errors.forbidden();
    return q.where('uc.practitioner_id', '=', user.practitionerId);
  }
  const unitId = user.unitId;
  if (!unitId) throw errors.forbidden();
  return q.where((eb) => eb.or([eb('uc.from_unit_id', '=', unitId), eb('uc.to_unit_id', '=', unitId)]));
}

/** A party to the change: staff (their code was checked by the guard), its practitioner, the old or the new unit. */
export function isParty(user: AuthUser, row: { practitioner_id: string; from_unit_id: string; to_unit_id: string }): boolean {
  switch (user.authType) {
    case AuthType.Staff:
      return true;
    case AuthType.Practitioner:
      return !!user.practitionerId && user.practitionerId === row.practitioner_id;
    case AuthType.MemberUnit:
      return !!user.unitId && (user.unitId === row.from_unit_id || user.unitId === row.to_unit_id);
  }
}

/** The steps this caller may take now: the page shows exactly these, the service checks the same rules. */
export function actionsFor(
  user: AuthUser,
  row: { status: UnitChangeStatus; practitioner_id: string; from_unit_id: string; to_unit_id: string },
): UnitChangeAction[] {
  if (row.status === 'approved' || row.status === 'rejected') return [];
  const requested = row.status === 'requested';
  switch (user.authType) {
    case AuthType.Staff:
      if (!hasPermission(user, APPROVE_CODE)) return [];
      return requested ? ['reject'] : ['approve', 'reject'];
    case AuthType.MemberUnit:
      if (!requested || !user.unitId) return [];
      if (user.unitId === row.from_unit_id) return ['release', 'reject'];
      if (user.unitId === row.to_unit_id) return ['withdraw'];
      return [];
    case AuthType.Practitioner:
      return requested && user.practitionerId === row.practitioner_id ? ['withdraw'] : [];
  }
}

function waitingFor(status: UnitChangeStatus): UnitChangeWaiting | null {
  if (status === 'requested') return 'from_unit';
  if (status === 'released') return 'association';
  return null;
}

export function toRecord(pii: FieldCipher, user: AuthUser, row: UnitChangeJoinedRow): UnitChangeRecord {
  return {
    id: row.id,
    practitionerId: row.practitioner_id,
    practitionerName: row.practitioner_name,
    // Masked for everyone here, the practitioner included: a move needs no more to be recognised.
    idCardNo: showPii(pii, row.id_card_enc, 'idCard', false),
    certificateNo: row.certificate_no,
    fromUnitId: row.from_unit_id,
    fromUnitName: row.from_unit_name,
    toUnitId: row.to_unit_id,
    toUnitName: row.to_unit_name,
    reason: row.reason,
    status: row.status,
    waitingFor: waitingFor(row.status),
    withdrawn: row.status === 'rejected' && row.reject_reason === WITHDRAWN_REASON,
    rejectReason: row.reject_reason,
    requestedByName: row.requested_by_name ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    actions: actionsFor(user, row),
    version: row.version,
  };
}

export async function listUnitChanges(db: DbOrTrx, pii: FieldCipher, user: AuthUser, query: UnitChangeListQuery): Promise<Page<UnitChangeRecord>> {
  const page = paging(query);
  const sort = parseSort(query.sort, SORTABLE, { column: 'uc.created_at', direction: 'desc' });
  let base = scoped(joined(db), user);
  if (query.status) base = base.where('uc.status', '=', query.status);
  if (query.practitionerId) base = base.where('uc.practitioner_id', '=', query.practitionerId);
  const { unitId } = query;
  if (unitId) base = base.where((eb) => eb.or([eb('uc.from_unit_id', '=', unitId), eb('uc.to_unit_id', '=', unitId)]));
  if (query.direction) {
    // A unit's own incoming / outgoing changes; staff combine it with unitId.
    const own = user.authType === AuthType.MemberUnit ? user.unitId : unitId;
    if (own) base = base.where(query.direction === 'in' ? 'uc.to_unit_id' : 'uc.from_unit_id', '=', own);
  }
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['p.name', 'p.certificate_no'], keyword));
  if (query.submittedFrom) base = base.where('uc.created_at', '>=', dayStart(query.submittedFrom));
  if (query.submittedTo) base = base.where('uc.created_at', '<', dayEnd(query.submittedTo));
  const { rows, total } = await fetchPage(base, page, (q) => withColumns(q).orderBy(sort.column, sort.direction).orderBy('uc.id'));
  return { list: rows.map((r) => toRecord(pii, user, r)), total, current: page.current, pageSize: page.pageSize };
}

/** One change as the list shows it, or undefined. No scope: callers check `isParty`. */
export async function findUnitChange(db: DbOrTrx, id: string): Promise<UnitChangeJoinedRow | undefined> {
  return withColumns(joined(db).where('uc.id', '=', id)).executeTakeFirst();
}

export async function unitChangeDetail(db: DbOrTrx, pii: FieldCipher, user: AuthUser, id: string): Promise<UnitChangeDetail> {
  const row = await findUnitChange(db, id);
  if (!row) throw errors.notFound('单位变更申请');
  if (!isParty(user, row)) throw errors.forbidden();
  const steps = await db
    .selectFrom('unit_change_steps')
    .select(['id', 'step', 'actor_name', 'at', 'comment'])
    .where('unit_change_id', '=', id)
    // The id is auto-increment: insertion order, even for two steps in one millisecond.
    .orderBy('id')
    .execute();
  const files = (await attachmentsOf(db, 'unit_change', [id], RELEASE_LETTER_SLOT)).get(id) ?? [];
  return {
    ...toRecord(pii, user, row),
    steps: steps.map((s) => ({ id: String(s.id), step: s.step, actorName: s.actor_name, at: s.at, comment: s.comment })),
    releaseLetters: files.map(toFileRef),
  };
}

/** Files read rule: a release letter is readable by the change's practitioner and both units (staff by permission, server/files/holders.ts). */
export async function isReleaseLetterOf(db: DbOrTrx, fileId: string, user: AuthUser | null): Promise<boolean> {
  if (!user || user.authType === AuthType.Staff) return false;
  let q = db
    .selectFrom('file_attachments as fa')
    .innerJoin('unit_changes as uc', 'uc.id', 'fa.owner_id')
    .select('fa.file_id')
    .where('fa.owner_type', '=', 'unit_change')
    .where('fa.slot', '=', RELEASE_LETTER_SLOT)
    .where('fa.file_id', '=', fileId);
  if (user.authType === AuthType.Practitioner) {
    if (!user.practitionerId) return false;
    q = q.where('uc.practitioner_id', '=', user.practitionerId);
  } else {
    const unitId = user.unitId;
    if (!unitId) return false;
    q = q.where((eb) => eb.or([eb('uc.from_unit_id', '=', unitId), eb('uc.to_unit_id', '=', unitId)]));
  }
  return !!(await q.limit(1).executeTakeFirst());
}
