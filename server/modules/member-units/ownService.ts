/**
 * A member unit's own changes and the association's decision on its key-information change.
 *
 * The rule (the association's, docs/domain.md "Records and their states"): once a unit is
 * approved, its name, credit code and legal
 * representative are what the association vouches for (certificate, member window, search),
 * so a change of them waits in member_units.pending_change while the approved values stay
 * live; staff approve (copied over) or reject (dropped). Everything else the unit keeps up
 * to date itself. Before approval (pending or rejected registration) nothing is vouched for
 * yet, so every field applies at once, and a rejected unit resubmits after correcting.
 */
import type { FastifyRequest } from 'fastify';
import {
  MEMBER_INFO_MESSAGES,
  UNIT_KEY_COLUMN_LABELS,
  type ApproveChangeBody,
  type MemberInfoUpdateBody,
  type RejectChangeBody,
  type ResubmitBody,
} from '@common/schemas/memberInfo';
import { REJECT_REASON_EMPTY_MESSAGE } from '@common/messages';
import { checkCreditCode, checkEmail, checkPhone } from '@common/validators';
import type { AuthUser } from '../../security/user';
import { attachmentsOf, setAttachments } from '../../content/files';
import { beijingDay } from '@common/calendar';
import { UNIT_KEY_FIELDS, wanYuanToFen, type MemberUnitRow, type MemberUnitUpdate, type PendingUnitChange } from '../../db/domainTypes';
import type { DbOrTrx } from '../../db/types';
import { assertVersion, updateWithVersion, type VersionedChanges } from '../../db/versioned';
import { assertAttachable } from '../../files/attach';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { syncSearchDocument } from '../../fulltext/indexer';
import { decideReview, openReview } from '../../workflow/reviews';
import { SLOT_BUSINESS_LICENCE, SLOT_QUALIFICATION, creditCodeHolder, findUnitRow, parsePendingChange } from './ownQueries';
import { noticeInfoChangeDecided, noticeInfoChangeSubmitted, noticeRegistrationSubmitted } from '../../notify/membership';

const ENTITY = 'member-unit';
type KeyColumn = (typeof UNIT_KEY_FIELDS)[number];

/** Statuses whose key fields the association has vouched for. */
const VOUCHED = new Set<MemberUnitRow['status']>(['approved', 'suspended']);

async function loadOwnUnit(request: FastifyRequest, user: AuthUser): Promise<MemberUnitRow> {
  // The guard's 'own-unit' scope has made sure the caller belongs to a unit.
  const row = user.unitId ? await findUnitRow(request.server.db, user.unitId) : undefined;
  if (!row) throw errors.notFound('会员单位');
  return row;
}

const trimOrNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

function requiredText(value: string, label: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new BizError(`${label}不能为空`);
  return trimmed;
}

function checkDay(value: string, label: string, now: Date): string {
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) throw new BizError(`${label}不是有效的日期`);
  if (value > beijingDay(now)) throw new BizError(`${label}不能晚于今天`);
  return value;
}

/** The key fields the body sends, checked and normalised, by column name. */
function keyValues(body: MemberInfoUpdateBody): PendingUnitChange {
  const out: PendingUnitChange = {};
  if (body.name !== undefined) out.name = requiredText(body.name, '单位名称');
  if (body.creditCode !== undefined) {
    const code = requiredText(body.creditCode, '统一社会信用代码').toUpperCase();
    const problem = checkCreditCode(code);
    if (problem) throw new BizError(problem);
    out.credit_code = code;
  }
  if (body.legalRepresentative !== undefined) out.legal_representative = requiredText(body.legalRepresentative, '法定代表人');
  return out;
}

