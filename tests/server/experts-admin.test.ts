/**
 * The expert library as staff manage it (/experts): permissions, create/read/update/delete,
 * validation that changes nothing, the stale version, the public/active switches as the
 * public expert page, the site search and the photo's read rule see them, the export, and
 * the operation log.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { ExpertRecord } from '@common/schemas/experts';
import type { StoredFile } from '@common/schemas/files';
import type { PublicExpert, SearchResult } from '@common/schemas/public';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { pdfBytes, pngBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(dialects)('expert library management on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let contentStaff: string;
  let viewer: string;
  let unit: string;
  let practitioner: string;
  let photoId: string;
  let pdfId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    contentStaff = await t.login('demo_staff', DEMO_PASSWORD, 1);
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    practitioner = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    const role = await t.call<{ id: string }>('POST', 'roles', {
      token: admin,
      body: { code: 'expert-viewer', name: '专家查看', permissions: ['expert:view'] },
    });
    expect(role.body.status).toBe(1);
    const made = await t.call('POST', 'users', {
      token: admin,
      body: { loginAccount: 'expert_viewer', name: '专家查看员', authType: 1, password: 'Viewer2026-Kq9', roleIds: [role.body.data.id] },
    });
    expect(made.body.status).toBe(1);
    viewer = await t.login('expert_viewer', 'Viewer2026-Kq9', 1);
    const png = await upload<StoredFile>(t, admin, pngBytes(2048), { name: '证件照.png' });
    expect(png.body.status).toBe(1);
    photoId = png.body.data.fileId;
    const pdf = await upload<StoredFile>(t, admin, pdfBytes(), { name: '简历.pdf' });
    expect(pdf.body.status).toBe(1);
    pdfId = pdf.body.data.fileId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.kysely;
  const countExperts = async () =>
    Number((await db().selectFrom('experts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const logsOf = (entityId: string) =>
    db().selectFrom('operation_logs').select(['action', 'summary', 'actor_name']).where('entity', '=', 'expert').where('entity_id', '=', entityId).orderBy('id').execute();
  const publicIds = async (keyword: string) =>
    (await t.call<Page<PublicExpert>>('GET', `public/experts?pageSize=100&keyword=${encodeURIComponent(keyword)}`)).body.data.list.map((e) => e.id);
  const searchIds = async (q: string) =>
    (await t.call<SearchResult>('GET', `public/search?type=expert&q=${encodeURIComponent(q)}`)).body.data.list.map((h) => h.id);
  const viewPhotoAnonymously = async (fileId: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/file/view/${fileId}` })).statusCode;

  const validBody = (extra: Record<string, unknown> = {}) => ({
    name: '司马青岚',
    gender: 'female',
    birthYear: 1975,
    professionalTitle: 'senior',
    workUnit: '市城乡规划研究中心',
    position: '总工程师',
    specialties: ['construction', 'urban_planning'],
    phone: '13905710001',
    email: 'simaqinglan@example.org',
    introduction: '长期从事城市更新与公众参与研究。',
    photoFileId: photoId,
    ...extra,
  });

  async function create(extra: Record<string, unknown> = {}): Promise<string> {
    const res = await t.call<{ id: string }>('POST', 'experts', { token: admin, body: validBody(extra) });
    expect(res.body.status, res.body.message).toBe(1);
    return res.body.data.id;
  }
  const get = async (id: string) => (await t.call<ExpertRecord>('GET', `experts/${id}`, { token: admin })).body.data;
  const list = async (query: string) => (await t.call<Page<ExpertRecord>>('GET', `experts?pageSize=100&${query}`, { token: admin })).body;

  describe('permissions', () => {
    const routes = [
      ['GET', 'experts'],
      ['GET', 'experts/export'],
      ['GET', 'experts/demo-expert-1'],
      ['POST', 'experts'],
      ['PUT', 'experts/demo-expert-1'],
      ['DELETE', 'experts/demo-expert-1'],
      ['POST', 'experts/demo-expert-1/show'],
      ['POST', 'experts/demo-expert-1/hide'],
      ['POST', 'experts/demo-expert-1/enable'],
      ['POST', 'experts/demo-expert-1/disable'],
    ] as const;

    it('401 without a token; 403 (status 30) for staff without expert codes, member units and practitioners', async () => {
      const before = await countExperts();
      for (const [method, url] of routes) {
        const body = method === 'POST' || method === 'PUT' ? validBody({ version: 0 }) : undefined;
        const anonymous = await t.call(method, url, { body });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        for (const token of [contentStaff, unit, practitioner]) {
          const res = await t.call(method, url, { token, body });
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.body).toMatchObject({ status: 30, success: false });
        }
      }
      expect(await countExperts()).toBe(before);
      expect(await get('demo-expert-1')).toMatchObject({ public: true, active: true, version: 0 });
    });

    it('lets a staff member holding only expert:view read, but not change or export', async () => {
      const list = await t.call<Page<ExpertRecord>>('GET', 'experts', { token: viewer });
      expect(list.body.status).toBe(1);
      expect(list.body.data.total).toBe(15);
      expect((await t.call('GET', 'experts/demo-expert-1', { token: viewer })).body.status).toBe(1);
      for (const [method, url] of routes.filter(([m, u]) => m !== 'GET' || u === 'experts/export')) {
        const body = method === 'POST' || method === 'PUT' ? validBody({ version: 0 }) : undefined;
        const res = await t.call(method, url, { token: viewer, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.body.status).toBe(30);
      }
      expect(await get('demo-expert-1')).toMatchObject({ public: true, active: true, version: 0 });
    });
  });

  describe('records', () => {
    it('creates an expert (public and active, after the last one) with photo and specialties in dictionary order, and logs it', async () => {
      const id = await create();
      const record = await get(id);
      expect(record).toMatchObject({
        id,
        name: '司马青岚',
        gender: 'female',
        birthYear: 1975,
        professionalTitle: 'senior',
        workUnit: '市城乡规划研究中心',
        position: '总工程师',
        // The dictionary puts 城市规划 before 工程建设, whatever order was sent.
        specialties: ['urban_planning', 'construction'],
        phone: '13905710001',
        email: 'simaqinglan@example.org',
        photoFileId: photoId,
        photo: { fileId: photoId, name: '证件照.png', contentType: 'image/png', size: 2048 },
        public: true,
        active: true,
        shownPublicly: true,
        sort: 160,
        version: 0,
      });
      expect(await logsOf(id)).toEqual([{ action: 'create', summary: '新增专家「司马青岚」', actor_name: expect.any(String) }]);
      // On the public page (contact details masked) and in the site search at once.
      const shown = (await t.call<Page<PublicExpert>>('GET', 'public/experts?keyword=司马青岚')).body.data.list;
      expect(shown).toHaveLength(1);
      expect(shown[0]).toMatchObject({ id, phone: '139****0001', specialties: ['urban_planning', 'construction'] });
      expect(await searchIds('司马青岚')).toContain(id);
    });

    it('edits with the version read: left-out fields keep their values, null clears; a stale version changes nothing', async () => {
      const id = await create({ name: '上官明哲', phone: '0571-88886666' });
      const res = await t.call('PUT', `experts/${id}`, {
        token: admin,
        body: { name: '上官明哲', workUnit: '市社会科学院', specialties: ['law'], email: null, version: 0 },
      });
      expect(res.body.status, res.body.message).toBe(1);
      const record = await get(id);
      expect(record).toMatchObject({
        workUnit: '市社会科学院',
        specialties: ['law'],
        email: null,
        phone: '0571-88886666',
        photoFileId: photoId,
        birthYear: 1975,
        version: 1,
      });
      const logs = await logsOf(id);
      expect(logs.at(-1)).toMatchObject({ action: 'update', summary: '修改专家「上官明哲」：工作单位、电子邮箱、专业领域' });
      const specialtyRows = await db().selectFrom('expert_specialties').select('specialty').where('expert_id', '=', id).execute();
      expect(specialtyRows.map((r) => r.specialty)).toEqual(['law']);

      const stale = await t.call('PUT', `experts/${id}`, {
        token: admin,
        body: { name: '被覆盖', workUnit: '别处', specialties: ['economics'], version: 0 },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.body).toMatchObject({ status: 10, message: '数据已被他人修改，请刷新后重试' });
      expect(await get(id)).toMatchObject({ name: '上官明哲', workUnit: '市社会科学院', specialties: ['law'], version: 1 });
      expect(await logsOf(id)).toHaveLength(logs.length);
    });

    it.each([
      ['a bad phone', { phone: '12345' }, '联系电话不正确：请输入正确的手机号码或固定电话'],
      ['a bad e-mail', { email: 'not-an-address' }, '电子邮箱格式不正确'],
      ['an unknown specialty', { specialties: ['law', 'astrology'] }, '专业领域不在字典中：astrology'],
      ['no specialty', { specialties: [] }, '专业领域至少需要1项'],
      ['an unknown title', { professionalTitle: 'wizard' }, '职称不在字典中：wizard'],
      ['a photo that is not an image', { photoFileId: 'PDF' }, '照片必须是图片'],
      ['a photo that was never uploaded', { photoFileId: '11111111-2222-4333-8444-555555555555' }, '照片不存在，请重新上传'],
      ['a child', { birthYear: new Date().getFullYear() - 5 }, '出生年份应在 1920 至'],
      ['a year out of range', { birthYear: 1850 }, '出生年份不能小于1900'],
      ['no name', { name: '' }, '姓名不能为空'],
      ['a blank work unit', { workUnit: '   ' }, '工作单位不能为空'],
    ])('refuses %s with a Chinese message naming the field, and stores nothing', async (_case, extra, message) => {
      const before = await countExperts();
      const body = validBody('photoFileId' in extra && extra.photoFileId === 'PDF' ? { photoFileId: pdfId } : extra);
      const res = await t.call('POST', 'experts', { token: admin, body });
      expect(res.statusCode).toBe(400);
      expect(res.body.status).toBe(10);
      expect(res.body.message).toContain(message);
      expect(await countExperts()).toBe(before);
      // An edit is refused the same way and leaves the record as it was.
      const edit = await t.call('PUT', 'experts/demo-expert-2', { token: admin, body: { ...body, version: 0 } });
      expect(edit.body.status).toBe(10);
      expect(await get('demo-expert-2')).toMatchObject({ name: '林慧敏', version: 0 });
    });

    it('deletes an expert with its specialties and search document, and logs it; a second delete is 404', async () => {
      const id = await create({ name: '欧阳知远' });
      expect(await searchIds('欧阳知远')).toContain(id);
      const res = await t.call('DELETE', `experts/${id}`, { token: admin });
      expect(res.body).toMatchObject({ status: 1, message: '专家已删除' });
      expect(await db().selectFrom('experts').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      expect(await db().selectFrom('expert_specialties').select('specialty').where('expert_id', '=', id).execute()).toEqual([]);
      expect(await db().selectFrom('search_documents').select('id').where('key', '=', `expert:${id}`).executeTakeFirst()).toBeUndefined();
      expect(await searchIds('欧阳知远')).not.toContain(id);
      expect((await logsOf(id)).at(-1)).toMatchObject({ action: 'delete', summary: '删除专家「欧阳知远」' });
      const again = await t.call('DELETE', `experts/${id}`, { token: admin });
      expect(again.statusCode).toBe(404);
      expect(again.body.message).toBe('专家不存在');
      expect((await t.call('GET', `experts/${id}`, { token: admin })).statusCode).toBe(404);
    });
  });

  describe('public and active switches', () => {
    it('hiding or disabling removes the expert from the public page, the search and the public photo; showing or enabling brings them back', async () => {
      const id = await create({ name: '诸葛远航' });
      const visible = async () => ({
        page: (await publicIds('诸葛远航')).includes(id),
        search: (await searchIds('诸葛远航')).includes(id),
        photo: (await viewPhotoAnonymously(photoId)) === 200,
      });
      // The photo is shared with the other public test experts: make it this expert's own for the check.
      const own = await upload<StoredFile>(t, admin, pngBytes(1024), { name: '诸葛.png' });
      const ownId = own.body.data.fileId;
      expect((await t.call('PUT', `experts/${id}`, { token: admin, body: { ...validBody({ name: '诸葛远航', photoFileId: ownId }), version: 0 } })).body.status).toBe(1);
      const check = async () => {
        const v = await visible();
        return { page: v.page, search: v.search, photo: (await viewPhotoAnonymously(ownId)) === 200 };
      };
      expect(await check()).toEqual({ page: true, search: true, photo: true });

      const steps: [string, string, boolean][] = [
        ['hide', '专家「诸葛远航」已取消公开', false],
        ['show', '专家「诸葛远航」已公开', true],
        ['disable', '专家「诸葛远航」已停用', false],
        ['enable', '专家「诸葛远航」已启用', true],
      ];
      for (const [action, message, shown] of steps) {
        const res = await t.call('POST', `experts/${id}/${action}`, { token: admin });
        expect(res.body, action).toMatchObject({ status: 1, message });
        expect(await check(), action).toEqual({ page: shown, search: shown, photo: shown });
        const record = await get(id);
        expect(record.shownPublicly).toBe(shown);
      }
      // Hidden AND disabled: showing alone does not bring the expert back.
      await t.call('POST', `experts/${id}/hide`, { token: admin });
      await t.call('POST', `experts/${id}/disable`, { token: admin });
      await t.call('POST', `experts/${id}/show`, { token: admin });
      expect(await check()).toEqual({ page: false, search: false, photo: false });
      expect(await get(id)).toMatchObject({ public: true, active: false, shownPublicly: false });

      const actions = (await logsOf(id)).map((l) => l.action);
      expect(actions).toEqual(['create', 'update', 'hide', 'show', 'disable', 'enable', 'hide', 'disable', 'show']);
    });

    it('a switch to the state the expert already has changes nothing; an unknown expert is 404', async () => {
      const before = await get('demo-expert-3');
      const logs = await logsOf('demo-expert-3');
      const res = await t.call('POST', 'experts/demo-expert-3/enable', { token: admin });
      expect(res.body.status).toBe(1);
      expect(await get('demo-expert-3')).toEqual(before);
      expect(await logsOf('demo-expert-3')).toEqual(logs);
      expect((await t.call('POST', 'experts/nobody/hide', { token: admin })).statusCode).toBe(404);
    });

    it('the switches bump the version, so an edit from before them is stale', async () => {
      const id = await create({ name: '慕容清和' });
      await t.call('POST', `experts/${id}/hide`, { token: admin });
      const res = await t.call('PUT', `experts/${id}`, { token: admin, body: { ...validBody({ name: '慕容清和' }), version: 0 } });
      expect(res.statusCode).toBe(409);
      expect(await get(id)).toMatchObject({ public: false, version: 1 });
    });
  });

  describe('list', () => {
    it('filters by keyword (name or work unit), specialty, title, public and active; sorts; pages', async () => {
      const names = async (query: string) => (await list(query)).data.list.map((e) => e.name);
      expect(await names('keyword=社会科学院')).toEqual(expect.arrayContaining(['林慧敏', '魏东升']));
      expect(await names('keyword=黄振')).toEqual(['黄振宇']);
      expect((await names('specialty=psychology')).sort()).toEqual(['方婷', '林慧敏'].sort());
      expect(await names('public=false&keyword=魏东升')).toEqual(['魏东升']);
      const inactive = (await list('active=false')).data.list;
      expect(inactive.map((e) => e.name)).toContain('谭伯年');
      expect(inactive.every((e) => !e.active && !e.shownPublicly)).toBe(true);
      expect(await names('professionalTitle=intermediate')).toEqual(['魏东升']);
      // The default order is the library's own (sort ascending).
      const sorted = (await list('active=true&public=true')).data.list.map((e) => e.sort);
      expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
      // By name, either way (the database's collation decides where each name goes).
      const ascending = await names('sort=name,asc&specialty=law');
      expect(ascending.length).toBeGreaterThanOrEqual(3);
      expect(await names('sort=name,desc&specialty=law')).toEqual([...ascending].reverse());
      const two = (await t.call<Page<ExpertRecord>>('GET', 'experts?pageSize=2&current=2', { token: admin })).body.data;
      expect(two).toMatchObject({ current: 2, pageSize: 2 });
      expect(two.list.map((e) => e.id)).toEqual(['demo-expert-3', 'demo-expert-4']);
      expect(two.total).toBeGreaterThanOrEqual(15);
    });

    it('refuses an unknown sort field or a bad filter in Chinese', async () => {
      expect((await list('sort=phone,asc')).message).toBe('不支持按 phone 排序');
      expect((await list('public=maybe')).message).toContain('公开状态');
    });
  });

  it('publishes its routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of ['/api/v1/experts', '/api/v1/experts/export', '/api/v1/experts/{id}', '/api/v1/experts/{id}/show', '/api/v1/experts/{id}/disable']) {
      expect(paths).toContain(path);
    }
  });

  describe('export', () => {
    it('streams the filtered list as an .xlsx that opens, with labels instead of dictionary values', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/experts/export?specialty=law&sort=name,asc', headers: { token: admin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain(XLSX_TYPE);
      expect(String(res.headers['content-disposition'])).toContain('attachment');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual(expect.arrayContaining(['姓名', '性别', '职称', '工作单位', '专业领域', '联系电话', '公开', '启用']));
      const col = (title: string) => header.indexOf(title) + 1;
      const rows: Record<string, string>[] = [];
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        rows.push({
          name: String(row.getCell(col('姓名')).value),
          gender: String(row.getCell(col('性别')).value ?? ''),
          title: String(row.getCell(col('职称')).value ?? ''),
          specialties: String(row.getCell(col('专业领域')).value ?? ''),
          public: String(row.getCell(col('公开')).value ?? ''),
          phone: String(row.getCell(col('联系电话')).value ?? ''),
        });
      });
      const law = (await list('specialty=law&sort=name,asc')).data.list;
      expect(rows.map((r) => r.name)).toEqual(law.map((e) => e.name));
      expect(rows.length).toBeGreaterThanOrEqual(3);
      const huang = rows.find((r) => r.name === '黄振宇');
      expect(huang).toMatchObject({ gender: '男', title: '正高级', specialties: '法律', public: '是', phone: expect.stringMatching(/^1390571\d{4}$/) });
      // Whole contact details leave the system: the export is on record, with its filters.
      const logged = await db().selectFrom('operation_logs').select(['summary', 'actor_name']).where('entity', '=', 'expert').where('action', '=', 'export').execute();
      expect(logged.at(-1)?.summary).toBe('导出专家库（专业领域 law）');
    });

    it('refuses a bad sort with an envelope before any download starts', async () => {
      const res = await t.call('GET', 'experts/export?sort=phone,asc', { token: admin });
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatchObject({ status: 10, message: '不支持按 phone 排序' });
    });

    it('exports an empty list as a sheet with only its header', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/experts/export?keyword=nobody-at-all', headers: { token: admin } });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0].rowCount).toBe(1);
    });
  });
});
