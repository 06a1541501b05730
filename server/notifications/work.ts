/**
 * The workbench's figure of notices (server/modules/workbench/staff.ts): the deliveries given up
 * or failed that nobody has resent, linking to 通知记录 filtered to them.
 */
import type { NoticeDeliveryState, NoticeWork } from '@common/schemas/notifications';
import type { DbOrTrx } from '../db/types';

/** The workbench's figure: given up and failed rows nobody has resent. */
export async function noticeWork(db: DbOrTrx): Promise<NoticeWork> {
  const rows = await db
    .selectFrom('notification_deliveries')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .where('state', 'in', ['given_up', 'failed'])
    .groupBy('state')
    .execute();
  const count = (state: NoticeDeliveryState) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { givenUp: count('given_up'), failed: count('failed'), link: '/Manage/notice-records?state=given_up' };
}