/** The other fields, checked and in column form; absent fields are left out (unchanged). */
function otherValues(body: MemberInfoUpdateBody, now: Date): MemberUnitUpdate {
  const out: MemberUnitUpdate = {};
  if (body.contactPerson !== undefined) out.contact_person = requiredText(body.contactPerson, '联系人');
  if (body.contactPhone !== undefined) {
    const phone = requiredText(body.contactPhone, '联系电话');
    const problem = checkPhone(phone);
    if (problem) throw new BizError(`联系电话：${problem}`);
    out.contact_phone = phone;
  }
  if (body.email !== undefined) {
    const email = trimOrNull(body.email);
    const problem = email ? checkEmail(email) : undefined;
    if (problem) throw new BizError(problem);
    out.email = email;
  }
  if (body.address !== undefined) out.address = trimOrNull(body.address);
  if (body.establishedOn !== undefined) out.established_on = body.establishedOn ? checkDay(body.establishedOn, '成立日期', now) : null;
  if (body.registeredCapital !== undefined) {
    const capital = body.registeredCapital;
    if (capital !== null && Math.abs(capital * 100 - Math.round(capital * 100)) > 1e-6) throw new BizError('注册资本最多保留两位小数');
    out.registered_capital_fen = capital === null ? null : wanYuanToFen(capital);
  }
  if (body.staffCount !== undefined) out.staff_count = body.staffCount;
  if (body.businessScope !== undefined) out.business_scope = trimOrNull(body.businessScope);
  if (body.introduction !== undefined) out.introduction = trimOrNull(body.introduction);
  if (body.logoFileId !== undefined) out.logo_file_id = body.logoFileId;
  return out;
}

/** The key columns whose sent value differs from the row's (approved) value. */
function differing(row: MemberUnitRow, sent: PendingUnitChange): PendingUnitChange {
  const out: PendingUnitChange = {};
  for (const column of UNIT_KEY_FIELDS) {
    const value = sent[column];
    if (value !== undefined && value !== row[column]) out[column] = value;
  }
  return out;
}

const sameChange = (a: PendingUnitChange, b: PendingUnitChange) => UNIT_KEY_FIELDS.every((c) => a[c] === b[c]);

/** "法定代表人：张三 → 李四；单位名称：…" for logs. */
function describeChange(before: Partial<Record<KeyColumn, string>>, after: PendingUnitChange): string {
  return UNIT_KEY_FIELDS.filter((c) => after[c] !== undefined)
    .map((c) => `${UNIT_KEY_COLUMN_LABELS[c]}：${before[c] ?? ''} → ${after[c] ?? ''}`)
    .join('；');
}

async function assertCreditCodeFree(db: DbOrTrx, code: string | undefined, unitId: string): Promise<void> {
  if (!code) return;
  if (await creditCodeHolder(db, code, unitId)) throw new BizError(MEMBER_INFO_MESSAGES.creditCodeTaken);
}

/**
 * The unit's accounts follow its name when they carried the old one (registration names the
 * account after the unit); an account someone named otherwise keeps its name.
 */
async function renameUnitAccounts(trx: DbOrTrx, unitId: string, oldName: string, newName: string, stamp: { now: string; by: string | null }) {
  if (oldName === newName) return;
  await trx
    .updateTable('accounts')
    .set((eb) => ({ name: newName, version: eb('version', '+', 1), updated_at: stamp.now, updated_by: stamp.by }))
    .where('auth_type', '=', 2)
    .where('unit_id', '=', unitId)
    .where('name', '=', oldName)
    .execute();
}

export interface SaveOutcome {
  changePending: boolean;
}

