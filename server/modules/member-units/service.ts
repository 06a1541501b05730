/**
 * Staff changes to member units: the membership workflow (approve, reject, suspend, restore,
 * cancel), the staff edit and the member-window switch. Each runs in one transaction with
 * its review record (approve/reject), the certificate, the unit's accounts, the search
 * document and the operation log, so that none of them can disagree with the unit row.
 *
 * Concurrency: every write goes through updateWithVersion on the version just read (or the
 * one the client sent), so of two staff acting at once one wins and the other gets 409.
 */
import type { FastifyRequest } from 'fastify';
import {
  MEMBER_UNIT_ACTION_FROM,
  MEMBER_UNIT_MESSAGES,
  MEMBER_UNIT_STATUS_LABELS,
  UNIT_KEY_FIELD_LABELS,
  type MemberUnitAction,
  type MemberUnitApproveBody,
  type MemberUnitApproveResult,
  type MemberUnitUpdateBody,
  type MemberUnitWindowBody,
} from '@common/schemas/memberUnits';
import { checkCreditCode, checkEmail, checkPhone } from '@common/validators';
import { revokeAccountSessions } from '../../security/sessions';
import type { AuthUser } from '../../security/user';
import { attachmentsOf, setAttachments } from '../../content/files';
import { beijingDay } from '@common/calendar';
import { wanYuanToFen, type MemberUnitUpdate } from '../../db/domainTypes';
import type { Transaction } from 'kysely';
import type { Database, DbOrTrx, MemberUnitRow } from '../../db/types';
import { assertAttachable } from '../../files/attach';
import { assertVersion, updateWithVersion, type VersionedChanges } from '../../db/versioned';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { syncSearchDocument } from '../../fulltext/indexer';
import { issueCertificate, revokeAllOf } from '../../workflow/certificates';
import { nextNumber } from '../../workflow/numbers';
import { decideReview } from '../../workflow/reviews';
import { stampOf, type Stamp } from '../../workflow/stamp';
import { findUnitRow, SLOT_LICENCE, SLOT_QUALIFICATION, UNIT_ENTITY } from './queries';
import { noticeRegistrationDecided } from '../../notify/membership';

const NOUN = '会员单位';
/** What a cancelled unit's certificates say on the public look-up. */
export const CANCEL_REVOKE_REASON = '会员资格注销';
/** A unit admitted without a level of its own. */
const DEFAULT_LEVEL = 'member';

type Trx = Transaction<Database>;

/** The last day of a one-year membership that starts on `day` ('YYYY-MM-DD'): 2026-05-10 → 2027-05-09. */
export function oneYearFrom(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  // Day 0 of a month is the last day of the month before, so 02-29 + 1 year − 1 day is 02-28.
  return new Date(Date.UTC(y + 1, m - 1, d - 1)).toISOString().slice(0, 10);
}

function textOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** `undefined` keeps what is stored; null clears. */
function pick<T>(value: T | undefined, stored: T): T {
  return value !== undefined ? value : stored;
}

function requireReason(reason: string | undefined, field: string): string {
  const text = reason?.trim();
  if (!text) throw new BizError(`${field}不能为空`);
  return text;
}

/** Why a unit in `status` cannot take `action`, in words staff understand. */
function illegalMove(action: MemberUnitAction, status: MemberUnitRow['status']): string {
  if (status === 'cancelled') return MEMBER_UNIT_MESSAGES.cancelledReadOnly;
  const now = MEMBER_UNIT_STATUS_LABELS[status];
  switch (action) {
    case 'approve':
    case 'reject':
      if (status === 'approved' || status === 'suspended') return '该单位已审核通过，不能重复审核';
      return `该单位的入会申请${now}，需单位修改后重新提交才能审核`;
    case 'suspend':
      if (status === 'suspended') return '该单位已暂停，不能重复暂停';
      return `该单位当前状态为「${now}」，只有已通过审核的会员单位可以暂停`;
    case 'restore':
      if (status === 'approved') return '该单位未暂停，无需恢复';
      return `该单位当前状态为「${now}」，只有已暂停的会员单位可以恢复`;
    case 'cancel':
      return `该单位当前状态为「${now}」，只有已通过审核或已暂停的会员单位可以注销`;
  }
}

