/**
 * Sealing, walked like the authorization matrix (tests/server/authorization-matrix.test.ts): a
 * panel is drawn (with an answer, a backup moved up, a scoring link used by the expert, their
 * sheet replaced by staff, an address revealed and a notice resent by staff who may), then every GET route of the OpenAPI
 * document that reads experts, reviews, notices, messages, projects, the workbench or the logs
 * (operation logs and their export and verification included) is called, before the review
 * closes, as staff holding every code but review:draw:view, as staff holding one code each, and
 * as the units and the practitioner. No answer (JSON, or an .xlsx export's cells) may hold a
 * drawn expert's name, id, phone (whole or masked) or e-mail; the expert library's own routes,
 * which name every expert, must answer exactly as they did before the draw (no count, date or
 * anything else moved by it). Last, the other side channels by hand: the recipient filter of
 * 通知记录, the address reveal, and making a scoring link. SQLite and PostgreSQL.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, AuthType, type PermissionCode } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import type { NoticeDeliveryRecord } from '@common/schemas/notifications';
import type { ExpertLinkView, ReviewLinkAnswer, ReviewTaskDetail } from '@common/schemas/reviewTasks';
import { maskEmail, maskPhone } from '@common/validators';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { insertRole } from '../../server/security/roles';
import { routeAccessList } from '../../server/security/guard';
import { createTestApp, dialects, type TestContext } from './helpers';
import { addExperts, PROJECT_A, reviewCalls, UNIT_B } from './expert-review.helpers';
import { addAccount } from './reviewedSubject.helpers';
import type { EmailChannel } from '../../server/notifications/channels/email';
import type { SmsProvider } from '../../server/notifications/channels/smsTypes';
import { serviceOf } from './notifications.helpers';
import { ROUTE_WALK_MS } from '../waits';

/** The resources whose reads are walked (the first path segment after /api/v1/). */
const WALKED = /^\/api\/v1\/(experts|expert-draws|expert-conflicts|review-tasks|quality-samples|notice-|notices|operation-logs|messages|workbench|projects|business-audit)/;
/** The expert library's own routes: they name every expert, drawn or not; they must not move with a draw. */
const LIBRARY = /^\/api\/v1\/experts(\/|$|\?)/;

interface Caller {
  name: string;
  token: string;
}

interface Answer {
  status: number;
  text: string;
}

