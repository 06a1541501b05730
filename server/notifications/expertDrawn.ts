/**
 * The notice to an expert who was drawn for a review (or moved up from the backups): the
 * project, the time and place, and how to confirm. Experts have no account, so it goes by e-mail
 * and SMS (rule `expert_drawn`, 通知设置). One notice per seat: a seat is one invitation, so a
 * redraw's or a 补抽's new seats are new notices and a seat is never notified twice.
 *
 * Call it in the step's transaction, with the seats just invited (not the standby backups):
 *
 *   await noticeExpertsInvited(trx, {
 *     task: { id, projectName, reviewOn, reviewTime, place, online },
 *     seats: [{ id: seatId, expertId, answerDeadline }],
 *   }, { now: stamp.at, pii: request.server.pii });
 */
import type { DbOrTrx } from '../db/types';
import { beijingTime } from '../excel';
import type { FieldCipher } from '../pii';
import { enqueueNotice } from './enqueue';

export const EXPERT_DRAWN_RULE = 'expert_drawn';

export interface InvitedSeat {
  id: string;
  expertId: string;
  /** ISO instant by which the expert should answer (shown in Beijing time). */
  answerDeadline: string | null;
}

export interface ReviewInvitation {
  task: {
    id: string;
    projectName: string;
    reviewOn: string;
    reviewTime?: string | null;
    place?: string | null;
    online?: boolean;
  };
  seats: readonly InvitedSeat[];
  /** How to confirm; the association's phone from 联系我们 when left out. */
  contact?: string;
}

/** The contact page's phone (site_pages 'contact', common/schemas/sitePages.ts SitePageData), or null. */
export async function associationPhone(db: DbOrTrx): Promise<string | null> {
  const page = await db.selectFrom('site_pages').select('data').where('key', '=', 'contact').executeTakeFirst();
  if (!page) return null;
  let data: unknown;
  try {
    data = JSON.parse(page.data);
  } catch {
    return null;
  }
  const phone = typeof data === 'object' && data !== null && 'phone' in data ? data.phone : null;
  return typeof phone === 'string' && phone.trim() ? phone.trim() : null;
}

/** Queues one notice per invited seat; returns the delivery rows written. */
export async function noticeExpertsInvited(trx: DbOrTrx, invitation: ReviewInvitation, context: { now: Date; pii?: FieldCipher }): Promise<number> {
  const { task } = invitation;
  const phone = invitation.contact ? null : await associationPhone(trx);
  const contact = invitation.contact ?? (phone ? `请回复本邮件或致电协会秘书处 ${phone}` : '请回复本邮件或联系协会秘书处');
  let created = 0;
  for (const seat of invitation.seats) {
    const result = await enqueueNotice(
      trx,
      {
        rule: EXPERT_DRAWN_RULE,
        reference: `review_seat:${seat.id}`,
        about: { type: 'review_task', id: task.id, date: task.reviewOn },
        recipients: [{ type: 'expert', id: seat.expertId }],
        params: {
          projectName: task.projectName,
          reviewOn: task.reviewOn,
          reviewTime: task.reviewTime ?? '',
          place: task.online ? '线上' : (task.place ?? '另行通知'),
          answerDeadline: seat.answerDeadline ? beijingTime(seat.answerDeadline) : '尽快',
          contact,
        },
      },
      context,
    );
    created += result.created;
  }
  return created;
}