/**
 * Reads the unit inside the transaction and checks that `action` may start from its state
 * and, when the client sent one, that the version is the one it read.
 */
async function loadFor(trx: DbOrTrx, id: string, action: MemberUnitAction, version: number | undefined): Promise<MemberUnitRow> {
  const row = await findUnitRow(trx, id);
  if (!row) throw errors.notFound(NOUN);
  if (version !== undefined) assertVersion(row.version, version);
  if (!MEMBER_UNIT_ACTION_FROM[action].includes(row.status)) throw new BizError(illegalMove(action, row.status));
  return row;
}

/** A value of dictionary member_level that is enabled (or the one the unit already has). */
async function assertLevel(db: DbOrTrx, level: string, kept: string | null): Promise<void> {
  if (level === kept) return;
  const item = await db
    .selectFrom('dict_items')
    .select('value')
    .where('type_code', '=', 'member_level')
    .where('enabled', '=', 1)
    .where('value', '=', level)
    .executeTakeFirst();
  if (!item) throw new BizError(`会员级别不在字典中：${level}`);
}

async function write(trx: Trx, row: MemberUnitRow, changes: VersionedChanges<'member_units'>, stamp: Stamp): Promise<void> {
  await updateWithVersion(trx, 'member_units', row.id, row.version, changes, stamp);
}

// ---- workflow -------------------------------------------------------------------------------

/** 审核通过: member number, join date (today, Beijing), one year's validity, the member certificate. */
export async function approveUnit(
  request: FastifyRequest,
  user: AuthUser,
  id: string,
  body: MemberUnitApproveBody,
): Promise<MemberUnitApproveResult> {
  const stamp = stampOf(request, user);
  const today = beijingDay(stamp.at);
  const validUntil = oneYearFrom(today);
  const comment = textOrNull(body.comment);
  return request.server.db.transaction().execute(async (trx) => {
    const row = await loadFor(trx, id, 'approve', body.version);
    const level = body.memberLevel?.trim() || row.member_level || DEFAULT_LEVEL;
    await assertLevel(trx, level, row.member_level);
    // A number given before (data from an earlier system) is kept: numbers are never reused or changed.
    const memberNo = row.member_no ?? (await nextNumber(trx, 'member_no', Number(today.slice(0, 4))));
    await write(
      trx,
      row,
      {
        status: 'approved',
        member_no: memberNo,
        member_level: level,
        join_date: today,
        valid_until: validUntil,
        show_in_window: body.showInWindow === false ? 0 : 1,
        reject_reason: null,
      },
      stamp,
    );
    const certificate = await issueCertificate(trx, {
      kind: 'unit',
      holderId: id,
      holderName: row.name,
      unitId: id,
      issuedOn: today,
      validUntil,
      byId: user.id,
      now: stamp.at,
    });
    await decideReview(trx, {
      what: 'registration',
      subjectType: 'unit',
      subjectId: id,
      status: 'approved',
      by: { id: user.id, name: user.name },
      comment,
      now: stamp.at,
    });
    await noticeRegistrationDecided(trx, row, { approved: true, reason: comment, memberNo, validUntil }, stamp.at);
    await syncSearchDocument(trx, 'unit', id);
    await logOperation(trx, request, {
      entity: UNIT_ENTITY,
      entityId: id,
      action: 'approve',
      summary: `审核通过会员单位「${row.name}」：会员编号 ${memberNo}，入会日期 ${today}，有效期至 ${validUntil}，证书 ${certificate.number}${comment ? `；意见：${comment}` : ''}`,
    });
    return { memberNo, joinDate: today, validUntil, certificateNo: certificate.number };
  });
}

export async function rejectUnit(request: FastifyRequest, user: AuthUser, id: string, body: { reason: string; version?: number }): Promise<void> {
  const reason = requireReason(body.reason, '驳回原因');
  const stamp = stampOf(request, user);
  await request.server.db.transaction().execute(async (trx) => {
    const row = await loadFor(trx, id, 'reject', body.version);
    await write(trx, row, { status: 'rejected', reject_reason: reason }, stamp);
    await decideReview(trx, {
      what: 'registration',
      subjectType: 'unit',
      subjectId: id,
      status: 'rejected',
      by: { id: user.id, name: user.name },
      comment: reason,
      now: stamp.at,
    });
    await noticeRegistrationDecided(trx, row, { approved: false, reason }, stamp.at);
    await syncSearchDocument(trx, 'unit', id);
    await logOperation(trx, request, { entity: UNIT_ENTITY, entityId: id, action: 'reject', summary: `驳回会员单位「${row.name}」的入会申请：${reason}` });
  });
}

