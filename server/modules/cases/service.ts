/**
 * The business-case workflow (DOMAIN.md "Business case"): a unit adds a case (pending, into the
 * review queue), edits it (an approved or rejected one goes back to pending and to the queue),
 * or deletes it; staff (case:review) approve it or reject it with a reason. Each step is one
 * transaction: the change (with the version read), the review record, the messages and the log.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AuthType, hasPermission } from '@common/permissions';
import type { CaseApproveBody, CaseCreateBody, CaseRejectBody, CaseUpdateBody } from '@common/schemas/cases';
import type { AuthUser } from '../../security/user';
import { removeAttachments, setAttachments, SLOT_ATTACHMENT } from '../../content/files';
import { beijingDay } from '../../content/views';
import type { CaseStatus, DbOrTrx } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { BizError, errors } from '../../http/errors';
import { notifyStaffWith, notifyUnit } from '../../notify';
import { logOperation } from '../../oplog';
import { decideReview, openReview } from '../../workflow/reviews';
import { assertAttachable } from '../../files/attach';
import { assertCanSeeCase, CASE_REVIEW_CODE, findCase, type CaseJoinedRow } from './queries';

const ENTITY = 'case';

export const MESSAGES = {
  unitNotApproved: '本单位尚未通过入会审核或已暂停，不能提交业绩案例',
  typeInvalid: '项目类型不正确，请从列表中选择',
  completedInFuture: '完成日期不能晚于今天',
  decideApproved: '该案例已审核通过，不能重复审核',
  decideRejected: '该案例已驳回，单位修改后会重新提交审核',
  reasonRequired: '请填写驳回原因',
} as const;

const trimmed = (value: string | null | undefined): string | null => value?.trim() || null;
export const caseLink = (id: string) => `/Manage/performance-case?id=${encodeURIComponent(id)}`;

function stampOf(request: FastifyRequest, user: AuthUser) {
  return { now: request.server.clock().toISOString(), by: user.id };
}

async function unitNameIfApproved(db: DbOrTrx, unitId: string): Promise<string> {
  const unit = await db.selectFrom('member_units').select(['name', 'status']).where('id', '=', unitId).executeTakeFirst();
  if (!unit || unit.status !== 'approved') throw new BizError(MESSAGES.unitNotApproved);
  return unit.name;
}

async function checkedColumns(request: FastifyRequest, body: CaseCreateBody, current: CaseJoinedRow | null) {
  const { db } = request.server;
  const projectType = trimmed(body.projectType);
  if (projectType && projectType !== current?.project_type) {
    const item = await db
      .selectFrom('dict_items')
      .select('value')
      .where('type_code', '=', 'project_type')
      .where('value', '=', projectType)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (!item) throw new BizError(MESSAGES.typeInvalid);
  }
  const completedOn = body.completedOn ?? null;
  if (completedOn && completedOn > beijingDay(request.server.clock())) throw new BizError(MESSAGES.completedInFuture);
  const title = body.title.trim();
  if (!title) throw new BizError('请输入案例名称');
  return {
    title,
    project_type: projectType,
    client: trimmed(body.client),
    completed_on: completedOn,
    summary: trimmed(body.summary),
    public: body.public ? 1 : 0,
  };
}

async function loadOwn(db: DbOrTrx, user: AuthUser, id: string): Promise<CaseJoinedRow> {
  const row = await findCase(db, id);
  assertCanSeeCase(user, row);
  if (user.authType !== AuthType.MemberUnit) throw errors.forbidden();
  return row;
}

async function loadForDecision(db: DbOrTrx, user: AuthUser, id: string): Promise<CaseJoinedRow> {
  if (user.authType !== AuthType.Staff || !hasPermission(user, CASE_REVIEW_CODE)) throw errors.forbidden();
  const row = await findCase(db, id);
  if (!row) throw errors.notFound('业绩案例');
  const refused: Partial<Record<CaseStatus, string>> = { approved: MESSAGES.decideApproved, rejected: MESSAGES.decideRejected };
  const message = refused[row.status];
  if (message) throw new BizError(message);
  return row;
}

async function notifySubmission(trx: DbOrTrx, id: string, title: string, unitName: string, again: boolean, now: Date): Promise<void> {
  await notifyStaffWith(
    trx,
    CASE_REVIEW_CODE,
    {
      kind: 'submission',
      title: `${again ? '业绩案例修改后' : '新的业绩案例'}待审核：${title}`,
      body: `${unitName}${again ? '修改了' : '提交了'}业绩案例「${title}」，请审核。`,
      link: caseLink(id),
      subjectType: 'case',
      subjectId: id,
    },
    now,
  );
}

export async function createCase(request: FastifyRequest, user: AuthUser, body: CaseCreateBody): Promise<string> {
  const { db } = request.server;
  if (user.authType !== AuthType.MemberUnit || !user.unitId) throw errors.forbidden();
  const unitId = user.unitId;
  const unitName = await unitNameIfApproved(db, unitId);
  const columns = await checkedColumns(request, body, null);
  const files = body.fileIds ?? [];
  await assertAttachable(request.server.db, user, request.server.clock(), files, '证明材料');
  const stamp = stampOf(request, user);
  const now = new Date(stamp.now);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cases')
      .values({ id, unit_id: unitId, ...columns, status: 'pending', reject_reason: null, ...newAuditColumns(stamp.now, stamp.by) })
      .execute();
    await setAttachments(trx, { type: 'case', id }, SLOT_ATTACHMENT, files, stamp);
    await openReview(trx, { what: 'case', subjectType: 'case', subjectId: id, subjectName: columns.title, unitId, by: { id: user.id, name: unitName }, now });
    await notifySubmission(trx, id, columns.title, unitName, false, now);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'create', summary: `提交业绩案例「${columns.title}」` });
  });
  return id;
}

/** An edit goes back to pending; a case that was already decided goes back into the queue. */
export async function updateCase(request: FastifyRequest, user: AuthUser, id: string, body: CaseUpdateBody): Promise<void> {
  const { db } = request.server;
  const row = await loadOwn(db, user, id);
  assertVersion(row.version, body.version);
  const unitName = await unitNameIfApproved(db, row.unit_id);
  const columns = await checkedColumns(request, body, row);
  const files = body.fileIds ?? [];
  await assertAttachable(request.server.db, user, request.server.clock(), files, '证明材料');
  const stamp = stampOf(request, user);
  const now = new Date(stamp.now);
  const reopened = row.status !== 'pending';
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'cases', id, body.version, { ...columns, status: 'pending', reject_reason: null }, stamp);
    await setAttachments(trx, { type: 'case', id }, SLOT_ATTACHMENT, files, stamp);
    if (reopened) {
      await openReview(trx, {
        what: 'case',
        subjectType: 'case',
        subjectId: id,
        subjectName: columns.title,
        unitId: row.unit_id,
        by: { id: user.id, name: unitName },
        now,
        payload: { previousStatus: row.status },
      });
      await notifySubmission(trx, id, columns.title, unitName, true, now);
    }
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: id,
      action: 'update',
      summary: `修改业绩案例「${columns.title}」${reopened ? '，重新提交审核' : ''}`,
    });
  });
}

