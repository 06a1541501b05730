/**
 * The unit change workflow (docs/domain.md "Workflows"): request → release by the old unit →
 * approval by the association, or rejection with a reason on the way; the requesting side may
 * withdraw before the release. Each step is one transaction: the state (with the version the
 * caller read), one history step, the review record where the association is concerned, and
 * the operation log. Approval also moves the practitioner, their account(s) and certificates.
 *
 * The association's review record opens when the old unit releases (before that the change is
 * not the association's to decide, so it stays out of the business-audit queue, as the demo
 * data has it); a rejection by the association while still requested writes a decided one.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { REJECT_REASON_REQUIRED_MESSAGE } from '@common/messages';
import { AuthType } from '@common/permissions';
import {
  PRACTITIONER_NOT_FOUND_MESSAGE,
  WITHDRAWN_REASON,
  type UnitChangeCommentBody,
  type UnitChangeCreateBody,
  type UnitChangeRejectBody,
  type UnitChangeWithdrawBody,
} from '@common/schemas/unitChanges';
import { checkIdCardNo } from '@common/validators';
import type { AuthUser } from '../../security/user';
import { setAttachments } from '../../content/files';
import { beijingDay } from '@common/calendar';
import type { DbOrTrx, UnitChangeStatus } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { assertAttachable } from '../../files/attach';
import { BizError, errors } from '../../http/errors';
import { enforceRateLimit } from '../../http/rateLimit';
import { logOperation } from '../../oplog';
import { idCardHash } from '../../pii';
import { idCardLookupRule } from '../../pii/idCardLookups';
import { moveCertificates } from '../../workflow/certificates';
import { decideReview, openReview, type ReviewActor } from '../../workflow/reviews';
import { stampOf } from '../../workflow/stamp';
import { findUnitChange, isParty, RELEASE_LETTER_SLOT, type UnitChangeJoinedRow } from './queries';
import { noticeUnitChangeStep, unitChangeNoticeOf } from '../../notify/membership';

const ENTITY = 'unit-change';

export const MESSAGES = {
  notApprovedPractitioner: '您的从业人员登记尚未审核通过或已离职，不能申请变更单位',
  toUnitRequired: '请选择调入单位',
  toUnitNotApproved: '调入单位不存在或未通过入会审核',
  ownUnitNotApproved: '本单位尚未通过入会审核或已暂停，不能发起调入申请',
  toUnitMustBeOwn: '调入单位只能是本单位',
  nameRequired: '请输入从业人员姓名',
  idCardRequired: '请输入身份证号码',
  sameUnit: '调入单位与从业人员当前所在单位相同，无需变更',
  alreadyOpen: '该从业人员已有进行中的单位变更申请，请办结或撤回后再申请',
  reasonRequired: '请填写变更原因',
  rejectReasonRequired: REJECT_REASON_REQUIRED_MESSAGE,
  alreadyReleased: '该申请已放行，不能重复操作',
  notReleasedYet: '原单位尚未放行，不能审批',
  releasedNoWithdraw: '原单位已放行，不能撤回',
  releasedOldUnitReject: '该申请已放行，原单位不能再驳回',
  approved: '该申请已审批通过，不能再操作',
  rejected: '该申请已驳回，不能再操作',
  withdrawn: '该申请已撤回，不能再操作',
  practitionerMoved: '该从业人员已不是在职的已审核人员，或所在单位已变化，不能变更单位，请驳回该申请',
  toUnitGone: '调入单位当前不是已通过状态，不能变更单位',
  lookupTooOften: '查询从业人员过于频繁，请稍后再试',
} as const;

const describe = (row: Pick<UnitChangeJoinedRow, 'practitioner_name' | 'from_unit_name' | 'to_unit_name'>) =>
  `${row.practitioner_name}：${row.from_unit_name} → ${row.to_unit_name}`;

/** The name a history step shows: a unit acts as the unit, a practitioner as themselves, staff by their name. */
function actorName(user: AuthUser, row: Pick<UnitChangeJoinedRow, 'from_unit_id' | 'from_unit_name' | 'to_unit_name' | 'practitioner_name'>): string {
  if (user.authType === AuthType.MemberUnit) return user.unitId === row.from_unit_id ? row.from_unit_name : row.to_unit_name;
  if (user.authType === AuthType.Practitioner) return row.practitioner_name;
  return user.name;
}

async function addStep(trx: DbOrTrx, id: string, step: UnitChangeStatus, actor: ReviewActor, at: string, comment: string | null): Promise<void> {
  await trx
    .insertInto('unit_change_steps')
    .values({ unit_change_id: id, step, actor_id: actor.id, actor_name: actor.name, at, comment })
    .execute();
}