/**
 * 暂停: the unit leaves the member window, the public unit page and the site search at once
 * (they show approved units only); its window choice is kept for the restoration. Its
 * certificate stays as it is (see the report on the public look-up).
 */
export async function suspendUnit(request: FastifyRequest, user: AuthUser, id: string, body: { reason: string; version?: number }): Promise<void> {
  const reason = requireReason(body.reason, '暂停原因');
  const stamp = stampOf(request, user);
  await request.server.db.transaction().execute(async (trx) => {
    const row = await loadFor(trx, id, 'suspend', body.version);
    await write(trx, row, { status: 'suspended', reject_reason: reason }, stamp);
    await syncSearchDocument(trx, 'unit', id);
    await logOperation(trx, request, { entity: UNIT_ENTITY, entityId: id, action: 'suspend', summary: `暂停会员单位「${row.name}」的会员资格：${reason}` });
  });
}

export async function restoreUnit(request: FastifyRequest, user: AuthUser, id: string, body: { comment?: string; version?: number }): Promise<void> {
  const comment = textOrNull(body.comment);
  const stamp = stampOf(request, user);
  await request.server.db.transaction().execute(async (trx) => {
    const row = await loadFor(trx, id, 'restore', body.version);
    await write(trx, row, { status: 'approved', reject_reason: null }, stamp);
    await syncSearchDocument(trx, 'unit', id);
    await logOperation(trx, request, {
      entity: UNIT_ENTITY,
      entityId: id,
      action: 'restore',
      summary: `恢复会员单位「${row.name}」的会员资格${comment ? `：${comment}` : ''}`,
    });
  });
}

/**
 * 注销: final. The unit's certificates are revoked ("会员资格注销" on the public look-up), it
 * leaves the window, its login accounts are disabled and their sessions end, and a key-field
 * change still waiting for review is closed (there is nothing left to change).
 */
export async function cancelUnit(
  request: FastifyRequest,
  user: AuthUser,
  id: string,
  body: { reason: string; version?: number },
): Promise<{ revoked: string[]; accountsDisabled: number }> {
  const reason = requireReason(body.reason, '注销原因');
  const stamp = stampOf(request, user);
  return request.server.db.transaction().execute(async (trx) => {
    const row = await loadFor(trx, id, 'cancel', body.version);
    await write(trx, row, { status: 'cancelled', reject_reason: reason, show_in_window: 0, pending_change: null, pending_change_at: null }, stamp);
    if (row.pending_change) {
      await decideReview(trx, {
        what: 'info_change',
        subjectType: 'unit',
        subjectId: id,
        status: 'rejected',
        by: { id: user.id, name: user.name },
        comment: '会员资格已注销，变更申请不再审核',
        now: stamp.at,
      });
    }
    const revoked = await revokeAllOf(trx, { kind: 'unit', holderId: id, reason: CANCEL_REVOKE_REASON, byId: user.id, now: stamp.at });
    const accounts = await trx
      .selectFrom('accounts')
      .select('id')
      .where('unit_id', '=', id)
      .where('auth_type', '=', 2)
      .where('enabled', '=', 1)
      .execute();
    for (const account of accounts) {
      await trx
        .updateTable('accounts')
        .set((eb) => ({ enabled: 0, version: eb('version', '+', 1), updated_at: stamp.now, updated_by: user.id }))
        .where('id', '=', account.id)
        .execute();
      await revokeAccountSessions(trx, account.id, stamp.at);
    }
    await syncSearchDocument(trx, 'unit', id);
    const parts = [`注销会员单位「${row.name}」：${reason}`];
    if (revoked.length) parts.push(`吊销证书 ${revoked.join('、')}`);
    if (accounts.length) parts.push(`停用单位账号 ${accounts.length} 个`);
    await logOperation(trx, request, { entity: UNIT_ENTITY, entityId: id, action: 'cancel', summary: parts.join('；') });
    return { revoked, accountsDisabled: accounts.length };
  });
}

