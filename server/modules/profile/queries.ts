/**
 * What the system holds about the caller (PIPL art. 45): their account, their own unit or
 * practitioner record (never anyone else's), certificates, consents, deletion requests and
 * the last 30 days of logins. The same answer is the personal centre's page and its download.
 */
import { AuthType } from '@common/permissions';
import type { Page, PageQuery } from '@common/schemas/common';
import {
  PROFILE_LOGIN_DAYS,
  type DeletionRequestListQuery,
  type DeletionRequestRecord,
  type PersonalData,
  type ProfileCertificate,
  type ProfileConsent,
  type ProfileDeletionRequest,
  type ProfileFile,
  type ProfileLogin,
  type ProfilePractitioner,
  type ProfileUnit,
} from '@common/schemas/profile';
import type { AuthUser } from '../../security/user';
import { beijingDay } from '@common/calendar';
import { dictLabelsOf } from '../../db/dictionaries';
import { toBool } from '../../db/index';
import type { CertificateKind, DbOrTrx, DomainEntityType } from '../../db/types';
import { fetchPage, paging } from '../../http/paging';
import { showPii } from '../../pii';
import type { FieldCipher } from '../../pii/cipher';
import { certificateState } from '../../workflow/certificates';
import { PI_DELETION } from './deletion';

/** The security events of an account that the personal centre lists as its login history. */
export const LOGIN_EVENTS = ['login', 'login-failed', 'logout', 'lock'] as const;

/** code → (value → label) of the dictionaries the personal centre shows. */
type Labels = Map<string, Map<string, string>>;

/** A dictionary value in its words (a value without a label shows as stored). */
const label = (labels: Labels, type: string, value: string | null): string | null => (value ? (labels.get(type)?.get(value) ?? value) : null);

async function filesOf(db: DbOrTrx, ownerType: DomainEntityType, ownerId: string, single: { slot: string; fileId: string | null }): Promise<ProfileFile[]> {
  const attached = await db
    .selectFrom('file_attachments')
    .innerJoin('stored_files', 'stored_files.file_id', 'file_attachments.file_id')
    .select(['file_attachments.slot', 'stored_files.file_id', 'stored_files.original_name', 'stored_files.size'])
    .where('file_attachments.owner_type', '=', ownerType)
    .where('file_attachments.owner_id', '=', ownerId)
    .orderBy('file_attachments.slot')
    .orderBy('file_attachments.sort')
    .execute();
  const out: ProfileFile[] = [];
  if (single.fileId) {
    const row = await db.selectFrom('stored_files').select(['file_id', 'original_name', 'size']).where('file_id', '=', single.fileId).executeTakeFirst();
    if (row) out.push({ fileId: row.file_id, slot: single.slot, name: row.original_name, size: Number(row.size) });
  }
  for (const r of attached) out.push({ fileId: r.file_id, slot: r.slot, name: r.original_name, size: Number(r.size) });
  return out;
}

async function unitOf(db: DbOrTrx, unitId: string, labels: Labels): Promise<ProfileUnit | null> {
  const row = await db.selectFrom('member_units').selectAll().where('id', '=', unitId).executeTakeFirst();
  if (!row) return null;
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
    memberLevel: label(labels, 'member_level', row.member_level),
    memberNo: row.member_no,
    joinDate: row.join_date,
    validUntil: row.valid_until,
    status: row.status,
    rejectReason: row.reject_reason,
    files: await filesOf(db, 'unit', row.id, { slot: 'logo', fileId: row.logo_file_id }),
  };
}

async function practitionerOf(db: DbOrTrx, pii: FieldCipher, practitionerId: string, labels: Labels): Promise<ProfilePractitioner | null> {
  const row = await db
    .selectFrom('practitioners')
    .leftJoin('member_units', 'member_units.id', 'practitioners.unit_id')
    .selectAll('practitioners')
    .select('member_units.name as unit_name')
    .where('practitioners.id', '=', practitionerId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    gender: label(labels, 'gender', row.gender),
    // The owner sees their own values whole (masking protects them from others, not from themselves).
    idCardNo: showPii(pii, row.id_card_enc, 'idCard', true),
    phone: showPii(pii, row.phone_enc, 'phone', true),
    email: row.email,
    education: label(labels, 'education', row.education),
    major: row.major,
    professionalTitle: label(labels, 'professional_title', row.professional_title),
    position: row.position,
    unitId: row.unit_id,
    unitName: row.unit_name,
    entryDate: row.entry_date,
    trainingHours: Number(row.training_hours),
    status: row.status,
    leftOn: row.left_on,
    anonymisedAt: row.anonymised_at,
    files: await filesOf(db, 'practitioner', row.id, { slot: 'photo', fileId: row.photo_file_id }),
  };
}