/** Why a closed change refuses every step. */
function closedMessage(row: Pick<UnitChangeJoinedRow, 'status' | 'reject_reason'>): string | null {
  if (row.status === 'approved') return MESSAGES.approved;
  if (row.status === 'rejected') return row.reject_reason === WITHDRAWN_REASON ? MESSAGES.withdrawn : MESSAGES.rejected;
  return null;
}

/** Loads the change for a step: 404 when missing, 403 for anyone not on its path, status 10 once closed. */
async function loadForStep(db: DbOrTrx, user: AuthUser, id: string): Promise<UnitChangeJoinedRow> {
  const row = await findUnitChange(db, id);
  if (!row) throw errors.notFound('单位变更申请');
  if (!isParty(user, row)) throw errors.forbidden();
  const closed = closedMessage(row);
  if (closed) throw new BizError(closed);
  return row;
}

const trimmed = (value: string | undefined): string | null => value?.trim() || null;

// ---- request ----------------------------------------------------------------------------

interface Target {
  practitionerId: string;
  practitionerName: string;
  fromUnitId: string;
  toUnitId: string;
}

async function approvedUnitName(db: DbOrTrx, id: string): Promise<string | null> {
  const unit = await db.selectFrom('member_units').select(['name', 'status']).where('id', '=', id).executeTakeFirst();
  return unit && unit.status === 'approved' ? unit.name : null;
}

/** A practitioner asks for themselves. */
async function practitionerTarget(db: DbOrTrx, user: AuthUser, body: UnitChangeCreateBody): Promise<Target> {
  if (!user.practitionerId) throw errors.forbidden();
  const p = await db.selectFrom('practitioners').select(['id', 'name', 'unit_id', 'status']).where('id', '=', user.practitionerId).executeTakeFirst();
  if (!p || p.status !== 'approved') throw new BizError(MESSAGES.notApprovedPractitioner);
  const toUnitId = body.toUnitId?.trim();
  if (!toUnitId) throw new BizError(MESSAGES.toUnitRequired);
  if (toUnitId === p.unit_id) throw new BizError(MESSAGES.sameUnit);
  if (!(await approvedUnitName(db, toUnitId))) throw new BizError(MESSAGES.toUnitNotApproved);
  return { practitionerId: p.id, practitionerName: p.name, fromUnitId: p.unit_id, toUnitId };
}

/** A new unit names the practitioner by name and full ID number (exact look-up through the keyed hash). */
async function unitTarget(request: FastifyRequest, user: AuthUser, body: UnitChangeCreateBody): Promise<Target> {
  const { db } = request.server;
  const unitId = user.unitId;
  if (!unitId) throw errors.forbidden();
  if (body.toUnitId && body.toUnitId !== unitId) throw new BizError(MESSAGES.toUnitMustBeOwn);
  if (!(await approvedUnitName(db, unitId))) throw new BizError(MESSAGES.ownUnitNotApproved);
  const name = trimmed(body.practitionerName);
  if (!name) throw new BizError(MESSAGES.nameRequired);
  const idCardNo = trimmed(body.idCardNo);
  if (!idCardNo) throw new BizError(MESSAGES.idCardRequired);
  const invalid = checkIdCardNo(idCardNo.toUpperCase());
  if (invalid) throw new BizError(invalid);
  // The practitioners' budget of ID-number look-ups, shared with the form and the import.
  await enforceRateLimit(request, idCardLookupRule(user, MESSAGES.lookupTooOften));
  const found = await db
    .selectFrom('practitioners')
    .select(['id', 'name', 'unit_id'])
    .where('id_card_hash', '=', idCardHash(request.server.pii, idCardNo))
    .where('status', '=', 'approved')
    .executeTakeFirst();
  // One message for "no such number" and "another name": the caller learns nothing about which.
  if (!found || found.name.trim() !== name) throw new BizError(PRACTITIONER_NOT_FOUND_MESSAGE);
  if (found.unit_id === unitId) throw new BizError(MESSAGES.sameUnit);
  return { practitionerId: found.id, practitionerName: found.name, fromUnitId: found.unit_id, toUnitId: unitId };
}


/**
 * An open change (requested or released) of the practitioner, read inside the transaction. On
 * PostgreSQL the practitioner's row is locked first, so that two requests at once cannot both
 * pass (SQLite runs one write transaction at a time).
 */
async function assertNoOpenChange(trx: DbOrTrx, dialect: string, practitionerId: string): Promise<void> {
  if (dialect === 'postgres') {
    await trx.selectFrom('practitioners').select('id').where('id', '=', practitionerId).forUpdate().execute();
  }
  const open = await trx
    .selectFrom('unit_changes')
    .select('id')
    .where('practitioner_id', '=', practitionerId)
    .where('status', 'in', ['requested', 'released'])
    .executeTakeFirst();
  if (open) throw new BizError(MESSAGES.alreadyOpen);
}

