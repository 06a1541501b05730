/**
 * Changing practitioners: create (with the account), edit, the workflow steps (approve,
 * reject, resubmit, leave), delete (never-approved records only) and the audited reveal of a
 * whole ID number or phone. Each change writes its operation-log row (and review record where
 * the workflow has one) in the same transaction.
 *
 * Who may do what (the guard checked the staff codes):
 * - a unit adds practitioners for itself while it is approved; edits its own pending or
 *   rejected records freely, approved ones except name, gender and ID number; resubmits a
 *   rejected one; marks an approved one as left; deletes one never approved;
 * - staff do all of that for any unit, and approve or reject.
 */
import type { FastifyRequest } from 'fastify';
import { REJECT_REASON_REQUIRED_MESSAGE } from '@common/messages';
import { AuthType } from '@common/permissions';
import type { RevealBody, RevealResult } from '@common/schemas/membership';
import {
  PRACTITIONER_CERTIFICATE_YEARS,
  PRACTITIONER_MESSAGES,
  PRACTITIONER_STATUS_LABELS,
  type PractitionerApproveBody,
  type PractitionerApproveResult,
  type PractitionerCreateBody,
  type PractitionerCreatedResult,
  type PractitionerLeaveBody,
  type PractitionerRejectBody,
  type PractitionerResubmitBody,
  type PractitionerUpdateBody,
} from '@common/schemas/practitioners';
import { requireUser } from '../../security/guard';
import { generateInitialPassword } from '../../security/passwords';
import type { AuthUser } from '../../security/user';
import { removeAttachments, setAttachments } from '../../content/files';
import { beijingDay } from '@common/calendar';
import { PRACTITIONER_ACTIVE_STATUSES } from '../../db/domainTypes';
import type { DbOrTrx, PractitionerRow, PractitionerStatus } from '../../db/types';
import { assertVersion, updateWithVersion, type VersionedChanges } from '../../db/versioned';
import { assertAttachable } from '../../files/attach';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { encryptPractitionerPii, idCardHash, readPii } from '../../pii';
import { issueCertificate, revokeAllOf } from '../../workflow/certificates';
import { decideReview, openReview, type ReviewActor } from '../../workflow/reviews';
import { checkIdCard, checkPhoneField, checkPlainFields, genderOfIdCard, loadDictIndex, type DictIndex, type PlainColumns } from './fields';
import { findPractitionerRow, SLOT_DIPLOMA, SLOT_OTHER } from './queries';
import { assertIdCardUsable, withIdCardRace } from './idCardCheck';
import { insertPractitioner, isForeignKeyFailure } from './records';
import { assertCanChange, assertCanSee, canReveal } from './viewer';
import { noticePractitionerDecided, noticePractitionersSubmitted } from '../../notify/membership';

const ENTITY = 'practitioner';
export const LEAVE_REVOKE_REASON = '离职注销';

const actorOf = (user: AuthUser): ReviewActor => ({ id: user.id, name: user.name });
const isStaff = (user: AuthUser) => user.authType === AuthType.Staff;

function refuseState(row: PractitionerRow, action: string, allowed: readonly PractitionerStatus[]): void {
  if (allowed.includes(row.status)) return;
  const wanted = allowed.map((s) => `「${PRACTITIONER_STATUS_LABELS[s]}」`).join('或');
  throw new BizError(`该从业人员当前为「${PRACTITIONER_STATUS_LABELS[row.status]}」，只有${wanted}的记录可以${action}`);
}

async function loadForChange(request: FastifyRequest, id: string): Promise<{ user: AuthUser; row: PractitionerRow }> {
  const user = requireUser(request);
  const row = await findPractitionerRow(request.server.db, id);
  assertCanChange(user, row);
  return { user, row: row as PractitionerRow };
}

