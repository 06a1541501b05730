/**
 * Withdrawing the consent to the processing of sensitive personal information (PIPL art. 15,
 * 29, 47) and the deletion request it opens:
 *
 *   withdrawSensitiveConsent(request)   a practitioner: consents.withdrawn_at + a pending
 *                                       'pi_deletion' review (subject: the practitioner)
 *   decidePiDeletion(trx, { ... })      staff (system:personal-data:handle), from the personal
 *                                       data routes or the business-audit queue:
 *     approved → the practitioner's data erased like the retention job does (server/pii/
 *                retention.ts), the certificate revoked ("本人撤回个人信息处理同意"), the
 *                account disabled, the record marked as left;
 *     rejected → with a reason (e.g. a legal duty to keep the record); nothing is erased.
 *
 * decidePiDeletion works in the caller's transaction (the change, the review decision and the
 * audit row together). Files leave the disk only after the commit: call the returned
 * `removeFiles(db)` then (a rollback must not lose content that records still point at).
 * decideDeletionRequest does both for a request: its own transaction, then the files.
 */
import type { FastifyRequest } from 'fastify';
import { PROFILE_MESSAGES } from '@common/schemas/profile';
import { requireUser } from '../../security/guard';
import type { AuthUser } from '../../security/user';
import type { Db, DbOrTrx, ReviewRow } from '../../db/types';
import { FileStorage } from '../../files/storage';
import { BizError } from '../../http/errors';
import { logOperation } from '../../oplog';
import { erasePractitionerData, removeUnreferencedContent } from '../../pii/retention';
import { decideReview, openReview, type ReviewActor } from '../../workflow/reviews';

export const PI_DELETION = 'pi_deletion' as const;

/** The practitioner withdraws their sensitive_pi consent; returns the deletion request's id. */
export async function withdrawSensitiveConsent(request: FastifyRequest): Promise<string> {
  const { db } = request.server;
  const user = requireUser(request);
  const practitionerId = user.practitionerId;
  if (!practitionerId) throw new BizError(PROFILE_MESSAGES.noConsentToWithdraw);
  const now = request.server.clock();
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('practitioners').select(['id', 'name', 'unit_id', 'anonymised_at']).where('id', '=', practitionerId).executeTakeFirst();
    if (!row || row.anonymised_at) throw new BizError(PROFILE_MESSAGES.noConsentToWithdraw);
    if (await pendingRequest(trx, { subjectId: row.id })) throw new BizError(PROFILE_MESSAGES.requestPending);
    // Conditional, so that two clicks at once withdraw (and open a request) only once.
    const withdrawn = await trx
      .updateTable('consents')
      .set({ withdrawn_at: at })
      .where('account_id', '=', user.id)
      .where('kind', '=', 'sensitive_pi')
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    if (Number(withdrawn.numUpdatedRows) === 0) throw new BizError(PROFILE_MESSAGES.noConsentToWithdraw);
    const requestId = await openReview(trx, {
      what: PI_DELETION,
      subjectType: 'practitioner',
      subjectId: row.id,
      subjectName: row.name,
      unitId: row.unit_id,
      by: { id: user.id, name: user.name },
      now,
    });
    await logOperation(trx, request, {
      entity: 'practitioner',
      entityId: row.id,
      action: 'withdraw-consent',
      summary: `从业人员「${row.name}」撤回敏感个人信息（身份证号码、照片）处理同意，提交个人信息删除请求`,
    });
    return requestId;
  });
}

/** The subject's pending deletion request (by review id, or by practitioner id). */
export async function pendingRequest(trx: DbOrTrx, which: { reviewId?: string; subjectId?: string }): Promise<ReviewRow | undefined> {
  let query = trx.selectFrom('reviews').selectAll().where('what', '=', PI_DELETION).where('status', '=', 'pending');
  if (which.reviewId) query = query.where('id', '=', which.reviewId);
  else if (which.subjectId) query = query.where('subject_type', '=', 'practitioner').where('subject_id', '=', which.subjectId);
  else return undefined;
  return query.orderBy('submitted_at', 'desc').executeTakeFirst();
}