describe.each(dialects)('sealing across every read (%s)', (dialect) => {
  let t: TestContext;
  const callers: Caller[] = [];
  let officer = '';
  let allButDraw = '';
  let taskId = '';
  const calls = reviewCalls(() => t);
  let routes: { url: string; pageSize: boolean }[] = [];
  const before = new Map<string, Answer>();

  const fetchAnswer = async (token: string, url: string): Promise<Answer> => {
    const res = await t.app.inject({ method: 'GET', url, headers: { token } });
    if ((res.headers['content-type'] ?? '').toString().includes('spreadsheet')) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      for (const sheet of book.worksheets) sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
      return { status: res.statusCode, text: cells.join('\n') };
    }
    return { status: res.statusCode, text: res.body };
  };

  /** The addresses a route is called at: each path parameter filled with the records of this test (or an unknown id). */
  async function urlsOf(route: { url: string; pageSize: boolean }): Promise<string[]> {
    const db = t.db.kysely;
    const fill: Record<string, () => Promise<string[]>> = {
      '/api/v1/experts/:id': async () => (await calls.seats(taskId)).map((s) => s.expert_id),
      '/api/v1/review-tasks/:id': async () => [taskId],
      '/api/v1/expert-draws/:id': async () => (await db.selectFrom('expert_draws').select('id').where('task_id', '=', taskId).execute()).map((d) => d.id),
      '/api/v1/notice-deliveries/:id': async () => (await db.selectFrom('notification_deliveries').select('id').where('about_id', '=', taskId).execute()).map((d) => d.id),
      '/api/v1/notice-rules/:id': async () => (await db.selectFrom('notification_rules').select('id').where('code', '=', 'expert_drawn').execute()).map((r) => r.id),
      '/api/v1/notice-templates/:id': async () => (await db.selectFrom('notification_templates').select('id').where('code', '=', 'expert_drawn').execute()).map((r) => r.id),
      '/api/v1/projects/:id': async () => [PROJECT_A],
    };
    const prefix = Object.keys(fill).find((p) => route.url === p || route.url.startsWith(`${p}/`));
    let urls: string[];
    if (prefix) {
      const ids = await fill[prefix]();
      expect(ids.length, route.url).toBeGreaterThan(0);
      urls = ids.map((id) => route.url.replace(':id', encodeURIComponent(id)));
    } else if (route.url.includes(':')) {
      // A record of another kind: an unknown one (the answer is a refusal, searched all the same).
      urls = [route.url.replace(/:(\w+)/g, () => '00000000-0000-4000-8000-000000000000')];
    } else urls = [route.url];
    return urls.map((u) => (route.pageSize ? `${u}?pageSize=100` : u));
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    // The draw picks from this test's experts only (the others are disabled), each with a phone and an e-mail that name them.
    await t.db.kysely.updateTable('experts').set({ active: 0 }).execute();
    const ids = await addExperts(t, 'sx', 9);
    for (const [i, id] of ids.entries()) {
      await t.db.kysely
        .updateTable('experts')
        .set({ name: `封存${id}号`, phone: `1390000${String(i + 1).padStart(4, '0')}`, email: `${id}@sealed.example.cn` })
        .where('id', '=', id)
        .execute();
    }
    const now = new Date().toISOString();
    const roleOf = async (code: string, permissions: PermissionCode[]) => [await insertRole(t.db.kysely, { code, name: code, permissions }, now)];
    officer = await addAccount(t, 'seal_officer', AuthType.Staff, { roleIds: await roleOf('seal-officer', ['review:task:view', 'review:manage', 'review:draw', 'review:draw:view', 'review:score']) });
    allButDraw = await addAccount(t, 'seal_all', AuthType.Staff, { roleIds: await roleOf('seal-all', ALL_PERMISSION_CODES.filter((c) => c !== 'review:draw:view')) });
    callers.push({ name: 'every code but review:draw:view', token: allButDraw });
    for (const [i, code] of ALL_PERMISSION_CODES.filter((c) => c !== 'review:draw:view').entries()) {
      callers.push({ name: `only ${code}`, token: await addAccount(t, `seal_one_${i}`, AuthType.Staff, { roleIds: await roleOf(`seal-one-${i}`, [code]) }) });
    }
    callers.push(
      { name: 'staff without codes', token: await addAccount(t, 'seal_none', AuthType.Staff) },
      { name: 'unit A (the project’s)', token: await t.login('demo_unit', DEMO_PASSWORD, AuthType.MemberUnit) },
      { name: 'unit B', token: await addAccount(t, 'seal_unit_b', AuthType.MemberUnit, { unitId: UNIT_B }) },
      { name: 'practitioner of unit A', token: await t.login('demo_practitioner', DEMO_PASSWORD, AuthType.Practitioner) },
    );

    const spec = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
    const declared = new Map(routeAccessList(t.app).map((r) => [`${r.method} ${r.url}`, r.access]));
    routes = Object.entries(spec.paths)
      .filter(([path, ops]) => ops.get && WALKED.test(path))
      .map(([path, ops]) => ({ url: path.replace(/\{(\w+)\}/g, ':$1'), pageSize: !!ops.get?.parameters?.some((p) => p.in === 'query' && p.name === 'pageSize') }))
      .filter((r) => !declared.get(`GET ${r.url}`)?.public);

    // The library as every caller reads it before the draw.
    taskId = await calls.open(officer, { projectId: PROJECT_A, panelSize: 3, backupCount: 2, place: '协会三楼会议室' });
    for (const route of routes.filter((r) => LIBRARY.test(r.url) && !r.url.includes(':'))) {
      const url = route.pageSize ? `${route.url}?pageSize=100` : route.url;
      for (const caller of callers) before.set(`${caller.name} ${url}`, await fetchAnswer(caller.token, url));
    }
    for (const id of ids) {
      for (const caller of callers) {
        for (const url of [`/api/v1/experts/${id}`, `/api/v1/experts/${id}/conflicts`]) before.set(`${caller.name} ${url}`, await fetchAnswer(caller.token, url));
      }
    }

    // The draw, and what follows it up to scoring: a decline moving a backup up, the rest confirmed.
    const drawn = await calls.draw(officer, taskId);
    expect(drawn.body, drawn.body.message).toMatchObject({ status: 1 });
    const invited = (await calls.seats(taskId)).filter((s) => s.status === 'invited');
    expect((await calls.step(officer, taskId, 'responses', { seatId: invited[0].id, answer: 'declined', reason: '时间冲突' })).body.status).toBe(1);
    for (const seat of (await calls.seats(taskId)).filter((s) => s.status === 'invited')) {
      expect((await calls.step(officer, taskId, 'responses', { seatId: seat.id, answer: 'confirmed' })).body.status).toBe(1);
    }
    // A link made by staff who read the panel, and the expert's own sheet through it.
    const seat = (await calls.seats(taskId)).find((s) => s.status === 'confirmed' && s.seat_no === 1);
    const link = await calls.step<ReviewLinkAnswer>(officer, taskId, 'links', { seatId: seat?.id });
    expect(link.body, link.body.message).toMatchObject({ status: 1 });
    const rubric = (await calls.detail(officer, taskId)).body.data.rubric;
    const sent = await t.call('POST', 'public/review-links/sheet', { body: { token: link.body.data.token, scores: rubric.map((r) => ({ criterion: r.criterion, points: r.max })), comments: '好', conclusion: 'pass' } });
    expect(sent.body.status).toBe(1);
    // Staff replace that sheet with a reason: the expert is told (another notice naming them).
    const replaced = await calls.step(officer, taskId, 'sheets', { seatId: seat?.id, scores: rubric.map((r) => ({ criterion: r.criterion, points: 0 })), comments: '更正', conclusion: 'fail', reason: '专家来函更正评分' });
    expect(replaced.body, replaced.body.message).toMatchObject({ status: 1 });
    expect(await t.db.kysely.selectFrom('notification_deliveries').select('id').where('kind', '=', 'review_sheet_replaced').where('about_id', '=', taskId).execute()).toHaveLength(2);
    // The invitations are sent: the e-mails go, the SMS are refused with the number in the error;
    // then one is resent and its address revealed by the administrator.
    await t.db.kysely.updateTable('notification_templates').set({ sms_template_code: 'SMS_1' }).where('code', '=', 'expert_drawn').execute();
    const email: EmailChannel = { from: 'notice@assoc.example.cn', send: async () => ({ messageId: 'm', response: '250' }), close: () => undefined };
    const sms: SmsProvider = { name: 'aliyun', send: async (m) => ({ ok: false, permanent: true, error: `号码 ${m.phone} 无效` }) };
    await serviceOf(t.app, { email, sms }).sendNow();
    const admin = await t.adminToken();
    const delivery = await t.db.kysely.selectFrom('notification_deliveries').select(['id', 'state', 'last_error']).where('about_id', '=', taskId).where('kind', '=', 'expert_drawn').where('channel', '=', 'sms').orderBy('id').executeTakeFirstOrThrow();
    expect(delivery.state).toBe('failed');
    const revealed = await t.call<{ value: string }>('POST', `notice-deliveries/${delivery.id}/reveal`, { token: admin });
    expect(revealed.body.data.value).toMatch(/^1390000/);
    expect((await t.call('POST', `notice-deliveries/${delivery.id}/resend`, { token: admin })).body.status).toBe(1);
  });
  afterAll(async () => t?.close());

  /** Everything that names an expert of this test (drawn or not: none of them may show outside the library). */
  async function identifiers(): Promise<string[]> {
    const experts = await t.db.kysely.selectFrom('experts').select(['id', 'name', 'phone', 'email']).where('id', 'like', 'sx-expert-%').execute();
    return experts.flatMap((e) => [e.id, e.name, e.phone ?? '', maskPhone(e.phone ?? ''), e.email ?? '', maskEmail(e.email ?? '')]).filter((x) => x.length > 3);
  }

  it('no read names the drawn panel before closing, to any caller short of review:draw:view', async () => {
    const names = await identifiers();
    const drawnIds = new Set((await calls.seats(taskId)).map((s) => s.expert_id));
    expect(drawnIds.size).toBe(5);
    const leaks: string[] = [];
    const failures: string[] = [];
    let walked = 0;
    for (const route of routes) {
      for (const url of await urlsOf(route)) {
        for (const caller of callers) {
          const answer = await fetchAnswer(caller.token, url);
          walked += 1;
          if (answer.status >= 500 || answer.status === 400) failures.push(`${url} as ${caller.name}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
          if (LIBRARY.test(url)) {
            const earlier = before.get(`${caller.name} ${url}`);
            if (!earlier) failures.push(`${url} as ${caller.name}: no answer from before the draw`);
            else if (earlier.status !== answer.status || earlier.text !== answer.text) leaks.push(`${url} as ${caller.name}: changed by the draw`);
            continue;
          }
          const found = names.filter((n) => answer.text.includes(n));
          if (found.length) leaks.push(`${url} as ${caller.name}: ${found.join(', ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(leaks).toEqual([]);
    expect(walked).toBeGreaterThan(routes.length * callers.length);
    // The walk would see it: the same reads name the panel to staff who hold the code.
    const control = await fetchAnswer(officer, `/api/v1/review-tasks/${taskId}`);
    expect(names.some((n) => control.text.includes(n))).toBe(true);
    const admin = await t.adminToken();
    const records = await fetchAnswer(admin, '/api/v1/notice-deliveries?pageSize=100');
    expect(names.some((n) => records.text.includes(n))).toBe(true);
    const library = await t.call<Page<{ id: string; reviewsThisYear: number }>>('GET', 'experts?pageSize=100', { token: admin });
    expect(library.body.data.list.filter((e) => drawnIds.has(e.id) && e.reviewsThisYear > 0).length).toBeGreaterThan(0);
  }, ROUTE_WALK_MS);

  it('通知记录: a drawn expert is not found by name or phone, and their address is not revealed', async () => {
    const seats = await calls.seats(taskId);
    const expert = await t.db.kysely.selectFrom('experts').select(['name', 'phone']).where('id', '=', seats[0].expert_id).executeTakeFirstOrThrow();
    for (const recipient of [expert.name, expert.phone ?? '']) {
      const found = await t.call<Page<NoticeDeliveryRecord>>('GET', `notice-deliveries?recipient=${encodeURIComponent(recipient)}`, { token: allButDraw });
      expect(found.body.data.total, recipient).toBe(0);
      const admin = await t.call<Page<NoticeDeliveryRecord>>('GET', `notice-deliveries?recipient=${encodeURIComponent(recipient)}`, { token: await t.adminToken() });
      expect(admin.body.data.total, recipient).toBeGreaterThan(0);
    }
    const delivery = await t.db.kysely.selectFrom('notification_deliveries').select('id').where('about_id', '=', taskId).where('address_enc', 'is not', null).executeTakeFirstOrThrow();
    const record = await t.call<NoticeDeliveryRecord>('GET', `notice-deliveries/${delivery.id}`, { token: allButDraw });
    expect(record.body.data).toMatchObject({ recipientId: null, address: null, recipientName: '评审专家（评审结束前不公开）' });
    expect(record.body.data.actions).not.toContain('reveal');
    const reveal = await t.call('POST', `notice-deliveries/${delivery.id}/reveal`, { token: allButDraw });
    expect(reveal.statusCode).toBe(403);
    expect(reveal.body.message).toContain('评审结束前');
  });

  it('a scoring link is made only by staff who read the panel', async () => {
    const seat = (await calls.seats(taskId)).find((s) => s.status === 'confirmed' && s.seat_no === 2);
    const sealedDetail: ReviewTaskDetail = (await calls.detail(allButDraw, taskId)).body.data;
    expect(sealedDetail.actions).not.toContain('link');
    expect(sealedDetail.seats.flatMap((s) => s.actions)).not.toContain('link');
    const refused = await calls.step<ReviewLinkAnswer>(allButDraw, taskId, 'links', { seatId: seat?.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toContain('评审结束前专家名单保密');
    expect(await t.db.kysely.selectFrom('review_links').select('id').where('seat_id', '=', seat?.id ?? '').execute()).toEqual([]);
    const made = await calls.step<ReviewLinkAnswer>(officer, taskId, 'links', { seatId: seat?.id });
    expect(made.body.status).toBe(1);
    const view = await t.call<ExpertLinkView>('POST', 'public/review-links/view', { body: { token: made.body.data.token } });
    expect(view.body.data.expertName).toMatch(/^封存sx-expert-/);
  });
});