/** The unit a new practitioner joins: the caller's own, or (staff) the one named; it must be approved. */
export async function targetUnit(db: DbOrTrx, user: AuthUser, unitId: string | undefined): Promise<{ id: string; name: string }> {
  let id: string;
  if (isStaff(user)) {
    if (!unitId) throw new BizError('请选择所属单位');
    id = unitId;
  } else {
    if (!user.unitId || user.authType !== AuthType.MemberUnit) throw errors.forbidden();
    if (unitId && unitId !== user.unitId) throw errors.forbidden('只能为本单位登记从业人员');
    id = user.unitId;
  }
  const unit = await db.selectFrom('member_units').select(['id', 'name', 'status']).where('id', '=', id).executeTakeFirst();
  if (!unit) throw new BizError('所属单位不存在');
  if (unit.status !== 'approved') throw new BizError(PRACTITIONER_MESSAGES.unitNotApproved);
  return { id: unit.id, name: unit.name };
}

interface FileInput {
  photoFileId: string | null;
  diplomaFileIds: string[];
  otherFileIds: string[];
}

/** New file ids must be stored files the caller may attach (server/files/attach.ts); ids the record holds stay. */
async function checkFiles(db: DbOrTrx, user: AuthUser, now: Date, files: FileInput, kept: ReadonlySet<string>): Promise<void> {
  await assertAttachable(db, user, now, [files.photoFileId], '照片', { imagesOnly: true, kept });
  await assertAttachable(db, user, now, files.diplomaFileIds, '学历证书', { kept });
  await assertAttachable(db, user, now, files.otherFileIds, '其他材料', { kept });
}

async function writeFiles(trx: DbOrTrx, id: string, files: FileInput, stamp: { now: string; by: string | null }): Promise<void> {
  await setAttachments(trx, { type: 'practitioner', id }, SLOT_DIPLOMA, files.diplomaFileIds, stamp);
  await setAttachments(trx, { type: 'practitioner', id }, SLOT_OTHER, files.otherFileIds, stamp);
}

function throwProblems(problems: string[]): void {
  if (problems.length > 0) throw new BizError(problems.join('；'));
}

export async function createPractitioner(request: FastifyRequest, body: PractitionerCreateBody): Promise<PractitionerCreatedResult> {
  const { db, pii } = request.server;
  const user = requireUser(request);
  const now = request.server.clock();
  const unit = await targetUnit(db, user, body.unitId);
  const dicts = await loadDictIndex(db);

  const id = checkIdCard(body.idCardNo);
  const phone = checkPhoneField(body.phone);
  const { columns, problems } = checkPlainFields(plainInput(body, dicts, id.idCardNo), dicts, beijingDay(now));
  throwProblems([...(id.problem ? [id.problem] : []), ...(phone.problem ? [phone.problem] : []), ...problems]);

  const files: FileInput = { photoFileId: body.photoFileId ?? null, diplomaFileIds: body.diplomaFileIds ?? [], otherFileIds: body.otherFileIds ?? [] };
  await checkFiles(db, user, now, files, new Set());
  // The ID number last, once everything else is right, and answered as ./idCardCheck.ts says:
  // a refusal for any other reason must be the same whether or not the number is registered.
  const stored = encryptPractitionerPii(pii, { idCardNo: id.idCardNo, phone: phone.phone });
  const use = { hash: stored.id_card_hash };
  await assertIdCardUsable(request, user, use);

  const { password: initialPassword, hash: passwordHash } = await generateInitialPassword();
  const at = now.toISOString();
  const created = await withIdCardRace(db, user, use, () =>
    db.transaction().execute(async (trx) => {
      const result = await insertPractitioner(trx, request, {
        columns,
        pii: stored,
        unitId: unit.id,
        photoFileId: files.photoFileId,
        passwordHash,
        actor: actorOf(user),
        now: at,
        how: isStaff(user) ? `为「${unit.name}」新增` : '新增',
      });
      await writeFiles(trx, result.id, files, { now: at, by: user.id });
      await noticePractitionersSubmitted(trx, unit.name, [columns.name], 'new', now);
      return result;
    }),
  );
  return { id: created.id, loginAccount: created.loginAccount, initialPassword };
}

