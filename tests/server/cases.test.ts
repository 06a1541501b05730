/**
 * Business cases: staff see all (case:view), a unit its own (list, id, export, file); a unit's
 * case is pending until approved and an edit of an approved or rejected one goes back to
 * pending; staff approve or reject with a reason (case:review), each with its review record,
 * messages and log row; illegal moves and stale versions; only approved public cases show in
 * the member window's unit detail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthType } from '@common/permissions';
import type { CaseDetail, CaseRecord } from '@common/schemas/cases';
import type { PublicMemberUnit } from '@common/schemas/public';
import { STALE_VERSION_MESSAGE } from '../../server/http/errors';
import { MESSAGES } from '../../server/modules/cases/service';
import { reviewHandlerOf } from '../../server/workflow/reviewHandlers';
import { pdfBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';
import { addAccount, queueProbe, subjectAccounts, subjectCalls } from './reviewedSubject.helpers';

describe.each(dialects)('business cases on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  /** demo-unit-1: cases demo-case-1 and -2 (approved, public). */
  let unitA: string;
  /** demo-unit-2: demo-case-3. */
  let unitB: string;
  let practitioner: string;
  /** Staff holding only case:view. */
  let viewer: string;
  /** Staff holding no case code. */
  let outsider: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true, plugins: [queueProbe] });
    ({ admin, unitA, unitB, practitioner, viewer, outsider } = await subjectAccounts(t, 'cs', 'case:view'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const { list, ids, detail, step, decideInQueue, reviewsOf, messagesAbout, accountId } = subjectCalls<CaseRecord, CaseDetail>(() => t, 'cases', 'case');
  const row = (id: string) => t.db.kysely.selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirst();
  const windowCases = async (unitId: string) =>
    (await t.call<PublicMemberUnit>('GET', `public/member-units/${unitId}`)).body.data.cases.map((c) => c.title);
  const material = async (token: string) => {
    const res = await upload<{ fileId: string }>(t, token, pdfBytes(), { name: '委托合同.pdf' });
    expect(res.body.status).toBe(1);
    return res.body.data.fileId;
  };
  const body = (title: string, extra: object = {}) => ({
    title,
    projectType: 'major_decision',
    client: '市民政局',
    completedOn: '2026-06-30',
    summary: '开展入户调查与座谈，提出风险防范措施。',
    public: true,
    ...extra,
  });
  const create = async (b: object, token = unitA) => {
    const res = await t.call<{ id: string }>('POST', 'cases', { token, body: b });
    expect(res.body).toMatchObject({ status: 1 });
    return res.body.data.id;
  };

  it('staff see all with filters; a unit its own by list, id and export; practitioners and other staff nothing', async () => {
    const all = await list(admin);
    expect(all.body.data.total).toBe((await t.db.kysely.selectFrom('cases').select('id').execute()).length);
    expect(all.body.data.list.find((c) => c.id === 'demo-case-4')).toMatchObject({ status: 'pending', public: false, actions: ['approve', 'reject'] });
    expect(await ids(admin, 'status=rejected')).toEqual(['demo-case-6']);
    expect(await ids(admin, 'projectType=major_policy')).toEqual(['demo-case-3', 'demo-case-4']);
    expect(await ids(admin, 'public=true&status=approved')).toEqual(['demo-case-1', 'demo-case-2', 'demo-case-3']);
    expect(await ids(admin, 'unitId=demo-unit-1')).toEqual(['demo-case-1', 'demo-case-2']);
    expect(await ids(admin, `keyword=${encodeURIComponent('水价')}`)).toEqual(['demo-case-3']);
    expect(await ids(admin, 'year=2025')).toEqual(['demo-case-1', 'demo-case-2', 'demo-case-3']);

    expect(await ids(unitA)).toEqual(['demo-case-1', 'demo-case-2']);
    expect(await ids(unitA, 'unitId=demo-unit-2')).toEqual(['demo-case-1', 'demo-case-2']);
    expect((await detail(unitA, 'demo-case-1')).body.data.actions).toEqual(['edit', 'delete']);
    expect((await detail(unitB, 'demo-case-1')).statusCode).toBe(403);
    expect((await detail(unitA, 'nope')).statusCode).toBe(404);
    expect((await list(practitioner)).statusCode).toBe(403);
    expect((await list(outsider)).statusCode).toBe(403);
    expect((await list(viewer)).body.data.list.every((c) => c.actions.length === 0)).toBe(true);

    const staffExport = await t.app.inject({ method: 'GET', url: '/api/v1/cases/export?status=approved', headers: { token: admin } });
    expect(staffExport.statusCode).toBe(200);
    expect(String(staffExport.headers['content-disposition'])).toContain('attachment');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/cases/export', headers: { token: unitA } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/cases/export', headers: { token: outsider } })).statusCode).toBe(403);
  });

  it('pending → approved (in the window) → edited (back to pending, out of it) → rejected → edited → approved', async () => {
    const fileId = await material(unitA);
    const id = await create(body('社区养老服务设施布局规划稳评', { fileIds: [fileId] }));
    const created = await detail(unitA, id);
    expect(created.body.data).toMatchObject({ status: 'pending', public: true, projectType: 'major_decision', actions: ['edit', 'delete'] });
    expect(created.body.data.files.map((f) => f.name)).toEqual(['委托合同.pdf']);
    expect((await reviewsOf(id)).map((r) => [r.what, r.status, r.unit_id])).toEqual([['case', 'pending', 'demo-unit-1']]);
    const submission = (await messagesAbout(id)).filter((m) => m.kind === 'submission');
    expect(submission.map((m) => m.account_id)).toContain(await accountId('admin'));
    expect(submission.map((m) => m.account_id)).not.toContain(await accountId('cs_viewer'));
    expect(submission[0].link).toBe(`/Manage/performance-case?id=${id}`);
    // Pending: not in the window, though public.
    expect(await windowCases('demo-unit-1')).not.toContain('社区养老服务设施布局规划稳评');

    // Approve (a stale version is refused; staff without case:review cannot).
    expect((await step(viewer, id, 'approve', { version: 0 })).statusCode).toBe(403);
    expect((await step(unitA, id, 'approve', { version: 0 })).statusCode).toBe(403);
    expect((await step(admin, id, 'approve', { version: 5 })).body).toMatchObject({ status: 10, message: STALE_VERSION_MESSAGE });
    expect((await step(admin, id, 'approve', { version: 0, comment: '属实' })).body.status).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'approved', version: 1 });
    expect((await reviewsOf(id)).map((r) => [r.status, r.comment])).toEqual([['approved', '属实']]);
    expect((await messagesAbout(id)).filter((m) => m.kind === 'decision').map((m) => m.account_id)).toEqual([await accountId('demo_unit')]);
    expect((await step(admin, id, 'approve')).body).toMatchObject({ status: 10, message: MESSAGES.decideApproved });
    expect((await step(admin, id, 'reject', { reason: '晚了' })).body).toMatchObject({ status: 10, message: MESSAGES.decideApproved });
    const shown = (await t.call<PublicMemberUnit>('GET', 'public/member-units/demo-unit-1')).body.data.cases.find((c) => c.id === id);
    expect(shown).toMatchObject({
      title: '社区养老服务设施布局规划稳评',
      projectType: 'major_decision',
      projectTypeLabel: '重大决策',
      client: '市民政局',
      completedOn: '2026-06-30',
      summary: '开展入户调查与座谈，提出风险防范措施。',
    });

    // An edit of an approved case goes back to pending (a stale version is refused) and leaves the window.
    expect((await t.call('PUT', `cases/${id}`, { token: unitA, body: { ...body('改'), version: 0 } })).statusCode).toBe(409);
    expect((await t.call('PUT', `cases/${id}`, { token: unitB, body: { ...body('改'), version: 1 } })).statusCode).toBe(403);
    const edited = await t.call('PUT', `cases/${id}`, { token: unitA, body: { ...body('社区养老服务设施布局规划稳评（修订）'), fileIds: [fileId], version: 1 } });
    expect(edited.body.status).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'pending', version: 2 });
    expect((await reviewsOf(id)).map((r) => r.status)).toEqual(['approved', 'pending']);
    expect(await windowCases('demo-unit-1')).not.toContain('社区养老服务设施布局规划稳评（修订）');

    // Reject needs a reason; then the unit corrects it and it is approved again.
    expect((await step(admin, id, 'reject', {})).statusCode).toBe(400);
    expect((await step(admin, id, 'reject', { reason: '  ' })).body).toMatchObject({ status: 10, message: MESSAGES.reasonRequired });
    expect((await step(admin, id, 'reject', { version: 2, reason: '缺少评估报告首页' })).body.status).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'rejected', reject_reason: '缺少评估报告首页' });
    expect((await messagesAbout(id)).find((m) => m.title.startsWith('业绩案例被驳回'))).toMatchObject({ body: '缺少评估报告首页' });
    expect((await step(admin, id, 'approve')).body).toMatchObject({ status: 10, message: MESSAGES.decideRejected });
    expect((await t.call('PUT', `cases/${id}`, { token: unitA, body: { ...body('社区养老服务设施布局规划稳评（修订）'), version: 3 } })).body.status).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'pending', reject_reason: null });
    expect((await step(admin, id, 'approve')).body.status).toBe(1);
    expect(await windowCases('demo-unit-1')).toContain('社区养老服务设施布局规划稳评（修订）');
    expect((await detail(unitA, id)).body.data.reviewHistory.map((h) => h.status)).toEqual(['approved', 'rejected', 'approved']);
    const logs = await t.db.kysely.selectFrom('operation_logs').select('action').where('entity_id', '=', id).execute();
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['create', 'approve', 'update', 'reject']));
  });

  it('shows only approved public cases in the window', async () => {
    const hidden = await create(body('不公开的案例', { public: false }));
    expect((await step(admin, hidden, 'approve')).body.status).toBe(1);
    const rejected = await create(body('被驳回的公开案例'));
    expect((await step(admin, rejected, 'reject', { reason: '不属于稳评业绩' })).body.status).toBe(1);
    const titles = await windowCases('demo-unit-1');
    expect(titles).toEqual(expect.arrayContaining(['城东新城片区旧城改造项目稳评', '市第二垃圾焚烧发电厂扩建工程稳评']));
    expect(titles).not.toContain('不公开的案例');
    expect(titles).not.toContain('被驳回的公开案例');
    // Unit 4's approved case is not public; unit 3's is pending.
    expect(await windowCases('demo-unit-4')).toEqual([]);
    expect(await windowCases('demo-unit-3')).toEqual([]);
  });

  it('a unit deletes its own case (its pending review leaves the queue); files stay its own', async () => {
    const fileId = await material(unitA);
    const id = await create(body('待删除的案例', { fileIds: [fileId] }));
    const download = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/file/download/${fileId}`, headers: { token } });
    expect((await download(unitA)).statusCode).toBe(200);
    expect((await download(unitB)).statusCode).toBe(403);
    expect((await t.call('POST', 'cases', { token: unitB, body: body('借用', { fileIds: [fileId] }) })).body).toMatchObject({
      status: 10,
      message: '证明材料不存在，请重新上传',
    });
    expect((await t.call('DELETE', `cases/${id}`, { token: unitB })).statusCode).toBe(403);
    expect((await t.call('DELETE', `cases/${id}`, { token: admin })).statusCode).toBe(403);
    expect((await t.call('DELETE', `cases/${id}`, { token: unitA })).body).toMatchObject({ status: 1, message: '已删除「待删除的案例」' });
    expect(await row(id)).toBeUndefined();
    expect(await reviewsOf(id)).toEqual([]);
  });

  it('refuses a wrong project type, a future completion date, and a unit that is not approved', async () => {
    expect((await t.call('POST', 'cases', { token: unitA, body: body('x', { projectType: 'nope' }) })).body).toMatchObject({ status: 10, message: MESSAGES.typeInvalid });
    expect((await t.call('POST', 'cases', { token: unitA, body: body('x', { completedOn: '2199-01-01' }) })).body).toMatchObject({
      status: 10,
      message: MESSAGES.completedInFuture,
    });
    expect((await t.call('POST', 'cases', { token: unitA, body: { title: 'x' } })).statusCode).toBe(400);
    expect((await t.call('POST', 'cases', { token: admin, body: body('x') })).statusCode).toBe(403);
    const pendingUnit = await t.db.kysely.selectFrom('member_units').select('id').where('status', '=', 'pending').executeTakeFirst();
    if (pendingUnit) {
      const token = await addAccount(t, 'cs_pending', AuthType.MemberUnit, { unitId: pendingUnit.id });
      expect((await t.call('POST', 'cases', { token, body: body('x') })).body).toMatchObject({ status: 10, message: MESSAGES.unitNotApproved });
    }
  });

  it('the queue handler approves and rejects (a reason required) without a version', async () => {
    const decide = (reviewId: string, action: string, reason: string | null) => decideInQueue(admin, reviewId, action, reason);
    expect((await decide('demo-review-case-4', 'reject', null)).body).toMatchObject({ status: 10, message: MESSAGES.reasonRequired });
    expect((await decide('demo-review-case-4', 'return', '改')).body.status).toBe(10);
    expect((await decide('demo-review-case-4', 'reject', '材料不全')).body.status).toBe(1);
    expect(await row('demo-case-4')).toMatchObject({ status: 'rejected', reject_reason: '材料不全' });
    expect((await decide('demo-review-case-4', 'approve', null)).body).toMatchObject({ status: 10, message: MESSAGES.decideRejected });
    const id = await create(body('队列中通过的案例'));
    const review = await t.db.kysely.selectFrom('reviews').select('id').where('subject_id', '=', id).executeTakeFirstOrThrow();
    expect((await decide(review.id, 'approve', null)).body.status).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'approved' });
  });

  it('registers the queue handler: approve and reject under case:review, linking to the page', () => {
    const handler = reviewHandlerOf('case');
    expect(handler).toMatchObject({ kind: 'case', permission: 'case:review', actions: ['approve', 'reject'] });
    expect(handler?.link({ subject_id: 'c-1' } as Parameters<NonNullable<typeof handler>['link']>[0])).toBe('/Manage/performance-case?id=c-1');
  });
});
