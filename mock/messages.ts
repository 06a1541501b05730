/**
 * msw handlers for the caller's messages (/messages), stateful like the server: each fixture
 * account has its own box (superAdmin and memberUnit start with a few), the list's unread and
 * kind filters, the bell's summary, marking one (someone else's id: 404) or all read.
 *
 * `resetMessagesMock()` (through `resetMockState()`, after each test) restores the fixtures.
 *
 *   messagesDb.boxes.get(superAdmin.user.userId)   // the messages as they stand now
 */
import { http, type HttpHandler } from 'msw';
import { MESSAGE_SUMMARY_SIZE, type MessageRecord } from '@common/schemas/messages';
import { memberUnit, superAdmin } from './fixtures';
import { apiPath, authenticate, done, matching, notFound, pageOf } from './kit';

function fixtures(): Map<string, MessageRecord[]> {
  return new Map([
    [
      superAdmin.user.userId,
      [
        { id: 'msg-a3', kind: 'submission', title: '新的入会申请：润和社会治理咨询有限公司', body: '请在业务审核中审核该单位的入会申请。', link: '/Manage/business-audit?kind=registration', createdAt: '2026-11-20T02:00:00.000Z', readAt: null },
        { id: 'msg-a2', kind: 'submission', title: '从业人员登记待审核：示例社会稳定风险评估咨询有限公司', body: null, link: '/Manage/business-audit?kind=practitioner', createdAt: '2026-11-19T02:00:00.000Z', readAt: null },
        { id: 'msg-a1', kind: 'system', title: '系统维护通知', body: '本周六 22:00 起系统维护两小时。', link: null, createdAt: '2026-11-10T02:00:00.000Z', readAt: '2026-11-10T03:00:00.000Z' },
      ],
    ],
    [
      memberUnit.user.userId,
      [
        { id: 'msg-u1', kind: 'decision', title: '从业人员登记已审核通过：赵雨桐', body: '证书编号 WPRY2026001，有效期至 2029-11-19。', link: '/Manage/employee-management?keyword=%E8%B5%B5%E9%9B%A8%E6%A1%90', createdAt: '2026-11-19T06:00:00.000Z', readAt: null },
      ],
    ],
  ]);
}

export const messagesDb: { boxes: Map<string, MessageRecord[]> } = { boxes: fixtures() };

export function resetMessagesMock(): void {
  messagesDb.boxes = fixtures();
}

const boxOf = (userId: string) => {
  const box = messagesDb.boxes.get(userId) ?? [];
  messagesDb.boxes.set(userId, box);
  return box;
};
const newestFirst = (list: MessageRecord[]) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

export const messagesHandlers: HttpHandler[] = [
  http.get(apiPath('/messages/summary'), ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const box = boxOf(account.user.userId);
    return done({ unread: box.filter((m) => !m.readAt).length, latest: newestFirst(box).slice(0, MESSAGE_SUMMARY_SIZE) });
  }),

  http.get(apiPath('/messages'), ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const q = new URL(request.url).searchParams;
    const list = newestFirst(boxOf(account.user.userId)).filter(
      matching<MessageRecord>(q, {
        // true: unread only; false: read only; anything else: all.
        unread: (m, unread) => (unread === 'true' ? !m.readAt : unread === 'false' ? !!m.readAt : true),
        kind: 'kind',
      }),
    );
    return done(pageOf(list, q));
  }),

  http.post(apiPath('/messages/read-all'), ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const now = new Date().toISOString();
    let count = 0;
    for (const m of boxOf(account.user.userId)) {
      if (!m.readAt) {
        m.readAt = now;
        count += 1;
      }
    }
    return done({ count }, count ? `已将 ${count} 条消息标为已读` : '没有未读消息');
  }),

  http.post(apiPath('/messages/:id/read'), ({ request, params }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const message = boxOf(account.user.userId).find((m) => m.id === params.id);
    if (!message) return notFound('消息');
    message.readAt ??= new Date().toISOString();
    return done(null, '已标为已读');
  }),
];