export async function createUnitChange(request: FastifyRequest, user: AuthUser, body: UnitChangeCreateBody): Promise<string> {
  const { db } = request.server;
  const reason = trimmed(body.reason);
  if (!reason) throw new BizError(MESSAGES.reasonRequired);
  const target = user.authType === AuthType.Practitioner ? await practitionerTarget(db, user, body) : await unitTarget(request, user, body);
  await assertAttachable(request.server.db, user, request.server.clock(), body.releaseLetterFileIds, '放行函');
  const stamp = stampOf(request, user);
  const id = randomUUID();
  const names = await db.selectFrom('member_units').select(['id', 'name']).where('id', 'in', [target.fromUnitId, target.toUnitId]).execute();
  const unitName = (unitId: string) => names.find((u) => u.id === unitId)?.name ?? unitId;
  const requester: ReviewActor = {
    id: user.id,
    name: user.authType === AuthType.Practitioner ? target.practitionerName : unitName(target.toUnitId),
  };
  await db.transaction().execute(async (trx) => {
    await assertNoOpenChange(trx, request.server.dialect, target.practitionerId);
    await trx
      .insertInto('unit_changes')
      .values({
        id,
        practitioner_id: target.practitionerId,
        from_unit_id: target.fromUnitId,
        to_unit_id: target.toUnitId,
        reason,
        status: 'requested',
        reject_reason: null,
        ...newAuditColumns(stamp.now, stamp.by),
      })
      .execute();
    await addStep(trx, id, 'requested', requester, stamp.now, null);
    const notice = { ...target, id, fromUnitName: unitName(target.fromUnitId), toUnitName: unitName(target.toUnitId) };
    await noticeUnitChangeStep(trx, notice, 'requested', user.id, null, stamp.at);
    await setAttachments(trx, { type: 'unit_change', id }, RELEASE_LETTER_SLOT, body.releaseLetterFileIds, stamp);
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: id,
      action: 'create',
      summary: `申请单位变更 ${target.practitionerName}：${unitName(target.fromUnitId)} → ${unitName(target.toUnitId)}`,
    });
  });
  return id;
}

// ---- the steps --------------------------------------------------------------------------

export async function releaseUnitChange(request: FastifyRequest, user: AuthUser, id: string, body: UnitChangeCommentBody): Promise<void> {
  const { db } = request.server;
  const row = await loadForStep(db, user, id);
  if (user.authType !== AuthType.MemberUnit || user.unitId !== row.from_unit_id) throw errors.forbidden();
  if (row.status === 'released') throw new BizError(MESSAGES.alreadyReleased);
  assertVersion(row.version, body.version);
  const stamp = stampOf(request, user);
  const actor = { id: user.id, name: actorName(user, row) };
  const comment = trimmed(body.comment);
  const firstStep = await db
    .selectFrom('unit_change_steps')
    .select(['actor_id', 'actor_name'])
    .where('unit_change_id', '=', id)
    .where('step', '=', 'requested')
    .orderBy('id')
    .executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'unit_changes', id, body.version, { status: 'released' }, stamp);
    await addStep(trx, id, 'released', actor, stamp.now, comment);
    // Now it is the association's to decide: into the business-audit queue, as submitted by the requester.
    await openReview(trx, {
      what: 'unit_change',
      subjectType: 'unit_change',
      subjectId: id,
      subjectName: describe(row),
      unitId: row.to_unit_id,
      by: { id: firstStep?.actor_id ?? null, name: firstStep?.actor_name ?? null },
      now: stamp.at,
      payload: { practitionerId: row.practitioner_id, fromUnitId: row.from_unit_id, toUnitId: row.to_unit_id, reason: row.reason },
    });
    await noticeUnitChangeStep(trx, unitChangeNoticeOf(row), 'released', user.id, comment, stamp.at);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'release', summary: `原单位放行 ${describe(row)}${comment ? `（${comment}）` : ''}` });
  });
}

