/**
 * Projects: who sees which (staff all, a unit its own, a practitioner the projects they worked
 * on) by list, id, export and file; the filters; the unit's draft → submit → return → resubmit →
 * 备案 with its review records, messages and log rows; every illegal move (submit twice, file a
 * draft, edit a filed or submitted project, delete a submitted one, a leader or member from
 * another unit, a stale version); staff permission codes; the practitioner picker's options.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthType } from '@common/permissions';
import type { PractitionerOption, ProjectDetail, ProjectRecord } from '@common/schemas/projects';
import { MESSAGES } from '../../server/modules/projects/service';
import { STALE_VERSION_MESSAGE } from '../../server/http/errors';
import { reviewHandlerOf } from '../../server/workflow/reviewHandlers';
import { pdfBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';
import { addAccount, queueProbe, subjectAccounts, subjectCalls } from './reviewedSubject.helpers';

describe.each(dialects)('projects on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  /** demo_unit: demo-unit-1 (approved practitioners 1–5; 6 pending, 25 left). */
  let unitA: string;
  /** demo-unit-2 (approved practitioners 7–12). */
  let unitB: string;
  /** demo_practitioner: demo-practitioner-1, leader of demo-project-1 and -3, member of -2. */
  let p1: string;
  /** demo-practitioner-3: on demo-project-2 and -3. */
  let p3: string;
  /** Staff holding only project:view. */
  let viewer: string;
  /** Staff holding no project code. */
  let outsider: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true, plugins: [queueProbe] });
    ({ admin, unitA, unitB, practitioner: p1, viewer, outsider } = await subjectAccounts(t, 'pj', 'project:view'));
    p3 = await addAccount(t, 'pj_p3', AuthType.Practitioner, { unitId: 'demo-unit-1', practitionerId: 'demo-practitioner-3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const { list, ids, detail, step, decideInQueue, reviewsOf, messagesAbout, accountId } = subjectCalls<ProjectRecord, ProjectDetail>(
    () => t,
    'projects',
    'project',
  );
  const row = (id: string) => t.db.kysely.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  const logsOf = (id: string) => t.db.kysely.selectFrom('operation_logs').select(['action', 'summary']).where('entity_id', '=', id).execute();
  const report = async (token: string) => {
    const res = await upload<{ fileId: string }>(t, token, pdfBytes(), { name: '评估报告.pdf' });
    expect(res.body.status).toBe(1);
    return res.body.data.fileId;
  };
  const download = (token: string, fileId: string) => t.app.inject({ method: 'GET', url: `/api/v1/file/download/${fileId}`, headers: { token } });
  const exportRows = async (token: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/projects/export?${query}`, headers: { token } });
    if (res.statusCode !== 200) return { statusCode: res.statusCode, names: [] as string[] };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const names: string[] = [];
    sheet.eachRow((r, n) => {
      if (n > 1) names.push(String(r.getCell(header.indexOf('项目名称') + 1).value));
    });
    return { statusCode: res.statusCode, names, header, sheet };
  };

  /** A complete project of unit A: leader p1, members 2 and 4 (not 3), one report. */
  const complete = async (code: string, extra: object = {}) => ({
    name: `测试项目 ${code}`,
    code,
    client: '市交通运输局',
    type: 'major_project',
    region: '滨江区',
    investment: 1234.56,
    leaderPractitionerId: 'demo-practitioner-1',
    members: [
      { practitionerId: 'demo-practitioner-2', role: '社会调查' },
      { practitionerId: 'demo-practitioner-4', role: '数据分析' },
    ],
    startOn: '2026-03-01',
    endOn: '2026-05-31',
    riskLevel: 'medium',
    conclusion: '落实各项措施后风险可控。',
    reportFileIds: [await report(unitA)],
    ...extra,
  });
  const create = async (body: object, token = unitA) => {
    const res = await t.call<{ id: string }>('POST', 'projects', { token, body });
    expect(res.body).toMatchObject({ status: 1 });
    return res.body.data.id;
  };

  describe('who sees which', () => {
    it('staff see every project, with the filters, sort and the unit joined', async () => {
      const all = await list(admin);
      expect(all.body.status).toBe(1);
      const seeded = await t.db.kysely.selectFrom('projects').select('id').execute();
      expect(all.body.data.total).toBe(seeded.length);
      const p1row = all.body.data.list.find((p) => p.id === 'demo-project-1') as ProjectRecord;
      expect(p1row).toMatchObject({ code: 'ZH-2025-018', status: 'filed', type: 'major_project', riskLevel: 'medium', investment: 356000, leaderName: '张明远', actions: [] });
      expect(p1row.unitName).toBeTruthy();
      const submitted = all.body.data.list.find((p) => p.id === 'demo-project-3') as ProjectRecord;
      expect(submitted.actions).toEqual(['file', 'return']);

      expect(await ids(admin, 'type=major_policy')).toEqual(['demo-project-5', 'demo-project-8']);
      expect(await ids(admin, 'riskLevel=high')).toEqual(['demo-project-2', 'demo-project-9']);
      expect(await ids(admin, `region=${encodeURIComponent('临平')}`)).toEqual(['demo-project-6']);
      expect(await ids(admin, 'year=2025')).toEqual(['demo-project-1', 'demo-project-2', 'demo-project-5', 'demo-project-9']);
      expect(await ids(admin, 'status=returned')).toEqual(['demo-project-6']);
      expect(await ids(admin, 'unitId=demo-unit-3')).toEqual(['demo-project-8', 'demo-project-9']);
      expect(await ids(admin, `keyword=${encodeURIComponent('ZJ-2026')}`)).toEqual(['demo-project-6', 'demo-project-7']);
      expect(await ids(admin, 'unitId=demo-unit-1&riskLevel=medium&year=2026')).toEqual(['demo-project-3']);
      const byStart = (await list(admin, 'sort=startOn,asc')).body.data.list.map((p) => p.startOn ?? '');
      expect(byStart).toEqual([...byStart].sort());
      expect((await list(admin, 'sort=secret,asc')).body).toMatchObject({ status: 10, message: '不支持按 secret 排序' });
      expect((await list(admin, 'status=nope')).body.status).toBe(10);
    });

    it('a unit sees only its own, by list, id and export, whatever unit it names', async () => {
      expect(await ids(unitA)).toEqual(['demo-project-1', 'demo-project-2', 'demo-project-3', 'demo-project-4']);
      expect(await ids(unitA, 'unitId=demo-unit-2')).toEqual(['demo-project-1', 'demo-project-2', 'demo-project-3', 'demo-project-4']);
      expect(await ids(unitB)).toEqual(['demo-project-5', 'demo-project-6', 'demo-project-7']);
      const own = await detail(unitA, 'demo-project-4');
      expect(own.body.data).toMatchObject({ status: 'draft', actions: ['edit', 'delete', 'submit'] });
      expect((await detail(unitB, 'demo-project-1')).statusCode).toBe(403);
      expect((await detail(unitA, 'nope')).statusCode).toBe(404);
      const returned = await detail(unitB, 'demo-project-6');
      expect(returned.body.data.actions).toEqual(['edit', 'submit']);
      expect(returned.body.data.returnReason).toContain('样本量不足');
      expect(returned.body.data.reviewHistory.map((r) => r.status)).toEqual(['returned']);

      const exported = await exportRows(unitB, 'unitId=demo-unit-1');
      expect(exported.statusCode).toBe(200);
      expect(exported.names.sort()).toEqual(
        (await t.db.kysely.selectFrom('projects').select('name').where('unit_id', '=', 'demo-unit-2').execute()).map((r) => r.name).sort(),
      );
    });

    it('a practitioner sees only the projects they led or worked on, read only', async () => {
      expect(await ids(p1)).toEqual(['demo-project-1', 'demo-project-2', 'demo-project-3']);
      expect(await ids(p3)).toEqual(['demo-project-2', 'demo-project-3']);
      const led = await detail(p1, 'demo-project-1');
      expect(led.body.data.actions).toEqual([]);
      expect(led.body.data.members[0]).toMatchObject({ practitionerId: 'demo-practitioner-1', leader: true, role: '项目负责人' });
      expect((await detail(p3, 'demo-project-1')).statusCode).toBe(403);
      expect((await detail(p1, 'demo-project-4')).statusCode).toBe(403);
      expect((await t.call('POST', 'projects', { token: p1, body: { name: 'x', code: 'X-1' } })).statusCode).toBe(403);
      expect((await step(p1, 'demo-project-4', 'submit')).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/projects/export', headers: { token: p1 } })).statusCode).toBe(403);
    });

    it('staff need project:view to read, project:review to decide and project:export to export', async () => {
      expect((await list(outsider)).statusCode).toBe(403);
      expect((await detail(outsider, 'demo-project-1')).statusCode).toBe(403);
      const read = await list(viewer);
      expect(read.body.status).toBe(1);
      expect(read.body.data.list.find((p) => p.id === 'demo-project-3')?.actions).toEqual([]);
      expect((await step(viewer, 'demo-project-3', 'file', {})).statusCode).toBe(403);
      expect((await step(viewer, 'demo-project-3', 'return', { reason: '材料不全' })).statusCode).toBe(403);
      expect((await exportRows(viewer)).statusCode).toBe(403);
      // Staff do not file projects for units.
      expect((await t.call('POST', 'projects', { token: admin, body: { name: 'x', code: 'X-2' } })).statusCode).toBe(403);
      const all = await exportRows(admin, 'status=filed');
      expect(all.statusCode).toBe(200);
      expect(all.header).toEqual(expect.arrayContaining(['项目名称', '项目编号', '评估单位', '项目类型', '风险等级', '状态']));
      expect(all.names).toHaveLength(6);
      const logged = await t.db.kysely.selectFrom('operation_logs').select('summary').where('entity', '=', 'project').where('action', '=', 'export').execute();
      expect(logged.some((l) => l.summary.includes('status=filed'))).toBe(true);
    });
  });

  describe('the unit files a project', () => {
    it('refuses a leader or member who is not its own approved practitioner, a taken code, bad dates and types', async () => {
      const base = await complete('T-REFUSE');
      const refused = async (patch: object) => (await t.call('POST', 'projects', { token: unitA, body: { ...base, ...patch } })).body;
      expect(await refused({ leaderPractitionerId: 'demo-practitioner-7' })).toMatchObject({ status: 10, message: MESSAGES.leaderNotOwn });
      expect(await refused({ leaderPractitionerId: 'demo-practitioner-6' })).toMatchObject({ status: 10, message: MESSAGES.leaderNotOwn });
      expect(await refused({ members: [{ practitionerId: 'demo-practitioner-8' }] })).toMatchObject({ status: 10, message: MESSAGES.memberNotOwn });
      expect(await refused({ members: [{ practitionerId: 'demo-practitioner-25' }] })).toMatchObject({ status: 10, message: MESSAGES.memberNotOwn });
      expect(await refused({ members: [{ practitionerId: 'demo-practitioner-2' }, { practitionerId: 'demo-practitioner-2' }] })).toMatchObject({
        status: 10,
        message: MESSAGES.memberTwice,
      });
      expect(await refused({ code: 'ZH-2025-018' })).toMatchObject({ status: 10, message: MESSAGES.codeTaken });
      expect(await refused({ endOn: '2026-01-01' })).toMatchObject({ status: 10, message: MESSAGES.endBeforeStart });
      expect(await refused({ type: 'spaceship' })).toMatchObject({ status: 10, message: MESSAGES.typeInvalid });
      expect(await refused({ riskLevel: 'extreme' })).toMatchObject({ status: 10, message: MESSAGES.riskInvalid });
      expect((await refused({ name: '' })).status).toBe(10);
      // Another unit's uploaded file cannot be attached (and thereby opened).
      const foreign = await report(unitB);
      expect(await refused({ reportFileIds: [foreign] })).toMatchObject({ status: 10, message: '评估报告不存在，请重新上传' });
      expect(await t.db.kysely.selectFrom('projects').select('id').where('code', '=', 'T-REFUSE').executeTakeFirst()).toBeUndefined();
    });

    it('draft → submit → return → correct → resubmit → 备案, with reviews, messages and log rows', async () => {
      const body = await complete('T-FLOW-1');
      const id = await create(body);
      const created = await detail(unitA, id);
      expect(created.body.data).toMatchObject({ status: 'draft', investment: 1234.56, leaderName: '张明远', actions: ['edit', 'delete', 'submit'] });
      expect(created.body.data.members.map((m) => [m.practitionerId, m.role, m.leader])).toEqual([
        ['demo-practitioner-1', '项目负责人', true],
        ['demo-practitioner-2', '社会调查', false],
        ['demo-practitioner-4', '数据分析', false],
      ]);
      expect(created.body.data.reports.map((f) => f.name)).toEqual(['评估报告.pdf']);
      expect(await reviewsOf(id)).toHaveLength(0);

      // Staff cannot file a draft.
      expect((await step(admin, id, 'file')).body).toMatchObject({ status: 10, message: MESSAGES.decideDraft });
      expect((await step(admin, id, 'return', { reason: '不全' })).body).toMatchObject({ status: 10, message: MESSAGES.decideDraft });

      // Submit (with the version read); a second submit is refused.
      const submitted = await step(unitA, id, 'submit', { version: 0 });
      expect(submitted.body).toMatchObject({ status: 1, message: '项目已提交，等待协会备案' });
      expect(await row(id)).toMatchObject({ status: 'submitted', version: 1 });
      expect((await step(unitA, id, 'submit', { version: 1 })).body).toMatchObject({ status: 10, message: MESSAGES.submitTwice });
      const [opened] = await reviewsOf(id);
      expect(opened).toMatchObject({ what: 'project', status: 'pending', unit_id: 'demo-unit-1', subject_name: body.name });
      const toStaff = await messagesAbout(id);
      expect(toStaff.map((m) => m.account_id)).toContain(await accountId('admin'));
      expect(toStaff.map((m) => m.account_id)).not.toContain(await accountId('pj_viewer'));
      expect(toStaff[0]).toMatchObject({ kind: 'submission', link: `/Manage/project-management?id=${id}` });

      // A submitted project is neither edited nor deleted by the unit.
      expect((await t.call('PUT', `projects/${id}`, { token: unitA, body: { ...body, version: 1 } })).body).toMatchObject({ status: 10, message: MESSAGES.editSubmitted });
      expect((await t.call('DELETE', `projects/${id}`, { token: unitA })).body).toMatchObject({ status: 10, message: MESSAGES.deleteNotDraft });
      expect((await detail(admin, id)).body.data.actions).toEqual(['file', 'return']);

      // Staff return it with a reason: the reason is required.
      expect((await step(admin, id, 'return', {})).statusCode).toBe(400);
      expect((await step(admin, id, 'return', { reason: '   ' })).body).toMatchObject({ status: 10, message: MESSAGES.reasonRequired });
      expect((await step(admin, id, 'return', { version: 0, reason: '报告缺少调查问卷' })).statusCode).toBe(409);
      const returned = await step(admin, id, 'return', { version: 1, reason: '报告缺少调查问卷' });
      expect(returned.body.status).toBe(1);
      expect(await row(id)).toMatchObject({ status: 'returned', return_reason: '报告缺少调查问卷' });
      expect((await reviewsOf(id)).map((r) => [r.status, r.comment])).toEqual([['returned', '报告缺少调查问卷']]);
      expect((await messagesAbout(id)).filter((m) => m.kind === 'decision').map((m) => m.account_id)).toEqual([await accountId('demo_unit')]);
      expect((await messagesAbout(id)).find((m) => m.kind === 'decision')).toMatchObject({ body: '报告缺少调查问卷' });

      // The unit corrects it (a stale version is refused) and resubmits.
      expect((await t.call('PUT', `projects/${id}`, { token: unitA, body: { ...body, version: 0 } })).body).toMatchObject({ status: 10, message: STALE_VERSION_MESSAGE });
      const edited = await t.call('PUT', `projects/${id}`, { token: unitA, body: { ...body, conclusion: '补充问卷后，风险可控。', version: 2 } });
      expect(edited.body.status).toBe(1);
      expect(await row(id)).toMatchObject({ status: 'returned', conclusion: '补充问卷后，风险可控。', version: 3 });
      expect((await step(unitA, id, 'submit', { version: 3 })).body.status).toBe(1);
      expect(await row(id)).toMatchObject({ status: 'submitted', return_reason: null });
      expect((await reviewsOf(id)).map((r) => r.status)).toEqual(['returned', 'pending']);

      // 备案: a message to the unit, and the project is closed to every further move.
      expect((await step(admin, id, 'file', { comment: '予以备案' })).body).toMatchObject({ status: 1, message: '项目已备案' });
      expect(await row(id)).toMatchObject({ status: 'filed' });
      expect((await row(id))?.filed_at).toBeTruthy();
      expect((await reviewsOf(id)).map((r) => r.status)).toEqual(['returned', 'approved']);
      expect((await messagesAbout(id)).filter((m) => m.kind === 'decision').map((m) => m.title)).toEqual(
        expect.arrayContaining([`项目已备案：${body.name}`, `项目被退回修改：${body.name}`]),
      );
      expect((await step(admin, id, 'file')).body).toMatchObject({ status: 10, message: MESSAGES.decideFiled });
      expect((await step(unitA, id, 'submit')).body).toMatchObject({ status: 10, message: MESSAGES.submitFiled });
      const filed = await row(id);
      expect((await t.call('PUT', `projects/${id}`, { token: unitA, body: { ...body, version: filed?.version } })).body).toMatchObject({
        status: 10,
        message: MESSAGES.editFiled,
      });
      expect((await logsOf(id)).map((l) => l.action)).toEqual(expect.arrayContaining(['create', 'submit', 'return', 'update', 'file']));
      const history = (await detail(unitA, id)).body.data.reviewHistory;
      expect(history.map((h) => h.status)).toEqual(['returned', 'approved']);
    });

    it('asks for what 备案 needs before submitting, and deletes drafts only', async () => {
      const id = await create({ name: '未填完的项目', code: 'T-DRAFT-1' });
      const refused = await step(unitA, id, 'submit');
      expect(refused.body.status).toBe(10);
      expect(refused.body.message).toBe(`${MESSAGES.incomplete}委托单位、项目类型、所在区域、项目负责人、开始日期、风险等级、评估结论、评估报告`);
      expect(await row(id)).toMatchObject({ status: 'draft' });
      // Another unit can neither see nor touch it.
      expect((await t.call('DELETE', `projects/${id}`, { token: unitB })).statusCode).toBe(403);
      expect((await t.call('PUT', `projects/${id}`, { token: unitB, body: { name: 'x', code: 'T-DRAFT-1', version: 0 } })).statusCode).toBe(403);
      expect((await step(unitB, id, 'submit')).statusCode).toBe(403);
      expect((await t.call('DELETE', `projects/${id}`, { token: admin })).statusCode).toBe(403);
      const deleted = await t.call('DELETE', `projects/${id}`, { token: unitA });
      expect(deleted.body).toMatchObject({ status: 1, message: '已删除「未填完的项目」' });
      expect(await row(id)).toBeUndefined();
      expect((await logsOf(id)).map((l) => l.action)).toEqual(expect.arrayContaining(['create', 'delete']));
    });

    it('opens report files to its unit and the people on the project only', async () => {
      const body = await complete('T-FILES-1');
      const id = await create(body);
      const [fileId] = body.reportFileIds;
      expect((await download(unitA, fileId)).statusCode).toBe(200);
      expect((await download(p1, fileId)).statusCode).toBe(200);
      expect((await download(admin, fileId)).statusCode).toBe(200);
      expect((await download(unitB, fileId)).statusCode).toBe(403);
      expect((await download(p3, fileId)).statusCode).toBe(403);
      // Unit B cannot attach it to its own project either.
      const b = await t.call('POST', 'projects', { token: unitB, body: { name: 'B 的项目', code: 'T-FILES-B', reportFileIds: [fileId] } });
      expect(b.body).toMatchObject({ status: 10, message: '评估报告不存在，请重新上传' });
      expect((await detail(unitA, id)).body.data.reports).toHaveLength(1);
    });
  });

  it('registers the queue handler: 备案 and 退回修改 under project:review, linking to the page', () => {
    const handler = reviewHandlerOf('project');
    expect(handler).toMatchObject({ kind: 'project', permission: 'project:review', actions: ['approve', 'return'] });
    expect(handler?.link({ subject_id: 'p-1' } as Parameters<NonNullable<typeof handler>['link']>[0])).toBe('/Manage/project-management?id=p-1');
  });

  it('the queue handler files and returns through the same rules, without a version', async () => {
    const pendingReview = async (projectId: string) =>
      (await t.db.kysely.selectFrom('reviews').select('id').where('subject_id', '=', projectId).where('status', '=', 'pending').executeTakeFirstOrThrow()).id;
    const a = await create(await complete('T-QUEUE-1'));
    expect((await step(unitA, a, 'submit')).body.status).toBe(1);
    const reviewA = await pendingReview(a);
    expect((await decideInQueue(admin, reviewA, 'return', null)).body).toMatchObject({ status: 10, message: MESSAGES.reasonRequired });
    expect((await decideInQueue(admin, reviewA, 'reject', '不行')).body.status).toBe(10);
    expect((await decideInQueue(admin, reviewA, 'return', '请补充附件')).body.status).toBe(1);
    expect(await row(a)).toMatchObject({ status: 'returned', return_reason: '请补充附件' });
    // A decided review cannot be decided again: the project is no longer submitted.
    expect((await decideInQueue(admin, reviewA, 'approve', null)).body).toMatchObject({ status: 10, message: MESSAGES.decideReturned });
    expect((await step(unitA, a, 'submit')).body.status).toBe(1);
    expect((await decideInQueue(admin, await pendingReview(a), 'approve', '同意备案')).body.status).toBe(1);
    expect(await row(a)).toMatchObject({ status: 'filed' });
    expect((await reviewsOf(a)).map((r) => [r.status, r.comment])).toEqual([
      ['returned', '请补充附件'],
      ['approved', '同意备案'],
    ]);
  });

  it('offers a unit its own approved practitioners for the pickers', async () => {
    const mine = await t.call<PractitionerOption[]>('GET', 'practitioners/options', { token: unitA });
    expect(mine.body.data.map((o) => o.id).sort()).toEqual(['demo-practitioner-1', 'demo-practitioner-2', 'demo-practitioner-3', 'demo-practitioner-4', 'demo-practitioner-5']);
    const named = await t.call<PractitionerOption[]>('GET', `practitioners/options?keyword=${encodeURIComponent('张')}`, { token: unitA });
    expect(named.body.data.map((o) => o.name)).toEqual(['张明远']);
    // A unit naming another unit still gets its own.
    const other = await t.call<PractitionerOption[]>('GET', 'practitioners/options?unitId=demo-unit-2', { token: unitA });
    expect(other.body.data.every((o) => Number(o.id.split('-').at(-1)) <= 5)).toBe(true);
    const staff = await t.call<PractitionerOption[]>('GET', 'practitioners/options?unitId=demo-unit-2', { token: admin });
    expect(staff.body.data.map((o) => o.id)).toContain('demo-practitioner-7');
    expect((await t.call('GET', 'practitioners/options', { token: p1 })).statusCode).toBe(403);
  });
});
