/**
 * The complaint's workflow (docs/domain.md, "Complaints"). Each step is one transaction: the
 * change (with the version read, for the steps of staff and the unit), a complaint_steps row with
 * what the complainant reads of it, the messages and notices (./notices.ts) and the operation
 * log. An upheld or partly upheld conclusion also records the unit's credit event
 * (server/credit/events.ts), in the same transaction, once.
 *
 * The complainant's name, phone and e-mail are personal information: the phone and e-mail are
 * stored encrypted (server/pii), shown masked, whole only through reveal (complaint:reveal,
 * audited); the operation log never names the complainant. The query code is shown once and kept
 * as a scrypt hash, checked at the same cost whether or not the number exists.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { acceptDueOn, answerDueOn, concludeDueOn } from '@common/complaintDeadlines';
import { COMPLAINT_CONCLUSION_LABELS, COMPLAINT_KIND_LABELS, type ComplaintStep } from '@common/credit';
import {
  COMPLAINT_MESSAGES as M,
  COMPLAINT_NO_PATTERN,
  normaliseTrackingText,
  QUERY_CODE_ALPHABET,
  QUERY_CODE_LENGTH,
  type ComplaintAcceptBody,
  type ComplaintConcludeBody,
  type ComplaintDeclineBody,
  type ComplaintProgress,
  type ComplaintReplyBody,
  type ComplaintRevealBody,
  type ComplaintRevealResult,
  type ComplaintSubmitBody,
  type ComplaintSubmitResult,
} from '@common/schemas/complaints';
import { checkEmail, checkPhone } from '@common/validators';
import type { AuthUser } from '../../security/user';
import { hashPassword, verifyLoginPassword } from '../../security/passwords';
import { setAttachments, SLOT_ATTACHMENT } from '../../content/files';
import { beijingDay } from '@common/calendar';
import { recordAutomaticEvent } from '../../credit/events';
import type { DbOrTrx } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { claimAnonymousUploads } from '../../files/anonymousUpload';
import { assertAttachable } from '../../files/attach';
import { BizError, errors } from '../../http/errors';
import { enforceRateLimit } from '../../http/rateLimit';
import { logOperation } from '../../oplog';
import { readPii } from '../../pii';
import { nextNumber } from '../../workflow/numbers';
import { stampOf, type Stamp } from '../../workflow/stamp';
import {
  noticeAcceptedToUnit,
  noticeAnswered,
  noticeComplainant,
  noticeConcludedToUnit,
  noticeSubmitted,
  type ComplaintRef,
} from './notices';
import { answerOpen, concludable, ENTITY, findByNumber, findComplaint, NOUN, progressOf, SLOT_ANSWER, visibleComplaint, type ComplaintJoinedRow } from './queries';

/** The attachments a complaint takes: images and PDF, which staff and the unit open in the browser. */
export const COMPLAINT_FILE_TYPES = /^(image\/(jpeg|png|gif|webp|bmp)|application\/pdf)$/;

/** How often one address may ask for a complaint's progress (right or wrong). */
export const TRACK_RATE_LIMIT = { limit: 20, windowMinutes: 10 } as const;

const trimmed = (value: string | null | undefined): string | null => value?.trim() || null;

const refOf = (row: ComplaintJoinedRow): ComplaintRef => ({
  id: row.id,
  complaintNo: row.complaint_no,
  kind: row.kind,
  unitId: row.unit_id,
  unitName: row.unit_name,
  title: row.title,
});

const complainantOf = (row: ComplaintJoinedRow) => ({ name: row.complainant_name, phoneEnc: row.complainant_phone_enc, emailEnc: row.complainant_email_enc });

async function addStep(trx: DbOrTrx, complaintId: string, step: ComplaintStep, note: string | null, at: string, actorId: string | null): Promise<void> {
  await trx.insertInto('complaint_steps').values({ id: randomUUID(), complaint_id: complaintId, step, public_note: note, at, actor_id: actorId }).execute();
}

