/**
 * The annual inspection workflow (its states: docs/domain.md). Each step is one
 * transaction: the state change (with the version the caller read), its review record, the
 * operation log and the messages to the people concerned.
 *
 * - openInspectionYear: staff open a year with a deadline (one per year); every approved unit
 *   and practitioner gets a not-submitted record.
 * - updateInspectionYear / closeInspectionYear: move the deadline; close a year once nothing
 *   waits for review (a closed year takes no more submissions or decisions).
 * - submitInspection: a unit for itself and its practitioners, a practitioner for themselves,
 *   from not submitted or returned (→ resubmitted), while the year is open;
 *   batchSubmitInspections: several at once, each as one submission (its own transaction),
 *   answering which were submitted and which were refused and why.
 * - decideInspection: staff pass, fail or return a submitted one; a pass extends the
 *   subject's certificate by a year.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AuthType } from '@common/permissions';
import {
  INSPECTION_MESSAGES as M,
  INSPECTION_STATUS_LABELS,
  INSPECTION_SUBJECT_TYPE_LABELS,
  type InspectionAction,
  type InspectionBatchSubmitBody,
  type InspectionBatchSubmitResult,
  type InspectionSubmitBody,
  type InspectionYearCloseBody,
  type InspectionYearCreateBody,
  type InspectionYearUpdateBody,
} from '@common/schemas/inspections';
import type { AuthUser } from '../../security/user';
import { setAttachments } from '../../content/files';
import { beijingDay } from '@common/calendar';
import type { DbOrTrx, InspectionStatus, ReviewStatus } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { assertAttachable } from '../../files/attach';
import { BizError, errors } from '../../http/errors';
import { notifyPractitioner, notifyStaffWith, notifyUnit } from '../../notify';
import { logOperation } from '../../oplog';
import { extendCertificates } from '../../workflow/certificates';
import { recordAutomaticEvent } from '../../credit/events';
import { decideReview, openReview } from '../../workflow/reviews';
import { canSee, findInspection, findInspections, INSPECTION_FILE_SLOT, isSubmitter, loadVisible, PENDING_STATUSES, REVIEW_CODE, UNSUBMITTED_STATUSES, type InspectionJoinedRow } from './queries';
import { syncIfOpen, syncSubjects } from '../../workflow/inspectionSubjects';
import { crashPoint } from '../../testing/crashPoints';

const ENTITY = 'annual-inspection';
const YEAR_ENTITY = 'annual-inspection-year';

/** Where a message about a record takes its reader. */
export const inspectionLink = (id: string) => `/Manage/annual-inspection-record?id=${encodeURIComponent(id)}`;

const trimmed = (value: string | undefined | null): string | null => value?.trim() || null;

const describe = (row: Pick<InspectionJoinedRow, 'year' | 'subject_type' | 'subject_name'>) =>
  `${Number(row.year)}年度年检（${INSPECTION_SUBJECT_TYPE_LABELS[row.subject_type]}）${row.subject_name}`;

// ---- years ---------------------------------------------------------------------------------

async function loadYear(db: DbOrTrx, year: number) {
  const row = await db.selectFrom('annual_inspection_years').selectAll().where('year', '=', year).executeTakeFirst();
  if (!row) throw errors.notFound(`${year}年度年检`);
  return row;
}

