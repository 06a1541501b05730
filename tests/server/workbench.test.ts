/**
 * The workbench: staff counts are the database's (pending by kind, totals, the year's months) and
 * follow a decision at once; the audit-trail entries only for log readers; a member unit and a
 * practitioner see only their own to-dos, certificate and inspection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthType, type PermissionCode } from '@common/permissions';
import type { Workbench } from '@common/schemas/workbench';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { insertRole } from '../../server/security/roles';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { createTestApp, dialects, type TestContext } from './helpers';

const PASSWORD = 'Bench@2026x';

describe.each(dialects)('workbench on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let plainStaff: string;
  let noWorkbench: string;

  const staffWith = async (login: string, permissions: PermissionCode[]) => {
    const now = new Date().toISOString();
    const roleId = await insertRole(t.db.kysely, { code: `role-${login}`, name: login, permissions }, now);
    await insertAccount(t.db.kysely, { loginAccount: login, passwordHash: await hashPassword(PASSWORD), authType: AuthType.Staff, name: login, roleIds: [roleId] }, now);
    return t.login(login, PASSWORD, 1);
  };
  const unitAccount = async (login: string, unitId: string) => {
    await insertAccount(t.db.kysely, { loginAccount: login, passwordHash: await hashPassword(PASSWORD), authType: AuthType.MemberUnit, name: login, unitId }, new Date().toISOString());
    return t.login(login, PASSWORD, 2);
  };
  const bench = (token: string) => t.call<Workbench>('GET', 'workbench', { token });
  const n = (v: unknown) => Number(v ?? 0);

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    plainStaff = await staffWith('wb_plain', ['workbench:view']);
    noWorkbench = await staffWith('wb_none', ['content:article:view']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives staff the database’s counts: pending by kind, totals and the twelve months', async () => {
    const res = await bench(admin);
    expect(res.body.status).toBe(1);
    expect(res.body.data.view).toBe('staff');
    expect(res.body.data.own).toBeNull();
    const staff = res.body.data.staff;
    if (!staff) throw new Error('no staff workbench');
    const db = t.db.kysely;
    const pending = await db.selectFrom('reviews').select(['what', (eb) => eb.fn.countAll<number>().as('n')]).where('status', '=', 'pending').groupBy('what').execute();
    for (const p of pending) expect(staff.pending.find((x) => x.kind === p.what)?.count).toBe(n(p.n));
    expect(staff.pendingTotal).toBe(pending.reduce((s, p) => s + n(p.n), 0));
    expect(staff.pending.find((p) => p.kind === 'registration')).toMatchObject({ label: '入会申请', link: '/Manage/business-audit?kind=registration' });

    const units = await db.selectFrom('member_units').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'approved').executeTakeFirstOrThrow();
    expect(staff.totals.units).toBe(n(units.n));
    expect(staff.totals.unitsByLevel.reduce((s, l) => s + l.count, 0)).toBe(n(units.n));
    expect(staff.totals.unitsByLevel.every((l) => l.label && l.label !== l.key)).toBe(true);
    const practitioners = await db.selectFrom('practitioners').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'approved').executeTakeFirstOrThrow();
    expect(staff.totals.practitioners).toBe(n(practitioners.n));
    const experts = await db.selectFrom('experts').select((eb) => eb.fn.countAll<number>().as('n')).where('active', '=', 1).executeTakeFirstOrThrow();
    expect(staff.totals.experts).toBe(n(experts.n));
    const projects = await db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '!=', 'draft').executeTakeFirstOrThrow();
    expect(staff.totals.projects).toBe(n(projects.n));

    const year = staff.year;
    expect(staff.monthly.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`));
    const joined = await db.selectFrom('member_units').select('join_date').where('join_date', '>=', `${year}-01-01`).where('join_date', '<=', `${year}-12-31`).execute();
    expect(staff.monthly.reduce((s, m) => s + m.units, 0)).toBe(joined.length);
    for (const m of staff.monthly) expect(m.units).toBe(joined.filter((j) => j.join_date?.startsWith(m.month)).length);
    const submitted = await db.selectFrom('projects').select('type').where('submitted_at', '>=', new Date(`${year}-01-01T00:00:00+08:00`).toISOString()).where('submitted_at', '<', new Date(`${year + 1}-01-01T00:00:00+08:00`).toISOString()).execute();
    expect(staff.projectsByType.reduce((s, p) => s + p.count, 0)).toBe(submitted.length);
    expect(staff.projectsByRiskOfYear.reduce((s, p) => s + p.count, 0)).toBe(submitted.length);

    expect(staff.recentLogs?.length).toBeGreaterThan(0);
    const times = staff.recentLogs?.map((l) => l.at) ?? [];
    expect(times).toEqual([...times].sort().reverse());
  });

  it('charts another year on request: the years with records, that year’s months; never a future year', async () => {
    const thisYear = (await bench(admin)).body.data.staff?.year ?? 0;
    const db = t.db.kysely;
    const first = await db.selectFrom('member_units').select((eb) => eb.fn.min('join_date').as('first')).executeTakeFirstOrThrow();
    const firstYear = Number(String(first.first).slice(0, 4));
    expect(firstYear).toBeLessThan(thisYear); // the demo's units joined in earlier years

    const res = await t.call<Workbench>('GET', `workbench?year=${firstYear}`, { token: admin });
    expect(res.body.status).toBe(1);
    const staff = res.body.data.staff;
    if (!staff) throw new Error('no staff workbench');
    expect(staff.year).toBe(firstYear);
    expect(staff.years[0]).toBe(thisYear);
    expect(staff.years.at(-1)).toBeLessThanOrEqual(firstYear);
    expect(staff.years).toEqual([...staff.years].sort((a, b) => b - a));
    expect(staff.monthly[0].month).toBe(`${firstYear}-01`);
    const joined = await db.selectFrom('member_units').select('join_date').where('join_date', '>=', `${firstYear}-01-01`).where('join_date', '<=', `${firstYear}-12-31`).execute();
    expect(joined.length).toBeGreaterThan(0);
    expect(staff.monthly.reduce((sum, m) => sum + m.units, 0)).toBe(joined.length);

    const future = await t.call('GET', `workbench?year=${thisYear + 1}`, { token: admin });
    expect(future.statusCode).toBe(400);
    expect(future.body).toMatchObject({ status: 10, message: `年度不能晚于 ${thisYear} 年` });
    const bad = await t.call('GET', 'workbench?year=abc', { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toContain('年度');
  });

  it('follows a decision at once, and shows the log only to those who may read it', async () => {
    const before = (await bench(admin)).body.data.staff;
    const review = await t.db.kysely.selectFrom('reviews').select('id').where('what', '=', 'practitioner').where('status', '=', 'pending').executeTakeFirstOrThrow();
    const decided = await t.call('POST', 'business-audit/decide', { token: admin, body: { reviewIds: [review.id], action: 'approve' } });
    expect(decided.body.status).toBe(1);
    const after = (await bench(admin)).body.data.staff;
    const count = (w: typeof before, kind: string) => w?.pending.find((p) => p.kind === kind)?.count ?? -1;
    expect(count(after, 'practitioner')).toBe(count(before, 'practitioner') - 1);
    expect(after?.pendingTotal).toBe((before?.pendingTotal ?? 0) - 1);
    expect(after?.totals.practitioners).toBe((before?.totals.practitioners ?? 0) + 1);
    expect(after?.recentLogs?.[0]?.action).toBe('approve');

    const plain = await bench(plainStaff);
    expect(plain.body.data.staff?.recentLogs).toBeNull();
    expect(plain.body.data.staff?.pendingTotal).toBe(after?.pendingTotal);
    expect((await bench(noWorkbench)).statusCode).toBe(403);
    expect((await t.call('GET', 'workbench')).statusCode).toBe(401);
  });

  it('gives a member unit only its own to-dos, certificate and inspection', async () => {
    const unit1 = await t.login('demo_unit', DEMO_PASSWORD, 2);
    const res = await bench(unit1);
    expect(res.body.status).toBe(1);
    expect(res.body.data.view).toBe('unit');
    expect(res.body.data.staff).toBeNull();
    const own = res.body.data.own;
    const db = t.db.kysely;
    const unit = await db.selectFrom('member_units').select(['name']).where('id', '=', 'demo-unit-1').executeTakeFirstOrThrow();
    expect(own?.name).toBe(unit.name);
    const cert = await db.selectFrom('certificates').select(['number', 'valid_until']).where('holder_type', '=', 'unit').where('holder_id', '=', 'demo-unit-1').orderBy('issued_on', 'desc').executeTakeFirstOrThrow();
    expect(own?.certificate).toMatchObject({ number: cert.number, validUntil: cert.valid_until });
    expect(['valid', 'expiring', 'expired']).toContain(own?.certificate.state);
    const todo = (key: string) => own?.todos.find((x) => x.key === key)?.count;
    const mine = async (status: 'pending' | 'rejected') =>
      n((await db.selectFrom('practitioners').select((eb) => eb.fn.countAll<number>().as('n')).where('unit_id', '=', 'demo-unit-1').where('status', '=', status).executeTakeFirstOrThrow()).n);
    expect(todo('practitioner-pending')).toBe(await mine('pending'));
    expect(todo('practitioner-rejected')).toBe(await mine('rejected'));
    const returnedProjects = await db.selectFrom('projects').select('id').where('unit_id', '=', 'demo-unit-1').where('status', '=', 'returned').execute();
    expect(todo('project-returned')).toBe(returnedProjects.length);
    const year = await db.selectFrom('annual_inspection_years').select(['year', 'deadline', 'status']).orderBy('year', 'desc').executeTakeFirst();
    if (year) {
      const row = await db.selectFrom('annual_inspections').select('status').where('subject_type', '=', 'unit').where('subject_id', '=', 'demo-unit-1').where('year', '=', year.year).executeTakeFirst();
      expect(own?.inspection).toMatchObject({ year: year.year, status: row?.status ?? 'not_submitted' });
    }

    // demo-unit-5's inspection was returned; demo-unit-1 does not see it, demo-unit-5 does.
    const returnedOf5 = await db.selectFrom('annual_inspections').select('id').where('unit_id', '=', 'demo-unit-5').where('status', '=', 'returned').execute();
    const returnedOf1 = await db.selectFrom('annual_inspections').select('id').where('unit_id', '=', 'demo-unit-1').where('status', '=', 'returned').execute();
    expect(todo('inspection-returned')).toBe(returnedOf1.length);
    const unit5 = await bench(await unitAccount('wb_unit5', 'demo-unit-5'));
    expect(unit5.body.data.own?.todos.find((x) => x.key === 'inspection-returned')?.count).toBe(returnedOf5.length);
    expect(returnedOf5.length).toBeGreaterThan(0);
    const cert5 = await db.selectFrom('certificates').select('number').where('holder_type', '=', 'unit').where('holder_id', '=', 'demo-unit-5').orderBy('issued_on', 'desc').executeTakeFirst();
    expect(unit5.body.data.own?.certificate.number ?? null).toBe(cert5?.number ?? null);
    expect(unit5.body.data.own?.certificate.number).not.toBe(cert.number);
  });

  it('gives a practitioner their own certificate and inspection', async () => {
    const token = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    const res = await bench(token);
    expect(res.body.data.view).toBe('practitioner');
    const person = await t.db.kysely.selectFrom('practitioners').select(['name', 'certificate_no', 'certificate_valid_until']).where('id', '=', 'demo-practitioner-1').executeTakeFirstOrThrow();
    expect(res.body.data.own).toMatchObject({ name: person.name, certificate: { number: person.certificate_no, validUntil: person.certificate_valid_until } });
    expect(res.body.data.own?.todos.every((x) => x.link.startsWith('/Manage/'))).toBe(true);
  });
});