/** What the operation log calls a complaint: its kind and number (never the complainant). */
const named = (row: { kind: ComplaintJoinedRow['kind']; complaint_no: string }) => `${COMPLAINT_KIND_LABELS[row.kind]} ${row.complaint_no}`;

// ---- the public's steps ----------------------------------------------------------------------

export function newQueryCode(): string {
  return Array.from({ length: QUERY_CODE_LENGTH }, () => QUERY_CODE_ALPHABET[randomInt(QUERY_CODE_ALPHABET.length)]).join('');
}

interface CheckedSubmission {
  anonymous: boolean;
  name: string | null;
  phone: string | null;
  email: string | null;
  title: string;
  content: string;
}

/** The checks that need no database, in the order the form asks; each names its field. */
function checkSubmission(body: ComplaintSubmitBody): CheckedSubmission {
  const name = trimmed(body.name);
  const phone = trimmed(body.phone);
  const email = trimmed(body.email);
  if (body.anonymous) {
    if (body.kind !== 'report') throw new BizError(M.anonymousComplaint);
    if (name || phone || email) throw new BizError(M.anonymousWithContact);
  } else {
    if (!name) throw new BizError(M.nameRequired);
    if (!phone) throw new BizError(M.phoneRequired);
    const wrongPhone = checkPhone(phone);
    if (wrongPhone) throw new BizError(`联系电话：${wrongPhone}`);
    const wrongEmail = email ? checkEmail(email) : undefined;
    if (wrongEmail) throw new BizError(wrongEmail);
  }
  const title = body.title.trim();
  if (!title) throw new BizError('请填写标题');
  const content = body.content.trim();
  if (!content) throw new BizError('请填写投诉举报内容');
  if (body.consent !== true) throw new BizError(M.consentMissing);
  return { anonymous: body.anonymous, name, phone, email, title, content };
}

/**
 * The attachments: files sent through POST /public/complaints/files (no uploader) that nothing
 * holds yet, of the kinds a complaint takes. A file somebody else uploaded is refused like a
 * missing one, so that knowing its id opens nothing.
 */
async function checkFiles(trx: DbOrTrx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const missing = new BizError('附件不存在，请重新上传');
  const rows = await trx.selectFrom('stored_files').select(['file_id', 'content_type', 'uploader_id']).where('file_id', 'in', [...ids]).execute();
  if (rows.length !== ids.length || rows.some((r) => r.uploader_id !== null)) throw missing;
  const used = await trx.selectFrom('file_attachments').select('file_id').where('file_id', 'in', [...ids]).executeTakeFirst();
  if (used) throw missing;
  if (rows.some((r) => !COMPLAINT_FILE_TYPES.test(r.content_type))) throw new BizError(M.fileKind);
}

/** The unit (approved), and the practitioner and project named, each the unit's own. */
async function checkSubject(trx: DbOrTrx, body: ComplaintSubmitBody): Promise<{ unitName: string }> {
  const unit = await trx.selectFrom('member_units').select(['name', 'status']).where('id', '=', body.unitId).executeTakeFirst();
  if (!unit || unit.status !== 'approved') throw new BizError(M.unitInvalid);
  if (body.practitionerId) {
    // A practitioner since left the unit may still be the one complained about.
    const p = await trx.selectFrom('practitioners').select(['unit_id', 'status']).where('id', '=', body.practitionerId).executeTakeFirst();
    if (!p || p.unit_id !== body.unitId || (p.status !== 'approved' && p.status !== 'left')) throw new BizError(M.practitionerInvalid);
  }
  if (body.projectId) {
    const project = await trx.selectFrom('projects').select(['unit_id', 'status']).where('id', '=', body.projectId).executeTakeFirst();
    if (!project || project.unit_id !== body.unitId || project.status === 'draft') throw new BizError(M.projectInvalid);
  }
  return { unitName: unit.name };
}