export async function openInspectionYear(request: FastifyRequest, user: AuthUser, body: InspectionYearCreateBody): Promise<{ id: string; subjects: number }> {
  const { db } = request.server;
  const now = request.server.clock();
  if (body.deadline < beijingDay(now)) throw new BizError(M.deadlineBeforeToday);
  const existing = await db.selectFrom('annual_inspection_years').select('id').where('year', '=', body.year).executeTakeFirst();
  if (existing) throw new BizError(M.yearExists(body.year));
  const id = randomUUID();
  const at = now.toISOString();
  let subjects = 0;
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('annual_inspection_years')
        .values({ id, year: body.year, deadline: body.deadline, status: 'open', opened_by: user.id, opened_at: at, ...newAuditColumns(at, user.id) })
        .execute();
      subjects = await syncSubjects(trx, body.year, now);
      await logOperation(trx, request, {
        entity: YEAR_ENTITY,
        entityId: id,
        action: 'create',
        summary: `开启${body.year}年度年检，截止日期 ${body.deadline}，年检对象 ${subjects} 个`,
      });
      crashPoint('inspection-year-before-commit');
    });
  } catch (err) {
    // Two staff opening the same year at once: the unique year refuses the second.
    const again = await db.selectFrom('annual_inspection_years').select('id').where('year', '=', body.year).executeTakeFirst();
    if (again && again.id !== id) throw new BizError(M.yearExists(body.year));
    throw err;
  }
  return { id, subjects };
}

export async function updateInspectionYear(request: FastifyRequest, user: AuthUser, year: number, body: InspectionYearUpdateBody): Promise<void> {
  const { db } = request.server;
  const now = request.server.clock();
  const row = await loadYear(db, year);
  if (row.status !== 'open') throw new BizError(M.yearClosed(year));
  assertVersion(Number(row.version), body.version);
  if (body.deadline < beijingDay(now)) throw new BizError(M.deadlineBeforeToday);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'annual_inspection_years', row.id, body.version, { deadline: body.deadline }, { now: now.toISOString(), by: user.id });
    await logOperation(trx, request, { entity: YEAR_ENTITY, entityId: row.id, action: 'update', summary: `${year}年度年检截止日期：${row.deadline} → ${body.deadline}` });
  });
}

export async function closeInspectionYear(request: FastifyRequest, user: AuthUser, year: number, body: InspectionYearCloseBody): Promise<void> {
  const { db } = request.server;
  const now = request.server.clock();
  const row = await loadYear(db, year);
  if (row.status !== 'open') throw new BizError(M.yearAlreadyClosed(year));
  assertVersion(Number(row.version), body.version);
  await db.transaction().execute(async (trx) => {
    const waiting = await trx
      .selectFrom('annual_inspections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('year', '=', year)
      .where('status', 'in', [...PENDING_STATUSES])
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) > 0) throw new BizError(`${year}年度尚有 ${Number(waiting.n)} 份年检等待审核，请审核后再关闭`);
    await updateWithVersion(trx, 'annual_inspection_years', row.id, body.version, { status: 'closed' }, { now: now.toISOString(), by: user.id });
    await logOperation(trx, request, { entity: YEAR_ENTITY, entityId: row.id, action: 'close', summary: `关闭${year}年度年检` });
  });
}

// ---- submit --------------------------------------------------------------------------------

/** Why this record cannot be submitted now, or null. */
function submitRefusal(row: InspectionJoinedRow): string | null {
  if (row.year_status !== 'open') return M.yearClosed(Number(row.year));
  if (PENDING_STATUSES.includes(row.status)) return M.alreadySubmitted;
  if (!UNSUBMITTED_STATUSES.includes(row.status)) return M.alreadyDecided(INSPECTION_STATUS_LABELS[row.status]);
  return null;
}

/** The subject is still approved (and a practitioner still at the unit that answers for the record). */
async function assertSubjectLive(db: DbOrTrx, row: InspectionJoinedRow): Promise<void> {
  if (row.subject_type === 'unit') {
    const unit = await db.selectFrom('member_units').select('status').where('id', '=', row.subject_id).executeTakeFirst();
    if (unit?.status !== 'approved') throw new BizError(M.subjectNotApproved);
    return;
  }
  const p = await db.selectFrom('practitioners').select(['status', 'unit_id']).where('id', '=', row.subject_id).executeTakeFirst();
  if (p?.status !== 'approved' || p.unit_id !== row.unit_id) throw new BizError(M.subjectNotApproved);
}


