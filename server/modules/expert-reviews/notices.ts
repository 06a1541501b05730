/**
 * What each step of a review leaves in people's message boxes (server/notify), in the step's
 * transaction. None names an expert: a unit's account must never learn the panel, and staff
 * read the names (if they may) on the task itself. The experts have no account; staff reach them.
 *
 * - the unit: a review opened for its project, the panel drawn (how many, when), the review
 *   closed (score and conclusion), cancelled, its revision confirmed or returned;
 * - staff: a task waiting for a draw (review:draw), a draw done and answers to collect
 *   (review:manage), backups used up (review:draw, 补抽), every seat confirmed (review:score),
 *   a sheet sent through an expert's link, the unit's comment and revision (review:manage).
 */
import { REVIEW_CONCLUSION_LABELS, type ReviewConclusion } from '@common/expertReview';
import type { PermissionCode } from '@common/permissions';
import type { DbOrTrx, MessageKind } from '../../db/types';
import { noticeExpertsInvited, type InvitedSeat } from '../../notifications';
import { notifyStaffWith, notifyUnit } from '../../notify';
import type { FieldCipher } from '../../pii';
import { taskLink } from '../../quality/tasks';
import type { TaskJoinedRow } from './queries';

export interface TaskRef {
  id: string;
  unitId: string;
  projectName: string;
}

const about = (task: TaskRef) => ({ link: taskLink(task.id), subjectType: 'review_task', subjectId: task.id });

async function toUnit(trx: DbOrTrx, task: TaskRef, kind: MessageKind, title: string, body: string | null, at: Date): Promise<void> {
  await notifyUnit(trx, task.unitId, { kind, title, body, ...about(task) }, at);
}

async function toStaff(trx: DbOrTrx, code: PermissionCode, task: TaskRef, kind: MessageKind, title: string, body: string | null, at: Date): Promise<void> {
  await notifyStaffWith(trx, code, { kind, title, body, ...about(task) }, at);
}

/**
 * The experts just invited (a round's seats, or a backup moved up): each gets the time, place
 * and how to confirm by e-mail and SMS (server/notifications/expertDrawn.ts, rule 专家抽中通知),
 * one notice per seat. The standby backups are not told until they are moved up.
 */
export async function noticeInvitedExperts(trx: DbOrTrx, row: TaskJoinedRow, seats: readonly InvitedSeat[], context: { now: Date; pii: FieldCipher }): Promise<void> {
  if (seats.length === 0) return;
  await noticeExpertsInvited(
    trx,
    { task: { id: row.id, projectName: row.project_name, reviewOn: row.review_on, reviewTime: row.review_time, place: row.place, online: !!row.online }, seats },
    context,
  );
}

export async function noticeTaskOpened(trx: DbOrTrx, task: TaskRef, reasonLabel: string, reviewOn: string, at: Date): Promise<void> {
  await toUnit(trx, task, 'system', `项目「${task.projectName}」将进行专家评审`, `评审原因：${reasonLabel}；评审日期：${reviewOn}。评审专家由协会从专家库中随机抽取，结束前不公开。`, at);
  await toStaff(trx, 'review:draw', task, 'submission', `新的评审任务待抽取专家：${task.projectName}`, `评审日期：${reviewOn}`, at);
}

export async function noticeDrawn(trx: DbOrTrx, task: TaskRef, round: number, panelCount: number, at: Date): Promise<void> {
  await toUnit(trx, task, 'system', `项目「${task.projectName}」的评审专家已抽取`, `已抽取评审专家 ${panelCount} 名（第 ${round} 轮）。专家名单在评审结束前不公开。`, at);
  await toStaff(trx, 'review:manage', task, 'submission', `评审专家已抽取，请联系专家确认：${task.projectName}`, `第 ${round} 轮抽取评审专家 ${panelCount} 名。`, at);
}

export async function noticeBackupsUsedUp(trx: DbOrTrx, task: TaskRef, vacant: number, at: Date): Promise<void> {
  await toStaff(trx, 'review:draw', task, 'submission', `备选专家已用完，需要补抽：${task.projectName}`, `空缺评审专家席位 ${vacant} 个。`, at);
}

export async function noticeAllConfirmed(trx: DbOrTrx, task: TaskRef, at: Date): Promise<void> {
  await toStaff(trx, 'review:score', task, 'submission', `评审专家已全部确认，评审后请录入评分表：${task.projectName}`, null, at);
}

export async function noticeSheetThroughLink(trx: DbOrTrx, task: TaskRef, label: string, at: Date): Promise<void> {
  await toStaff(trx, 'review:manage', task, 'submission', `${label}已通过评分链接提交评分表：${task.projectName}`, null, at);
}

export async function noticeClosed(trx: DbOrTrx, task: TaskRef, score: number, conclusion: ReviewConclusion, at: Date, replacedByStaff = 0): Promise<void> {
  const revise = conclusion === 'revise' ? '请按专家意见修改评估报告后，在评审管理中提交修改稿。' : '';
  // The unit learns that the score rests on sheets staff replaced (the reasons are on the task's page).
  const replaced = replacedByStaff ? `其中 ${replacedByStaff} 份评分表由协会工作人员替换，原评分表和原因见评审记录。` : '';
  await toUnit(trx, task, 'decision', `项目「${task.projectName}」的评审已结束：${REVIEW_CONCLUSION_LABELS[conclusion]}`, `评审得分 ${score} 分，结论：${REVIEW_CONCLUSION_LABELS[conclusion]}。${replaced}${revise}`, at);
}

export async function noticeCancelled(trx: DbOrTrx, task: TaskRef, reason: string, at: Date): Promise<void> {
  await toUnit(trx, task, 'decision', `项目「${task.projectName}」的评审已取消`, `原因：${reason}`, at);
}

export async function noticeUnitComment(trx: DbOrTrx, task: TaskRef, at: Date): Promise<void> {
  await toStaff(trx, 'review:manage', task, 'submission', `评估单位对评审结果提出了意见：${task.projectName}`, null, at);
}

export async function noticeRevisionSubmitted(trx: DbOrTrx, task: TaskRef, at: Date): Promise<void> {
  await toStaff(trx, 'review:manage', task, 'submission', `修改后的评估报告待确认：${task.projectName}`, null, at);
}

export async function noticeRevisionDecided(trx: DbOrTrx, task: TaskRef, confirmed: boolean, comment: string | null, at: Date): Promise<void> {
  await toUnit(
    trx,
    task,
    'decision',
    confirmed ? `修改后的评估报告已确认：${task.projectName}` : `修改后的评估报告被退回：${task.projectName}`,
    comment ? `${confirmed ? '意见' : '原因'}：${comment}` : null,
    at,
  );
}
