/**
 * Notices that reach people: e-mail and SMS beside the in-site messages, sent by rules with a
 * delivery record per recipient and channel (README "Notifications"). What other code uses:
 *
 * - `enqueueNotice(trx, { rule, reference, recipients, params }, { now, pii })`: queue an event's
 *   notice in the step's transaction (./enqueue.ts); `noticeExpertsInvited` for drawn experts
 *   (./expertDrawn.ts), `noticeSheetReplaced` for an expert whose sheet staff replaced
 *   (./sheetReplaced.ts); decisions are queued by server/notify itself (./decisions.ts).
 * - `NotificationService`: the scanner and the sender loops (./service.ts), started by server/jobs.ts.
 *
 * Named apart from the notices module (modules/notices: 通知公告, published articles).
 */
export { enqueueNotice, type EnqueueRequest, type EnqueueResult } from './enqueue';
export { noticeExpertsInvited, type InvitedSeat, type ReviewInvitation } from './expertDrawn';
export { noticeSheetReplaced, type SheetReplacement } from './sheetReplaced';
export type { NoticeRecipient } from './recipients';
export { channelsFromConfig, NotificationService, type NotificationServiceHost } from './service';
export type { DueNotice, DueNoticeFinder, DueNoticeFinders } from './scanner';