/** A complaint from the public: stored pending, staff told; the number and the query code answered once. */
export async function submitComplaint(request: FastifyRequest, body: ComplaintSubmitBody): Promise<ComplaintSubmitResult> {
  const { db, pii } = request.server;
  const checked = checkSubmission(body);
  const fileIds = body.fileIds ?? [];
  const now = request.server.clock();
  const at = now.toISOString();
  const today = beijingDay(now);
  const dueOn = acceptDueOn(today);
  const queryCode = newQueryCode();
  // scrypt outside the transaction: it takes a while and SQLite has one writer.
  const codeHash = await hashPassword(queryCode);
  const id = randomUUID();
  const kindLabel = COMPLAINT_KIND_LABELS[body.kind];
  const complaintNo = await db.transaction().execute(async (trx) => {
    const { unitName } = await checkSubject(trx, body);
    await checkFiles(trx, fileIds);
    await claimAnonymousUploads(trx, fileIds, now, '附件');
    const number = await nextNumber(trx, 'complaint', Number(today.slice(0, 4)));
    await trx
      .insertInto('complaints')
      .values({
        id,
        complaint_no: number,
        kind: body.kind,
        anonymous: checked.anonymous ? 1 : 0,
        complainant_name: checked.name,
        complainant_phone_enc: checked.phone ? pii.encrypt(checked.phone) : null,
        complainant_email_enc: checked.email ? pii.encrypt(checked.email) : null,
        unit_id: body.unitId,
        practitioner_id: body.practitionerId ?? null,
        project_id: body.projectId ?? null,
        title: checked.title,
        content: checked.content,
        query_code_hash: codeHash,
        status: 'pending',
        submitted_at: at,
        accept_due_on: dueOn,
        decided_at: null,
        decided_by: null,
        decision_reason: null,
        answer_due_on: null,
        conclude_due_on: null,
        unit_answer: null,
        answered_at: null,
        answered_by: null,
        conclusion: null,
        handling: null,
        concluded_at: null,
        concluded_by: null,
        erased_at: null,
        ...newAuditColumns(at, null),
      })
      .execute();
    await setAttachments(trx, { type: 'complaint', id }, SLOT_ATTACHMENT, fileIds, { now: at, by: null });
    await addStep(trx, id, 'submitted', `已收到您的${kindLabel}，协会将于 ${dueOn} 前决定是否受理。`, at, null);
    const ref: ComplaintRef = { id, complaintNo: number, kind: body.kind, unitId: body.unitId, unitName, title: checked.title };
    await noticeSubmitted(trx, ref, dueOn, now);
    await logOperation(
      trx,
      request,
      {
        entity: ENTITY,
        entityId: id,
        action: 'submit',
        summary: `提交${kindLabel} ${number}：被投诉单位「${unitName}」，附件 ${fileIds.length} 个${checked.anonymous ? '（匿名）' : ''}`,
      },
      { id: null, name: checked.anonymous ? '匿名举报人' : '投诉人' },
    );
    return number;
  });
  return { complaintNo, queryCode, acceptDueOn: dueOn };
}

/**
 * The progress for the number and its query code. Every miss (a number of the wrong shape, an
 * unknown number, a wrong code) is the same answer after the same scrypt check, and every try
 * counts against the address, so that neither the answer nor its time tells which numbers exist.
 */
export async function trackComplaint(request: FastifyRequest, complaintNo: string, queryCode: string): Promise<ComplaintProgress> {
  await enforceRateLimit(request, { bucket: 'complaint-track', message: M.trackTooMany, ...TRACK_RATE_LIMIT });
  const { db } = request.server;
  const number = normaliseTrackingText(complaintNo);
  const code = normaliseTrackingText(queryCode);
  const row = new RegExp(COMPLAINT_NO_PATTERN).test(number) ? await findByNumber(db, number) : undefined;
  const matches = await verifyLoginPassword(code, row?.query_code_hash ?? null);
  if (!row || !matches) throw new BizError(M.trackFailed, 10, 404);
  return progressOf(db, row);
}

