/**
 * The business-case workflow (docs/domain.md, business cases): a unit adds a case (pending, into
 * the review queue), edits it (an approved or rejected one goes back to pending and to the queue),
 * or deletes it; staff (case:review) approve it or reject it with a reason. Each step is one
 * transaction: the change (with the version read), the review record, the messages and the log.
 * The submission and the decision are those of every reviewed record
 * (server/workflow/reviewedSubject.ts); this file says what is particular to a case.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { REJECT_REASON_REQUIRED_MESSAGE } from '@common/messages';
import type { CaseApproveBody, CaseCreateBody, CaseRejectBody, CaseUpdateBody } from '@common/schemas/cases';
import type { AuthUser } from '../../security/user';
import { removeAttachments, setAttachments, SLOT_ATTACHMENT } from '../../content/files';
import { beijingDay } from '@common/calendar';
import type { CaseStatus, DbOrTrx } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { BizError } from '../../http/errors';
import { logOperation } from '../../oplog';
import { approvedUnitName, assertDictValue, filingUnitId, ReviewedSubject, type Submission } from '../../workflow/reviewedSubject';
import { stampOf } from '../../workflow/stamp';
import { assertAttachable } from '../../files/attach';
import { CASE_REVIEW_CODE, findCase, type CaseJoinedRow } from './queries';

const ENTITY = 'case';

export const MESSAGES = {
  unitNotApproved: '本单位尚未通过入会审核或已暂停，不能提交业绩案例',
  typeInvalid: '项目类型不正确，请从列表中选择',
  completedInFuture: '完成日期不能晚于今天',
  decideApproved: '该案例已审核通过，不能重复审核',
  decideRejected: '该案例已驳回，单位修改后会重新提交审核',
  reasonRequired: REJECT_REASON_REQUIRED_MESSAGE,
} as const;

const trimmed = (value: string | null | undefined): string | null => value?.trim() || null;
export const caseLink = (id: string) => `/Manage/performance-case?id=${encodeURIComponent(id)}`;

/** Staff decide a pending case only. */
const DECISION_REFUSALS: Record<CaseStatus, string | null> = {
  pending: null,
  approved: MESSAGES.decideApproved,
  rejected: MESSAGES.decideRejected,
};

const CASE = new ReviewedSubject<CaseJoinedRow, 'cases'>({
  type: 'case',
  table: 'cases',
  noun: '业绩案例',
  reviewCode: CASE_REVIEW_CODE,
  link: caseLink,
  find: findCase,
  decisionRefusals: DECISION_REFUSALS,
});

const approvedUnit = (db: DbOrTrx, unitId: string) => approvedUnitName(db, unitId, MESSAGES.unitNotApproved);

async function checkedColumns(request: FastifyRequest, body: CaseCreateBody, current: CaseJoinedRow | null) {
  const projectType = trimmed(body.projectType);
  await assertDictValue(request.server.db, 'project_type', projectType, current?.project_type ?? null, MESSAGES.typeInvalid);
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

/** A new case goes into the queue; an edit of a decided one (`edited`: what it was) goes back into it. */
function submissionOf(id: string, title: string, unit: { id: string; name: string }, user: AuthUser, at: Date, edited?: { previousStatus: CaseStatus }): Submission {
  return {
    id,
    name: title,
    unitId: unit.id,
    by: { id: user.id, name: unit.name },
    at,
    payload: edited,
    title: `${edited ? '业绩案例修改后' : '新的业绩案例'}待审核：${title}`,
    body: `${unit.name}${edited ? '修改了' : '提交了'}业绩案例「${title}」，请审核。`,
  };
}

export async function createCase(request: FastifyRequest, user: AuthUser, body: CaseCreateBody): Promise<string> {
  const { db } = request.server;
  const unitId = filingUnitId(user);
  const unitName = await approvedUnit(db, unitId);
  const columns = await checkedColumns(request, body, null);
  const files = body.fileIds ?? [];
  await assertAttachable(request.server.db, user, request.server.clock(), files, '证明材料');
  const stamp = stampOf(request, user);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cases')
      .values({ id, unit_id: unitId, ...columns, status: 'pending', reject_reason: null, ...newAuditColumns(stamp.now, stamp.by) })
      .execute();
    await setAttachments(trx, { type: 'case', id }, SLOT_ATTACHMENT, files, stamp);
    await CASE.openSubmission(trx, submissionOf(id, columns.title, { id: unitId, name: unitName }, user, stamp.at));
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'create', summary: `提交业绩案例「${columns.title}」` });
  });
  return id;
}

/** An edit goes back to pending; a case that was already decided goes back into the queue. */
export async function updateCase(request: FastifyRequest, user: AuthUser, id: string, body: CaseUpdateBody): Promise<void> {
  const { db } = request.server;
  const row = await CASE.ownRecord(db, user, id);
  assertVersion(row.version, body.version);
  const unitName = await approvedUnit(db, row.unit_id);
  const columns = await checkedColumns(request, body, row);
  const files = body.fileIds ?? [];
  await assertAttachable(request.server.db, user, request.server.clock(), files, '证明材料');
  const stamp = stampOf(request, user);
  const reopened = row.status !== 'pending';
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'cases', id, body.version, { ...columns, status: 'pending', reject_reason: null }, stamp);
    await setAttachments(trx, { type: 'case', id }, SLOT_ATTACHMENT, files, stamp);
    if (reopened) {
      const unit = { id: row.unit_id, name: unitName };
      await CASE.openSubmission(trx, submissionOf(id, columns.title, unit, user, stamp.at, { previousStatus: row.status }));
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
  const row = await CASE.ownRecord(db, user, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('reviews').where('subject_type', '=', 'case').where('subject_id', '=', id).where('status', '=', 'pending').execute();
    await removeAttachments(trx, { type: 'case', id });
    await trx.deleteFrom('cases').where('id', '=', id).execute();
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'delete', summary: `删除业绩案例「${row.title}」` });
  });
  return row.title;
}

export async function approveCase(request: FastifyRequest, user: AuthUser, id: string, body: CaseApproveBody): Promise<void> {
  const comment = trimmed(body.comment);
  await CASE.decide(request, user, { id, version: body.version }, (row) => ({
    outcome: 'approved',
    changes: { status: 'approved', reject_reason: null },
    comment,
    title: `业绩案例已通过：${row.title}`,
    log: { action: 'approve', summary: `审核通过业绩案例「${row.title}」${comment ? `（${comment}）` : ''}` },
  }));
}

export async function rejectCase(request: FastifyRequest, user: AuthUser, id: string, body: CaseRejectBody): Promise<void> {
  const reason = trimmed(body.reason);
  if (!reason) throw new BizError(MESSAGES.reasonRequired);
  await CASE.decide(request, user, { id, version: body.version }, (row) => ({
    outcome: 'rejected',
    changes: { status: 'rejected', reject_reason: reason },
    comment: reason,
    title: `业绩案例被驳回：${row.title}`,
    log: { action: 'reject', summary: `驳回业绩案例「${row.title}」：${reason}` },
  }));
}