/** The body's plain fields; a gender left blank follows the ID number (when the dictionary has it). */
function plainInput(
  body: Pick<PractitionerCreateBody, 'name' | 'gender' | 'email' | 'education' | 'major' | 'professionalTitle' | 'position' | 'entryDate' | 'trainingHours'>,
  dicts: DictIndex,
  idCardNo: string | null,
  row?: PractitionerRow,
) {
  const keep = <T>(value: T | undefined, stored: T | null | undefined): T | null => (value !== undefined ? value : (stored ?? null));
  let gender = keep(body.gender, row?.gender);
  if (!gender?.trim() && idCardNo && idCardNo.length === 18) {
    const fromId = genderOfIdCard(idCardNo);
    if (dicts.values.gender.has(fromId)) gender = fromId;
  }
  return {
    name: body.name,
    gender,
    email: keep(body.email, row?.email),
    education: keep(body.education, row?.education),
    major: keep(body.major, row?.major),
    professionalTitle: keep(body.professionalTitle, row?.professional_title),
    position: keep(body.position, row?.position),
    entryDate: keep(body.entryDate, row?.entry_date),
    trainingHours: body.trainingHours ?? (row ? Number(row.training_hours) : 0),
  };
}

/** The identity of a person: what a unit may not change once the association approved it. */
const IDENTITY_LOCKED = '已通过审核的从业人员，单位不能修改姓名、性别和身份证号码；如需更正，请联系协会';

export async function updatePractitioner(request: FastifyRequest, id: string, body: PractitionerUpdateBody): Promise<void> {
  const { db, pii } = request.server;
  const { user, row } = await loadForChange(request, id);
  const now = request.server.clock();
  if (!isStaff(user) && row.status === 'left') throw new BizError('已离职的从业人员记录不能修改');
  assertVersion(Number(row.version), body.version);

  const dicts = await loadDictIndex(db);
  const newId = body.idCardNo !== undefined ? checkIdCard(body.idCardNo) : null;
  const phone = body.phone !== undefined ? checkPhoneField(body.phone) : null;
  const currentId = readPii(pii, row.id_card_enc);
  const { columns, problems } = checkPlainFields(plainInput(body, dicts, newId?.idCardNo ?? currentId.value, row), dicts, beijingDay(now), {
    gender: row.gender,
    education: row.education,
    professionalTitle: row.professional_title,
  });
  throwProblems([...(newId?.problem ? [newId.problem] : []), ...(phone?.problem ? [phone.problem] : []), ...problems]);

  const idChanged = !!newId && idCardHash(pii, newId.idCardNo) !== row.id_card_hash;
  if (!isStaff(user) && row.status === 'approved' && (idChanged || columns.name !== row.name || columns.gender !== row.gender)) {
    throw new BizError(IDENTITY_LOCKED);
  }

  const changes: VersionedChanges<'practitioners'> = { ...columns };
  if (idChanged && newId) {
    // Re-encrypting the ID number needs the phone as it stands (the helper writes both).
    const keptPhone = phone ? phone.phone : readPii(pii, row.phone_enc).value;
    Object.assign(changes, encryptPractitionerPii(pii, { idCardNo: newId.idCardNo, phone: keptPhone }));
  } else if (phone) {
    changes.phone_enc = phone.phone ? pii.encrypt(phone.phone) : null;
  }

  const kept = new Set<string>([row.photo_file_id ?? '', ...(await currentAttachmentIds(db, row.id))].filter(Boolean));
  const files: FileInput = {
    photoFileId: body.photoFileId !== undefined ? body.photoFileId : row.photo_file_id,
    diplomaFileIds: body.diplomaFileIds ?? (await slotIds(db, row.id, SLOT_DIPLOMA)),
    otherFileIds: body.otherFileIds ?? (await slotIds(db, row.id, SLOT_OTHER)),
  };
  await checkFiles(db, user, request.server.clock(), files, kept);
  changes.photo_file_id = files.photoFileId;
  // A new ID number of a live record is looked up last, as on create (./idCardCheck.ts).
  const use = { hash: changes.id_card_hash ?? row.id_card_hash ?? '', exceptId: row.id };
  if (idChanged && (PRACTITIONER_ACTIVE_STATUSES as readonly string[]).includes(row.status)) await assertIdCardUsable(request, user, use);

  const at = now.toISOString();
  const stamp = { now: at, by: user.id };
  await withIdCardRace(db, user, use, () =>
    db.transaction().execute(async (trx) => {
      await updateWithVersion(trx, 'practitioners', row.id, body.version, changes, stamp);
      await writeFiles(trx, row.id, files, stamp);
      if (columns.name !== row.name) await renameHolder(trx, row.id, columns.name, stamp);
      await logOperation(trx, request, {
        entity: ENTITY,
        entityId: row.id,
        action: 'update',
        summary: `修改从业人员「${columns.name}」${changedSummary(row, columns, idChanged, !!phone)}`,
      });
    }),
  );
}