// ---- staff's steps ---------------------------------------------------------------------------

/** The complaint for a step of staff; 404 when missing. */
async function forStaff(db: DbOrTrx, id: string): Promise<ComplaintJoinedRow> {
  const row = await findComplaint(db, id);
  if (!row) throw errors.notFound(NOUN);
  return row;
}

function noticeContext(request: FastifyRequest, stamp: Stamp) {
  return { now: stamp.at, pii: request.server.pii, publicUrl: request.server.appConfig.publicUrl };
}

export async function acceptComplaint(request: FastifyRequest, user: AuthUser, id: string, body: ComplaintAcceptBody): Promise<void> {
  const { db } = request.server;
  const row = await forStaff(db, id);
  if (row.status !== 'pending') throw new BizError(M.notPending);
  assertVersion(row.version, body.version);
  const note = trimmed(body.note);
  const stamp = stampOf(request, user);
  const today = beijingDay(stamp.at);
  const answerDue = answerDueOn(today);
  const concludeDue = concludeDueOn(today);
  const ref = refOf(row);
  const kindLabel = COMPLAINT_KIND_LABELS[row.kind];
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'complaints',
      id,
      body.version,
      { status: 'accepted', decided_at: stamp.now, decided_by: user.id, decision_reason: note, answer_due_on: answerDue, conclude_due_on: concludeDue },
      stamp,
    );
    await addStep(trx, id, 'accepted', note ?? `协会已受理您的${kindLabel}，并已通知被投诉单位于 ${answerDue} 前书面说明情况。`, stamp.now, user.id);
    await noticeAcceptedToUnit(trx, ref, answerDue, stamp.at);
    await noticeComplainant(
      trx,
      ref,
      complainantOf(row),
      { step: 'accepted', words: '已受理', detail: `协会已受理，已通知被投诉单位于 ${answerDue} 前书面说明情况，将于 ${concludeDue} 前办结。${note ? `受理说明：${note}` : ''}` },
      noticeContext(request, stamp),
    );
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'accept', summary: `受理${named(row)}（被投诉单位「${row.unit_name}」），申辩期限 ${answerDue}` });
  });
}

export async function declineComplaint(request: FastifyRequest, user: AuthUser, id: string, body: ComplaintDeclineBody): Promise<void> {
  const { db } = request.server;
  const reason = trimmed(body.reason);
  if (!reason) throw new BizError(M.declineReasonRequired);
  const row = await forStaff(db, id);
  if (row.status !== 'pending') throw new BizError(M.notPending);
  assertVersion(row.version, body.version);
  const stamp = stampOf(request, user);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'complaints', id, body.version, { status: 'declined', decided_at: stamp.now, decided_by: user.id, decision_reason: reason }, stamp);
    await addStep(trx, id, 'declined', `不予受理。理由：${reason}`, stamp.now, user.id);
    // The unit is not told: it never learns of a complaint the association did not take up.
    await noticeComplainant(trx, refOf(row), complainantOf(row), { step: 'declined', words: '不予受理', detail: `不予受理的理由：${reason}` }, noticeContext(request, stamp));
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'decline', summary: `不予受理${named(row)}：${reason}` });
  });
}

