/**
 * An expert's personal link to their score sheet, without an account: staff who read the panel
 * (review:manage and review:draw:view) make it for a confirmed panel member (POST /review-tasks/:id/links); it holds a random token of 32 bytes
 * (only its SHA-256 is stored, the token is shown once), works until the review closes (or a new
 * link replaces it), and opens the task's essentials and the expert's own sheet through
 * POST /public/review-links/view and /sheet. The token travels in the page address's fragment
 * and then in a request body, never in a URL a server logs. A wrong, replaced or expired token is
 * one answer ("链接无效或已失效"), so the answer tells nothing about which tokens exist; the
 * routes are rate-limited per address.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ExpertLinkSheetBody, ExpertLinkView, ReviewLinkAnswer, ReviewLinkBody } from '@common/schemas/reviewTasks';
import { API_BASE } from '@common/schemas/common';
import type { AuthUser } from '../../security/user';
import { attachmentsOf } from '../../content/files';
import { assertVersion, updateWithVersion } from '../../db/versioned';
import type { DbOrTrx } from '../../db/types';
import { BizError } from '../../http/errors';
import { enforceRateLimit } from '../../http/rateLimit';
import { logOperation } from '../../oplog';
import { UrlSigner, loadLinkKey } from '../../files/signedUrls';
import { stampOf } from '../../workflow/stamp';
import { noticeSheetThroughLink } from './notices';
import { findTask, namesVisible, seatLabel, type TaskJoinedRow } from './queries';
import { parseRubric, storedScores } from '../../quality/rubric';
import { addEvent, ENTITY, openTask, scoringSeat, taskRefOf, writeSheet } from './service';

/** The page the link opens; the token follows '#'. */
export const LINK_PAGE = '/expert-review-sheet';
const REPORT_SLOT = 'report';

export const LINK_MESSAGES = {
  invalid: '链接无效或已失效，请联系协会工作人员',
  tooOften: '操作过于频繁，请稍后再试',
  notScoring: '评审尚未开始评分，暂不能提交评分表',
  sealed: '评审结束前专家名单保密：评分链接只能由有“查看抽取结果”权限的人员生成',
} as const;

/** How often one address may use the links (view and submit together). */
export const LINK_RATE_LIMIT = { limit: 30, windowMinutes: 10 } as const;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export async function createLink(request: FastifyRequest, user: AuthUser, id: string, body: ReviewLinkBody): Promise<ReviewLinkAnswer> {
  const { db } = request.server;
  const row = await openTask(db, id);
  // Whoever holds a link reads the expert's name through it and may send a sheet as them: only
  // staff who read the panel anyway make one (queries.ts namesVisible, the sealing rule).
  if (!namesVisible(user, row.status)) throw new BizError(LINK_MESSAGES.sealed, 10, 403);
  const seat = await scoringSeat(db, row, body.seatId);
  assertVersion(Number(row.version), body.version);
  const stamp = stampOf(request, user);
  const token = randomBytes(32).toString('base64url');
  const label = seatLabel(seat);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'review_tasks', id, body.version, {}, stamp);
    // One live link per seat: a new one replaces the old.
    await trx.updateTable('review_links').set({ revoked_at: stamp.now }).where('seat_id', '=', seat.id).where('revoked_at', 'is', null).execute();
    await trx
      .insertInto('review_links')
      .values({ id: randomUUID(), task_id: id, seat_id: seat.id, expert_id: seat.expert_id, token_hash: hashOf(token), created_at: stamp.now, created_by: user.id, revoked_at: null, last_used_at: null })
      .execute();
    await addEvent(trx, id, stamp, user, 'link', `生成${label}的评分链接`, seat.id);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'link', summary: `生成项目「${row.project_name}」评审${label}的评分链接` });
  });
  return { token, path: `${LINK_PAGE}#${token}`, validUntilClose: true };
}

interface LinkTarget {
  linkId: string;
  task: TaskJoinedRow;
  seatId: string;
  expertId: string;
}

