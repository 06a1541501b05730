/**
 * What each step of a complaint tells whom, in the step's transaction:
 *
 * - staff holding complaint:handle: a new complaint to accept or decline, the unit's answer;
 * - the unit complained about: the acceptance (what it is about and by when to answer) and the
 *   conclusion, as decisions (so also by e-mail and SMS where 审核结果通知 says so). It is never
 *   told of a complaint that is declined, nor who complained;
 * - the complainant, who has no account: the acceptance, the refusal and the conclusion by SMS
 *   and e-mail through the rule 投诉办理进度通知 (code complaint_progress, 通知设置), to the phone
 *   and e-mail given with the complaint. An anonymous 举报 gave none: nothing is queued.
 */
import { COMPLAINT_KIND_LABELS, type ComplaintKind } from '@common/credit';
import type { DbOrTrx, MessageKind } from '../../db/types';
import { enqueueNotice } from '../../notifications';
import { notifyStaffWith, notifyUnit } from '../../notify';
import { readPii, type FieldCipher } from '../../pii';
import { complaintLink } from './queries';

export const PROGRESS_RULE = 'complaint_progress';
/** Where the complainant follows the complaint (src/pages/FrontPage/complaint). */
export const TRACK_PAGE = '/FrontPage/complaint';

export interface ComplaintRef {
  id: string;
  complaintNo: string;
  kind: ComplaintKind;
  unitId: string;
  unitName: string;
  title: string;
}

const about = (c: ComplaintRef) => ({ link: complaintLink(c.id), subjectType: 'complaint', subjectId: c.id });
const kindOf = (c: ComplaintRef) => COMPLAINT_KIND_LABELS[c.kind];

async function toUnit(trx: DbOrTrx, c: ComplaintRef, kind: MessageKind, title: string, body: string | null, at: Date): Promise<void> {
  await notifyUnit(trx, c.unitId, { kind, title, body, ...about(c) }, at);
}

export async function noticeSubmitted(trx: DbOrTrx, c: ComplaintRef, acceptDueOn: string, at: Date): Promise<void> {
  await notifyStaffWith(
    trx,
    'complaint:handle',
    { kind: 'submission', title: `新的${kindOf(c)}待受理：${c.complaintNo}`, body: `被投诉单位：${c.unitName}；标题：${c.title}。请于 ${acceptDueOn} 前决定是否受理。`, ...about(c) },
    at,
  );
}

export async function noticeAcceptedToUnit(trx: DbOrTrx, c: ComplaintRef, answerDueOn: string, at: Date): Promise<void> {
  await toUnit(
    trx,
    c,
    'decision',
    `收到${kindOf(c)}（${c.complaintNo}），请于 ${answerDueOn} 前书面申辩`,
    `协会已受理对本单位的${kindOf(c)}「${c.title}」。请在「投诉申辩」中查看内容，于 ${answerDueOn} 前提交书面申辩及证明材料；逾期未申辩的，协会将依据查明的事实办结。`,
    at,
  );
}

export async function noticeAnswered(trx: DbOrTrx, c: ComplaintRef, at: Date): Promise<void> {
  await notifyStaffWith(trx, 'complaint:handle', { kind: 'submission', title: `被投诉单位已书面申辩，待办结：${c.complaintNo}`, body: `${c.unitName}：${c.title}`, ...about(c) }, at);
}

export async function noticeConcludedToUnit(trx: DbOrTrx, c: ComplaintRef, conclusionLabel: string, handling: string, at: Date): Promise<void> {
  await toUnit(trx, c, 'decision', `${kindOf(c)}（${c.complaintNo}）已办结：${conclusionLabel}`, `处理结果：${handling}`, at);
}

/** The complainant's addresses as stored with the complaint (encrypted), and the name. */
export interface Complainant {
  name: string | null;
  phoneEnc: string | null;
  emailEnc: string | null;
}

/** The tracking page's address, in full when the site's public address is known (PUBLIC_URL). */
function trackingAddress(publicUrl: string | null, complaintNo: string): string {
  const path = `${TRACK_PAGE}?no=${encodeURIComponent(complaintNo)}`;
  return publicUrl ? `${publicUrl}${path}` : `协会网站「投诉举报」页面（${path}）`;
}

/**
 * Queues the complainant's notice of one step (`step`: 已受理, 不予受理, 已办结), once per step
 * (the reference holds the step). Nothing for an anonymous 举报 or after the retention rule
 * erased the addresses.
 */
export async function noticeComplainant(
  trx: DbOrTrx,
  c: ComplaintRef,
  who: Complainant,
  notice: { step: 'accepted' | 'declined' | 'concluded'; words: string; detail: string },
  context: { now: Date; pii: FieldCipher; publicUrl: string | null },
): Promise<void> {
  const phone = readPii(context.pii, who.phoneEnc).value;
  const email = readPii(context.pii, who.emailEnc).value;
  if (!phone && !email) return;
  await enqueueNotice(
    trx,
    {
      rule: PROGRESS_RULE,
      reference: `complaint:${c.id}:${notice.step}`,
      about: { type: 'complaint', id: c.id, date: null },
      recipients: [{ type: 'person', key: `complaint:${c.id}`, name: who.name ?? '投诉人', phone, email }],
      params: { complaintNo: c.complaintNo, step: notice.words, detail: notice.detail, queryUrl: trackingAddress(context.publicUrl, c.complaintNo) },
    },
    { now: context.now, pii: context.pii },
  );
}
