/**
 * Messages: the membership workflows notify the right accounts (a decision → the unit and, for a
 * practitioner, the person; every step of a unit change → the other parties; a new submission →
 * the staff who may decide it, and nobody else), in the same transaction as the step; an account
 * only ever sees, reads and marks its own; the bell's summary counts what is unread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthType, type PermissionCode } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import type { ReviewDecideResult } from '@common/schemas/businessAudit';
import type { MessageReadAllResult, MessageRecord, MessageSummary } from '@common/schemas/messages';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { insertRole } from '../../server/security/roles';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { pdfBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const PASSWORD = 'Notice@2026x';
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
function idCard(seq: number): string {
  const body = `11010119900101${String(seq % 1000).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(body[i]) * (ID_WEIGHTS[i] as number);
  return body + '10X98765432'[sum % 11];
}

describe.each(dialects)('messages on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let unit1: string;
  let unit2: string;
  let unit7: string;
  let p10: string;
  const accountIds: Record<string, string> = {};

  const addAccount = async (login: string, authType: AuthType, extra: { unitId?: string; practitionerId?: string; roleIds?: string[] } = {}) => {
    const now = new Date().toISOString();
    accountIds[login] = await insertAccount(t.db.kysely, { loginAccount: login, passwordHash: await hashPassword(PASSWORD), authType, name: login, ...extra }, now);
    return t.login(login, PASSWORD, authType);
  };
  const staffWith = async (login: string, permissions: PermissionCode[]) => {
    const roleId = await insertRole(t.db.kysely, { code: `role-${login}`, name: login, permissions }, new Date().toISOString());
    return addAccount(login, AuthType.Staff, { roleIds: [roleId] });
  };
  const inbox = (login: string) =>
    t.db.kysely.selectFrom('messages').selectAll().where('account_id', '=', accountIds[login] as string).orderBy('created_at').orderBy('id').execute();
  const pendingReview = async (what: 'registration' | 'info_change' | 'practitioner' | 'unit_change', subjectId: string) =>
    (await t.db.kysely.selectFrom('reviews').select('id').where('what', '=', what).where('subject_id', '=', subjectId).where('status', '=', 'pending').executeTakeFirstOrThrow()).id;
  // Each step a minute after the one before, so that "the latest message" is well defined.
  const later = () => t.clock.advanceMinutes(1);
  const decide = (reviewId: string, action: string, reason?: string) => {
    later();
    return t.call<ReviewDecideResult>('POST', 'business-audit/decide', { token: admin, body: { reviewIds: [reviewId], action, reason } });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    accountIds.admin = (await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', 'admin').executeTakeFirstOrThrow()).id;
    await staffWith('m_unit_approver', ['member:unit:approve']);
    await staffWith('m_prac_approver', ['member:practitioner:approve']);
    await staffWith('m_change_approver', ['member:unit-change:approve']);
    await staffWith('m_editor', ['content:article:view']);
    accountIds.demo_unit = (await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', 'demo_unit').executeTakeFirstOrThrow()).id;
    unit1 = await t.login('demo_unit', DEMO_PASSWORD, 2);
    unit2 = await addAccount('m_unit2', AuthType.MemberUnit, { unitId: 'demo-unit-2' });
    unit7 = await addAccount('m_unit7', AuthType.MemberUnit, { unitId: 'demo-unit-7' });
    // 孙佳慧 (demo-practitioner-10) works at demo-unit-2.
    p10 = await addAccount('m_p10', AuthType.Practitioner, { unitId: 'demo-unit-2', practitionerId: 'demo-practitioner-10' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a registration decision reaches the unit, with the member number or the reason', async () => {
    // The demo data leaves demo_unit messages of its own (a credit event the system recorded).
    const before = (await inbox('demo_unit')).length;
    const res = await decide(await pendingReview('registration', 'demo-unit-7'), 'approve');
    expect(res.body.data.results[0]?.ok).toBe(true);
    const [message] = await inbox('m_unit7');
    const unit = await t.db.kysely.selectFrom('member_units').select('member_no').where('id', '=', 'demo-unit-7').executeTakeFirstOrThrow();
    expect(message).toMatchObject({ kind: 'decision', title: '入会申请已审核通过', link: '/Manage/memberInfo', subject_type: 'unit', subject_id: 'demo-unit-7', read_at: null });
    expect(message?.body).toContain(unit.member_no as string);
    // Nobody else was told.
    expect(await inbox('demo_unit')).toHaveLength(before);
    expect(await inbox('m_unit_approver')).toHaveLength(0);
  });

  it('a key-information change: staff who approve units are told of it, the unit of the decision', async () => {
    const before = await t.db.kysely.selectFrom('member_units').select('version').where('id', '=', 'demo-unit-1').executeTakeFirstOrThrow();
    later();
    const saved = await t.call('PUT', 'member-units/mine', { token: unit1, body: { legalRepresentative: '新法定代表人', version: before.version } });
    expect(saved.body.status).toBe(1);
    const told = await inbox('m_unit_approver');
    expect(told.map((m) => [m.kind, m.link])).toEqual([['submission', '/Manage/business-audit?kind=info_change']]);
    expect(told[0]?.title).toContain('单位信息变更待审核');
    expect((await inbox('admin')).some((m) => m.link === '/Manage/business-audit?kind=info_change')).toBe(true);
    expect(await inbox('m_prac_approver')).toHaveLength(0);
    expect(await inbox('m_editor')).toHaveLength(0);

    await decide(await pendingReview('info_change', 'demo-unit-1'), 'reject', '缺少变更登记通知书');
    const decided = (await inbox('demo_unit')).at(-1);
    expect(decided).toMatchObject({ kind: 'decision', title: '单位信息变更被驳回' });
    expect(decided?.body).toContain('缺少变更登记通知书');
  });

  it('a new practitioner is put before the practitioner approvers; the decision reaches unit and person', async () => {
    later();
    const created = await t.call<{ id: string }>('POST', 'practitioners', {
      token: unit1,
      body: { name: '消息测试', idCardNo: idCard(501), phone: '13900000501', education: 'bachelor', entryDate: '2024-03-01' },
    });
    expect(created.body.status).toBe(1);
    const submissions = await inbox('m_prac_approver');
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toMatchObject({ kind: 'submission', link: '/Manage/business-audit?kind=practitioner' });
    expect(submissions[0]?.body).toContain('消息测试');
    expect((await inbox('m_unit_approver')).filter((m) => m.link?.includes('kind=practitioner'))).toHaveLength(0);

    const personAccount = (await t.db.kysely.selectFrom('accounts').select('id').where('practitioner_id', '=', created.body.data.id).executeTakeFirstOrThrow()).id;
    accountIds.newPerson = personAccount;
    const res = await decide(await pendingReview('practitioner', created.body.data.id), 'approve');
    expect(res.body.data.results[0]?.ok).toBe(true);
    const toUnit = (await inbox('demo_unit')).at(-1);
    expect(toUnit).toMatchObject({ kind: 'decision', title: '从业人员登记已审核通过：消息测试', subject_id: created.body.data.id });
    expect(toUnit?.link).toBe(`/Manage/employee-management?keyword=${encodeURIComponent('消息测试')}`);
    const toPerson = await inbox('newPerson');
    expect(toPerson).toHaveLength(1);
    expect(toPerson[0]?.body).toMatch(/WPRY/);
  });

  it('each unit-change step reaches the other parties; the release reaches the unit-change approvers', async () => {
    // demo-practitioner-10 has an open change (demo-unit-change-1, released): decide it first.
    const open = await pendingReview('unit_change', 'demo-unit-change-1');
    const before = (await inbox('m_p10')).length;
    await decide(open, 'reject', '调入单位材料不全');
    const afterReject = await inbox('m_p10');
    expect(afterReject.length).toBe(before + 1);
    expect(afterReject.at(-1)).toMatchObject({ title: '单位变更被驳回：孙佳慧' });
    expect(afterReject.at(-1)?.body).toContain('调入单位材料不全');
    expect((await inbox('m_unit2')).at(-1)?.title).toBe('单位变更被驳回：孙佳慧');
    expect((await inbox('demo_unit')).at(-1)?.title).toBe('单位变更被驳回：孙佳慧');

    // The practitioner asks to move to demo-unit-1: both units are told, not the person who asked.
    const uploaded = await upload<{ fileId: string }>(t, p10, pdfBytes(), { name: '放行函.pdf' });
    later();
    const asked = await t.call<{ id: string }>('POST', 'unit-changes', {
      token: p10,
      body: { toUnitId: 'demo-unit-1', reason: '工作调动', releaseLetterFileIds: [uploaded.body.data.fileId] },
    });
    expect(asked.body.status).toBe(1);
    const change = { id: asked.body.data.id };
    for (const login of ['m_unit2', 'demo_unit']) expect((await inbox(login)).at(-1)?.title).toBe('新的单位变更申请：孙佳慧');
    expect((await inbox('m_p10')).at(-1)?.title).toBe('单位变更被驳回：孙佳慧');
    expect(await inbox('m_change_approver')).toHaveLength(0);
    const p10Count = (await inbox('m_p10')).length;
    later();
    const released = await t.call('POST', `unit-changes/${change.id}/release`, { token: unit2, body: { version: 0, comment: '同意' } });
    expect(released.body.status).toBe(1);
    expect((await inbox('m_p10')).at(-1)).toMatchObject({ title: '单位变更已由原单位放行：孙佳慧', link: `/Manage/employee-unit-change?keyword=${encodeURIComponent('孙佳慧')}` });
    expect((await inbox('m_p10')).length).toBe(p10Count + 1);
    expect((await inbox('demo_unit')).at(-1)?.title).toBe('单位变更已由原单位放行：孙佳慧');
    // The old unit released it itself: no message to its own account.
    expect((await inbox('m_unit2')).at(-1)?.title).toBe('新的单位变更申请：孙佳慧');
    const approvers = await inbox('m_change_approver');
    expect(approvers.map((m) => [m.kind, m.link])).toEqual([['submission', '/Manage/business-audit?kind=unit_change']]);

    await decide(await pendingReview('unit_change', change.id), 'approve');
    for (const login of ['m_p10', 'm_unit2', 'demo_unit']) {
      expect((await inbox(login)).at(-1)?.title).toBe('单位变更已审批通过：孙佳慧');
    }
  });

  it('an account sees, reads and marks only its own messages; the summary counts the unread', async () => {
    const own = await t.call<Page<MessageRecord>>('GET', 'messages?pageSize=100', { token: unit1 });
    expect(own.body.status).toBe(1);
    const rows = await inbox('demo_unit');
    expect(own.body.data.total).toBe(rows.length);
    expect(own.body.data.list.map((m) => m.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const times = own.body.data.list.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const summary = await t.call<MessageSummary>('GET', 'messages/summary', { token: unit1 });
    expect(summary.body.data.unread).toBe(rows.length);
    expect(summary.body.data.latest).toHaveLength(Math.min(5, rows.length));
    expect(summary.body.data.latest[0]?.id).toBe(own.body.data.list[0]?.id);

    // Someone else's message: not found, and left unread.
    const othersMessage = (await inbox('m_unit7'))[0]?.id as string;
    expect((await t.call('POST', `messages/${othersMessage}/read`, { token: unit1 })).body).toMatchObject({ status: 10, message: '消息不存在' });
    expect((await inbox('m_unit7'))[0]?.read_at).toBeNull();

    const first = own.body.data.list[0]?.id as string;
    expect((await t.call('POST', `messages/${first}/read`, { token: unit1 })).body.status).toBe(1);
    expect((await t.call('POST', `messages/${first}/read`, { token: unit1 })).body.status).toBe(1);
    expect((await t.call<MessageSummary>('GET', 'messages/summary', { token: unit1 })).body.data.unread).toBe(rows.length - 1);
    const unread = await t.call<Page<MessageRecord>>('GET', 'messages?unread=true&pageSize=100', { token: unit1 });
    expect(unread.body.data.list.map((m) => m.id)).not.toContain(first);
    expect(unread.body.data.total).toBe(rows.length - 1);
    const read = await t.call<Page<MessageRecord>>('GET', 'messages?unread=false', { token: unit1 });
    expect(read.body.data.list.map((m) => m.id)).toEqual([first]);
    const decisions = await t.call<Page<MessageRecord>>('GET', 'messages?kind=submission', { token: unit1 });
    expect(decisions.body.data.total).toBe(0);

    const all = await t.call<MessageReadAllResult>('POST', 'messages/read-all', { token: unit1 });
    expect(all.body.data.count).toBe(rows.length - 1);
    expect((await t.call<MessageSummary>('GET', 'messages/summary', { token: unit1 })).body.data.unread).toBe(0);
    // Other accounts' messages stay unread, and their owner sees them.
    const theirs = await t.call<Page<MessageRecord>>('GET', 'messages', { token: unit7 });
    expect(theirs.body.data.list.map((m) => m.id)).toContain(othersMessage);
    expect(theirs.body.data.list.every((m) => m.readAt === null)).toBe(true);
    expect((await inbox('m_unit7')).every((m) => m.read_at === null)).toBe(true);
    expect((await t.call('GET', 'messages')).statusCode).toBe(401);
    expect((await t.call('GET', 'messages?kind=nope', { token: unit1 })).body.status).toBe(10);
  });
});
