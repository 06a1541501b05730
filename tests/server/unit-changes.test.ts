/**
 * Practitioner unit changes: who sees which (staff all, a unit the changes into or out of it,
 * a practitioner their own; the history to the three parties and nobody else), requests by the
 * practitioner and by the new unit (ID number through the keyed hash), release by the old unit
 * only, approval moving practitioner + account + certificate in one transaction (and nothing
 * when it fails), rejections at each step, withdrawal, and every illegal move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthType } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import type { PreviewItem } from '@common/schemas/files';
import type { UnitChangeDetail, UnitChangeRecord } from '@common/schemas/unitChanges';
import { PRACTITIONER_NOT_FOUND_MESSAGE, WITHDRAWN_REASON } from '@common/schemas/unitChanges';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { MESSAGES } from '../../server/modules/unit-changes/service';
import { readPii } from '../../server/pii';
import { pdfBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const PASSWORD = 'Change@2026';
/** The seeded super-administrator's name (server/db/seed): staff steps show who decided. */
const ADMIN_NAME = '超级管理员';

describe.each(dialects)('unit changes on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  /** demo_unit: 正衡 (demo-unit-1). */
  let unit1: string;
  let unit2: string;
  let unit3: string;
  let unit5: string;
  /** demo_practitioner: 张明远 (demo-practitioner-1, at demo-unit-1). */
  let p1: string;
  let p3: string;
  let p6: string;
  let p10: string;

  const unitName = async (id: string) =>
    (await t.db.kysely.selectFrom('member_units').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    const passwordHash = await hashPassword(PASSWORD);
    const now = new Date().toISOString();
    const add = (login: string, authType: AuthType, unitId: string, practitionerId: string | null = null) =>
      insertAccount(t.db.kysely, { loginAccount: login, passwordHash, authType, name: login, unitId, practitionerId }, now);
    await add('uc_unit2', AuthType.MemberUnit, 'demo-unit-2');
    await add('uc_unit3', AuthType.MemberUnit, 'demo-unit-3');
    await add('uc_unit5', AuthType.MemberUnit, 'demo-unit-5');
    await add('uc_p3', AuthType.Practitioner, 'demo-unit-1', 'demo-practitioner-3');
    await add('uc_p6', AuthType.Practitioner, 'demo-unit-1', 'demo-practitioner-6');
    await add('uc_p10', AuthType.Practitioner, 'demo-unit-2', 'demo-practitioner-10');
    unit1 = await t.login('demo_unit', DEMO_PASSWORD, 2);
    unit2 = await t.login('uc_unit2', PASSWORD, 2);
    unit3 = await t.login('uc_unit3', PASSWORD, 2);
    unit5 = await t.login('uc_unit5', PASSWORD, 2);
    p1 = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    p3 = await t.login('uc_p3', PASSWORD, 3);
    p6 = await t.login('uc_p6', PASSWORD, 3);
    p10 = await t.login('uc_p10', PASSWORD, 3);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (token: string, query = '') => t.call<Page<UnitChangeRecord>>('GET', `unit-changes?pageSize=100&${query}`, { token });
  const detail = (token: string, id: string) => t.call<UnitChangeDetail>('GET', `unit-changes/${id}`, { token });
  const step = (token: string, id: string, action: string, body: object) => t.call('POST', `unit-changes/${id}/${action}`, { token, body });
  const versionOf = async (id: string) =>
    (await t.db.kysely.selectFrom('unit_changes').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
  const stepsOf = (id: string) => t.db.kysely.selectFrom('unit_change_steps').selectAll().where('unit_change_id', '=', id).orderBy('id').execute();
  const idCardOf = async (practitionerId: string) => {
    const row = await t.db.kysely.selectFrom('practitioners').select('id_card_enc').where('id', '=', practitionerId).executeTakeFirstOrThrow();
    return readPii(t.app.pii, row.id_card_enc).value as string;
  };
  const letter = async (token: string) => {
    const res = await upload<{ fileId: string }>(t, token, pdfBytes(), { name: '放行函.pdf' });
    expect(res.body.status).toBe(1);
    return res.body.data.fileId;
  };
  const practitionerRow = (id: string) => t.db.kysely.selectFrom('practitioners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lists every change to staff with names joined and the ID number masked, with filters and sort', async () => {
    const all = await list(admin);
    expect(all.body.status).toBe(1);
    const seeded = await t.db.kysely.selectFrom('unit_changes').select('id').execute();
    expect(all.body.data.total).toBe(seeded.length);
    const c1 = all.body.data.list.find((c) => c.id === 'demo-unit-change-1') as UnitChangeRecord;
    expect(c1).toMatchObject({
      practitionerName: '孙佳慧',
      fromUnitId: 'demo-unit-2',
      fromUnitName: await unitName('demo-unit-2'),
      toUnitName: await unitName('demo-unit-1'),
      status: 'released',
      waitingFor: 'association',
      requestedByName: '孙佳慧',
      actions: ['approve', 'reject'],
    });
    expect(c1.certificateNo).toMatch(/^WPRY/);
    expect(c1.idCardNo).toMatch(/^\d{6}\*+[\dX]{4}$/);
    expect(c1.idCardNo).not.toBe(await idCardOf('demo-practitioner-10'));

    const released = await list(admin, 'status=released');
    expect(released.body.data.list.every((c) => c.status === 'released')).toBe(true);
    expect(released.body.data.list.map((c) => c.id)).toContain('demo-unit-change-1');
    const ofUnit5 = await list(admin, 'unitId=demo-unit-5');
    expect(ofUnit5.body.data.list.map((c) => c.id).sort()).toEqual(['demo-unit-change-3', 'demo-unit-change-4']);
    const byName = await list(admin, `keyword=${encodeURIComponent('唐志')}`);
    expect(byName.body.data.list.map((c) => c.id)).toEqual(['demo-unit-change-2']);
    const in2025 = await list(admin, 'submittedFrom=2025-01-01&submittedTo=2025-12-31');
    expect(in2025.body.data.list.map((c) => c.id)).toEqual(['demo-unit-change-2']);
    const oldest = await list(admin, 'sort=createdAt,asc');
    const times = oldest.body.data.list.map((c) => c.createdAt);
    expect(times).toEqual([...times].sort());
    expect((await list(admin, 'sort=secret,asc')).body).toMatchObject({ status: 10, message: '不支持按 secret 排序' });
    expect((await list(admin, 'status=nope')).body.status).toBe(10);
  });

  it('shows a unit the changes into and out of it, a practitioner their own, and keeps content staff out', async () => {
    const mine = await list(unit1);
    expect(mine.body.data.list.map((c) => c.id).sort()).toEqual(['demo-unit-change-1', 'demo-unit-change-3']);
    expect((await list(unit1, 'direction=in')).body.data.list.map((c) => c.id)).toEqual(['demo-unit-change-1']);
    expect((await list(unit1, 'direction=out')).body.data.list.map((c) => c.id)).toEqual(['demo-unit-change-3']);
    // A unit cannot widen its view with another unit's id.
    expect((await list(unit1, 'unitId=demo-unit-6')).body.data.total).toBe(0);
    // The old unit of a requested change may release or reject it; the new unit only sees it.
    const out = (await list(unit1, 'direction=out')).body.data.list[0];
    expect(out.actions).toEqual(['release', 'reject']);
    expect((await list(unit1, 'direction=in')).body.data.list[0].actions).toEqual([]);

    expect((await list(p10)).body.data.list.map((c) => c.id)).toEqual(['demo-unit-change-1']);
    expect((await list(p1)).body.data.total).toBe(0);

    const editor = await t.login('demo_staff', DEMO_PASSWORD, 1);
    expect((await list(editor)).statusCode).toBe(403);
    expect((await detail(editor, 'demo-unit-change-1')).statusCode).toBe(403);
  });

  it('shows the full history, oldest first, to staff, the practitioner and both units, and to nobody else', async () => {
    for (const token of [admin, unit1, unit2, p10]) {
      const res = await detail(token, 'demo-unit-change-1');
      expect(res.body.status).toBe(1);
      expect(res.body.data.steps.map((s) => s.step)).toEqual(['requested', 'released']);
      expect(res.body.data.steps[1]).toMatchObject({ actorName: await unitName('demo-unit-2'), comment: '同意放行，在研项目已完成交接。' });
    }
    for (const token of [unit3, p1]) {
      const res = await detail(token, 'demo-unit-change-1');
      expect(res.statusCode).toBe(403);
      expect(res.body.status).toBe(30);
    }
    const missing = await detail(admin, 'no-such-change');
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe('单位变更申请不存在');
  });

  it('a practitioner requests a move; the old unit alone releases; staff approve: unit, account and certificate move together', async () => {
    const fileId = await letter(p1);
    const refused = async (body: object, message: string, token = p1) => {
      const res = await t.call('POST', 'unit-changes', { token, body: { reason: '个人发展', releaseLetterFileIds: [fileId], ...body } });
      expect(res.body).toMatchObject({ status: 10, message });
    };
    await refused({}, MESSAGES.toUnitRequired);
    await refused({ toUnitId: 'demo-unit-1' }, MESSAGES.sameUnit);
    await refused({ toUnitId: 'demo-unit-7' }, MESSAGES.toUnitNotApproved); // pending registration
    await refused({ toUnitId: 'no-such-unit' }, MESSAGES.toUnitNotApproved);
    await refused({ toUnitId: 'demo-unit-3', reason: '   ' }, MESSAGES.reasonRequired);
    await refused({ toUnitId: 'demo-unit-3' }, MESSAGES.notApprovedPractitioner, p6); // still pending
    // Someone else's file cannot be attached (it would open it to the units).
    const othersFile = await letter(unit5);
    await refused({ toUnitId: 'demo-unit-3', releaseLetterFileIds: [othersFile] }, '放行函不存在，请重新上传');
    const noFile = await t.call('POST', 'unit-changes', { token: p1, body: { toUnitId: 'demo-unit-3', reason: '个人发展', releaseLetterFileIds: [] } });
    expect(noFile.body.status).toBe(10);
    expect(noFile.body.message).toContain('放行函');
    // Staff do not request.
    expect((await t.call('POST', 'unit-changes', { token: admin, body: { toUnitId: 'demo-unit-3', reason: 'x', releaseLetterFileIds: [fileId] } })).statusCode).toBe(403);
    expect(await t.db.kysely.selectFrom('unit_changes').select('id').where('practitioner_id', '=', 'demo-practitioner-1').execute()).toHaveLength(0);

    const created = await t.call<{ id: string }>('POST', 'unit-changes', {
      token: p1,
      body: { toUnitId: 'demo-unit-3', reason: ' 拟调入安和公司 ', releaseLetterFileIds: [fileId] },
    });
    expect(created.body.status).toBe(1);
    const id = created.body.data.id;
    const fresh = (await detail(p1, id)).body.data;
    expect(fresh).toMatchObject({ status: 'requested', waitingFor: 'from_unit', reason: '拟调入安和公司', fromUnitId: 'demo-unit-1', toUnitId: 'demo-unit-3', actions: ['withdraw'] });
    expect(fresh.releaseLetters.map((f) => f.fileId)).toEqual([fileId]);
    expect(fresh.steps).toEqual([expect.objectContaining({ step: 'requested', actorName: '张明远' })]);
    // A second request while this one is open is refused.
    await refused({ toUnitId: 'demo-unit-5' }, MESSAGES.alreadyOpen);
    const log = await t.db.kysely.selectFrom('operation_logs').selectAll().where('entity', '=', 'unit-change').where('entity_id', '=', id).execute();
    expect(log.map((l) => l.action)).toEqual(['create']);

    // Both units and the practitioner may read the release letter; a fourth unit may not.
    const preview = async (token: string) => (await t.call<PreviewItem[]>('GET', `file/preview?fileIds=${fileId}`, { token })).body.data;
    expect(await preview(unit1)).toHaveLength(1);
    expect(await preview(unit3)).toHaveLength(1);
    expect(await preview(unit5)).toHaveLength(0);

    // Staff cannot approve before the old unit released.
    let version = await versionOf(id);
    expect((await step(admin, id, 'approve', { version })).body).toMatchObject({ status: 10, message: MESSAGES.notReleasedYet });
    // Only the old unit releases: not the new unit, not another unit, not the practitioner, not staff.
    for (const token of [unit3, unit5, p1]) expect((await step(token, id, 'release', { version })).statusCode).toBe(403);
    expect((await step(admin, id, 'release', { version })).statusCode).toBe(403);
    // A stale version is refused.
    expect((await step(unit1, id, 'release', { version: version + 5 })).statusCode).toBe(409);
    const released = await step(unit1, id, 'release', { version, comment: '同意放行' });
    expect(released.body.status).toBe(1);
    version = await versionOf(id);
    expect((await step(unit1, id, 'release', { version })).body).toMatchObject({ status: 10, message: MESSAGES.alreadyReleased });
    expect((await step(p1, id, 'withdraw', { version })).body).toMatchObject({ status: 10, message: MESSAGES.releasedNoWithdraw });
    expect((await step(unit1, id, 'reject', { version, reason: '反悔' })).body).toMatchObject({ status: 10, message: MESSAGES.releasedOldUnitReject });
    // Now in the association's queue.
    const review = await t.db.kysely.selectFrom('reviews').selectAll().where('subject_type', '=', 'unit_change').where('subject_id', '=', id).execute();
    expect(review).toHaveLength(1);
    expect(review[0]).toMatchObject({ what: 'unit_change', status: 'pending', unit_id: 'demo-unit-3', submitted_by_name: '张明远' });
    expect(review[0].subject_name).toBe(`张明远：${await unitName('demo-unit-1')} → ${await unitName('demo-unit-3')}`);

    const before = await practitionerRow('demo-practitioner-1');
    expect((await step(admin, id, 'approve', { version: version - 1 })).statusCode).toBe(409);
    const approved = await step(admin, id, 'approve', { version, comment: '准予变更' });
    expect(approved.body.status).toBe(1);

    const after = await practitionerRow('demo-practitioner-1');
    expect(after.unit_id).toBe('demo-unit-3');
    expect(after.version).toBe(before.version + 1);
    const account = await t.db.kysely.selectFrom('accounts').select('unit_id').where('login_account', '=', 'demo_practitioner').executeTakeFirstOrThrow();
    expect(account.unit_id).toBe('demo-unit-3');
    const certs = await t.db.kysely.selectFrom('certificates').select(['number', 'unit_id']).where('holder_id', '=', 'demo-practitioner-1').execute();
    expect(certs.length).toBeGreaterThan(0);
    expect(certs.every((c) => c.unit_id === 'demo-unit-3')).toBe(true);
    const publicCert = await t.call<{ unitName: string | null }>('GET', `public/certificates/${encodeURIComponent(certs[0].number)}`);
    expect(publicCert.body.data.unitName).toBe(await unitName('demo-unit-3'));
    // The practitioner's own session now belongs to the new unit.
    const current = await t.call<{ unitId: string }>('GET', 'user/current', { token: p1 });
    expect(current.body.data.unitId).toBe('demo-unit-3');

    const decided = await t.db.kysely.selectFrom('reviews').selectAll().where('subject_id', '=', id).executeTakeFirstOrThrow();
    expect(decided).toMatchObject({ status: 'approved', comment: '准予变更', decided_by_name: ADMIN_NAME });
    expect((await step(admin, id, 'approve', { version: await versionOf(id) })).body).toMatchObject({ status: 10, message: MESSAGES.approved });

    // The whole history, to all three parties (the old unit keeps it after the move), not to a fourth unit.
    for (const token of [admin, p1, unit1, unit3]) {
      const res = await detail(token, id);
      expect(res.body.status).toBe(1);
      expect(res.body.data.steps.map((s) => [s.step, s.actorName, s.comment])).toEqual([
        ['requested', '张明远', null],
        ['released', await unitName('demo-unit-1'), '同意放行'],
        ['approved', ADMIN_NAME, '准予变更'],
      ]);
      expect(res.body.data.status).toBe('approved');
    }
    expect((await detail(unit5, id)).statusCode).toBe(403);
    expect((await list(unit1, 'direction=out')).body.data.list.map((c) => c.id)).toContain(id);
    const actions = (await t.db.kysely.selectFrom('operation_logs').select('action').where('entity_id', '=', id).orderBy('id').execute()).map((l) => l.action);
    expect(actions).toEqual(['create', 'release', 'approve']);
  });

  it('approval is all or nothing: a practitioner who left meanwhile is refused and nothing moves', async () => {
    const id = 'demo-unit-change-1'; // 孙佳慧, released, from unit 2 to unit 1
    await t.db.kysely.updateTable('practitioners').set({ status: 'left' }).where('id', '=', 'demo-practitioner-10').execute();
    const version = await versionOf(id);
    const stepsBefore = await stepsOf(id);
    const certsBefore = await t.db.kysely.selectFrom('certificates').select(['id', 'unit_id', 'version']).where('holder_id', '=', 'demo-practitioner-10').execute();
    const refused = await step(admin, id, 'approve', { version });
    expect(refused.body).toMatchObject({ status: 10, message: MESSAGES.practitionerMoved });
    // The status change and the history step written before the refusal were rolled back too.
    const row = await t.db.kysely.selectFrom('unit_changes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'released', version });
    expect(await stepsOf(id)).toEqual(stepsBefore);
    expect((await practitionerRow('demo-practitioner-10')).unit_id).toBe('demo-unit-2');
    const account = await t.db.kysely.selectFrom('accounts').select('unit_id').where('login_account', '=', 'uc_p10').executeTakeFirstOrThrow();
    expect(account.unit_id).toBe('demo-unit-2');
    expect(await t.db.kysely.selectFrom('certificates').select(['id', 'unit_id', 'version']).where('holder_id', '=', 'demo-practitioner-10').execute()).toEqual(certsBefore);
    const review = await t.db.kysely.selectFrom('reviews').select('status').where('subject_id', '=', id).executeTakeFirstOrThrow();
    expect(review.status).toBe('pending');
    expect(await t.db.kysely.selectFrom('operation_logs').select('id').where('entity_id', '=', id).execute()).toHaveLength(0);
    await t.db.kysely.updateTable('practitioners').set({ status: 'approved' }).where('id', '=', 'demo-practitioner-10').execute();
  });

  it('staff reject a released change with a reason; the seeded review closes', async () => {
    const id = 'demo-unit-change-1';
    const version = await versionOf(id);
    const noReason = await step(admin, id, 'reject', { version });
    expect(noReason.body.status).toBe(10);
    expect(noReason.body.message).toContain('驳回原因');
    expect((await step(admin, id, 'reject', { version, reason: '  ' })).body).toMatchObject({ status: 10, message: MESSAGES.rejectReasonRequired });
    // Neither the new unit nor the practitioner may reject.
    expect((await step(unit1, id, 'reject', { version, reason: '不要了' })).statusCode).toBe(403);
    expect((await step(p10, id, 'reject', { version, reason: '不去了' })).statusCode).toBe(403);
    const res = await step(admin, id, 'reject', { version, reason: '缺少劳动合同' });
    expect(res.body.status).toBe(1);
    const one = (await detail(p10, id)).body.data;
    expect(one).toMatchObject({ status: 'rejected', rejectReason: '缺少劳动合同', withdrawn: false, waitingFor: null, actions: [] });
    expect(one.steps.at(-1)).toMatchObject({ step: 'rejected', actorName: ADMIN_NAME, comment: '缺少劳动合同' });
    const review = await t.db.kysely.selectFrom('reviews').selectAll().where('subject_id', '=', id).execute();
    expect(review).toHaveLength(1);
    expect(review[0]).toMatchObject({ id: 'demo-review-unit-change-1', status: 'rejected', comment: '缺少劳动合同' });
    expect((await step(admin, id, 'approve', { version: await versionOf(id) })).body).toMatchObject({ status: 10, message: MESSAGES.rejected });
    expect((await step(unit2, id, 'release', { version: await versionOf(id) })).body).toMatchObject({ status: 10, message: MESSAGES.rejected });
  });

  it('staff may reject a change still waiting for the old unit; a review record says so', async () => {
    const id = 'demo-unit-change-3'; // 刘建国, requested, from unit 1 to unit 5
    const res = await step(admin, id, 'reject', { version: await versionOf(id), reason: '材料不全' });
    expect(res.body.status).toBe(1);
    const review = await t.db.kysely.selectFrom('reviews').selectAll().where('subject_id', '=', id).executeTakeFirstOrThrow();
    expect(review).toMatchObject({ status: 'rejected', comment: '材料不全', unit_id: 'demo-unit-5' });
    expect(review.subject_name).toContain('刘建国：');
  });

  it('a new unit requests by name and full ID number; the look-up says nothing about which part was wrong', async () => {
    const fileId = await letter(unit5);
    const idCard = await idCardOf('demo-practitioner-2'); // 李婉清, unit 1
    const ask = (body: object) => t.call<{ id: string }>('POST', 'unit-changes', { token: unit5, body: { reason: '受聘我单位', releaseLetterFileIds: [fileId], ...body } });
    expect((await ask({ practitionerName: '李婉清' })).body).toMatchObject({ status: 10, message: MESSAGES.idCardRequired });
    expect((await ask({ idCardNo: idCard })).body).toMatchObject({ status: 10, message: MESSAGES.nameRequired });
    const badChecksum = await ask({ practitionerName: '李婉清', idCardNo: `${idCard.slice(0, 17)}${idCard[17] === '0' ? '1' : '0'}` });
    expect(badChecksum.body.status).toBe(10);
    expect(badChecksum.body.message).toContain('身份证号码');
    const wrongName = await ask({ practitionerName: '李婉晴', idCardNo: idCard });
    const unknownNumber = await ask({ practitionerName: '李婉清', idCardNo: await idCardOf('demo-practitioner-16') }); // rejected registration
    const pending = await ask({ practitionerName: '赵雨桐', idCardNo: await idCardOf('demo-practitioner-6') });
    for (const res of [wrongName, unknownNumber, pending]) expect(res.body).toMatchObject({ status: 10, message: PRACTITIONER_NOT_FOUND_MESSAGE });
    expect((await ask({ practitionerName: '谢雅琴', idCardNo: await idCardOf('demo-practitioner-20') })).body).toMatchObject({ status: 10, message: MESSAGES.sameUnit });
    expect((await ask({ practitionerName: '李婉清', idCardNo: idCard, toUnitId: 'demo-unit-3' })).body).toMatchObject({ status: 10, message: MESSAGES.toUnitMustBeOwn });

    // Lower-case x and spaces do not matter; the name must match exactly.
    const created = await ask({ practitionerName: ' 李婉清 ', idCardNo: ` ${idCard.toLowerCase()} ` });
    expect(created.body.status).toBe(1);
    const id = created.body.data.id;
    const one = (await detail(unit5, id)).body.data;
    expect(one).toMatchObject({ practitionerId: 'demo-practitioner-2', fromUnitId: 'demo-unit-1', toUnitId: 'demo-unit-5', requestedByName: await unitName('demo-unit-5'), actions: ['withdraw'] });
    expect(one.idCardNo).not.toBe(idCard);
    expect((await detail(unit1, id)).body.data.actions).toEqual(['release', 'reject']);

    // The old unit rejects it with a reason; after that nothing more can happen to it.
    const version = await versionOf(id);
    expect((await step(unit3, id, 'reject', { version, reason: '无关单位' })).statusCode).toBe(403);
    expect((await step(unit1, id, 'reject', { version, reason: '服务期未满' })).body.status).toBe(1);
    const rejected = (await detail(unit5, id)).body.data;
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: '服务期未满' });
    expect(rejected.steps.map((s) => [s.step, s.actorName])).toEqual([
      ['requested', await unitName('demo-unit-5')],
      ['rejected', await unitName('demo-unit-1')],
    ]);
    // The old unit's refusal is not the association's: no review record.
    expect(await t.db.kysely.selectFrom('reviews').select('id').where('subject_id', '=', id).execute()).toHaveLength(0);
    expect((await step(unit1, id, 'release', { version: await versionOf(id) })).body).toMatchObject({ status: 10, message: MESSAGES.rejected });
    expect((await practitionerRow('demo-practitioner-2')).unit_id).toBe('demo-unit-1');
  });

  it('the requesting side may withdraw before the release, and may then ask again', async () => {
    const fileId = await letter(p3);
    const ask = () => t.call<{ id: string }>('POST', 'unit-changes', { token: p3, body: { toUnitId: 'demo-unit-6', reason: '换个环境', releaseLetterFileIds: [fileId] } });
    const first = (await ask()).body.data.id;
    const version = await versionOf(first);
    // Not the old unit, not another practitioner.
    expect((await step(unit1, first, 'withdraw', { version })).statusCode).toBe(403);
    expect((await step(p1, first, 'withdraw', { version })).statusCode).toBe(403);
    expect((await step(p3, first, 'withdraw', { version })).body.status).toBe(1);
    const withdrawn = (await detail(p3, first)).body.data;
    expect(withdrawn).toMatchObject({ status: 'rejected', withdrawn: true, rejectReason: WITHDRAWN_REASON });
    expect(withdrawn.steps.at(-1)).toMatchObject({ step: 'rejected', actorName: '王浩然', comment: WITHDRAWN_REASON });
    expect((await step(p3, first, 'withdraw', { version: await versionOf(first) })).body).toMatchObject({ status: 10, message: MESSAGES.withdrawn });

    const second = await ask();
    expect(second.body.status).toBe(1);
    // The new unit may withdraw (decline) a request into it as well.
    const unit6 = await (async () => {
      await insertAccount(t.db.kysely, { loginAccount: 'uc_unit6', passwordHash: await hashPassword(PASSWORD), authType: AuthType.MemberUnit, name: 'uc_unit6', unitId: 'demo-unit-6' }, new Date().toISOString());
      return t.login('uc_unit6', PASSWORD, 2);
    })();
    expect((await step(unit6, second.body.data.id, 'withdraw', { version: await versionOf(second.body.data.id) })).body.status).toBe(1);
    expect((await detail(p3, second.body.data.id)).body.data.withdrawn).toBe(true);
  });
});