/** The name the review record and the history show for the submitter. */
async function submitterName(db: DbOrTrx, user: AuthUser, row: InspectionJoinedRow): Promise<string> {
  if (user.authType === AuthType.MemberUnit) return row.unit_name;
  if (user.authType === AuthType.Practitioner) {
    const p = await db.selectFrom('practitioners').select('name').where('id', '=', row.subject_id).executeTakeFirst();
    return p?.name ?? user.name;
  }
  return user.name;
}

export async function submitInspection(request: FastifyRequest, user: AuthUser, id: string, body: InspectionSubmitBody): Promise<InspectionStatus> {
  // Rows of an open year follow membership first (a practitioner who moved belongs to the new unit now).
  const first = await findInspection(request.server.db, id);
  if (first) await syncIfOpen(request.server.db, Number(first.year), request.server.clock());
  return (await submitSynced(request, user, id, body)).status;
}

/**
 * 批量提交: what all records share (the self report, the files) is checked first, and refused
 * as a whole; then each record is checked and submitted as 提交 does it (the caller must be its
 * submitter, the record submittable, the version the one read), in a transaction of its own;
 * a record refused is reported with the reason and does not stop the others. A refused record
 * is named only when the caller may see it.
 */
export async function batchSubmitInspections(request: FastifyRequest, user: AuthUser, body: InspectionBatchSubmitBody): Promise<InspectionBatchSubmitResult> {
  const { db } = request.server;
  if (!trimmed(body.selfReport)) throw new BizError(M.selfReportRequired);
  await assertAttachable(db, user, request.server.clock(), body.fileIds, '年检附件');
  const result: InspectionBatchSubmitResult = { submitted: [], refused: [] };
  const rows = new Map((await findInspections(db, body.items.map((item) => item.id))).map((row) => [row.id, row] as const));
  for (const year of new Set([...rows.values()].map((row) => Number(row.year)))) await syncIfOpen(db, year, request.server.clock());
  const seen = new Set<string>();
  for (const item of body.items) {
    const row = rows.get(item.id);
    const subjectName = row && canSee(user, row) ? row.subject_name : null;
    if (seen.has(item.id)) {
      result.refused.push({ id: item.id, subjectName, reason: M.batchDuplicate });
      continue;
    }
    seen.add(item.id);
    try {
      const done = await submitSynced(request, user, item.id, {
        version: item.version,
        selfReport: body.selfReport,
        projectsDone: item.projectsDone,
        trainingHours: item.trainingHours,
        fileIds: body.fileIds,
      });
      result.submitted.push({ id: item.id, subjectName: done.subjectName, status: done.status });
    } catch (err) {
      if (!(err instanceof BizError)) throw err;
      result.refused.push({ id: item.id, subjectName, reason: err.message });
    }
  }
  return result;
}