async function certificatesOf(db: DbOrTrx, kind: CertificateKind, holderId: string, today: string): Promise<ProfileCertificate[]> {
  const rows = await db
    .selectFrom('certificates')
    .selectAll()
    .where('holder_type', '=', kind)
    .where('holder_id', '=', holderId)
    .orderBy('issued_on', 'desc')
    .execute();
  return rows.map((r) => ({
    number: r.number,
    kind: r.kind,
    holderName: r.holder_name,
    issuedOn: r.issued_on,
    validUntil: r.valid_until,
    state: certificateState(r, today),
    revokedReason: r.status === 'revoked' ? r.revoked_reason : null,
  }));
}

function parseVersions(text: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    return {};
  }
}

export async function consentsOf(db: DbOrTrx, accountId: string): Promise<ProfileConsent[]> {
  const rows = await db.selectFrom('consents').selectAll().where('account_id', '=', accountId).orderBy('agreed_at', 'desc').execute();
  return rows.map((r) => ({ kind: r.kind, versions: parseVersions(r.versions), agreedAt: r.agreed_at, ip: r.ip, withdrawnAt: r.withdrawn_at }));
}

async function loginsOf(db: DbOrTrx, accountId: string, now: Date): Promise<ProfileLogin[]> {
  const since = new Date(now.getTime() - PROFILE_LOGIN_DAYS * 86_400_000).toISOString();
  const rows = await db
    .selectFrom('operation_logs')
    .select(['created_at', 'action', 'ip', 'user_agent', 'result'])
    .where('entity', '=', 'account')
    .where('entity_id', '=', accountId)
    .where('action', 'in', [...LOGIN_EVENTS])
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({ at: r.created_at, event: r.action, ip: r.ip, userAgent: r.user_agent, result: r.result }));
}

export async function deletionRequestsOf(db: DbOrTrx, practitionerId: string): Promise<ProfileDeletionRequest[]> {
  const rows = await db
    .selectFrom('reviews')
    .select(['id', 'status', 'submitted_at', 'decided_at', 'comment'])
    .where('what', '=', 'pi_deletion')
    .where('subject_type', '=', 'practitioner')
    .where('subject_id', '=', practitionerId)
    .orderBy('submitted_at', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, status: r.status, submittedAt: r.submitted_at, decidedAt: r.decided_at, comment: r.comment }));
}

/** Everything the system holds about `user`, and only theirs. */
export async function personalData(db: DbOrTrx, pii: FieldCipher, user: AuthUser, now: Date): Promise<PersonalData> {
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  const labels = await dictLabelsOf(db, ['gender', 'education', 'professional_title', 'member_level']);
  const today = beijingDay(now);
  const unit = user.authType === AuthType.MemberUnit && user.unitId ? await unitOf(db, user.unitId, labels) : null;
  const practitioner =
    user.authType === AuthType.Practitioner && user.practitionerId ? await practitionerOf(db, pii, user.practitionerId, labels) : null;
  const certificates = practitioner
    ? await certificatesOf(db, 'practitioner', practitioner.id, today)
    : unit
      ? await certificatesOf(db, 'unit', unit.id, today)
      : [];
  const consents = await consentsOf(db, user.id);
  const deletionRequests = practitioner ? await deletionRequestsOf(db, practitioner.id) : [];
  const canWithdrawSensitiveConsent =
    !!practitioner &&
    !practitioner.anonymisedAt &&
    consents.some((c) => c.kind === 'sensitive_pi' && !c.withdrawnAt) &&
    !deletionRequests.some((r) => r.status === 'pending');
  return {
    generatedAt: now.toISOString(),
    account: {
      id: account.id,
      loginAccount: account.login_account,
      name: account.name,
      authType: account.auth_type,
      phone: account.phone,
      email: account.email,
      enabled: toBool(account.enabled),
      mustChangePassword: toBool(account.must_change_password),
      lastLoginAt: account.last_login_at,
      createdAt: account.created_at,
      roleNames: user.roleNames,
    },
    unit,
    practitioner,
    certificates,
    consents,
    logins: await loginsOf(db, user.id, now),
    deletionRequests,
    canWithdrawSensitiveConsent,
  };
}

/** The staff's list of deletion requests (pending unless asked otherwise), newest first. */
export async function listDeletionRequests(db: DbOrTrx, query: PageQuery & DeletionRequestListQuery): Promise<Page<DeletionRequestRecord>> {
  const page = paging(query);
  const base = db
    .selectFrom('reviews')
    .leftJoin('member_units', 'member_units.id', 'reviews.unit_id')
    .where('reviews.what', '=', PI_DELETION)
    .where('reviews.status', '=', query.status ?? 'pending');
  const { rows, total } = await fetchPage(base, page, (q) =>
    q.selectAll('reviews').select('member_units.name as unit_name').orderBy('reviews.submitted_at', 'desc').orderBy('reviews.id'),
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      practitionerId: r.subject_id,
      practitionerName: r.subject_name,
      unitId: r.unit_id,
      unitName: r.unit_name,
      status: r.status,
      submittedAt: r.submitted_at,
      submittedByName: r.submitted_by_name,
      decidedAt: r.decided_at,
      decidedByName: r.decided_by_name,
      comment: r.comment,
    })),
    total,
    current: page.current,
    pageSize: page.pageSize,
  };
}