/** The link's task and seat, if the token opens one now; otherwise the one refusal. */
async function openLink(request: FastifyRequest, token: string): Promise<LinkTarget> {
  await enforceRateLimit(request, { bucket: 'review-link', message: LINK_MESSAGES.tooOften, ...LINK_RATE_LIMIT });
  const { db } = request.server;
  const link = await db
    .selectFrom('review_links as l')
    .innerJoin('review_seats as s', 's.id', 'l.seat_id')
    .select(['l.id', 'l.task_id', 'l.seat_id', 'l.expert_id', 'l.revoked_at', 's.status'])
    .where('l.token_hash', '=', hashOf(token))
    .executeTakeFirst();
  const task = link ? await findTask(db, link.task_id) : undefined;
  if (!link || link.revoked_at !== null || link.status !== 'confirmed' || !task || (task.status !== 'scoring' && task.status !== 'confirming')) {
    throw new BizError(LINK_MESSAGES.invalid, 10, 404);
  }
  return { linkId: link.id, task, seatId: link.seat_id, expertId: link.expert_id };
}

async function reportsOf(request: FastifyRequest, db: DbOrTrx, projectId: string, now: Date): Promise<ExpertLinkView['reports']> {
  const files = (await attachmentsOf(db, 'project', [projectId], REPORT_SLOT)).get(projectId) ?? [];
  if (files.length === 0) return [];
  const signer = new UrlSigner(await loadLinkKey(request.server.appConfig, request.server.db));
  return files.map((f) => {
    const { exp, sig } = signer.sign('download', f.file_id, now);
    return { name: f.original_name, size: Number(f.size), url: `${API_BASE}/file/download/${f.file_id}?exp=${exp}&sig=${sig}` };
  });
}

export async function viewThroughLink(request: FastifyRequest, token: string): Promise<ExpertLinkView> {
  const { db } = request.server;
  const target = await openLink(request, token);
  const { task } = target;
  const now = request.server.clock();
  const [expert, seat, sheet] = await Promise.all([
    db.selectFrom('experts').select('name').where('id', '=', target.expertId).executeTakeFirstOrThrow(),
    db.selectFrom('review_seats').selectAll().where('id', '=', target.seatId).executeTakeFirstOrThrow(),
    db.selectFrom('review_sheets').selectAll().where('seat_id', '=', target.seatId).executeTakeFirst(),
  ]);
  await db.updateTable('review_links').set({ last_used_at: now.toISOString() }).where('id', '=', target.linkId).execute();
  const rubric = parseRubric(task.rubric);
  return {
    expertName: expert.name,
    label: seatLabel(seat),
    project: { name: task.project_name, code: task.project_code, unitName: task.unit_name, client: task.project_client, type: task.project_type, riskLevel: task.project_risk_level },
    reviewOn: task.review_on,
    reviewTime: task.review_time,
    place: task.place,
    online: Number(task.online) === 1,
    rubric,
    reports: await reportsOf(request, db, task.project_id, now),
    sheet: sheet
      ? { scores: storedScores(rubric, sheet.scores), total: Number(sheet.total), comments: sheet.comments, conclusion: sheet.conclusion, submittedAt: sheet.submitted_at }
      : null,
    canSubmit: task.status === 'scoring',
  };
}

export async function submitThroughLink(request: FastifyRequest, body: ExpertLinkSheetBody): Promise<void> {
  const { db } = request.server;
  const target = await openLink(request, body.token);
  const { task } = target;
  if (task.status !== 'scoring') throw new BizError(LINK_MESSAGES.notScoring);
  const seat = await scoringSeat(db, task, target.seatId);
  const expert = await db.selectFrom('experts').select('name').where('id', '=', target.expertId).executeTakeFirstOrThrow();
  const at = request.server.clock();
  const stamp = { now: at.toISOString(), by: null, at };
  const label = seatLabel(seat);
  await db.transaction().execute(async (trx) => {
    // Sending again replaces their own (or a sheet staff entered): the earlier one is kept whole.
    const { total } = await writeSheet(trx, task, seat, body, 'expert', expert.name, stamp, { by: null, byName: null, reason: null });
    // The task moves on (its version too), so that a page open on it learns of the new sheet.
    await trx.updateTable('review_tasks').set((eb) => ({ version: eb('version', '+', 1), updated_at: stamp.now })).where('id', '=', task.id).execute();
    await trx.updateTable('review_links').set({ last_used_at: stamp.now }).where('id', '=', target.linkId).execute();
    await addEvent(trx, task.id, stamp, { id: null, name: `${label}（评分链接）` }, 'sheet', `${label}通过评分链接提交评分表：总分 ${total}`, seat.id);
    await logOperation(trx, request, { entity: ENTITY, entityId: task.id, action: 'sheet', summary: `项目「${task.project_name}」评审：${label}通过评分链接提交评分表` }, { id: null, name: `${label}（评分链接）` });
    await noticeSheetThroughLink(trx, taskRefOf(task), label, at);
  });
}