/** One submission, the year's subjects already in step with membership. */
async function submitSynced(request: FastifyRequest, user: AuthUser, id: string, body: InspectionSubmitBody): Promise<{ status: InspectionStatus; subjectName: string }> {
  const { db } = request.server;
  const now = request.server.clock();
  const row = await loadVisible(db, user, id);
  if (!isSubmitter(user, row)) throw errors.forbidden(user.authType === AuthType.Practitioner ? M.notYourself : M.notYourSubject);
  const refusal = submitRefusal(row);
  if (refusal) throw new BizError(refusal);
  assertVersion(Number(row.version), body.version);
  const selfReport = trimmed(body.selfReport);
  if (!selfReport) throw new BizError(M.selfReportRequired);
  await assertSubjectLive(db, row);
  await assertAttachable(request.server.db, user, request.server.clock(), body.fileIds, '年检附件');

  const next: InspectionStatus = row.status === 'returned' ? 'resubmitted' : 'submitted';
  const at = now.toISOString();
  const stamp = { now: at, by: user.id };
  const by = { id: user.id, name: await submitterName(db, user, row) };
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'annual_inspections',
      id,
      body.version,
      {
        status: next,
        self_report: selfReport,
        projects_done: body.projectsDone,
        training_hours: body.trainingHours,
        submitted_at: at,
      },
      stamp,
    );
    await setAttachments(trx, { type: 'annual_inspection', id }, INSPECTION_FILE_SLOT, body.fileIds, stamp);
    await openReview(trx, {
      what: 'annual_inspection',
      subjectType: 'annual_inspection',
      subjectId: id,
      subjectName: `${Number(row.year)}年度年检：${row.subject_name}`,
      unitId: row.unit_id,
      by,
      now,
      payload: {
        year: Number(row.year),
        subjectType: row.subject_type,
        subjectId: row.subject_id,
        projectsDone: body.projectsDone,
        trainingHours: body.trainingHours,
        resubmitted: next === 'resubmitted',
      },
    });
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: id,
      action: next === 'resubmitted' ? 'resubmit' : 'submit',
      summary: `${next === 'resubmitted' ? '重新提交' : '提交'}${describe(row)}：完成项目 ${body.projectsDone} 个，培训 ${body.trainingHours} 学时`,
    });
    await notifyStaffWith(
      trx,
      REVIEW_CODE,
      {
        kind: 'submission',
        title: `${next === 'resubmitted' ? '年检已重新提交' : '新的年检待审核'}：${row.subject_name}（${Number(row.year)}年度）`,
        body: `${row.unit_name}提交了${describe(row)}，请审核。`,
        link: inspectionLink(id),
        subjectType: 'annual_inspection',
        subjectId: id,
      },
      now,
    );
  });
  return { status: next, subjectName: row.subject_name };
}

// ---- decide --------------------------------------------------------------------------------

export type InspectionDecision = Exclude<InspectionAction, 'submit'>;

const DECISIONS: Record<InspectionDecision, { status: InspectionStatus; review: Exclude<ReviewStatus, 'pending'>; label: string; reasonName: string | null }> = {
  approve: { status: 'passed', review: 'approved', label: '通过', reasonName: null },
  reject: { status: 'failed', review: 'rejected', label: '不通过', reasonName: '不通过' },
  return: { status: 'returned', review: 'returned', label: '退回修改', reasonName: '退回' },
};

export interface InspectionDecisionInput {
  action: InspectionDecision;
  /** The comment of a pass, the reason of a fail or a return (required for those). */
  reason: string | null | undefined;
  /** The version read; the review queue decides without one (the row-level check still holds). */
  version?: number;
}

