/**
 * The public member window and expert library (no token): what is shown, in which order,
 * the filters and paging, what is never shown (contact details, units not approved or not in
 * the window, private or inactive experts), and masking of experts' phones and e-mails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { StoredFile } from '@common/schemas/files';
import type { PublicExpert, PublicMemberUnit, PublicMemberUnitItem } from '@common/schemas/public';
import { maskEmail } from '@common/validators';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { listWindowUnits } from '../../server/modules/member-units/publicQueries';
import { pngBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

/** The approved demo units in window order: 会长, 副会长, 常务理事, 理事 (2024, then 2025), 会员. */
const WINDOW_ORDER = ['demo-unit-2', 'demo-unit-1', 'demo-unit-3', 'demo-unit-4', 'demo-unit-5', 'demo-unit-6'];
const NOT_FOUND = { status: 10, success: false, message: '会员单位不存在或未公开', data: null };

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('zhangsan@example.org')).toBe('z***@example.org');
    expect(maskEmail(' a@b.cn ')).toBe('a***@b.cn');
    expect(maskEmail('@example.org')).toBe('***@example.org');
    expect(maskEmail('no-at-sign')).toBe('**********');
  });
});

describe.each(dialects)('public member window and expert library on %s', (dialect) => {
  let t: TestContext;
  let imageId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    const staff = await t.login('demo_staff', DEMO_PASSWORD, 1);
    const png = await upload<StoredFile>(t, staff, pngBytes(2048), { name: 'logo.png' });
    expect(png.body.status).toBe(1);
    imageId = png.body.data.fileId;
  });
  afterAll(async () => {
    await t?.close();
  });

  // Changes made straight in the database, behind the server's back: the public answers the
  // server shares between visitors for a moment (server/http/readCache.ts) are dropped first.
  const db = () => {
    t.app.readCache.clear();
    return t.db.kysely;
  };
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${url}` });
    return { statusCode: res.statusCode, text: res.body, body: res.json<{ status: number; message: string; data: T }>() };
  };
  const units = (query = '') => get<Page<PublicMemberUnitItem>>(`public/member-units${query}`);
  const experts = (query = '') => get<Page<PublicExpert>>(`public/experts${query}`);

  /** Contact details of every unit: none of them may appear in a public answer. */
  const unitSecrets = async () =>
    (await db().selectFrom('member_units').select(['credit_code', 'contact_phone', 'legal_representative', 'contact_person', 'email']).execute())
      .flatMap((u) => [u.credit_code, u.contact_phone, u.legal_representative, u.contact_person, u.email])
      .filter((v): v is string => !!v);

  describe('member units', () => {
    it('lists approved units of the window in level order with labels, without contact details', async () => {
      const res = await units();
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toMatchObject({ total: 6, current: 1, pageSize: 12 });
      expect(res.body.data.list.map((u) => u.id)).toEqual(WINDOW_ORDER);
      expect(res.body.data.list.map((u) => u.memberLevelLabel)).toEqual(['会长单位', '副会长单位', '常务理事单位', '理事单位', '理事单位', '会员单位']);
      expect(Object.keys(res.body.data.list[0]).sort()).toEqual(['id', 'joinDate', 'logo', 'memberLevel', 'memberLevelLabel', 'memberNo', 'name']);
      for (const secret of await unitSecrets()) expect(res.text).not.toContain(secret);
      // The pending and the rejected unit are not in the window.
      expect(res.body.data.list.map((u) => u.id)).not.toContain('demo-unit-7');
      expect(res.body.data.list.map((u) => u.id)).not.toContain('demo-unit-8');

      expect((await listWindowUnits(db(), 3)).map((u) => u.id)).toEqual(WINDOW_ORDER.slice(0, 3));
    });

    it('pages, and filters by level and keyword', async () => {
      const page = await units('?pageSize=2&current=2');
      expect(page.body.data).toMatchObject({ total: 6, current: 2, pageSize: 2 });
      expect(page.body.data.list.map((u) => u.id)).toEqual(WINDOW_ORDER.slice(2, 4));

      const directors = await units('?level=director');
      expect(directors.body.data.list.map((u) => u.id)).toEqual(['demo-unit-4', 'demo-unit-5']);
      expect(directors.body.data.total).toBe(2);
      expect((await units('?level=nothing')).body.data).toMatchObject({ total: 0, list: [] });

      const name = (await db().selectFrom('member_units').select('name').where('id', '=', 'demo-unit-5').executeTakeFirstOrThrow()).name;
      const byName = await units(`?keyword=${encodeURIComponent(name.slice(0, 2))}`);
      expect(byName.body.data.list.map((u) => u.id)).toEqual(['demo-unit-5']);
      // The name of the pending unit finds nothing.
      const pending = (await db().selectFrom('member_units').select('name').where('id', '=', 'demo-unit-7').executeTakeFirstOrThrow()).name;
      expect((await units(`?keyword=${encodeURIComponent(pending)}`)).body.data.total).toBe(0);

      const tooBig = await units('?pageSize=101');
      expect(tooBig.body.status).toBe(10);
    });

    it('puts a unit without a level after all ranked ones', async () => {
      await db().updateTable('member_units').set({ member_level: null }).where('id', '=', 'demo-unit-2').execute();
      try {
        const list = await units();
        expect(list.body.data.list.map((u) => u.id)).toEqual([...WINDOW_ORDER.slice(1), 'demo-unit-2']);
        expect(list.body.data.list.at(-1)).toMatchObject({ memberLevel: null, memberLevelLabel: null });
      } finally {
        await db().updateTable('member_units').set({ member_level: 'president' }).where('id', '=', 'demo-unit-2').execute();
      }
    });

    it('shows one unit with its approved public cases only, newest first', async () => {
      const now = new Date().toISOString();
      const audit = { version: 0, created_at: now, created_by: null, updated_at: now, updated_by: null };
      await db()
        .insertInto('cases')
        .values([
          { id: 'test-case-pending', unit_id: 'demo-unit-1', title: '待审核的公开案例', project_type: 'other', client: null, completed_on: '2026-01-01', summary: null, status: 'pending', public: 1, reject_reason: null, ...audit },
          { id: 'test-case-private', unit_id: 'demo-unit-1', title: '已审核的非公开案例', project_type: 'other', client: null, completed_on: '2026-02-01', summary: null, status: 'approved', public: 0, reject_reason: null, ...audit },
        ])
        .execute();
      await db().updateTable('member_units').set({ logo_file_id: imageId }).where('id', '=', 'demo-unit-1').execute();

      const res = await get<PublicMemberUnit>('public/member-units/demo-unit-1');
      expect(res.statusCode).toBe(200);
      const unit = res.body.data;
      expect(unit).toMatchObject({ id: 'demo-unit-1', memberLevel: 'vice_president', memberLevelLabel: '副会长单位' });
      expect(unit.introduction).toBeTruthy();
      expect(unit.businessScope).toBeTruthy();
      expect(unit.address).toBeTruthy();
      expect(unit.establishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(unit.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(unit.logo).toEqual({
        fileId: imageId,
        name: 'logo.png',
        size: 2048,
        contentType: 'image/png',
        url: `/api/v1/file/view/${imageId}`,
        downloadUrl: `/api/v1/file/download/${imageId}`,
        previewable: true,
      });
      expect(unit.cases.map((c) => c.id)).toEqual(['demo-case-2', 'demo-case-1']);
      expect(unit.cases[0]).toMatchObject({ projectType: 'major_project', projectTypeLabel: '重大工程', completedOn: '2025-11-30' });
      for (const secret of await unitSecrets()) expect(res.text).not.toContain(secret);

      // In the list too, the logo comes as a public file.
      const list = await units();
      expect(list.body.data.list.find((u) => u.id === 'demo-unit-1')?.logo?.url).toBe(`/api/v1/file/view/${imageId}`);

      // demo-unit-4's only case is approved but not public.
      expect((await get<PublicMemberUnit>('public/member-units/demo-unit-4')).body.data.cases).toEqual([]);
    });

    it('hides units that are not approved or not in the window: absent from the list, 404 on detail', async () => {
      for (const id of ['demo-unit-7', 'demo-unit-8', 'no-such-unit']) {
        const res = await get(`public/member-units/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
      await db().updateTable('member_units').set({ show_in_window: 0 }).where('id', '=', 'demo-unit-4').execute();
      await db().updateTable('member_units').set({ status: 'suspended' }).where('id', '=', 'demo-unit-6').execute();
      try {
        const list = await units();
        expect(list.body.data.list.map((u) => u.id)).toEqual(['demo-unit-2', 'demo-unit-1', 'demo-unit-3', 'demo-unit-5']);
        expect(list.body.data.total).toBe(4);
        expect((await listWindowUnits(db(), 24)).map((u) => u.id)).not.toContain('demo-unit-4');
        for (const id of ['demo-unit-4', 'demo-unit-6']) {
          const res = await get(`public/member-units/${id}`);
          expect(res.statusCode).toBe(404);
          expect(res.body).toEqual(NOT_FOUND);
        }
      } finally {
        await db().updateTable('member_units').set({ show_in_window: 1 }).where('id', '=', 'demo-unit-4').execute();
        await db().updateTable('member_units').set({ status: 'approved' }).where('id', '=', 'demo-unit-6').execute();
      }
    });
  });

  describe('experts', () => {
    it('lists public active experts in display order, never the private or the inactive one', async () => {
      const res = await experts('?pageSize=100');
      expect(res.statusCode).toBe(200);
      expect(res.body.data.total).toBe(13);
      const ids = res.body.data.list.map((e) => e.id);
      expect(ids).toEqual(Array.from({ length: 13 }, (_, i) => `demo-expert-${i + 1}`));
      // demo-expert-14 is not public, demo-expert-15 no longer active.
      expect(ids).not.toContain('demo-expert-14');
      expect(ids).not.toContain('demo-expert-15');
      expect((await experts(`?keyword=${encodeURIComponent('魏东升')}`)).body.data.total).toBe(0);

      const first = res.body.data.list[0];
      expect(first).toMatchObject({
        name: '陈守仁',
        gender: 'male',
        professionalTitle: 'senior',
        professionalTitleLabel: '正高级',
        specialties: ['sociology', 'management'],
        specialtyLabels: ['社会学', '管理'],
        photo: null,
      });
      expect(res.body.data.list[4]).toMatchObject({ professionalTitleLabel: '副高级', specialties: ['environment'], specialtyLabels: ['环境保护'] });
    });

    it('masks phones and e-mails: no whole number or address in the answer', async () => {
      await db().updateTable('experts').set({ email: 'zhangsan@example.org' }).where('id', '=', 'demo-expert-1').execute();
      await db().updateTable('experts').set({ email: 'lin.huimin@sass-demo.cn', photo_file_id: imageId }).where('id', '=', 'demo-expert-2').execute();
      const res = await experts('?pageSize=100');
      const all = await db().selectFrom('experts').select(['id', 'phone', 'email']).execute();
      for (const e of all) {
        if (e.phone) expect(res.text).not.toContain(e.phone);
        if (e.email) expect(res.text).not.toContain(e.email);
      }
      expect(res.text).not.toContain('zhangsan');
      const byId = new Map(res.body.data.list.map((e) => [e.id, e]));
      const phone1 = all.find((e) => e.id === 'demo-expert-1')?.phone ?? '';
      expect(byId.get('demo-expert-1')).toMatchObject({ phone: `${phone1.slice(0, 3)}****${phone1.slice(-4)}`, email: 'z***@example.org' });
      expect(byId.get('demo-expert-2')).toMatchObject({ email: 'l***@sass-demo.cn' });
      expect(byId.get('demo-expert-3')?.email).toBeNull();
      expect(byId.get('demo-expert-2')?.photo).toMatchObject({ fileId: imageId, url: `/api/v1/file/view/${imageId}`, previewable: true });
    });

    it('filters by specialty and keyword, and pages', async () => {
      const law = await experts('?specialty=law&pageSize=100');
      const expected = (
        await db()
          .selectFrom('expert_specialties')
          .innerJoin('experts', 'experts.id', 'expert_specialties.expert_id')
          .select('experts.id')
          .where('expert_specialties.specialty', '=', 'law')
          .where('experts.public', '=', 1)
          .where('experts.active', '=', 1)
          .orderBy('experts.sort')
          .execute()
      ).map((r) => r.id);
      expect(expected.length).toBeGreaterThan(1);
      expect(law.body.data.list.map((e) => e.id)).toEqual(expected);
      expect(law.body.data.total).toBe(expected.length);
      for (const e of law.body.data.list) {
        expect(e.specialties).toContain('law');
        expect(e.specialtyLabels).toContain('法律');
      }
      // An expert with two specialties keeps both when found by one of them.
      const sociology = await experts('?specialty=sociology&pageSize=100');
      expect(sociology.body.data.list.find((e) => e.id === 'demo-expert-1')?.specialties).toEqual(['sociology', 'management']);
      expect(sociology.body.data.list.map((e) => e.id)).not.toContain('demo-expert-15');
      expect((await experts('?specialty=nothing')).body.data.total).toBe(0);

      const byUnit = await experts(`?keyword=${encodeURIComponent('政法大学')}`);
      expect(byUnit.body.data.list.map((e) => e.id)).toEqual(['demo-expert-3']);
      const byIntro = await experts(`?keyword=${encodeURIComponent('邻避')}`);
      expect(byIntro.body.data.list.map((e) => e.id)).toEqual(['demo-expert-5']);
      const both = await experts(`?specialty=law&keyword=${encodeURIComponent('律师')}`);
      expect(both.body.data.list.map((e) => e.id)).toEqual(['demo-expert-9']);

      const page = await experts('?pageSize=5&current=3');
      expect(page.body.data).toMatchObject({ total: 13, current: 3, pageSize: 5 });
      expect(page.body.data.list.map((e) => e.id)).toEqual(['demo-expert-11', 'demo-expert-12', 'demo-expert-13']);
      expect((await experts()).body.data.pageSize).toBe(12);
      expect((await experts('?pageSize=0')).body.status).toBe(10);
    });
  });
});