export async function concludeComplaint(request: FastifyRequest, user: AuthUser, id: string, body: ComplaintConcludeBody): Promise<void> {
  const { db } = request.server;
  const handling = trimmed(body.handling);
  if (!handling) throw new BizError(M.handlingRequired);
  const row = await forStaff(db, id);
  const stamp = stampOf(request, user);
  const today = beijingDay(stamp.at);
  if (row.status === 'accepted' && !concludable(row, today)) throw new BizError(M.concludeWaiting);
  if (!concludable(row, today)) throw new BizError(M.notConcludable);
  assertVersion(row.version, body.version);
  const label = COMPLAINT_CONCLUSION_LABELS[body.conclusion];
  const ref = refOf(row);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'complaints',
      id,
      body.version,
      { status: 'concluded', conclusion: body.conclusion, handling, concluded_at: stamp.now, concluded_by: user.id },
      stamp,
    );
    await addStep(trx, id, 'concluded', `办理结论：${label}。处理结果：${handling}`, stamp.now, user.id);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'conclude', summary: `办结${named(row)}（被投诉单位「${row.unit_name}」）：${label}` });
    // An upheld complaint is a bad-conduct event of the unit, once, with the complaint as its source.
    if (body.conclusion !== 'rejected') {
      await recordAutomaticEvent(
        trx,
        {
          kind: body.conclusion === 'upheld' ? 'complaint_upheld' : 'complaint_partly',
          sourceType: 'complaint',
          sourceId: id,
          unitId: row.unit_id,
          occurredOn: today,
          description: `${named(row)}经查${label}：${row.title}`,
          actorId: user.id,
          now: stamp.now,
        },
        { log: (entry) => logOperation(trx, request, entry) },
      );
    }
    await noticeConcludedToUnit(trx, ref, label, handling, stamp.at);
    await noticeComplainant(trx, ref, complainantOf(row), { step: 'concluded', words: '已办结', detail: `办理结论：${label}。处理结果：${handling}` }, noticeContext(request, stamp));
  });
}

const REVEAL_LABELS = { phone: '手机号码', email: '电子邮箱' } as const;

/** The whole phone or e-mail of the complainant, for staff holding complaint:reveal; written to the audit trail. */
export async function revealComplainant(request: FastifyRequest, user: AuthUser, id: string, body: ComplaintRevealBody): Promise<ComplaintRevealResult> {
  const { db, pii } = request.server;
  const row = await forStaff(db, id);
  const label = REVEAL_LABELS[body.field];
  const stored = body.field === 'phone' ? row.complainant_phone_enc : row.complainant_email_enc;
  if (!stored) throw new BizError(M.nothingToReveal);
  const { value, damaged } = readPii(pii, stored);
  if (damaged) throw new BizError(`该投诉举报的${label}数据已损坏，无法解密，请联系管理员`);
  await db.transaction().execute(async (trx) => {
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'reveal', summary: `查看${named(row)}投诉人的完整${label}` }, { id: user.id, name: user.name });
  });
  return { field: body.field, value };
}

// ---- the unit's step -------------------------------------------------------------------------

/** The unit's written answer (申辩) with its files, by the answer's last day, once. */
export async function replyToComplaint(request: FastifyRequest, user: AuthUser, id: string, body: ComplaintReplyBody): Promise<void> {
  const { db } = request.server;
  const row = await visibleComplaint(db, user, id);
  const now = request.server.clock();
  const today = beijingDay(now);
  if (row.status !== 'accepted') throw new BizError(row.status === 'answered' ? '本单位已提交书面申辩，不能重复提交' : M.notAnswerable);
  if (!answerOpen(row, today)) throw new BizError(M.answerLate);
  const answer = trimmed(body.answer);
  if (!answer) throw new BizError(M.answerRequired);
  assertVersion(row.version, body.version);
  const fileIds = body.fileIds ?? [];
  await assertAttachable(db, user, now, fileIds, '申辩材料');
  const stamp = stampOf(request, user);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'complaints', id, body.version, { status: 'answered', unit_answer: answer, answered_at: stamp.now, answered_by: user.id }, stamp);
    await setAttachments(trx, { type: 'complaint', id }, SLOT_ANSWER, fileIds, stamp);
    await addStep(trx, id, 'answered', '被投诉单位已提交书面申辩，协会正在调查核实。', stamp.now, user.id);
    await noticeAnswered(trx, refOf(row), stamp.at);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'reply', summary: `${row.unit_name}对${named(row)}提交书面申辩，材料 ${fileIds.length} 个` });
  });
}