export async function approveUnitChange(request: FastifyRequest, user: AuthUser, id: string, body: UnitChangeCommentBody): Promise<void> {
  const { db } = request.server;
  const row = await loadForStep(db, user, id);
  if (user.authType !== AuthType.Staff) throw errors.forbidden();
  if (row.status === 'requested') throw new BizError(MESSAGES.notReleasedYet);
  assertVersion(row.version, body.version);
  const stamp = stampOf(request, user);
  const comment = trimmed(body.comment);
  const actor = { id: user.id, name: user.name };
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'unit_changes', id, body.version, { status: 'approved' }, stamp);
    await addStep(trx, id, 'approved', actor, stamp.now, comment);
    const toUnit = await trx.selectFrom('member_units').select('status').where('id', '=', row.to_unit_id).executeTakeFirst();
    if (toUnit?.status !== 'approved') throw new BizError(MESSAGES.toUnitGone);
    // Moves only a practitioner still approved and still at the old unit; anything else undoes the whole step.
    const moved = await trx
      .updateTable('practitioners')
      .set((eb) => ({
        unit_id: row.to_unit_id,
        entry_date: beijingDay(stamp.at),
        version: eb('version', '+', 1),
        updated_at: stamp.now,
        updated_by: stamp.by,
      }))
      .where('id', '=', row.practitioner_id)
      .where('status', '=', 'approved')
      .where('unit_id', '=', row.from_unit_id)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new BizError(MESSAGES.practitionerMoved);
    await trx
      .updateTable('accounts')
      .set((eb) => ({ unit_id: row.to_unit_id, version: eb('version', '+', 1), updated_at: stamp.now, updated_by: stamp.by }))
      .where('practitioner_id', '=', row.practitioner_id)
      .execute();
    await moveCertificates(trx, { holderId: row.practitioner_id, toUnitId: row.to_unit_id, byId: stamp.by, now: stamp.at });
    await decideReview(trx, {
      what: 'unit_change',
      subjectType: 'unit_change',
      subjectId: id,
      status: 'approved',
      by: actor,
      comment,
      now: stamp.at,
    });
    await noticeUnitChangeStep(trx, unitChangeNoticeOf(row), 'approved', user.id, comment, stamp.at);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'approve', summary: `审批通过单位变更 ${describe(row)}${comment ? `（${comment}）` : ''}` });
  });
}

export async function rejectUnitChange(request: FastifyRequest, user: AuthUser, id: string, body: UnitChangeRejectBody): Promise<void> {
  const { db } = request.server;
  const reason = trimmed(body.reason);
  if (!reason) throw new BizError(MESSAGES.rejectReasonRequired);
  const row = await loadForStep(db, user, id);
  const staff = user.authType === AuthType.Staff;
  if (!staff && !(user.authType === AuthType.MemberUnit && user.unitId === row.from_unit_id)) throw errors.forbidden();
  if (!staff && row.status === 'released') throw new BizError(MESSAGES.releasedOldUnitReject);
  assertVersion(row.version, body.version);
  const stamp = stampOf(request, user);
  const actor = { id: user.id, name: actorName(user, row) };
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'unit_changes', id, body.version, { status: 'rejected', reject_reason: reason }, stamp);
    await addStep(trx, id, 'rejected', actor, stamp.now, reason);
    if (staff) {
      // The association's decision is a review record; before the release none is open yet.
      if (row.status === 'requested') {
        const first = await trx.selectFrom('unit_change_steps').select(['actor_id', 'actor_name']).where('unit_change_id', '=', id).orderBy('id').executeTakeFirst();
        await openReview(trx, {
          what: 'unit_change',
          subjectType: 'unit_change',
          subjectId: id,
          subjectName: describe(row),
          unitId: row.to_unit_id,
          by: { id: first?.actor_id ?? null, name: first?.actor_name ?? null },
          now: stamp.at,
        });
      }
      await decideReview(trx, {
        what: 'unit_change',
        subjectType: 'unit_change',
        subjectId: id,
        status: 'rejected',
        by: actor,
        comment: reason,
        now: stamp.at,
      });
    }
    await noticeUnitChangeStep(trx, unitChangeNoticeOf(row), 'rejected', user.id, reason, stamp.at);
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: id,
      action: 'reject',
      summary: `${staff ? '协会' : '原单位'}驳回单位变更 ${describe(row)}：${reason}`,
    });
  });
}

export async function withdrawUnitChange(request: FastifyRequest, user: AuthUser, id: string, body: UnitChangeWithdrawBody): Promise<void> {
  const { db } = request.server;
  const row = await loadForStep(db, user, id);
  const requestingSide =
    (user.authType === AuthType.Practitioner && user.practitionerId === row.practitioner_id) ||
    (user.authType === AuthType.MemberUnit && user.unitId === row.to_unit_id);
  if (!requestingSide) throw errors.forbidden();
  if (row.status === 'released') throw new BizError(MESSAGES.releasedNoWithdraw);
  assertVersion(row.version, body.version);
  const stamp = stampOf(request, user);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'unit_changes', id, body.version, { status: 'rejected', reject_reason: WITHDRAWN_REASON }, stamp);
    await addStep(trx, id, 'rejected', { id: user.id, name: actorName(user, row) }, stamp.now, WITHDRAWN_REASON);
    await noticeUnitChangeStep(trx, unitChangeNoticeOf(row), 'withdrawn', user.id, null, stamp.at);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'withdraw', summary: `撤回单位变更申请 ${describe(row)}` });
  });
}
