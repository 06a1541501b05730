/**
 * Certificates (their states: docs/domain.md): a member unit's on approval, a practitioner's on
 * approval; revoked
 * with a reason; moved with the practitioner on a unit change. The public look-up
 * (/public/certificates/:number) reads the same rows, and whether one is valid today is decided
 * at read time from valid_until (so 'expired' needs no timer).
 */
import { randomUUID } from 'node:crypto';
import { CERTIFICATE_ALREADY_REVOKED_MESSAGE, type CertificateState } from '@common/schemas/certificates';
import type { CertificateKind } from '../db/domainTypes';
import type { CertificateRow, DbOrTrx } from '../db/types';
import { errors } from '../http/errors';
import { nextNumber } from './numbers';

/** A certificate's state on `today` ('YYYY-MM-DD', Beijing): revoked wins; past its date it is expired. */
export function certificateState(row: Pick<CertificateRow, 'status' | 'valid_until'>, today: string): CertificateState {
  if (row.status === 'revoked') return 'revoked';
  if (row.status === 'expired' || row.valid_until < today) return 'expired';
  return 'valid';
}

export interface IssueCertificateInput {
  kind: CertificateKind;
  holderId: string;
  holderName: string;
  unitId: string | null;
  /** 'YYYY-MM-DD' */
  issuedOn: string;
  validUntil: string;
  byId: string | null;
  now: Date;
}

/** Issues a new certificate with the next number of its kind and year; returns its id and number. */
export async function issueCertificate(trx: DbOrTrx, input: IssueCertificateInput): Promise<{ id: string; number: string }> {
  const number = await nextNumber(
    trx,
    input.kind === 'unit' ? 'unit_certificate' : 'practitioner_certificate',
    Number(input.issuedOn.slice(0, 4)),
  );
  const id = randomUUID();
  const at = input.now.toISOString();
  await trx
    .insertInto('certificates')
    .values({
      id,
      kind: input.kind,
      number,
      holder_type: input.kind,
      holder_id: input.holderId,
      holder_name: input.holderName,
      unit_id: input.unitId,
      issued_on: input.issuedOn,
      valid_until: input.validUntil,
      status: 'valid',
      revoked_reason: null,
      revoked_at: null,
      version: 0,
      created_at: at,
      created_by: input.byId,
      updated_at: at,
      updated_by: input.byId,
    })
    .execute();
  return { id, number };
}


/** Revokes one certificate (by id) with a reason; refuses one already revoked. */
export async function revokeCertificate(
  trx: DbOrTrx,
  input: { id: string; reason: string; byId: string | null; now: Date },
): Promise<{ number: string; holderName: string }> {
  const row = await trx.selectFrom('certificates').select(['number', 'holder_name', 'status', 'version']).where('id', '=', input.id).executeTakeFirst();
  if (!row) throw errors.notFound('证书');
  if (row.status === 'revoked') throw errors.badRequest(CERTIFICATE_ALREADY_REVOKED_MESSAGE);
  const at = input.now.toISOString();
  // Conditional, so that two revocations at the same moment cannot both succeed.
  const result = await trx
    .updateTable('certificates')
    .set({ status: 'revoked', revoked_reason: input.reason, revoked_at: at, version: row.version + 1, updated_at: at, updated_by: input.byId })
    .where('id', '=', input.id)
    .where('status', '!=', 'revoked')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw errors.badRequest(CERTIFICATE_ALREADY_REVOKED_MESSAGE);
  return { number: row.number, holderName: row.holder_name };
}

/** The holder's live (not revoked) certificates of a kind, newest first. */
export async function liveCertificatesOf(trx: DbOrTrx, kind: CertificateKind, holderId: string) {
  return trx
    .selectFrom('certificates')
    .selectAll()
    .where('holder_type', '=', kind)
    .where('holder_id', '=', holderId)
    .where('status', '!=', 'revoked')
    .orderBy('issued_on', 'desc')
    .execute();
}

/** Revokes every live certificate of a holder (a unit cancelled, a practitioner who left). */
export async function revokeAllOf(
  trx: DbOrTrx,
  input: { kind: CertificateKind; holderId: string; reason: string; byId: string | null; now: Date },
): Promise<string[]> {
  const live = await liveCertificatesOf(trx, input.kind, input.holderId);
  for (const c of live) await revokeCertificate(trx, { id: c.id, reason: input.reason, byId: input.byId, now: input.now });
  return live.map((c) => c.number);
}

/** A practitioner's certificates follow them to the new unit (unit change approval). */
export async function moveCertificates(trx: DbOrTrx, input: { holderId: string; toUnitId: string; byId: string | null; now: Date }): Promise<void> {
  await trx
    .updateTable('certificates')
    .set((eb) => ({ unit_id: input.toUnitId, version: eb('version', '+', 1), updated_at: input.now.toISOString(), updated_by: input.byId }))
    .where('holder_type', '=', 'practitioner')
    .where('holder_id', '=', input.holderId)
    .execute();
}

/** Sets the validity of a holder's live certificates (annual inspection passed, membership renewed). */
export async function extendCertificates(
  trx: DbOrTrx,
  input: { kind: CertificateKind; holderId: string; validUntil: string; byId: string | null; now: Date },
): Promise<void> {
  await trx
    .updateTable('certificates')
    .set((eb) => ({ valid_until: input.validUntil, status: 'valid', version: eb('version', '+', 1), updated_at: input.now.toISOString(), updated_by: input.byId }))
    .where('holder_type', '=', input.kind)
    .where('holder_id', '=', input.holderId)
    .where('status', '!=', 'revoked')
    .execute();
}
