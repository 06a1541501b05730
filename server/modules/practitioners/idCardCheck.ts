/**
 * Whether an ID number may be used for a live practitioner record (one live record per person),
 * answered so that a member unit cannot use the form, the edit or the import to learn who is
 * registered.
 *
 * The rule, for a member unit (staff see every record anyway and are told plainly):
 * - every other field and file is checked first, so that a refusal for another reason is the
 *   same whatever the number;
 * - then the look-up is rate-limited per unit, counted whatever its outcome: one look-up per
 *   form entry or edit, and one per row of an import, against the same budget
 *   (server/pii/idCardLookups.ts, which the unit change shares), so that an import tests no more
 *   numbers than the form could;
 * - a live record holding the number is named (duplicateIdCard) only to the unit that holds it:
 *   that unit sees the record anyway. A name the caller gives changes nothing (naming the record
 *   to whoever gave its name let a unit that knew a person's name test candidate numbers and
 *   be told which one was theirs: README.md, "个人信息保护与安全");
 * - otherwise the answer is idCardUnavailable, the one refusal for every ID-number reason the
 *   create cannot proceed (including two requests racing for one number), and it names no
 *   record, no unit and no status.
 *
 * What remains: a number nobody holds is accepted, and one held elsewhere is refused, so a unit
 * could still tell them apart by trying. Nothing can answer both alike, since the first creates
 * a record and the second must not; and the unit change must let a unit find, by name and whole
 * number, the practitioner it takes over. Each try costs a pending record and account in the
 * unit's own name (or a unit change request), reviewed by the association and written to the
 * audit trail, and every way of asking counts against one budget, so numbers cannot be tried
 * quietly or in bulk, by the form, the import or the unit change.
 */
import type { FastifyRequest } from 'fastify';
import { AuthType } from '@common/permissions';
import { PRACTITIONER_MESSAGES } from '@common/schemas/practitioners';
import type { AuthUser } from '../../security/user';
import { PRACTITIONER_ACTIVE_STATUSES } from '../../db/domainTypes';
import type { DbOrTrx } from '../../db/types';
import { BizError } from '../../http/errors';
import { enforceRateLimit, takeRateLimit } from '../../http/rateLimit';
import { idCardLookupRule } from '../../pii/idCardLookups';
import { isDuplicatePerson } from './records';

export interface IdCardUse {
  /** The keyed hash of the ID number (server/pii idCardHash). */
  hash: string;
  /** The record being edited, which may hold the number itself. */
  exceptId?: string | null;
}

const isStaff = (user: AuthUser) => user.authType === AuthType.Staff;

/** A live record holding a number: its name and unit. */
export interface LiveHolder {
  name: string;
  unitId: string;
}

/** What the caller is told when a live record holds the number (see the rule above). */
export function duplicateMessageFor(user: AuthUser, holder: LiveHolder): string {
  return isStaff(user) || (user.unitId !== null && holder.unitId === user.unitId) ? PRACTITIONER_MESSAGES.duplicateIdCard : PRACTITIONER_MESSAGES.idCardUnavailable;
}

/** The live (pending or approved) records holding these numbers, by hash. */
export async function liveHoldersOf(db: DbOrTrx, hashes: readonly string[], exceptId?: string | null): Promise<Map<string, LiveHolder>> {
  if (hashes.length === 0) return new Map();
  let query = db
    .selectFrom('practitioners')
    .select(['id_card_hash', 'name', 'unit_id'])
    .where('id_card_hash', 'in', [...hashes])
    .where('status', 'in', [...PRACTITIONER_ACTIVE_STATUSES]);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return new Map(rows.flatMap((r) => (r.id_card_hash ? [[r.id_card_hash, { name: r.name, unitId: r.unit_id }] as const] : [])));
}

/**
 * Refuses a number a live record (other than `exceptId`) holds. Call it after every other check
 * of the request: for a unit it counts against the look-up budget before it looks.
 */
export async function assertIdCardUsable(request: FastifyRequest, user: AuthUser, use: IdCardUse): Promise<void> {
  if (!isStaff(user)) {
    await enforceRateLimit(request, idCardLookupRule(user, PRACTITIONER_MESSAGES.lookupTooOften));
  }
  const holder = (await liveHoldersOf(request.server.db, [use.hash], use.exceptId)).get(use.hash);
  if (holder !== undefined) throw new BizError(duplicateMessageFor(user, holder));
}

/**
 * How many of an import's `rows` (checked on their own, in sheet order) a unit may look up now:
 * one look-up per row against the form's budget, taken and counted before any row is looked up,
 * so that which rows are looked up depends on their order only, never on their numbers. None
 * left: HTTP 429 as the form answers, nothing counted. Staff are not limited.
 */
export async function takeImportLookups(request: FastifyRequest, user: AuthUser, rows: number): Promise<number> {
  if (isStaff(user) || rows === 0) return rows;
  return takeRateLimit(request, idCardLookupRule(user, PRACTITIONER_MESSAGES.lookupTooOften), rows);
}

/** The answer to a save that lost a race for the number to another request: as the look-up would answer now. */
export async function racedDuplicateMessage(db: DbOrTrx, user: AuthUser, use: IdCardUse): Promise<string> {
  const holder = (await liveHoldersOf(db, [use.hash], use.exceptId)).get(use.hash);
  if (holder === undefined) return isStaff(user) ? PRACTITIONER_MESSAGES.duplicateIdCard : PRACTITIONER_MESSAGES.idCardUnavailable;
  return duplicateMessageFor(user, holder);
}

/** Runs `work`; losing a race for the number (the unique index) is answered like the look-up. */
export async function withIdCardRace<T>(db: DbOrTrx, user: AuthUser, use: IdCardUse, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isDuplicatePerson(err)) throw new BizError(await racedDuplicateMessage(db, user, use));
    throw err;
  }
}