// ---- the member window --------------------------------------------------------------------------

/** Shows or hides an approved unit in the member window; setting the state it has changes nothing. */
export async function setUnitWindow(request: FastifyRequest, user: AuthUser, id: string, body: MemberUnitWindowBody): Promise<void> {
  const stamp = stampOf(request, user);
  await request.server.db.transaction().execute(async (trx) => {
    const row = await findUnitRow(trx, id);
    if (!row) throw errors.notFound(NOUN);
    if (body.version !== undefined) assertVersion(row.version, body.version);
    if (row.status === 'cancelled') throw new BizError(MEMBER_UNIT_MESSAGES.cancelledReadOnly);
    if (row.status !== 'approved') throw new BizError(MEMBER_UNIT_MESSAGES.windowNeedsApproved);
    if (!!row.show_in_window === body.show) return;
    await write(trx, row, { show_in_window: body.show ? 1 : 0 }, stamp);
    await syncSearchDocument(trx, 'unit', id);
    await logOperation(trx, request, {
      entity: UNIT_ENTITY,
      entityId: id,
      action: body.show ? 'window-show' : 'window-hide',
      summary: `${body.show ? '在会员之窗展示' : '从会员之窗撤下'}会员单位「${row.name}」`,
    });
  });
}

// ---- the staff edit -----------------------------------------------------------------------------

const FIELD_LABELS: Record<string, string> = {
  contact_person: '联系人',
  contact_phone: '联系电话',
  email: '电子邮箱',
  address: '地址',
  established_on: '成立日期',
  registered_capital_fen: '注册资本',
  staff_count: '从业人数',
  member_level: '会员级别',
  business_scope: '经营范围',
  introduction: '单位简介',
  logo_file_id: '单位标志',
};

const KEY_COLUMNS = {
  name: UNIT_KEY_FIELD_LABELS.name,
  credit_code: UNIT_KEY_FIELD_LABELS.creditCode,
  legal_representative: UNIT_KEY_FIELD_LABELS.legalRepresentative,
} as const;

async function cleanUpdate(db: DbOrTrx, user: AuthUser, now: Date, row: MemberUnitRow, body: MemberUnitUpdateBody): Promise<MemberUnitUpdate> {
  const name = body.name.trim();
  if (!name) throw new BizError('单位名称不能为空');
  const creditCode = body.creditCode.trim().toUpperCase();
  const codeProblem = checkCreditCode(creditCode);
  if (codeProblem) throw new BizError(codeProblem);
  if (creditCode !== row.credit_code) {
    const other = await db.selectFrom('member_units').select('id').where('credit_code', '=', creditCode).where('id', '!=', row.id).executeTakeFirst();
    if (other) throw new BizError('统一社会信用代码已被其他单位使用');
  }
  const legal = body.legalRepresentative.trim();
  if (!legal) throw new BizError('法定代表人不能为空');
  const contact = body.contactPerson.trim();
  if (!contact) throw new BizError('联系人不能为空');
  const phone = body.contactPhone.trim();
  const phoneProblem = checkPhone(phone);
  if (phoneProblem) throw new BizError(`联系电话不正确：${phoneProblem}`);
  const email = textOrNull(pick(body.email, row.email));
  if (email) {
    const problem = checkEmail(email);
    if (problem) throw new BizError(problem);
  }
  const level = textOrNull(pick(body.memberLevel, row.member_level));
  if (level) await assertLevel(db, level, row.member_level);
  const logo = pick(body.logoFileId, row.logo_file_id) ?? null;
  // Files the unit already holds stay attachable whatever the editor's other codes.
  const kept = [row.logo_file_id ?? '', ...(await fileIdsOf(db, row.id, SLOT_LICENCE)), ...(await fileIdsOf(db, row.id, SLOT_QUALIFICATION))];
  await assertAttachable(db, user, now, [logo], '单位标志', { imagesOnly: true, kept });
  await assertAttachable(db, user, now, body.businessLicenceFileIds ?? [], '营业执照', { kept });
  await assertAttachable(db, user, now, body.qualificationFileIds ?? [], '资质文件', { kept });
  const capital = body.registeredCapital === undefined ? undefined : body.registeredCapital === null ? null : wanYuanToFen(body.registeredCapital);
  return {
    name,
    credit_code: creditCode,
    legal_representative: legal,
    contact_person: contact,
    contact_phone: phone,
    email,
    address: textOrNull(pick(body.address, row.address)),
    established_on: pick(body.establishedOn, row.established_on) ?? null,
    registered_capital_fen: capital === undefined ? row.registered_capital_fen : capital,
    staff_count: pick(body.staffCount, row.staff_count) ?? null,
    member_level: level,
    business_scope: textOrNull(pick(body.businessScope, row.business_scope)),
    introduction: textOrNull(pick(body.introduction, row.introduction)),
    logo_file_id: logo,
  };
}