/** PUT /member-units/mine */
export async function updateOwnUnit(request: FastifyRequest, user: AuthUser, body: MemberInfoUpdateBody): Promise<SaveOutcome> {
  const { db } = request.server;
  const at = request.server.clock();
  const now = at.toISOString();
  const row = await loadOwnUnit(request, user);
  if (row.status === 'cancelled') throw new BizError(MEMBER_INFO_MESSAGES.cancelled);
  assertVersion(row.version, body.version);

  const keys = differing(row, keyValues(body));
  const others = otherValues(body, at);
  await assertAttachable(db, user, at, body.businessLicenceFileIds ?? [], '营业执照');
  await assertAttachable(db, user, at, body.qualificationFileIds ?? [], '资质文件');
  await assertAttachable(db, user, at, [body.logoFileId], '单位标志', { imagesOnly: true });

  const vouched = VOUCHED.has(row.status);
  const pending = parsePendingChange(row.pending_change);
  let newChange: PendingUnitChange | null = null;
  if (vouched && Object.keys(keys).length > 0) {
    // Sending the change already under review again (a form filled with it) is no new change.
    if (pending && !sameChange(keys, pending)) throw new BizError(MEMBER_INFO_MESSAGES.changePending);
    if (!pending) newChange = keys;
  }
  await assertCreditCodeFree(db, keys.credit_code, row.id);

  const changes: VersionedChanges<'member_units'> = { ...others };
  if (!vouched) Object.assign(changes, keys);
  if (newChange) Object.assign(changes, { pending_change: JSON.stringify(newChange), pending_change_at: now });
  const stamp = { now, by: user.id };

  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'member_units', row.id, body.version, changes, stamp);
    const owner = { type: 'unit' as const, id: row.id };
    if (body.businessLicenceFileIds) await setAttachments(trx, owner, SLOT_BUSINESS_LICENCE, body.businessLicenceFileIds, stamp);
    if (body.qualificationFileIds) await setAttachments(trx, owner, SLOT_QUALIFICATION, body.qualificationFileIds, stamp);
    if (newChange) {
      const before: Partial<Record<KeyColumn, string>> = {};
      for (const column of UNIT_KEY_FIELDS) if (newChange[column] !== undefined) before[column] = row[column];
      await openReview(trx, {
        what: 'info_change',
        subjectType: 'unit',
        subjectId: row.id,
        subjectName: row.name,
        unitId: row.id,
        by: { id: user.id, name: user.name },
        now: at,
        payload: { before, after: newChange },
      });
      await noticeInfoChangeSubmitted(trx, row, at);
      await logOperation(trx, request, {
        entity: ENTITY,
        entityId: row.id,
        action: 'request-change',
        summary: `单位「${row.name}」申请变更关键信息（${describeChange(before, newChange)}）`,
      });
    }
    if (!vouched && keys.name) await renameUnitAccounts(trx, row.id, row.name, keys.name, stamp);
    // The introduction, scope and address are searchable; a direct rename changes the title.
    await syncSearchDocument(trx, 'unit', row.id);
    await logOperation(trx, request, { entity: ENTITY, entityId: row.id, action: 'update', summary: `单位「${keys.name && !vouched ? keys.name : row.name}」修改单位信息` });
  });
  return { changePending: newChange !== null };
}

/** POST /member-units/mine/resubmit: a rejected registration goes back to the queue. */
export async function resubmitOwnUnit(request: FastifyRequest, user: AuthUser, body: ResubmitBody): Promise<void> {
  const { db } = request.server;
  const at = request.server.clock();
  const row = await loadOwnUnit(request, user);
  if (body.version !== undefined) assertVersion(row.version, body.version);
  if (row.status !== 'rejected') throw new BizError(MEMBER_INFO_MESSAGES.resubmitNotRejected);
  const licence = await attachmentsOf(db, 'unit', [row.id], SLOT_BUSINESS_LICENCE);
  if ((licence.get(row.id) ?? []).length === 0) throw new BizError(MEMBER_INFO_MESSAGES.licenceMissing);
  const stamp = { now: at.toISOString(), by: user.id };
  await db.transaction().execute(async (trx) => {
    // The reason stays in the review history; the record no longer carries it.
    await updateWithVersion(trx, 'member_units', row.id, row.version, { status: 'pending', reject_reason: null }, stamp);
    await openReview(trx, {
      what: 'registration',
      subjectType: 'unit',
      subjectId: row.id,
      subjectName: row.name,
      unitId: row.id,
      by: { id: user.id, name: user.name },
      now: at,
    });
    await noticeRegistrationSubmitted(trx, row, true, at);
    await syncSearchDocument(trx, 'unit', row.id);
    await logOperation(trx, request, { entity: ENTITY, entityId: row.id, action: 'resubmit', summary: `单位「${row.name}」重新提交入会申请` });
  });
}

