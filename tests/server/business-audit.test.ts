/**
 * The business-audit queue: its contents (every pending review, oldest first, with age, unit and
 * link) and counts per kind; the filters; the record with its subject's history; single and
 * batch decisions through the membership handlers (the subject's state, review record and log
 * follow); a partial failure that leaves the others done; illegal moves (decided already, a
 * decision the kind does not take, no reason); and the permission of each kind. The reviewer's
 * view of an item (GET /business-audit/:reviewId/record): the subject's record of each kind as
 * its own page reads it, a key-information change before → after, the files, and the required
 * documents missing (common/schemas/businessAudit.ts REVIEW_REQUIRED_DOCUMENTS), also on the
 * queue's rows; read with the kind's own code, like a decision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthType, type PermissionCode } from '@common/permissions';
import { REVIEW_REQUIRED_DOCUMENTS, type ReviewDecideResult, type ReviewDetail, type ReviewQueuePage, type ReviewRecord } from '@common/schemas/businessAudit';
import type { StoredFile } from '@common/schemas/files';
import { setAttachments } from '../../server/content/files';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { insertRole } from '../../server/security/roles';
import { pdfBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const PASSWORD = 'Audit@2026x';

describe.each(dialects)('business audit on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  /** review:view + member:unit:approve only. */
  let unitReviewer: string;
  /** No review:view at all. */
  let outsider: string;

  const staffWith = async (login: string, permissions: PermissionCode[]) => {
    const now = new Date().toISOString();
    const roleId = await insertRole(t.db.kysely, { code: `role-${login}`, name: `角色${login}`, permissions }, now);
    await insertAccount(t.db.kysely, { loginAccount: login, passwordHash: await hashPassword(PASSWORD), authType: AuthType.Staff, name: login, roleIds: [roleId] }, now);
    return t.login(login, PASSWORD, 1);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    unitReviewer = await staffWith('ba_unit_reviewer', ['review:view', 'member:unit:approve']);
    outsider = await staffWith('ba_outsider', ['workbench:view']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const queue = (token: string, query = '') => t.call<ReviewQueuePage>('GET', `business-audit?pageSize=100&${query}`, { token });
  const decide = (token: string, body: object) => t.call<ReviewDecideResult>('POST', 'business-audit/decide', { token, body });
  const pendingIds = async (what?: string) => {
    let q = t.db.kysely.selectFrom('reviews').select(['id', 'submitted_at']).where('status', '=', 'pending');
    if (what) q = q.where('what', '=', what as 'registration');
    return (await q.execute()).sort((a, b) => a.submitted_at.localeCompare(b.submitted_at) || a.id.localeCompare(b.id)).map((r) => r.id);
  };
  const reviewOf = (id: string) => t.db.kysely.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lists every pending review oldest first, with age, unit and link, and counts each kind', async () => {
    const res = await queue(admin);
    expect(res.body.status).toBe(1);
    const expected = await pendingIds();
    expect(res.body.data.total).toBe(expected.length);
    expect(res.body.data.list.map((i) => i.id)).toEqual(expected);
    const grouped = await t.db.kysely
      .selectFrom('reviews')
      .select(['what', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'pending')
      .groupBy('what')
      .execute();
    for (const g of grouped) expect(res.body.data.counts.find((c) => c.kind === g.what)?.count).toBe(Number(g.n));
    expect(res.body.data.counts.reduce((s, c) => s + c.count, 0)).toBe(expected.length);

    const registration = res.body.data.list.find((i) => i.kind === 'registration' && i.subjectId === 'demo-unit-7');
    expect(registration).toMatchObject({
      kindLabel: '入会申请',
      unitName: '润和社会治理咨询有限公司',
      actions: ['approve', 'reject'],
      link: '/Manage/member-unit-management/demo-unit-7',
    });
    const submitted = new Date(registration?.submittedAt ?? '').getTime();
    expect(registration?.ageDays).toBe(Math.max(0, Math.floor((t.clock.now().getTime() - submitted) / 86_400_000)));
    // Newest first on request.
    const newest = await queue(admin, 'sort=submittedAt,desc');
    expect(newest.body.data.total).toBe(expected.length);
    const times = newest.body.data.list.map((i) => i.submittedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by kind, unit, keyword and submission days; the counts ignore only the kind', async () => {
    const practitioners = await queue(admin, 'kind=practitioner');
    expect(practitioners.body.data.list.map((i) => i.id)).toEqual(await pendingIds('practitioner'));
    expect(practitioners.body.data.list.every((i) => i.kindLabel === '从业人员登记' && i.link?.startsWith('/Manage/employee-management?keyword='))).toBe(true);
    const all = await queue(admin);
    expect(practitioners.body.data.counts).toEqual(all.body.data.counts);

    const ofUnit = await queue(admin, 'unitId=demo-unit-7');
    expect(ofUnit.body.data.list.length).toBeGreaterThan(0);
    expect(ofUnit.body.data.list.every((i) => i.unitId === 'demo-unit-7')).toBe(true);
    expect(ofUnit.body.data.counts.reduce((s, c) => s + c.count, 0)).toBe(ofUnit.body.data.total);

    const byName = await queue(admin, `keyword=${encodeURIComponent('润和')}`);
    expect(byName.body.data.list.map((i) => i.subjectId)).toContain('demo-unit-7');
    expect(byName.body.data.list.every((i) => `${i.subjectName}${i.unitName ?? ''}${i.submittedByName ?? ''}`.includes('润和'))).toBe(true);

    const day = all.body.data.list[0]?.submittedAt as string;
    const beijing = new Date(new Date(day).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const sameDay = await queue(admin, `submittedFrom=${beijing}&submittedTo=${beijing}`);
    expect(sameDay.body.data.list.map((i) => i.id)).toContain(all.body.data.list[0]?.id);
    expect(sameDay.body.data.total).toBeLessThanOrEqual(all.body.data.total);
    expect((await queue(admin, 'kind=nope')).body.status).toBe(10);
    expect((await queue(admin, 'sort=secret,asc')).body).toMatchObject({ status: 10, message: '不支持按 secret 排序' });
  });

  it('shows one record with its subject’s review history and link', async () => {
    const [id] = await pendingIds('info_change');
    const res = await t.call<ReviewDetail>('GET', `business-audit/${id}`, { token: admin });
    expect(res.body.status).toBe(1);
    expect(res.body.data).toMatchObject({ id, kind: 'info_change', status: 'pending', actions: ['approve', 'reject'] });
    expect(res.body.data.payload).toMatchObject({ after: { legal_representative: '何建平' } });
    expect(res.body.data.history.map((h) => h.what)).toEqual(expect.arrayContaining(['registration', 'info_change']));
    expect(res.body.data.link).toBe(`/Manage/member-unit-management/${res.body.data.subjectId}`);
    expect((await t.call('GET', 'business-audit/no-such-review', { token: admin })).body).toMatchObject({ status: 10, message: '审核记录不存在' });
  });

  const recordOf = (token: string, id: string) => t.call<ReviewRecord>('GET', `business-audit/${id}/record`, { token });
  const labels = (kind: keyof typeof REVIEW_REQUIRED_DOCUMENTS) => REVIEW_REQUIRED_DOCUMENTS[kind].map((d) => d.label);
  /** A stored PDF attached to a record's slot, as the module's own save does it. */
  const attach = async (owner: { type: 'practitioner' | 'unit'; id: string }, slot: string, name: string) => {
    const stored = await upload<StoredFile>(t, admin, pdfBytes(4096 + name.length), { name });
    expect(stored.body.status).toBe(1);
    await setAttachments(t.db.kysely, owner, slot, [stored.body.data.fileId], { now: new Date().toISOString(), by: null });
    // Written beside the API: the queue's cached page must not answer from before it.
    t.app.readCache.clear();
    return stored.body.data.fileId;
  };

  it('shows a practitioner for review: the record as its page reads it, its files, and the documents missing', async () => {
    const [id] = await pendingIds('practitioner');
    const review = await reviewOf(id as string);
    const before = await recordOf(admin, id as string);
    expect(before.body.status).toBe(1);
    expect(before.body.data).toMatchObject({ reviewId: id, kind: 'practitioner', changes: [], missing: [{ slot: 'diploma', label: '学历证书' }] });
    const subject = before.body.data.subject;
    if (subject?.kind !== 'practitioner') throw new Error(`expected a practitioner, got ${subject?.kind}`);
    expect(subject.record).toMatchObject({ id: review.subject_id, name: review.subject_name, status: 'pending', diplomas: [] });
    // Masked for staff, like GET /practitioners/:id.
    expect(subject.record.idCardNo).toMatch(/\*/);
    const queued = (await queue(admin, 'kind=practitioner')).body.data.list.find((i) => i.id === id);
    expect(queued?.missing.map((m) => m.label)).toEqual(['学历证书']);

    const fileId = await attach({ type: 'practitioner', id: review.subject_id }, 'diploma', '学历证书.pdf');
    const after = await recordOf(admin, id as string);
    expect(after.body.data.missing).toEqual([]);
    const record = after.body.data.subject?.kind === 'practitioner' ? after.body.data.subject.record : null;
    expect(record?.diplomas.map((f) => ({ fileId: f.fileId, name: f.name }))).toEqual([{ fileId, name: '学历证书.pdf' }]);
    expect((await queue(admin, 'kind=practitioner')).body.data.list.find((i) => i.id === id)?.missing).toEqual([]);
    expect((await t.call<ReviewDetail>('GET', `business-audit/${id}`, { token: admin })).body.data.missing).toEqual([]);
  });

  it('shows a registration with its unit record, files and the missing documents of the kind', async () => {
    const [id] = await pendingIds('registration');
    const review = await reviewOf(id as string);
    const res = await recordOf(admin, id as string);
    expect(res.body.data.missing.map((m) => m.label)).toEqual(labels('registration'));
    const subject = res.body.data.subject;
    if (subject?.kind !== 'registration') throw new Error(`expected a registration, got ${subject?.kind}`);
    expect(subject.record).toMatchObject({ id: review.subject_id, name: review.subject_name, status: 'pending', businessLicence: [], qualifications: [] });
    expect(subject.record.creditCode).toMatch(/^[0-9A-Z]{18}$/);

    await attach({ type: 'unit', id: review.subject_id }, 'business_licence', '营业执照.pdf');
    const after = await recordOf(admin, id as string);
    expect(after.body.data.missing).toEqual([{ slot: 'qualification', label: '资质文件' }]);
    const record = after.body.data.subject?.kind === 'registration' ? after.body.data.subject.record : null;
    expect(record?.businessLicence.map((f) => f.name)).toEqual(['营业执照.pdf']);
  });

  it('shows a key-information change before → after beside the unit record', async () => {
    const [id] = await pendingIds('info_change');
    const review = await reviewOf(id as string);
    const unit = await t.db.kysely.selectFrom('member_units').select(['legal_representative']).where('id', '=', review.subject_id).executeTakeFirstOrThrow();
    const res = await recordOf(admin, id as string);
    expect(res.body.data.changes).toEqual([{ field: 'legal_representative', label: '法定代表人', before: unit.legal_representative, after: '何建平' }]);
    const subject = res.body.data.subject;
    if (subject?.kind !== 'info_change') throw new Error(`expected an info change, got ${subject?.kind}`);
    expect(subject.record).toMatchObject({ id: review.subject_id, legalRepresentative: unit.legal_representative, pendingChange: { legalRepresentative: '何建平' } });
    expect(res.body.data.missing.map((m) => m.label)).toEqual(labels('info_change'));
  });

  it.each(['unit_change', 'annual_inspection', 'project', 'case'] as const)('shows a %s with its own record and the documents it misses', async (kind) => {
    const ids = await pendingIds(kind);
    expect(ids.length).toBeGreaterThan(0);
    const review = await reviewOf(ids[0] as string);
    const res = await recordOf(admin, review.id);
    expect(res.body.status).toBe(1);
    expect(res.body.data.subject?.kind).toBe(kind);
    expect(res.body.data.subject?.record.id).toBe(review.subject_id);
    expect(res.body.data.changes).toEqual([]);
    // The demo's records carry no files: every required document of the kind is missing.
    const held = await t.db.kysely.selectFrom('file_attachments').select('slot').where('owner_id', '=', review.subject_id).execute();
    expect(held).toEqual([]);
    expect(res.body.data.missing.map((m) => m.label)).toEqual(labels(kind));
    expect(labels(kind).length).toBeGreaterThan(0);
  });

  it('reads the record only with the kind’s own code, like a decision', async () => {
    const [practitionerReview] = await pendingIds('practitioner');
    const refused = await recordOf(unitReviewer, practitionerReview as string);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe('没有审核「从业人员登记」的权限');
    const [registration] = await pendingIds('registration');
    expect((await recordOf(unitReviewer, registration as string)).body.data.subject?.kind).toBe('registration');
    expect((await recordOf(outsider, registration as string)).statusCode).toBe(403);
    expect((await recordOf(admin, 'no-such-review')).body).toMatchObject({ status: 10, message: '审核记录不存在' });
  });

  it('approves one registration from the queue: the unit, its review record and the log follow', async () => {
    const review = (await reviewOf((await pendingIds('registration'))[0] as string));
    const res = await decide(admin, { reviewIds: [review.id], action: 'approve', reason: '材料齐全' });
    expect(res.body.status).toBe(1);
    expect(res.body.data).toMatchObject({ succeeded: 1, failed: 0, results: [{ reviewId: review.id, ok: true, message: '已通过' }] });
    const unit = await t.db.kysely.selectFrom('member_units').select(['status', 'member_no']).where('id', '=', review.subject_id).executeTakeFirstOrThrow();
    expect(unit.status).toBe('approved');
    expect(unit.member_no).toMatch(/^HY/);
    expect(await reviewOf(review.id)).toMatchObject({ status: 'approved', comment: '材料齐全', decided_by_name: '超级管理员' });
    const log = await t.db.kysely.selectFrom('operation_logs').select('action').where('entity_id', '=', review.subject_id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe('approve');
    expect((await queue(admin)).body.data.list.map((i) => i.id)).not.toContain(review.id);
    // Deciding it again: refused, with the state it is in.
    const again = await decide(admin, { reviewIds: [review.id], action: 'reject', reason: '重复' });
    expect(again.body.data.results[0]).toMatchObject({ ok: false, message: '该审核已处理（已通过），不能重复审核' });
  });

  it('rejects several at once; a failing item leaves the others decided', async () => {
    const practitionerReviews = await pendingIds('practitioner');
    expect(practitionerReviews.length).toBeGreaterThanOrEqual(2);
    const [a, b] = practitionerReviews;
    // b's subject is no longer pending when the batch reaches it: the service refuses it.
    const subjectB = (await reviewOf(b as string)).subject_id;
    await t.db.kysely.updateTable('practitioners').set({ status: 'rejected' }).where('id', '=', subjectB).execute();
    const res = await decide(admin, { reviewIds: [a, 'no-such-review', b, a], action: 'reject', reason: '学历证书不清晰' });
    expect(res.body.status).toBe(1);
    expect(res.body.data.succeeded).toBe(1);
    expect(res.body.data.failed).toBe(2);
    expect(res.body.data.results.map((r) => r.reviewId)).toEqual([a, 'no-such-review', b]);
    expect(res.body.data.results[0]).toMatchObject({ ok: true, message: '已驳回' });
    expect(res.body.data.results[1]).toMatchObject({ ok: false, message: '审核记录不存在' });
    expect(res.body.data.results[2]?.ok).toBe(false);
    expect(res.body.data.results[2]?.message).toContain('只有「待审核」的记录可以驳回');
    expect(res.body.message).toBe('已驳回 1 条，2 条未能处理');
    const subjectA = (await reviewOf(a as string)).subject_id;
    expect(await t.db.kysely.selectFrom('practitioners').select(['status', 'reject_reason']).where('id', '=', subjectA).executeTakeFirstOrThrow()).toEqual({
      status: 'rejected',
      reject_reason: '学历证书不清晰',
    });
    expect((await reviewOf(a as string)).status).toBe('rejected');
    expect((await reviewOf(b as string)).status).toBe('pending');
  });

  it('approves a released unit change: the practitioner moves with the decision', async () => {
    const [id] = await pendingIds('unit_change');
    const review = await reviewOf(id as string);
    const change = await t.db.kysely.selectFrom('unit_changes').selectAll().where('id', '=', review.subject_id).executeTakeFirstOrThrow();
    const res = await decide(admin, { reviewIds: [id], action: 'approve' });
    expect(res.body.data.results[0]).toMatchObject({ ok: true });
    const moved = await t.db.kysely.selectFrom('practitioners').select('unit_id').where('id', '=', change.practitioner_id).executeTakeFirstOrThrow();
    expect(moved.unit_id).toBe(change.to_unit_id);
    expect((await t.db.kysely.selectFrom('unit_changes').select('status').where('id', '=', change.id).executeTakeFirstOrThrow()).status).toBe('approved');
  });

  it('refuses a missing reason, a decision the kind does not take, and an unknown action', async () => {
    const [id] = await pendingIds('info_change');
    expect((await decide(admin, { reviewIds: [id], action: 'reject' })).body).toMatchObject({ status: 10, message: '驳回原因不能为空，请填写原因' });
    expect((await decide(admin, { reviewIds: [id], action: 'return', reason: '  ' })).body).toMatchObject({ status: 10, message: '退回原因不能为空，请填写原因' });
    const returned = await decide(admin, { reviewIds: [id], action: 'return', reason: '请补充材料' });
    expect(returned.body.data.results[0]).toMatchObject({ ok: false, message: '「单位信息变更」不能退回修改，可选：通过、驳回' });
    expect((await reviewOf(id as string)).status).toBe('pending');
    expect((await decide(admin, { reviewIds: [id], action: 'delete' })).body.status).toBe(10);
    expect((await decide(admin, { reviewIds: [], action: 'approve' })).body.status).toBe(10);
  });

  it('decides only the kinds whose permission the staff member holds; viewing needs review:view', async () => {
    const res = await queue(unitReviewer);
    expect(res.body.status).toBe(1);
    for (const item of res.body.data.list) {
      expect(item.actions).toEqual(item.kind === 'registration' || item.kind === 'info_change' ? ['approve', 'reject'] : []);
    }
    const [practitionerReview] = await pendingIds('practitioner');
    const refused = await decide(unitReviewer, { reviewIds: [practitionerReview], action: 'approve' });
    expect(refused.body.data.results[0]).toMatchObject({ ok: false, message: '没有审核「从业人员登记」的权限' });
    expect((await reviewOf(practitionerReview as string)).status).toBe('pending');

    const [infoChange] = await pendingIds('info_change');
    const allowed = await decide(unitReviewer, { reviewIds: [infoChange], action: 'approve' });
    expect(allowed.body.data.results[0]).toMatchObject({ ok: true });

    expect((await queue(outsider)).statusCode).toBe(403);
    expect((await decide(outsider, { reviewIds: [practitionerReview], action: 'approve' })).statusCode).toBe(403);
    const unitToken = await t.login('demo_unit', DEMO_PASSWORD, 2);
    expect((await queue(unitToken)).statusCode).toBe(403);
  });
});