/**
 * Deletes a unit's own case. A pending review of it leaves the queue with it (there is nothing
 * left to decide); decided reviews stay as history.
 */
export async function deleteCase(request: FastifyRequest, user: AuthUser, id: string): Promise<string> {
  const { db } = request.server;
  const row = await loadOwn(db, user, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('reviews').where('subject_type', '=', 'case').where('subject_id', '=', id).where('status', '=', 'pending').execute();
    await removeAttachments(trx, { type: 'case', id });
    await trx.deleteFrom('cases').where('id', '=', id).execute();
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'delete', summary: `删除业绩案例「${row.title}」` });
  });
  return row.title;
}

export async function approveCase(request: FastifyRequest, user: AuthUser, id: string, body: CaseApproveBody): Promise<void> {
  const { db } = request.server;
  const row = await loadForDecision(db, user, id);
  const version = body.version ?? row.version;
  assertVersion(row.version, version);
  const comment = trimmed(body.comment);
  const stamp = stampOf(request, user);
  const now = new Date(stamp.now);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'cases', id, version, { status: 'approved', reject_reason: null }, stamp);
    await decideReview(trx, { what: 'case', subjectType: 'case', subjectId: id, status: 'approved', by: { id: user.id, name: user.name }, comment, now });
    await notifyUnit(trx, row.unit_id, { kind: 'decision', title: `业绩案例已通过：${row.title}`, body: comment, link: caseLink(id), subjectType: 'case', subjectId: id }, now);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'approve', summary: `审核通过业绩案例「${row.title}」${comment ? `（${comment}）` : ''}` });
  });
}

export async function rejectCase(request: FastifyRequest, user: AuthUser, id: string, body: CaseRejectBody): Promise<void> {
  const { db } = request.server;
  const reason = trimmed(body.reason);
  if (!reason) throw new BizError(MESSAGES.reasonRequired);
  const row = await loadForDecision(db, user, id);
  const version = body.version ?? row.version;
  assertVersion(row.version, version);
  const stamp = stampOf(request, user);
  const now = new Date(stamp.now);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'cases', id, version, { status: 'rejected', reject_reason: reason }, stamp);
    await decideReview(trx, { what: 'case', subjectType: 'case', subjectId: id, status: 'rejected', by: { id: user.id, name: user.name }, comment: reason, now });
    await notifyUnit(trx, row.unit_id, { kind: 'decision', title: `业绩案例被驳回：${row.title}`, body: reason, link: caseLink(id), subjectType: 'case', subjectId: id }, now);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'reject', summary: `驳回业绩案例「${row.title}」：${reason}` });
  });
}