/** 'YYYY-MM-DD' one year later (29 February → 28 February). */
export function addOneYear(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  return `${y + 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/**
 * A pass extends the subject's live certificate(s) by a year, from the validity they have now
 * (the certificates table; the unit's valid_until or the practitioner's certificate_valid_until
 * when there is no certificate row), and keeps the copy on the subject's row in step.
 * Returns the new validity, or null when the subject holds no certificate.
 */
async function extendValidity(trx: DbOrTrx, row: InspectionJoinedRow, byId: string, now: Date): Promise<string | null> {
  const kind = row.subject_type;
  const live = await trx
    .selectFrom('certificates')
    .select((eb) => eb.fn.max('valid_until').as('valid_until'))
    .where('holder_type', '=', kind)
    .where('holder_id', '=', row.subject_id)
    .where('status', '!=', 'revoked')
    .executeTakeFirst();
  let current = live?.valid_until ?? null;
  if (!current) {
    current =
      kind === 'unit'
        ? ((await trx.selectFrom('member_units').select('valid_until').where('id', '=', row.subject_id).executeTakeFirst())?.valid_until ?? null)
        : ((await trx.selectFrom('practitioners').select('certificate_valid_until').where('id', '=', row.subject_id).executeTakeFirst())?.certificate_valid_until ??
          null);
  }
  if (!current) return null;
  const validUntil = addOneYear(current);
  const at = now.toISOString();
  await extendCertificates(trx, { kind, holderId: row.subject_id, validUntil, byId, now });
  if (kind === 'unit') {
    await trx
      .updateTable('member_units')
      .set((eb) => ({ valid_until: validUntil, version: eb('version', '+', 1), updated_at: at, updated_by: byId }))
      .where('id', '=', row.subject_id)
      .execute();
  } else {
    await trx
      .updateTable('practitioners')
      .set((eb) => ({ certificate_valid_until: validUntil, version: eb('version', '+', 1), updated_at: at, updated_by: byId }))
      .where('id', '=', row.subject_id)
      .execute();
  }
  return validUntil;
}

export async function decideInspection(request: FastifyRequest, user: AuthUser, id: string, input: InspectionDecisionInput): Promise<{ status: InspectionStatus; validUntil: string | null }> {
  const { db } = request.server;
  const now = request.server.clock();
  if (user.authType !== AuthType.Staff) throw errors.forbidden();
  const decision = DECISIONS[input.action];
  const reason = trimmed(input.reason);
  if (decision.reasonName && !reason) throw new BizError(M.reasonRequired(decision.reasonName));
  const row = await loadVisible(db, user, id);
  if (row.year_status !== 'open') throw new BizError(M.yearClosed(Number(row.year)));
  if (!PENDING_STATUSES.includes(row.status)) throw new BizError(M.notPending(INSPECTION_STATUS_LABELS[row.status]));
  const version = input.version ?? Number(row.version);
  assertVersion(Number(row.version), version);
  const at = now.toISOString();
  let validUntil: string | null = null;
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'annual_inspections',
      id,
      version,
      { status: decision.status, reviewer_id: user.id, review_comment: reason, reviewed_at: at },
      { now: at, by: user.id },
    );
    if (decision.status === 'passed') validUntil = await extendValidity(trx, row, user.id, now);
    // 不通过 is the inspection's failed outcome: a bad-conduct event against the subject (its unit
    // for a practitioner), once per record (docs/domain.md, "Credit").
    if (decision.status === 'failed') {
      await recordAutomaticEvent(
        trx,
        {
          kind: 'inspection_failed',
          sourceType: 'annual_inspection',
          sourceId: id,
          unitId: row.unit_id,
          practitionerId: row.subject_type === 'practitioner' ? row.subject_id : null,
          occurredOn: beijingDay(now),
          description: `${describe(row)}不通过${reason ? `：${reason}` : ''}`,
          actorId: user.id,
          now: at,
        },
        { log: (entry) => logOperation(trx, request, entry) },
      );
    }
    await decideReview(trx, {
      what: 'annual_inspection',
      subjectType: 'annual_inspection',
      subjectId: id,
      status: decision.review,
      by: { id: user.id, name: user.name },
      comment: reason,
      now,
    });
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: id,
      action: input.action,
      summary: `${describe(row)}：${decision.label}${reason ? `（${reason}）` : ''}${validUntil ? `，证书有效期延至 ${validUntil}` : ''}`,
    });
    const message = {
      kind: 'decision' as const,
      title: `年检${decision.label}：${row.subject_name}（${Number(row.year)}年度）`,
      body: [
        reason ? `${decision.reasonName ? `${decision.reasonName}原因` : '审核意见'}：${reason}` : null,
        validUntil ? `证书有效期已延至 ${validUntil}。` : null,
        decision.status === 'returned' ? '请按意见修改后重新提交。' : null,
      ]
        .filter(Boolean)
        .join('\n') || null,
      link: inspectionLink(id),
      subjectType: 'annual_inspection',
      subjectId: id,
    };
    await notifyUnit(trx, row.unit_id, message, now);
    if (row.subject_type === 'practitioner') await notifyPractitioner(trx, row.subject_id, message, now);
  });
  return { status: decision.status, validUntil };
}
