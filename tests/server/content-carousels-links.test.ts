/**
 * Carousel items and friendly links as staff manage them: permissions, create/update/delete,
 * optimistic locking, enable/disable, reorder, the operation log, refusals that change
 * nothing, and what the home page reads (listLiveCarousels, listEnabledLinks).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { CarouselRecord, FriendlyLinkRecord } from '@common/schemas/content';
import type { StoredFile } from '@common/schemas/files';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { DEMO_ACCOUNT_NAMES } from '../../server/db/seed/demoAccounts';
import { listLiveCarousels } from '../../server/modules/carousels/queries';
import { listEnabledLinks } from '../../server/modules/friendly-links/queries';
import { pdfBytes, pngBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const HOUR = 3_600_000;

describe.each(dialects)('carousels and friendly links on %s', (dialect) => {
  let t: TestContext;
  let staff: string;
  let noCodes: string;
  let unit: string;
  let practitioner: string;
  let imageId: string;
  let pdfId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    const admin = await t.adminToken();
    staff = await t.login('demo_staff', DEMO_PASSWORD, 1);
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    practitioner = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    const created = await t.call('POST', 'users', {
      token: admin,
      body: { loginAccount: 'no_codes', name: '无权限职员', authType: 1, password: 'NoCodes2026' },
    });
    expect(created.body.status).toBe(1);
    noCodes = await t.login('no_codes', 'NoCodes2026', 1);
    const png = await upload<StoredFile>(t, staff, pngBytes(4096), { name: '横幅.png' });
    expect(png.body.status).toBe(1);
    imageId = png.body.data.fileId;
    const pdf = await upload<StoredFile>(t, staff, pdfBytes(), { name: '说明.pdf' });
    expect(pdf.body.status).toBe(1);
    pdfId = pdf.body.data.fileId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.kysely;
  const iso = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
  const count = async (table: 'carousels' | 'friendly_links') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const logsOf = (entity: string, entityId: string | null) => {
    let q = db().selectFrom('operation_logs').selectAll().where('entity', '=', entity);
    q = entityId === null ? q.where('entity_id', 'is', null) : q.where('entity_id', '=', entityId);
    return q.orderBy('id').execute();
  };
  const sorts = async (table: 'carousels' | 'friendly_links') =>
    (await db().selectFrom(table).select(['id', 'sort', 'version']).orderBy('sort').orderBy('id').execute()).map((r) => ({
      id: r.id,
      sort: Number(r.sort),
      version: Number(r.version),
    }));

  describe('permissions', () => {
    const routes = (base: string) =>
      [
        ['GET', base],
        ['GET', `${base}/demo-x`],
        ['POST', base],
        ['PUT', `${base}/demo-x`],
        ['DELETE', `${base}/demo-x`],
        ['POST', `${base}/reorder`],
        ['POST', `${base}/demo-x/enable`],
        ['POST', `${base}/demo-x/disable`],
      ] as const;

    it.each(['carousels', 'friendly-links'])('%s: 401 without a token, 403 without the code or for other account kinds', async (base) => {
      const table = base === 'carousels' ? 'carousels' : 'friendly_links';
      const before = await sorts(table);
      for (const [method, url] of routes(base)) {
        const body = method === 'POST' || method === 'PUT' ? {} : undefined;
        const anonymous = await t.call(method, url, { body });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        expect(anonymous.body.status).toBe(21);
        for (const token of [noCodes, unit, practitioner]) {
          const res = await t.call(method, url, { token, body });
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.body).toMatchObject({ status: 30, success: false });
        }
      }
      expect(await sorts(table)).toEqual(before);
    });

    it('lets a staff member with view but not edit codes read only', async () => {
      const admin = await t.adminToken();
      const role = await t.call<{ id: string }>('POST', 'roles', {
        token: admin,
        body: { code: 'carousel-viewer', name: '轮播查看', permissions: ['content:carousel:view', 'content:link:view'] },
      });
      expect(role.body.status).toBe(1);
      const made = await t.call('POST', 'users', {
        token: admin,
        body: { loginAccount: 'viewer', name: '查看员', authType: 1, password: 'Look2026-Kq9', roleIds: [role.body.data.id] },
      });
      expect(made.body.status).toBe(1);
      const viewer = await t.login('viewer', 'Look2026-Kq9', 1);
      expect((await t.call('GET', 'carousels', { token: viewer })).body.status).toBe(1);
      expect((await t.call('GET', 'friendly-links', { token: viewer })).body.status).toBe(1);
      const refused = await t.call('POST', 'carousels/demo-carousel-1/disable', { token: viewer });
      expect(refused.statusCode).toBe(403);
      const del = await t.call('DELETE', 'friendly-links/demo-link-1', { token: viewer });
      expect(del.statusCode).toBe(403);
      expect(await count('friendly_links')).toBe(6);
    });
  });

  describe('carousels', () => {
    it('creates an item at the end, reads it with its image, and logs it', async () => {
      const before = await count('carousels');
      const res = await t.call<{ id: string }>('POST', 'carousels', {
        token: staff,
        body: {
          title: '年度会员大会',
          imageFileId: imageId,
          link: '/FrontPage/detail/demo-article-1',
          showFrom: iso(-HOUR),
          showUntil: iso(24 * HOUR),
        },
      });
      expect(res.body.status).toBe(1);
      const id = res.body.data.id;
      expect(await count('carousels')).toBe(before + 1);

      const one = await t.call<CarouselRecord>('GET', `carousels/${id}`, { token: staff });
      expect(one.body.data).toMatchObject({
        id,
        title: '年度会员大会',
        imageFileId: imageId,
        image: { fileId: imageId, name: '横幅.png', size: 4096, contentType: 'image/png' },
        link: '/FrontPage/detail/demo-article-1',
        // The demo items are at 10, 20, 30: a new item without a sort goes after the last.
        sort: 40,
        enabled: true,
        live: true,
        version: 0,
      });
      const logs = await logsOf('carousel', id);
      expect(logs.map((l) => l.action)).toEqual(['create']);
      expect(logs[0].actor_name).toBe(DEMO_ACCOUNT_NAMES.staff);

      const list = await t.call<Page<CarouselRecord>>('GET', 'carousels?pageSize=100', { token: staff });
      expect(list.body.data.total).toBe(before + 1);
      expect(list.body.data.list.map((c) => c.sort)).toEqual([...list.body.data.list.map((c) => c.sort)].sort((a, b) => a - b));
      expect(list.body.data.list.at(-1)?.id).toBe(id);

      // The database's collation orders the Chinese titles: compare the server's two directions.
      const byTitle = (dir: string) =>
        t.call<Page<CarouselRecord>>('GET', `carousels?sort=title,${dir}&pageSize=100`, { token: staff });
      const asc = (await byTitle('asc')).body.data.list.map((c) => c.id);
      const desc = (await byTitle('desc')).body.data.list.map((c) => c.id);
      expect(desc).toEqual([...asc].reverse());
      expect(asc).not.toEqual(list.body.data.list.map((c) => c.id));
      expect((await t.call('GET', 'carousels?sort=link,asc', { token: staff })).body.status).toBe(10);
      const searched = await t.call<Page<CarouselRecord>>('GET', `carousels?keyword=${encodeURIComponent('会员大会')}`, { token: staff });
      expect(searched.body.data.list.map((c) => c.id)).toEqual(expect.arrayContaining([id]));
      expect(searched.body.data.list.every((c) => c.title.includes('会员大会'))).toBe(true);

      const paged = await t.call<Page<CarouselRecord>>('GET', 'carousels?pageSize=2&current=2', { token: staff });
      expect(paged.body.data).toMatchObject({ total: before + 1, current: 2, pageSize: 2 });
      expect(paged.body.data.list.map((c) => c.id)).toEqual(list.body.data.list.slice(2, 4).map((c) => c.id));

      const missing = await t.call('GET', 'carousels/nope', { token: staff });
      expect(missing.statusCode).toBe(404);
    });

    it('updates with the version, refuses a stale one with 409 and changes nothing', async () => {
      const created = await t.call<{ id: string }>('POST', 'carousels', {
        token: staff,
        body: { title: '旧标题', imageFileId: null, link: 'https://www.gov.cn/' },
      });
      const id = created.body.data.id;
      const updated = await t.call('PUT', `carousels/${id}`, {
        token: staff,
        body: { title: '新标题', imageFileId: imageId, link: null, sort: 5, version: 0 },
      });
      expect(updated.body.status).toBe(1);
      const after = await t.call<CarouselRecord>('GET', `carousels/${id}`, { token: staff });
      expect(after.body.data).toMatchObject({ title: '新标题', imageFileId: imageId, link: null, sort: 5, version: 1 });
      expect((await logsOf('carousel', id)).map((l) => l.action)).toEqual(['create', 'update']);

      const stale = await t.call('PUT', `carousels/${id}`, { token: staff, body: { title: '过期的修改', imageFileId: null, version: 0 } });
      expect(stale.statusCode).toBe(409);
      expect(stale.body).toMatchObject({ status: 10, message: '数据已被他人修改，请刷新后重试' });
      const row = await db().selectFrom('carousels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ title: '新标题', version: 1 });
      expect(await logsOf('carousel', id)).toHaveLength(2);

      await t.call('DELETE', `carousels/${id}`, { token: staff });
    });

    it('refuses bad input with status 10 naming the field, and stores nothing', async () => {
      const before = await count('carousels');
      const logsBefore = (await logsOf('carousel', null)).length;
      const cases: [body: Record<string, unknown>, field: string][] = [
        [{ title: '长'.repeat(10_000), imageFileId: imageId }, '标题'],
        [{ title: '', imageFileId: imageId }, '标题'],
        [{ title: '脚本', imageFileId: imageId, link: 'javascript:alert(1)' }, '链接'],
        [{ title: '协议相对', imageFileId: imageId, link: '//evil.example.com/x' }, '链接'],
        [{ title: '无图', imageFileId: randomUUID() }, '轮播图片'],
        [{ title: '非图片', imageFileId: pdfId }, '图片'],
        [{ title: '日期', imageFileId: imageId, showFrom: iso(2 * HOUR), showUntil: iso(HOUR) }, '展示结束时间必须晚于展示开始时间'],
        [{ title: '日期', imageFileId: imageId, showFrom: 'tomorrow' }, '展示开始时间'],
        [{ title: '多余', imageFileId: imageId, extra: 1 }, 'extra'],
      ];
      for (const [body, field] of cases) {
        const res = await t.call('POST', 'carousels', { token: staff, body });
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.body.status).toBe(10);
        expect(res.body.message).toContain(field);
      }
      expect(await count('carousels')).toBe(before);

      // The same checks on an edit leave the row as it was.
      const row = await db().selectFrom('carousels').selectAll().where('id', '=', 'demo-carousel-1').executeTakeFirstOrThrow();
      for (const [body, field] of cases) {
        const res = await t.call('PUT', 'carousels/demo-carousel-1', { token: staff, body: { ...body, version: row.version } });
        expect(res.body.status).toBe(10);
        expect(res.body.message).toContain(field);
      }
      expect(await db().selectFrom('carousels').selectAll().where('id', '=', 'demo-carousel-1').executeTakeFirstOrThrow()).toEqual(row);
      expect(await logsOf('carousel', null)).toHaveLength(logsBefore);
    });

    it('disables and enables with the log, and the home page follows', async () => {
      const before = await db().selectFrom('carousels').select('version').where('id', '=', 'demo-carousel-2').executeTakeFirstOrThrow();
      const off = await t.call('POST', 'carousels/demo-carousel-2/disable', { token: staff });
      expect(off.body.status).toBe(1);
      let one = await t.call<CarouselRecord>('GET', 'carousels/demo-carousel-2', { token: staff });
      expect(one.body.data).toMatchObject({ enabled: false, live: false, version: before.version + 1 });
      expect((await listLiveCarousels(db(), iso(0))).map((c) => c.id)).not.toContain('demo-carousel-2');
      const disabledOnly = await t.call<Page<CarouselRecord>>('GET', 'carousels?enabled=false', { token: staff });
      expect(disabledOnly.body.data.list.map((c) => c.id)).toEqual(['demo-carousel-2']);

      // Disabling twice changes nothing more.
      await t.call('POST', 'carousels/demo-carousel-2/disable', { token: staff });
      expect((await logsOf('carousel', 'demo-carousel-2')).map((l) => l.action)).toEqual(['disable']);

      const on = await t.call('POST', 'carousels/demo-carousel-2/enable', { token: staff });
      expect(on.body.status).toBe(1);
      one = await t.call<CarouselRecord>('GET', 'carousels/demo-carousel-2', { token: staff });
      expect(one.body.data).toMatchObject({ enabled: true, live: true, version: before.version + 2 });
      expect((await logsOf('carousel', 'demo-carousel-2')).map((l) => l.action)).toEqual(['disable', 'enable']);
      expect((await t.call('POST', 'carousels/nope/enable', { token: staff })).statusCode).toBe(404);
    });

    it('reorders all items in one go, and refuses unknown or missing ids without changing anything', async () => {
      const before = await sorts('carousels');
      const reversed = [...before].reverse().map((r) => r.id);
      const res = await t.call('POST', 'carousels/reorder', { token: staff, body: { ids: reversed } });
      expect(res.body.status).toBe(1);
      const after = await sorts('carousels');
      expect(after.map((r) => r.id)).toEqual(reversed);
      expect(after.map((r) => r.sort)).toEqual(reversed.map((_, i) => (i + 1) * 10));
      for (const r of after) expect(r.version).toBe((before.find((b) => b.id === r.id)?.version ?? -99) + 1);
      expect((await logsOf('carousel', null)).map((l) => l.action)).toContain('reorder');

      const unknown = await t.call('POST', 'carousels/reorder', { token: staff, body: { ids: [...reversed.slice(1), 'nope'] } });
      expect(unknown.body.status).toBe(10);
      expect(unknown.body.message).toContain('nope');
      const partial = await t.call('POST', 'carousels/reorder', { token: staff, body: { ids: reversed.slice(1) } });
      expect(partial.body.status).toBe(10);
      const duplicated = await t.call('POST', 'carousels/reorder', { token: staff, body: { ids: [reversed[0], reversed[0]] } });
      expect(duplicated.body.status).toBe(10);
      expect(await sorts('carousels')).toEqual(after);

      // Live items come in the new order.
      const live = (await listLiveCarousels(db(), iso(0))).map((c) => c.id);
      expect(live).toEqual(reversed.filter((id) => live.includes(id)));
    });

    it('deletes with the log; a missing item is 404', async () => {
      const created = await t.call<{ id: string }>('POST', 'carousels', { token: staff, body: { title: '待删除', imageFileId: null } });
      const id = created.body.data.id;
      const before = await count('carousels');
      const res = await t.call('DELETE', `carousels/${id}`, { token: staff });
      expect(res.body.status).toBe(1);
      expect(await count('carousels')).toBe(before - 1);
      expect((await t.call('GET', `carousels/${id}`, { token: staff })).statusCode).toBe(404);
      expect((await logsOf('carousel', id)).map((l) => l.action)).toEqual(['create', 'delete']);
      const again = await t.call('DELETE', `carousels/${id}`, { token: staff });
      expect(again.statusCode).toBe(404);
      expect(again.body.status).toBe(10);
    });

    it('listLiveCarousels: only enabled items within their dates, with public image addresses', async () => {
      const make = async (title: string, extra: Record<string, unknown>) => {
        const res = await t.call<{ id: string }>('POST', 'carousels', { token: staff, body: { title, imageFileId: imageId, ...extra } });
        expect(res.body.status).toBe(1);
        return res.body.data.id;
      };
      const live = await make('正在展示', { showFrom: iso(-HOUR), showUntil: iso(HOUR) });
      const disabled = await make('已停用', { enabled: false });
      const ended = await make('已结束', { showFrom: iso(-2 * HOUR), showUntil: iso(-HOUR) });
      const future = await make('未开始', { showFrom: iso(HOUR) });

      const items = await listLiveCarousels(db(), iso(0));
      const ids = items.map((c) => c.id);
      expect(ids).toContain(live);
      expect(ids).not.toContain(disabled);
      expect(ids).not.toContain(ended);
      expect(ids).not.toContain(future);
      expect(items.find((c) => c.id === live)).toEqual({
        id: live,
        title: '正在展示',
        link: null,
        image: {
          fileId: imageId,
          name: '横幅.png',
          size: 4096,
          contentType: 'image/png',
          url: `/api/v1/file/view/${imageId}`,
          downloadUrl: `/api/v1/file/download/${imageId}`,
          previewable: true,
        },
      });
      // The staff list says the same through `live`.
      const list = await t.call<Page<CarouselRecord>>('GET', 'carousels?pageSize=100', { token: staff });
      const liveFlags = Object.fromEntries(list.body.data.list.map((c) => [c.id, c.live]));
      expect(liveFlags).toMatchObject({ [live]: true, [disabled]: false, [ended]: false, [future]: false });

      // Two hours on, the future one shows and the current one has ended.
      const later = (await listLiveCarousels(db(), iso(2 * HOUR))).map((c) => c.id);
      expect(later).toContain(future);
      expect(later).not.toContain(live);
    });
  });

  describe('friendly links', () => {
    it('creates a link at the end with its logo, updates it with the version, refuses a stale one', async () => {
      const res = await t.call<{ id: string }>('POST', 'friendly-links', {
        token: staff,
        body: { name: '市人民政府', url: 'https://www.example.gov.cn', logoFileId: imageId },
      });
      expect(res.body.status).toBe(1);
      const id = res.body.data.id;
      const one = await t.call<FriendlyLinkRecord>('GET', `friendly-links/${id}`, { token: staff });
      expect(one.body.data).toMatchObject({
        name: '市人民政府',
        url: 'https://www.example.gov.cn',
        logoFileId: imageId,
        logo: { fileId: imageId, contentType: 'image/png' },
        sort: 70,
        enabled: true,
        version: 0,
      });

      const upd = await t.call('PUT', `friendly-links/${id}`, {
        token: staff,
        body: { name: '市政府门户', url: 'http://www.example.gov.cn/portal', logoFileId: null, version: 0 },
      });
      expect(upd.body.status).toBe(1);
      const after = await t.call<FriendlyLinkRecord>('GET', `friendly-links/${id}`, { token: staff });
      expect(after.body.data).toMatchObject({ name: '市政府门户', url: 'http://www.example.gov.cn/portal', logo: null, sort: 70, version: 1 });

      const stale = await t.call('PUT', `friendly-links/${id}`, {
        token: staff,
        body: { name: '过期', url: 'https://stale.example.com', version: 0 },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.body.status).toBe(10);
      expect((await db().selectFrom('friendly_links').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('市政府门户');
      expect((await logsOf('friendly-link', id)).map((l) => l.action)).toEqual(['create', 'update']);

      const list = await t.call<Page<FriendlyLinkRecord>>('GET', 'friendly-links?pageSize=100', { token: staff });
      expect(list.body.data.list.at(-1)?.id).toBe(id);
      const byName = await t.call<Page<FriendlyLinkRecord>>('GET', `friendly-links?keyword=${encodeURIComponent('门户')}`, { token: staff });
      expect(byName.body.data.list.map((l) => l.id)).toEqual([id]);
    });

    it('refuses bad input with status 10 naming the field, and stores nothing', async () => {
      const before = await count('friendly_links');
      const cases: [body: Record<string, unknown>, field: string][] = [
        [{ name: '名'.repeat(10_000), url: 'https://a.example.com' }, '名称'],
        [{ name: 'FTP', url: 'ftp://example.com' }, '网址'],
        [{ name: '脚本', url: 'javascript:alert(1)' }, '网址'],
        [{ name: '站内', url: '/FrontPage/notice' }, '网址'],
        [{ name: '无标志', url: 'https://a.example.com', logoFileId: randomUUID() }, '友情链接标志'],
        [{ name: '非图片', url: 'https://a.example.com', logoFileId: pdfId }, '图片'],
      ];
      for (const [body, field] of cases) {
        const res = await t.call('POST', 'friendly-links', { token: staff, body });
        expect(res.statusCode).toBe(400);
        expect(res.body.status).toBe(10);
        expect(res.body.message).toContain(field);
      }
      expect(await count('friendly_links')).toBe(before);
      const row = await db().selectFrom('friendly_links').selectAll().where('id', '=', 'demo-link-1').executeTakeFirstOrThrow();
      for (const [body, field] of cases) {
        const res = await t.call('PUT', 'friendly-links/demo-link-1', { token: staff, body: { ...body, version: row.version } });
        expect(res.body.message).toContain(field);
      }
      expect(await db().selectFrom('friendly_links').selectAll().where('id', '=', 'demo-link-1').executeTakeFirstOrThrow()).toEqual(row);
    });

    it('disables, enables, reorders and deletes, each logged; listEnabledLinks follows', async () => {
      const off = await t.call('POST', 'friendly-links/demo-link-2/disable', { token: staff });
      expect(off.body.status).toBe(1);
      let enabled = await listEnabledLinks(db());
      expect(enabled.map((l) => l.id)).not.toContain('demo-link-2');
      expect(enabled[0]).toEqual({ id: 'demo-link-1', name: '中国政府网', url: 'https://www.gov.cn', logo: null });

      const before = await sorts('friendly_links');
      const order = [before[1].id, before[0].id, ...before.slice(2).map((r) => r.id)];
      const re = await t.call('POST', 'friendly-links/reorder', { token: staff, body: { ids: order } });
      expect(re.body.status).toBe(1);
      expect((await sorts('friendly_links')).map((r) => [r.id, r.sort])).toEqual(order.map((id, i) => [id, (i + 1) * 10]));
      const bad = await t.call('POST', 'friendly-links/reorder', { token: staff, body: { ids: ['demo-carousel-1', ...order.slice(1)] } });
      expect(bad.body.status).toBe(10);
      expect((await sorts('friendly_links')).map((r) => r.id)).toEqual(order);

      const on = await t.call('POST', 'friendly-links/demo-link-2/enable', { token: staff });
      expect(on.body.status).toBe(1);
      enabled = await listEnabledLinks(db());
      expect(enabled.map((l) => l.id)).toEqual(order);

      const del = await t.call('DELETE', 'friendly-links/demo-link-6', { token: staff });
      expect(del.body.status).toBe(1);
      expect((await listEnabledLinks(db())).map((l) => l.id)).not.toContain('demo-link-6');
      expect((await logsOf('friendly-link', 'demo-link-2')).map((l) => l.action)).toEqual(['disable', 'enable']);
      expect((await logsOf('friendly-link', 'demo-link-6')).map((l) => l.action)).toEqual(['delete']);
      expect((await logsOf('friendly-link', null)).map((l) => l.action)).toEqual(['reorder']);
    });
  });
});