async function currentAttachmentIds(db: DbOrTrx, id: string): Promise<string[]> {
  const rows = await db.selectFrom('file_attachments').select('file_id').where('owner_type', '=', 'practitioner').where('owner_id', '=', id).execute();
  return rows.map((r) => r.file_id);
}

async function slotIds(db: DbOrTrx, id: string, slot: string): Promise<string[]> {
  const rows = await db
    .selectFrom('file_attachments')
    .select('file_id')
    .where('owner_type', '=', 'practitioner')
    .where('owner_id', '=', id)
    .where('slot', '=', slot)
    .orderBy('sort')
    .execute();
  return rows.map((r) => r.file_id);
}

/** The account and the live certificate carry the person's name too. */
async function renameHolder(trx: DbOrTrx, id: string, name: string, stamp: { now: string; by: string | null }): Promise<void> {
  await trx
    .updateTable('accounts')
    .set((eb) => ({ name, version: eb('version', '+', 1), updated_at: stamp.now, updated_by: stamp.by }))
    .where('practitioner_id', '=', id)
    .execute();
  await trx
    .updateTable('certificates')
    .set((eb) => ({ holder_name: name, version: eb('version', '+', 1), updated_at: stamp.now, updated_by: stamp.by }))
    .where('holder_type', '=', 'practitioner')
    .where('holder_id', '=', id)
    .where('status', '!=', 'revoked')
    .execute();
}

const FIELD_NAMES: [keyof PlainColumns, string][] = [
  ['name', '姓名'],
  ['gender', '性别'],
  ['email', '电子邮箱'],
  ['education', '学历'],
  ['major', '专业'],
  ['professional_title', '职称'],
  ['position', '职务'],
  ['entry_date', '入职日期'],
  ['training_hours', '培训学时'],
];

/** Which fields changed, by name only: the log never holds an ID number or a phone. */
function changedSummary(row: PractitionerRow, columns: PlainColumns, idChanged: boolean, phoneGiven: boolean): string {
  const names = FIELD_NAMES.filter(([key]) => String(row[key] ?? '') !== String(columns[key] ?? '')).map(([, label]) => label);
  if (idChanged) names.push('身份证号码');
  if (phoneGiven) names.push('手机号码');
  return names.length ? `（${names.join('、')}）` : '';
}

