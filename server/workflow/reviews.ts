/**
 * Review records (docs/domain.md "Records and their states"; the business-audit queue): every workflow step
 * writes one, in the same transaction as the change it records.
 *
 *   await openReview(trx, { what: 'registration', subjectType: 'unit', subjectId, subjectName, unitId, by: user, now });
 *   await decideReview(trx, { what: 'registration', subjectType: 'unit', subjectId, status: 'approved', by: user, comment, now });
 *   const history = await reviewHistory(db, 'unit', unitId);
 *
 * A subject has at most one pending review of a kind: opening another closes nothing, so the
 * caller's state check (a pending unit cannot be submitted twice) keeps that true.
 */
import { randomUUID } from 'node:crypto';
import type { ReviewHistoryEntry } from '@common/schemas/membership';
import type { DbOrTrx } from '../db/types';
import type { DomainEntityType, ReviewKind, ReviewStatus } from '../db/domainTypes';
import { errors } from '../http/errors';

/** Who acts: an account (id and name), or null for the system itself (a scheduled job). */
export interface ReviewActor {
  id: string | null;
  name: string | null;
}

export interface OpenReviewInput {
  what: ReviewKind;
  subjectType: DomainEntityType;
  subjectId: string;
  subjectName: string;
  unitId: string | null;
  by: ReviewActor | null;
  now: Date;
  /** What is submitted (e.g. { before, after } of changed fields); stored as JSON. */
  payload?: unknown;
}

export async function openReview(trx: DbOrTrx, input: OpenReviewInput): Promise<string> {
  return (await openReviews(trx, [input]))[0];
}

/** openReview for several subjects in one statement (an import's batch); ids in order. */
export async function openReviews(trx: DbOrTrx, inputs: readonly OpenReviewInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const ids = inputs.map(() => randomUUID());
  await trx
    .insertInto('reviews')
    .values(
      inputs.map((input, i) => {
        const at = input.now.toISOString();
        return {
          id: ids[i],
          what: input.what,
          subject_type: input.subjectType,
          subject_id: input.subjectId,
          subject_name: input.subjectName,
          unit_id: input.unitId,
          submitted_by: input.by?.id ?? null,
          submitted_by_name: input.by?.name ?? null,
          submitted_at: at,
          status: 'pending' as const,
          decided_by: null,
          decided_by_name: null,
          decided_at: null,
          comment: null,
          payload: input.payload === undefined ? null : JSON.stringify(input.payload),
          version: 0,
          created_at: at,
          created_by: input.by?.id ?? null,
          updated_at: at,
          updated_by: input.by?.id ?? null,
        };
      }),
    )
    .execute();
  return ids;
}

export interface DecideReviewInput {
  what: ReviewKind;
  subjectType: DomainEntityType;
  subjectId: string;
  status: Exclude<ReviewStatus, 'pending'>;
  by: ReviewActor;
  comment: string | null;
  now: Date;
}

/**
 * Closes the subject's pending review of this kind with the decision. When there is none (a
 * record from before review records existed), a decided record is written instead, so that
 * the history still shows the decision. Returns the review's id.
 */
export async function decideReview(trx: DbOrTrx, input: DecideReviewInput): Promise<string> {
  const at = input.now.toISOString();
  const pending = await trx
    .selectFrom('reviews')
    .select(['id', 'version'])
    .where('what', '=', input.what)
    .where('subject_type', '=', input.subjectType)
    .where('subject_id', '=', input.subjectId)
    .where('status', '=', 'pending')
    .orderBy('submitted_at', 'desc')
    .executeTakeFirst();
  const decision = {
    status: input.status,
    decided_by: input.by.id,
    decided_by_name: input.by.name,
    decided_at: at,
    comment: input.comment,
    updated_at: at,
    updated_by: input.by.id,
  };
  if (pending) {
    const result = await trx
      .updateTable('reviews')
      .set({ ...decision, version: pending.version + 1 })
      .where('id', '=', pending.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    // Someone decided it between our read and our write.
    if (Number(result.numUpdatedRows) !== 1) throw errors.staleVersion();
    return pending.id;
  }
  const subject = await subjectOf(trx, input.subjectType, input.subjectId);
  const id = await openReview(trx, {
    what: input.what,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    subjectName: subject.name,
    unitId: subject.unitId,
    by: null,
    now: input.now,
  });
  await trx.updateTable('reviews').set(decision).where('id', '=', id).execute();
  return id;
}

async function subjectOf(trx: DbOrTrx, type: DomainEntityType, id: string): Promise<{ name: string; unitId: string | null }> {
  if (type === 'unit') {
    const row = await trx.selectFrom('member_units').select(['name', 'id']).where('id', '=', id).executeTakeFirst();
    return { name: row?.name ?? id, unitId: row?.id ?? null };
  }
  if (type === 'practitioner') {
    const row = await trx.selectFrom('practitioners').select(['name', 'unit_id']).where('id', '=', id).executeTakeFirst();
    return { name: row?.name ?? id, unitId: row?.unit_id ?? null };
  }
  return { name: id, unitId: null };
}

/** The whole review history of one record, oldest first (every party to it may see it). */
export async function reviewHistory(db: DbOrTrx, subjectType: DomainEntityType, subjectId: string): Promise<ReviewHistoryEntry[]> {
  const rows = await db
    .selectFrom('reviews')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .orderBy('submitted_at', 'asc')
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    what: r.what,
    status: r.status,
    submittedAt: r.submitted_at,
    submittedByName: r.submitted_by_name,
    decidedAt: r.decided_at,
    decidedByName: r.decided_by_name,
    comment: r.comment,
    payload: r.payload ? (JSON.parse(r.payload) as unknown) : null,
  }));
}
