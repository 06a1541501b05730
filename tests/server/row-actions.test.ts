/**
 * Each list row's `actions`: what its caller may do with it now, from their permission codes and
 * the row's state (the back-office pages show exactly these buttons). For every resource whose
 * rows have buttons: a caller holding every code, one holding some, and one that only reads;
 * and rows in the states that change the answer (a draft and a published article, an enabled
 * and a disabled carousel, a built-in role, the caller's own account and session, a pending and
 * an approved unit or practitioner, a unit on its own practitioners).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthType, type PermissionCode } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { insertRole } from '../../server/security/roles';
import { createTestApp, dialects, type TestContext } from './helpers';

const PASSWORD = 'Rows@2026x';

interface Row {
  id: string;
  actions: string[];
}

describe.each(dialects)('row actions on %s', (dialect) => {
  let t: TestContext;
  let admin: string;

  const staffWith = async (login: string, permissions: PermissionCode[]) => {
    const now = new Date().toISOString();
    const roleId = await insertRole(t.db.kysely, { code: `role-${login}`, name: `角色${login}`, permissions }, now);
    await insertAccount(t.db.kysely, { loginAccount: login, passwordHash: await hashPassword(PASSWORD), authType: AuthType.Staff, name: login, roleIds: [roleId] }, now);
    return t.login(login, PASSWORD, 1);
  };

  /** The rows of a list as `token` sees them. */
  const rows = async <R extends Row>(token: string, path: string): Promise<R[]> => {
    const res = await t.call<Page<R>>('GET', `${path}${path.includes('?') ? '&' : '?'}pageSize=100`, { token });
    expect(res.body.status, res.body.message).toBe(1);
    return res.body.data.list;
  };
  const actionsOf = async (token: string, path: string, id: string): Promise<string[]> => {
    const row = (await rows(token, path)).find((r) => r.id === id);
    expect(row, `${path} ${id}`).toBeDefined();
    return [...(row?.actions ?? [])].sort();
  };
  const created = async (token: string, path: string, body: object): Promise<string> => {
    const res = await t.call<{ id: string }>('POST', path, { token, body });
    expect(res.body.status, res.body.message).toBe(1);
    return res.body.data.id;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('articles and notices', () => {
    const article = (saveAs: 'draft' | 'publish') => ({ title: `行操作${saveAs}`, category: 'work', content: '<p>正文</p>', saveAs });
    const notice = (saveAs: 'draft' | 'publish') => ({ title: `行操作公告${saveAs}`, content: '<p>正文</p>', saveAs });

    it('articles: 发布 until public, 下线 once public; each behind its code', async () => {
      const draft = await created(admin, 'articles', article('draft'));
      const live = await created(admin, 'articles', article('publish'));
      expect(await actionsOf(admin, 'articles', draft)).toEqual(['delete', 'edit', 'publish']);
      expect(await actionsOf(admin, 'articles', live)).toEqual(['delete', 'edit', 'offline']);

      const writer = await staffWith('rows_writer', ['content:article:view', 'content:article:edit']);
      expect(await actionsOf(writer, 'articles', draft)).toEqual(['edit']);
      expect(await actionsOf(writer, 'articles', live)).toEqual(['edit']);
      const reader = await staffWith('rows_article_reader', ['content:article:view']);
      expect(await actionsOf(reader, 'articles', draft)).toEqual([]);

      // Taken offline, it may be published again.
      expect((await t.call('POST', `articles/${live}/offline`, { token: admin })).body.status).toBe(1);
      expect(await actionsOf(admin, 'articles', live)).toEqual(['delete', 'edit', 'publish']);
    });

    it('notices: the edit code also publishes and takes offline; deleting needs its own', async () => {
      const draft = await created(admin, 'notices', notice('draft'));
      const live = await created(admin, 'notices', notice('publish'));
      expect(await actionsOf(admin, 'notices', draft)).toEqual(['delete', 'edit', 'publish']);
      expect(await actionsOf(admin, 'notices', live)).toEqual(['delete', 'edit', 'offline']);

      const editor = await staffWith('rows_notice_editor', ['content:notice:view', 'content:notice:edit']);
      expect(await actionsOf(editor, 'notices', draft)).toEqual(['edit', 'publish']);
      expect(await actionsOf(editor, 'notices', live)).toEqual(['edit', 'offline']);
      const reader = await staffWith('rows_notice_reader', ['content:notice:view']);
      expect(await actionsOf(reader, 'notices', live)).toEqual([]);
    });
  });

  describe('carousels and friendly links', () => {
    it('the switch turns the way the row is not; 编辑 and 删除 by their codes', async () => {
      const on = await created(admin, 'carousels', { title: '启用的轮播', imageFileId: null, link: null, enabled: true });
      const off = await created(admin, 'carousels', { title: '停用的轮播', imageFileId: null, link: null, enabled: false });
      expect(await actionsOf(admin, 'carousels', on)).toEqual(['delete', 'disable', 'edit']);
      expect(await actionsOf(admin, 'carousels', off)).toEqual(['delete', 'edit', 'enable']);
      const editor = await staffWith('rows_carousel_editor', ['content:carousel:view', 'content:carousel:edit']);
      expect(await actionsOf(editor, 'carousels', on)).toEqual(['disable', 'edit']);
      const reader = await staffWith('rows_carousel_reader', ['content:carousel:view']);
      expect(await actionsOf(reader, 'carousels', off)).toEqual([]);

      const link = await created(admin, 'friendly-links', { name: '行操作链接', url: 'https://www.example.gov.cn/', enabled: false });
      expect(await actionsOf(admin, 'friendly-links', link)).toEqual(['delete', 'edit', 'enable']);
      const linkReader = await staffWith('rows_link_reader', ['content:link:view']);
      expect(await actionsOf(linkReader, 'friendly-links', link)).toEqual([]);
    });
  });

  describe('experts', () => {
    it('both switches turn the way the row is not, for the edit code', async () => {
      const shown = await created(admin, 'experts', { name: '公开专家', workUnit: '某大学', specialties: ['construction'], public: true, active: true });
      const hidden = await created(admin, 'experts', { name: '未公开专家', workUnit: '某研究院', specialties: ['construction'], public: false, active: false });
      expect(await actionsOf(admin, 'experts', shown)).toEqual(['delete', 'disable', 'edit', 'hide']);
      expect(await actionsOf(admin, 'experts', hidden)).toEqual(['delete', 'edit', 'enable', 'show']);
      const editor = await staffWith('rows_expert_editor', ['expert:view', 'expert:edit']);
      expect(await actionsOf(editor, 'experts', hidden)).toEqual(['edit', 'enable', 'show']);
      const reader = await staffWith('rows_expert_reader', ['expert:view']);
      expect(await actionsOf(reader, 'experts', shown)).toEqual([]);
    });
  });

  describe('roles and users', () => {
    it('roles: a built-in role is never deleted', async () => {
      const roles = await rows<Row & { builtIn: boolean; code: string }>(admin, 'roles');
      const builtIn = roles.find((r) => r.builtIn);
      const custom = roles.find((r) => !r.builtIn);
      expect(builtIn && custom).toBeTruthy();
      expect(await actionsOf(admin, 'roles', builtIn?.id ?? '')).toEqual(['edit']);
      expect(await actionsOf(admin, 'roles', custom?.id ?? '')).toEqual(['delete', 'edit']);
      const reader = await staffWith('rows_role_reader', ['system:role:view']);
      expect(await actionsOf(reader, 'roles', custom?.id ?? '')).toEqual([]);
    });

    it('users: the caller cannot disable their own account; a disabled one is enabled, a locked one unlocked', async () => {
      const users = await rows<Row & { loginAccount: string; enabled: boolean }>(admin, 'users?authType=1');
      const self = users.find((u) => u.loginAccount === 'admin');
      const other = users.find((u) => u.loginAccount === 'demo_staff');
      expect(await actionsOf(admin, 'users', self?.id ?? '')).toEqual(['edit', 'reset-password', 'show-login']);
      expect(await actionsOf(admin, 'users', other?.id ?? '')).toEqual(['disable', 'edit', 'reset-password', 'show-login']);

      expect((await t.call('POST', `users/${other?.id}/disable`, { token: admin })).body.status).toBe(1);
      expect(await actionsOf(admin, 'users', other?.id ?? '')).toEqual(['edit', 'enable', 'reset-password', 'show-login']);
      expect((await t.call('POST', `users/${other?.id}/enable`, { token: admin })).body.status).toBe(1);

      // Too many wrong passwords lock an account: 解锁 appears.
      for (let i = 0; i < 10; i += 1) await t.call('POST', 'user/auth/login', { body: { loginAccount: 'demo_staff', password: 'wrong-Password1', authType: 1 } });
      const locked = (await rows<Row & { lockedUntil: string | null }>(admin, 'users?authType=1')).find((u) => u.id === other?.id);
      expect(locked?.lockedUntil).toBeTruthy();
      expect(locked?.actions).toContain('unlock');

      const switcher = await staffWith('rows_user_switcher', ['system:user:view', 'system:user:enable']);
      expect(await actionsOf(switcher, 'users', self?.id ?? '')).toEqual(['disable']);
      const reader = await staffWith('rows_user_reader', ['system:user:view']);
      expect(await actionsOf(reader, 'users', other?.id ?? '')).toEqual([]);
    });
  });

  describe('online sessions', () => {
    it('强制下线 for the code holder, never on their own session', async () => {
      const revoker = await staffWith('rows_revoker', ['system:session:view', 'system:session:revoke']);
      const sessions = await rows<Row & { loginAccount: string; current: boolean }>(revoker, 'sessions');
      const own = sessions.find((s) => s.current);
      const others = sessions.filter((s) => !s.current);
      expect(own?.loginAccount).toBe('rows_revoker');
      expect(own?.actions).toEqual([]);
      expect(others.length).toBeGreaterThan(0);
      expect(others.every((s) => s.actions.join() === 'revoke')).toBe(true);
      const viewer = await staffWith('rows_session_viewer', ['system:session:view']);
      expect((await rows(viewer, 'sessions')).every((s) => s.actions.length === 0)).toBe(true);
    });
  });

  describe('member units', () => {
    type UnitRow = Row & { status: string; pendingChange: unknown };

    it('the workflow step from the unit’s state, 编辑 until cancelled, 会员之窗 on approved units, the change decision', async () => {
      const units = await rows<UnitRow>(admin, 'member-units');
      const pending = units.find((u) => u.status === 'pending');
      const approved = units.find((u) => u.status === 'approved' && !u.pendingChange);
      const changing = units.find((u) => u.pendingChange);
      expect(pending && approved && changing).toBeTruthy();
      expect(await actionsOf(admin, 'member-units', pending?.id ?? '')).toEqual(['approve', 'edit', 'reject']);
      expect(await actionsOf(admin, 'member-units', approved?.id ?? '')).toEqual(['cancel', 'edit', 'suspend', 'window']);
      expect(await actionsOf(admin, 'member-units', changing?.id ?? '')).toContain('decide-change');

      const detail = await t.call<UnitRow>('GET', `member-units/${changing?.id}`, { token: admin });
      expect(detail.body.data.actions).toContain('decide-change');

      const editor = await staffWith('rows_unit_editor', ['member:unit:view', 'member:unit:edit']);
      expect(await actionsOf(editor, 'member-units', approved?.id ?? '')).toEqual(['edit', 'window']);
      expect(await actionsOf(editor, 'member-units', pending?.id ?? '')).toEqual(['edit']);
      const reader = await staffWith('rows_unit_reader', ['member:unit:view']);
      expect(await actionsOf(reader, 'member-units', changing?.id ?? '')).toEqual([]);
      const detailForReader = await t.call<UnitRow>('GET', `member-units/${changing?.id}`, { token: reader });
      expect(detailForReader.body.data.actions).toEqual([]);
    });
  });

  describe('practitioners', () => {
    type PractitionerRow = Row & { status: string; unitId: string; certificateNo: string | null };

    it('staff by their codes (通过/驳回 for the approver only), a unit on its own records without codes', async () => {
      const all = await rows<PractitionerRow>(admin, 'practitioners');
      const approved = all.find((p) => p.status === 'approved');
      const pending = all.find((p) => p.status === 'pending' && !p.certificateNo);
      expect(approved && pending).toBeTruthy();
      expect(await actionsOf(admin, 'practitioners', pending?.id ?? '')).toEqual(['approve', 'delete', 'edit', 'reject']);
      expect(await actionsOf(admin, 'practitioners', approved?.id ?? '')).toEqual(['edit', 'leave']);

      const reader = await staffWith('rows_practitioner_reader', ['member:practitioner:view']);
      expect(await actionsOf(reader, 'practitioners', pending?.id ?? '')).toEqual([]);

      const unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
      const own = await rows<PractitionerRow>(unit, 'practitioners');
      expect(own.length).toBeGreaterThan(0);
      for (const p of own) {
        expect(p.actions).not.toContain('approve');
        if (p.status === 'approved') expect([...p.actions].sort()).toEqual(['edit', 'leave']);
        if (p.status === 'left') expect(p.actions).toEqual([]);
      }
      const practitioner = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
      expect((await rows(practitioner, 'practitioners')).every((p) => p.actions.length === 0)).toBe(true);
    });
  });
});