async function loadWithChange(request: FastifyRequest, id: string): Promise<{ row: MemberUnitRow; change: PendingUnitChange }> {
  const row = await findUnitRow(request.server.db, id);
  if (!row) throw errors.notFound('会员单位');
  const change = parsePendingChange(row.pending_change);
  if (!change) throw new BizError(MEMBER_INFO_MESSAGES.noPendingChange);
  return { row, change };
}

/** POST /member-units/:id/approve-change (staff). */
export async function approveChange(request: FastifyRequest, user: AuthUser, id: string, body: ApproveChangeBody): Promise<void> {
  const { db } = request.server;
  const at = request.server.clock();
  const { row, change } = await loadWithChange(request, id);
  // Another unit may have taken the code since the request was made.
  await assertCreditCodeFree(db, change.credit_code, row.id);
  const stamp = { now: at.toISOString(), by: user.id };
  const newName = change.name ?? row.name;
  const before: Partial<Record<KeyColumn, string>> = {};
  for (const column of UNIT_KEY_FIELDS) if (change[column] !== undefined) before[column] = row[column];

  await db.transaction().execute(async (trx) => {
    // The version read above: a unit edit or another decision in between makes this a 409.
    await updateWithVersion(trx, 'member_units', row.id, row.version, { ...change, pending_change: null, pending_change_at: null }, stamp);
    await decideReview(trx, {
      what: 'info_change',
      subjectType: 'unit',
      subjectId: row.id,
      status: 'approved',
      by: { id: user.id, name: user.name },
      comment: body.comment?.trim() || null,
      now: at,
    });
    await noticeInfoChangeDecided(trx, { id: row.id, name: newName }, { approved: true, reason: body.comment }, at);
    if (newName !== row.name) {
      // Live certificates are printed with the holder's current name; revoked ones keep history.
      await trx
        .updateTable('certificates')
        .set((eb) => ({ holder_name: newName, version: eb('version', '+', 1), updated_at: stamp.now, updated_by: stamp.by }))
        .where('holder_type', '=', 'unit')
        .where('holder_id', '=', row.id)
        .where('status', '!=', 'revoked')
        .execute();
      await renameUnitAccounts(trx, row.id, row.name, newName, stamp);
    }
    await syncSearchDocument(trx, 'unit', row.id);
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: row.id,
      action: 'approve-change',
      summary: `通过单位「${row.name}」的信息变更（${describeChange(before, change)}）`,
    });
  });
}

/** POST /member-units/:id/reject-change (staff). */
export async function rejectChange(request: FastifyRequest, user: AuthUser, id: string, body: RejectChangeBody): Promise<void> {
  const { db } = request.server;
  const at = request.server.clock();
  const reason = body.reason.trim();
  if (!reason) throw new BizError(REJECT_REASON_EMPTY_MESSAGE);
  const { row, change } = await loadWithChange(request, id);
  const stamp = { now: at.toISOString(), by: user.id };
  const before: Partial<Record<KeyColumn, string>> = {};
  for (const column of UNIT_KEY_FIELDS) if (change[column] !== undefined) before[column] = row[column];

  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'member_units', row.id, row.version, { pending_change: null, pending_change_at: null }, stamp);
    await decideReview(trx, {
      what: 'info_change',
      subjectType: 'unit',
      subjectId: row.id,
      status: 'rejected',
      by: { id: user.id, name: user.name },
      comment: reason,
      now: at,
    });
    await noticeInfoChangeDecided(trx, row, { approved: false, reason }, at);
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: row.id,
      action: 'reject-change',
      summary: `驳回单位「${row.name}」的信息变更（${describeChange(before, change)}）：${reason}`,
    });
  });
}

