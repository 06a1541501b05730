/**
 * Reading a member unit's own record (单位信息管理): the approved values, the key change that
 * waits for review, its files by slot, its member certificate as of today and its review
 * history. Also the small conversions between the pending_change column (column names) and
 * the API (camelCase names) that the service shares.
 */
import { AuthType } from '@common/permissions';
import type { MemberCertificateSummary, MemberInfoRecord, UnitKeyField, UnitPendingChange } from '@common/schemas/memberInfo';
import type { AuthUser } from '../../security/user';
import { attachmentsOf, filesById, toFileRef } from '../../content/files';
import { UNIT_KEY_FIELDS, fenToWanYuan, type MemberUnitRow, type PendingUnitChange } from '../../db/domainTypes';
import type { DbOrTrx } from '../../db/types';
import { reviewHistory } from '../../workflow/reviews';
import { certificateState } from '../../workflow/certificates';

export const SLOT_BUSINESS_LICENCE = 'business_licence';
export const SLOT_QUALIFICATION = 'qualification';

type KeyColumn = (typeof UNIT_KEY_FIELDS)[number];

/** Column name → API name of each key field. */
export const KEY_FIELD_OF_COLUMN: Record<KeyColumn, UnitKeyField> = {
  name: 'name',
  credit_code: 'creditCode',
  legal_representative: 'legalRepresentative',
};

export async function findUnitRow(db: DbOrTrx, id: string): Promise<MemberUnitRow | undefined> {
  return db.selectFrom('member_units').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The stored pending change, or null. A value that is not the JSON object we write (edited
 * by hand, say) reads as no change rather than failing the whole page.
 */
export function parsePendingChange(text: string | null): PendingUnitChange | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const source = parsed as Record<string, unknown>;
  const change: PendingUnitChange = {};
  for (const column of UNIT_KEY_FIELDS) {
    const value = source[column];
    if (typeof value === 'string') change[column] = value;
  }
  return Object.keys(change).length > 0 ? change : null;
}

export function toApiChange(change: PendingUnitChange): UnitPendingChange {
  const out: UnitPendingChange = {};
  for (const column of UNIT_KEY_FIELDS) {
    const value = change[column];
    if (value !== undefined) out[KEY_FIELD_OF_COLUMN[column]] = value;
  }
  return out;
}

/**
 * The unit's member certificate: the newest one not revoked; when every one is revoked, the
 * newest revoked one (the page then says so); null before approval.
 */
export async function memberCertificateOf(db: DbOrTrx, unitId: string, today: string): Promise<MemberCertificateSummary | null> {
  const rows = await db
    .selectFrom('certificates')
    .select(['id', 'number', 'issued_on', 'valid_until', 'status', 'revoked_reason'])
    .where('holder_type', '=', 'unit')
    .where('holder_id', '=', unitId)
    .orderBy('issued_on', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  const row = rows.find((r) => r.status !== 'revoked') ?? rows[0];
  if (!row) return null;
  return {
    id: row.id,
    number: row.number,
    issuedOn: row.issued_on,
    validUntil: row.valid_until,
    state: certificateState(row, today),
    revokedReason: row.status === 'revoked' ? row.revoked_reason : null,
  };
}

async function levelLabel(db: DbOrTrx, value: string | null): Promise<string | null> {
  if (!value) return null;
  const item = await db
    .selectFrom('dict_items')
    .select('label')
    .where('type_code', '=', 'member_level')
    .where('value', '=', value)
    .executeTakeFirst();
  return item?.label ?? value;
}

/** The whole record as the unit's page shows it; `today` is 'YYYY-MM-DD' (Beijing time). */
export async function toMemberInfo(db: DbOrTrx, row: MemberUnitRow, today: string): Promise<MemberInfoRecord> {
  const [licence, qualification, logo, certificate, history, label] = await Promise.all([
    attachmentsOf(db, 'unit', [row.id], SLOT_BUSINESS_LICENCE),
    attachmentsOf(db, 'unit', [row.id], SLOT_QUALIFICATION),
    filesById(db, [row.logo_file_id]),
    memberCertificateOf(db, row.id, today),
    reviewHistory(db, 'unit', row.id),
    levelLabel(db, row.member_level),
  ]);
  const pending = parsePendingChange(row.pending_change);
  const logoRow = row.logo_file_id ? logo.get(row.logo_file_id) : undefined;
  return {
    id: row.id,
    name: row.name,
    creditCode: row.credit_code,
    legalRepresentative: row.legal_representative,
    contactPerson: row.contact_person,
    contactPhone: row.contact_phone,
    email: row.email,
    address: row.address,
    establishedOn: row.established_on,
    registeredCapital: row.registered_capital_fen === null ? null : fenToWanYuan(Number(row.registered_capital_fen)),
    staffCount: row.staff_count,
    businessScope: row.business_scope,
    introduction: row.introduction,
    memberLevel: row.member_level,
    memberLevelLabel: label,
    memberNo: row.member_no,
    joinDate: row.join_date,
    validUntil: row.valid_until,
    status: row.status,
    rejectReason: row.reject_reason,
    pendingChange: pending ? toApiChange(pending) : null,
    pendingChangeAt: pending ? row.pending_change_at : null,
    files: {
      businessLicence: (licence.get(row.id) ?? []).map(toFileRef),
      qualification: (qualification.get(row.id) ?? []).map(toFileRef),
      logo: logoRow ? toFileRef(logoRow) : null,
    },
    certificate,
    reviewHistory: history,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** Another unit that already holds this credit code (approved value), if any. */
export async function creditCodeHolder(db: DbOrTrx, creditCode: string, exceptUnitId: string): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom('member_units')
    .select(['id', 'name'])
    .where('credit_code', '=', creditCode)
    .where('id', '!=', exceptUnitId)
    .executeTakeFirst();
}

/**
 * Whether `user` is a member unit's account and the file is one of its own record's (licence,
 * qualifications, logo), whoever uploaded it (registration, staff, a colleague's account).
 * Staff read them by permission (server/files/holders.ts).
 */
export async function isOwnUnitFile(db: DbOrTrx, fileId: string, user: AuthUser | null): Promise<boolean> {
  if (!user || user.authType !== AuthType.MemberUnit || !user.unitId) return false;
  const attached = await db
    .selectFrom('file_attachments')
    .select('file_id')
    .where('owner_type', '=', 'unit')
    .where('owner_id', '=', user.unitId)
    .where('file_id', '=', fileId)
    .limit(1)
    .executeTakeFirst();
  if (attached) return true;
  const logo = await db
    .selectFrom('member_units')
    .select('id')
    .where('id', '=', user.unitId)
    .where('logo_file_id', '=', fileId)
    .executeTakeFirst();
  return !!logo;
}