/** Issue date + 3 years − 1 day ('YYYY-MM-DD'). */
export function defaultValidUntil(issuedOn: string): string {
  const d = new Date(`${issuedOn}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + PRACTITIONER_CERTIFICATE_YEARS);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

function checkStepVersion(row: PractitionerRow, version: number | undefined): number {
  if (version !== undefined) assertVersion(Number(row.version), version);
  return Number(row.version);
}

export async function approvePractitioner(request: FastifyRequest, id: string, body: PractitionerApproveBody): Promise<PractitionerApproveResult> {
  const { db } = request.server;
  const { user, row } = await loadForChange(request, id);
  refuseState(row, '审核通过', ['pending']);
  const version = checkStepVersion(row, body.version);
  const now = request.server.clock();
  const issuedOn = beijingDay(now);
  const validUntil = body.validUntil ?? defaultValidUntil(issuedOn);
  if (validUntil <= issuedOn) throw new BizError('证书有效期必须晚于发证日期');
  const comment = body.comment?.trim() || null;
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const certificate = await issueCertificate(trx, {
      kind: 'practitioner',
      holderId: row.id,
      holderName: row.name,
      unitId: row.unit_id,
      issuedOn,
      validUntil,
      byId: user.id,
      now,
    });
    await updateWithVersion(
      trx,
      'practitioners',
      row.id,
      version,
      { status: 'approved', certificate_no: certificate.number, certificate_valid_until: validUntil, reject_reason: null },
      { now: at, by: user.id },
    );
    await decideReview(trx, { what: 'practitioner', subjectType: 'practitioner', subjectId: row.id, status: 'approved', by: actorOf(user), comment, now });
    await noticePractitionerDecided(trx, { id: row.id, name: row.name, unitId: row.unit_id }, { approved: true, reason: comment, certificateNo: certificate.number, validUntil }, now);
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: row.id,
      action: 'approve',
      summary: `审核通过从业人员「${row.name}」，发放证书 ${certificate.number}（有效期至 ${validUntil}）`,
    });
    return { certificateNo: certificate.number, validUntil };
  });
}

export async function rejectPractitioner(request: FastifyRequest, id: string, body: PractitionerRejectBody): Promise<void> {
  const { db } = request.server;
  const { user, row } = await loadForChange(request, id);
  refuseState(row, '驳回', ['pending']);
  const reason = body.reason.trim();
  if (!reason) throw new BizError(REJECT_REASON_REQUIRED_MESSAGE);
  const version = checkStepVersion(row, body.version);
  const now = request.server.clock();
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'practitioners', row.id, version, { status: 'rejected', reject_reason: reason }, { now: now.toISOString(), by: user.id });
    await decideReview(trx, { what: 'practitioner', subjectType: 'practitioner', subjectId: row.id, status: 'rejected', by: actorOf(user), comment: reason, now });
    await noticePractitionerDecided(trx, { id: row.id, name: row.name, unitId: row.unit_id }, { approved: false, reason }, now);
    await logOperation(trx, request, { entity: ENTITY, entityId: row.id, action: 'reject', summary: `驳回从业人员「${row.name}」：${reason}` });
  });
}

export async function resubmitPractitioner(request: FastifyRequest, id: string, body: PractitionerResubmitBody): Promise<void> {
  const { db } = request.server;
  const { user, row } = await loadForChange(request, id);
  refuseState(row, '重新提交审核', ['rejected']);
  const version = checkStepVersion(row, body.version);
  const unit = await targetUnit(db, user, isStaff(user) ? row.unit_id : undefined);
  const use = { hash: row.id_card_hash ?? '', exceptId: row.id };
  if (row.id_card_hash) await assertIdCardUsable(request, user, use);
  const now = request.server.clock();
  await withIdCardRace(db, user, use, () =>
    db.transaction().execute(async (trx) => {
      await updateWithVersion(trx, 'practitioners', row.id, version, { status: 'pending', reject_reason: null }, { now: now.toISOString(), by: user.id });
      await openReview(trx, { what: 'practitioner', subjectType: 'practitioner', subjectId: row.id, subjectName: row.name, unitId: row.unit_id, by: actorOf(user), now });
      await noticePractitionersSubmitted(trx, unit.name, [row.name], 'resubmitted', now);
      await logOperation(trx, request, { entity: ENTITY, entityId: row.id, action: 'resubmit', summary: `从业人员「${row.name}」修改后重新提交审核` });
    }),
  );
}

export async function leavePractitioner(request: FastifyRequest, id: string, body: PractitionerLeaveBody): Promise<void> {
  const { db } = request.server;
  const { user, row } = await loadForChange(request, id);
  refuseState(row, '办理离职', ['approved']);
  const version = checkStepVersion(row, body.version);
  const reason = body.reason.trim();
  if (!reason) throw new BizError('请填写离职原因');
  const now = request.server.clock();
  const today = beijingDay(now);
  const leftOn = body.leftOn ?? today;
  if (leftOn > today) throw new BizError('离职日期不能晚于今天');
  if (row.entry_date && leftOn < row.entry_date) throw new BizError('离职日期不能早于入职日期');
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'practitioners', row.id, version, { status: 'left', left_on: leftOn }, { now: at, by: user.id });
    const revoked = await revokeAllOf(trx, { kind: 'practitioner', holderId: row.id, reason: LEAVE_REVOKE_REASON, byId: user.id, now });
    // The account stops working at once (the guard loads only enabled accounts on every request).
    await trx
      .updateTable('accounts')
      .set((eb) => ({ enabled: 0, version: eb('version', '+', 1), updated_at: at, updated_by: user.id }))
      .where('practitioner_id', '=', row.id)
      .execute();
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: row.id,
      action: 'leave',
      summary: `从业人员「${row.name}」离职（${leftOn}）：${reason}${revoked.length ? `；注销证书 ${revoked.join('、')}` : ''}；停用其登录账号`,
    });
  });
}

export async function deletePractitioner(request: FastifyRequest, id: string): Promise<string> {
  const { db } = request.server;
  const { row } = await loadForChange(request, id);
  if (!['pending', 'rejected'].includes(row.status) || row.certificate_no) {
    throw new BizError('只有从未通过审核的（待审核或已驳回）从业人员记录可以删除；已通过的请办理离职');
  }
  try {
    await db.transaction().execute(async (trx) => {
      const accounts = await trx.selectFrom('accounts').select('id').where('practitioner_id', '=', row.id).execute();
      const accountIds = accounts.map((a) => a.id);
      if (accountIds.length) {
        // The record and its account go together: sessions cascade; consents name the account.
        await trx.deleteFrom('consents').where('account_id', 'in', accountIds).execute();
        await trx.deleteFrom('accounts').where('id', 'in', accountIds).execute();
      }
      await removeAttachments(trx, { type: 'practitioner', id: row.id });
      await trx.deleteFrom('reviews').where('subject_type', '=', 'practitioner').where('subject_id', '=', row.id).execute();
      await trx.deleteFrom('practitioners').where('id', '=', row.id).execute();
      await logOperation(trx, request, { entity: ENTITY, entityId: row.id, action: 'delete', summary: `删除从业人员「${row.name}」（${PRACTITIONER_STATUS_LABELS[row.status]}）及其登录账号` });
    });
  } catch (err) {
    if (isForeignKeyFailure(err)) throw new BizError('该从业人员已有关联记录（项目、年检或单位变更），不能删除');
    throw err;
  }
  return row.name;
}

const REVEAL_FIELD_NAMES = { idCardNo: '身份证号码', phone: '手机号码' } as const;

/** The whole value of one masked field, for a viewer allowed to see it; written to the audit trail. */
export async function revealPractitioner(request: FastifyRequest, id: string, body: RevealBody): Promise<RevealResult> {
  const { db, pii } = request.server;
  const user = requireUser(request);
  const row = await findPractitionerRow(db, id);
  assertCanSee(user, row);
  const found = row as PractitionerRow;
  const label = REVEAL_FIELD_NAMES[body.field];
  if (!canReveal(user, found)) throw errors.forbidden(`没有查看完整${label}的权限`);
  const stored = body.field === 'idCardNo' ? found.id_card_enc : found.phone_enc;
  const { value, damaged } = readPii(pii, stored);
  if (damaged) throw new BizError(`该记录的${label}数据已损坏，无法解密，请联系管理员`);
  await db.transaction().execute(async (trx) => {
    await logOperation(trx, request, { entity: ENTITY, entityId: found.id, action: 'reveal', summary: `查看从业人员「${found.name}」的完整${label}` });
  });
  return { field: body.field, value };
}