export interface DecidePiDeletionInput {
  /** The request: its review id, or the practitioner's id (its pending request). */
  reviewId?: string;
  subjectId?: string;
  decision: 'approved' | 'rejected';
  /** Required for 'rejected' (the reason the data is kept). */
  comment: string | null;
  by: ReviewActor;
  now: Date;
  /** The file store: content no record uses any more leaves the disk in `removeFiles`. */
  files: FileStorage;
  /** The request deciding it: the audit row records its address and user agent. */
  request: FastifyRequest;
}

export interface PiDeletionDecision {
  reviewId: string;
  practitionerId: string;
  decision: 'approved' | 'rejected';
  /** Certificate numbers revoked by the approval. */
  revoked: string[];
  /** Call after the transaction has committed; returns how many contents left the disk. */
  removeFiles: (db: Db) => Promise<number>;
}

export async function decidePiDeletion(trx: DbOrTrx, input: DecidePiDeletionInput): Promise<PiDeletionDecision> {
  const review = await pendingRequest(trx, { reviewId: input.reviewId, subjectId: input.subjectId });
  if (!review) throw new BizError(PROFILE_MESSAGES.noPendingRequest, 10, 404);
  const comment = input.comment?.trim() || null;
  const practitionerId = review.subject_id;
  const decided = { what: PI_DELETION, subjectType: 'practitioner' as const, subjectId: practitionerId, by: input.by, now: input.now };

  if (input.decision === 'rejected') {
    if (!comment) throw new BizError(PROFILE_MESSAGES.rejectReasonMissing);
    await decideReview(trx, { ...decided, status: 'rejected', comment });
    await logOperation(trx, input.request, {
      entity: 'practitioner',
      entityId: practitionerId,
      action: 'reject',
      summary: `个人信息删除请求不予删除（从业人员「${review.subject_name}」）：${comment}`,
    });
    return { reviewId: review.id, practitionerId, decision: 'rejected', revoked: [], removeFiles: async () => 0 };
  }

  const erased = await erasePractitionerData(trx, practitionerId, {
    now: input.now,
    byId: input.by.id,
    revokeReason: PROFILE_MESSAGES.revokeReason,
    markLeft: true,
  });
  await decideReview(trx, { ...decided, status: 'approved', comment });
  const name = erased?.name ?? review.subject_name;
  await logOperation(trx, input.request, {
    entity: 'practitioner',
    entityId: practitionerId,
    action: 'anonymise',
    summary:
      `按本人撤回同意删除从业人员「${name}」的个人信息（姓名仅留姓氏，身份证号码、手机号码、照片与证明材料已删除）` +
      `${erased?.revoked.length ? `；注销证书 ${erased.revoked.join('、')}` : ''}；停用其登录账号${comment ? `；意见：${comment}` : ''}`,
  });
  const keys = erased?.storageKeys ?? [];
  return {
    reviewId: review.id,
    practitionerId,
    decision: 'approved',
    revoked: erased?.revoked ?? [],
    removeFiles: (db) => removeUnreferencedContent(db, input.files, keys),
  };
}

/**
 * Decides a deletion request (by review id or practitioner id) in its own transaction, then
 * removes the files no record uses any more: what the personal-data routes and the
 * business-audit queue both do.
 */
export async function decideDeletionRequest(
  request: FastifyRequest,
  user: AuthUser,
  which: { reviewId?: string; subjectId?: string },
  decision: 'approved' | 'rejected',
  comment: string | null,
): Promise<PiDeletionDecision> {
  const { db, appConfig } = request.server;
  const result = await db.transaction().execute((trx) =>
    decidePiDeletion(trx, {
      ...which,
      decision,
      comment,
      by: { id: user.id, name: user.name },
      now: request.server.clock(),
      files: new FileStorage(appConfig.dataDir),
      request,
    }),
  );
  await result.removeFiles(db);
  return result;
}