function same(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}

/** What changed, for the log: key fields as before → after, the others by name. */
function describeChanges(row: MemberUnitRow, next: MemberUnitUpdate, filesChanged: string[]): string[] {
  const parts: string[] = [];
  for (const [column, label] of Object.entries(KEY_COLUMNS)) {
    const before = row[column as keyof typeof KEY_COLUMNS];
    const after = next[column as keyof typeof KEY_COLUMNS];
    if (after !== undefined && after !== before) parts.push(`${label}「${before}」→「${after}」`);
  }
  for (const [column, label] of Object.entries(FIELD_LABELS)) {
    const key = column as keyof MemberUnitUpdate & keyof MemberUnitRow;
    if (!same(next[key], row[key])) parts.push(label);
  }
  return [...parts, ...filesChanged];
}

async function fileIdsOf(db: DbOrTrx, id: string, slot: string): Promise<string[]> {
  return ((await attachmentsOf(db, 'unit', [id], slot)).get(id) ?? []).map((f) => f.file_id);
}

/**
 * PUT /member-units/:id by staff: every field at once, key fields included (staff are the
 * reviewers), logged as before → after. A name change also renames the unit's live
 * certificates, which print the holder's name.
 */
export async function updateUnit(request: FastifyRequest, user: AuthUser, id: string, body: MemberUnitUpdateBody): Promise<void> {
  const { db } = request.server;
  const stamp = stampOf(request, user);
  const row = await findUnitRow(db, id);
  if (!row) throw errors.notFound(NOUN);
  if (row.status === 'cancelled') throw new BizError(MEMBER_UNIT_MESSAGES.cancelledReadOnly);
  assertVersion(row.version, body.version);
  const changes = await cleanUpdate(db, user, request.server.clock(), row, body);
  const licence = body.businessLicenceFileIds;
  const qualifications = body.qualificationFileIds;
  const filesChanged: string[] = [];
  if (licence && licence.join() !== (await fileIdsOf(db, id, SLOT_LICENCE)).join()) filesChanged.push('营业执照');
  if (qualifications && qualifications.join() !== (await fileIdsOf(db, id, SLOT_QUALIFICATION)).join()) filesChanged.push('资质文件');
  const changed = describeChanges(row, changes, filesChanged);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'member_units', id, body.version, changes, { now: stamp.now, by: user.id });
    const files = { now: stamp.now, by: user.id };
    if (licence) await setAttachments(trx, { type: 'unit', id }, SLOT_LICENCE, licence, files);
    if (qualifications) await setAttachments(trx, { type: 'unit', id }, SLOT_QUALIFICATION, qualifications, files);
    if (changes.name !== undefined && changes.name !== row.name) {
      await trx
        .updateTable('certificates')
        .set((eb) => ({ holder_name: changes.name as string, version: eb('version', '+', 1), updated_at: stamp.now, updated_by: user.id }))
        .where('holder_type', '=', 'unit')
        .where('holder_id', '=', id)
        .where('status', '!=', 'revoked')
        .execute();
    }
    await syncSearchDocument(trx, 'unit', id);
    await logOperation(trx, request, {
      entity: UNIT_ENTITY,
      entityId: id,
      action: 'update',
      summary: `修改会员单位「${row.name}」：${changed.join('、') || '无字段变化'}`,
    });
  });
}
