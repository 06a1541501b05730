/**
 * The yearly credit rating (server/modules/credit-ratings, credit-rules, server/credit/): the
 * score as the base plus the year's active events under the rules version the year started with
 * (a later version changes nothing of it; a new year takes the new one), the tiers at their
 * boundaries, recompute in 初评, 公示 and its window's edges (an objection on the last day
 * accepted, the day after refused), answers (upheld withdraws events and scores the unit again),
 * 终评 refused before the window's end or with objections pending, the final rating locked (a
 * later withdrawal leaves its score), what a unit may read (its own only), what the public reads
 * (final and 公示 only, bad conduct in term), and the business-audit flag. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, CREDIT_PUBLICITY_DAYS, DEFAULT_CREDIT_RULES, tierOf } from '@common/credit';
import { FORBIDDEN_MESSAGE, STALE_VERSION_MESSAGE } from '@common/messages';
import type { ReviewQueuePage } from '@common/schemas/businessAudit';
import type { Page } from '@common/schemas/common';
import {
  CREDIT_MESSAGES as M,
  type CreditEventCreated,
  type CreditEventDetail,
  type CreditObjectionDetail,
  type CreditObjectionRecord,
  type CreditRatingRecord,
  type CreditRatingUnitDetail,
  type CreditRatingUnitItem,
  type CreditRuleVersionRecord,
  type PublicBadConductItem,
  type PublicCreditRatings,
} from '@common/schemas/credit';
import type { PublicMemberUnit } from '@common/schemas/public';
import type { PermissionCode } from '@common/permissions';
import { beijingDay } from '@common/calendar';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { insertRole } from '../../server/security/roles';
import { openReview } from '../../server/workflow/reviews';
import { addAccount, pngBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const unit = (n: number) => `demo-unit-${n}`;
const YEAR = 2023;
const DAY_MINUTES = 24 * 60;

describe('tiers at their boundaries', () => {
  it('A from 90, B 75–89, C 60–74, D under 60 (the first rules version)', () => {
    const { tiers } = DEFAULT_CREDIT_RULES;
    expect([100, 90, 89, 75, 74, 60, 59, 0, -20].map((s) => tierOf(s, tiers))).toEqual(['A', 'A', 'B', 'B', 'C', 'C', 'D', 'D', 'D']);
    expect(tierOf(85, { A: 85, B: 70, C: 50 })).toBe('A');
  });
});

describe.each(dialects)('the yearly credit rating on %s', (dialect) => {
  let t: TestContext;
  const tokens = { admin: '', manager: '', viewer: '', unit1: '', unit2: '', unit3: '', practitioner: '' };
  const db = () => t.db.kysely;
  const today = () => beijingDay(t.clock.now());
  const thisYear = () => Number(today().slice(0, 4));

  async function staffWith(login: string, permissions: PermissionCode[]): Promise<void> {
    const now = new Date().toISOString();
    const roleId = await insertRole(db(), { code: login, name: login, permissions }, now);
    await insertAccount(db(), { loginAccount: login, passwordHash: await hashPassword('Other@2026x'), authType: 1, name: login, roleIds: [roleId] }, now);
  }

  /** Everyone logs in (again: sessions end when the clock moves on by days). */
  async function loginAll(): Promise<void> {
    tokens.admin = await t.adminToken();
    tokens.manager = await t.login(`cr_manager_${dialect}`, 'Other@2026x', 1);
    tokens.viewer = await t.login(`cr_viewer_${dialect}`, 'Other@2026x', 1);
    tokens.unit1 = await t.login('demo_unit', DEMO_PASSWORD, 2);
    tokens.unit2 = await t.login(`cr_unit2_${dialect}`, 'Other@2026x', 2);
    tokens.unit3 = await t.login(`cr_unit3_${dialect}`, 'Other@2026x', 2);
    tokens.practitioner = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
  }
  const passDays = async (days: number) => {
    t.clock.advanceMinutes(days * DAY_MINUTES);
    await loginAll();
  };

  const recordEvent = async (unitId: string, occurredOn: string, points: number | null, kind = 'violation_other') => {
    const res = await t.call<CreditEventCreated>('POST', 'credit-events', {
      token: tokens.admin,
      body: { subjectType: 'unit', unitId, kind, occurredOn, description: `测试记录 ${points ?? ''}`, fileIds: [], ...(points === null ? {} : { points, pointsNote: '测试计分' }) },
    });
    expect(res.body.status, res.body.message).toBe(1);
    return res.body.data.id;
  };
  const ratingOf = async (year: number) => (await db().selectFrom('credit_ratings').selectAll().where('year', '=', year).executeTakeFirstOrThrow());
  const step = async (action: string, year: number, token = tokens.manager) => {
    const r = await ratingOf(year);
    return t.call<unknown>('POST', `credit-ratings/${r.id}/${action}`, { token, body: { version: Number(r.version) } });
  };
  const unitScore = async (year: number, unitId: string, token = tokens.admin) => {
    const r = await ratingOf(year);
    return t.call<CreditRatingUnitDetail>('GET', `credit-ratings/${r.id}/units/${unitId}`, { token });
  };
  const scores = async (year: number) => {
    const r = await ratingOf(year);
    const res = await t.call<Page<CreditRatingUnitItem>>('GET', `credit-ratings/${r.id}/units?pageSize=100`, { token: tokens.viewer });
    expect(res.body.status, res.body.message).toBe(1);
    return new Map(res.body.data.list.map((u) => [u.unitId, u]));
  };
  const publicRatings = async (query: string) => (await t.call<PublicCreditRatings>('GET', `public/credit/ratings?${query}`)).body.data;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    await staffWith(`cr_manager_${dialect}`, ['credit:view', 'credit:rating:manage', 'credit:rule:edit']);
    await staffWith(`cr_viewer_${dialect}`, ['credit:view']);
    await addAccount(t, `cr_unit2_${dialect}`, 2, unit(2));
    await addAccount(t, `cr_unit3_${dialect}`, 2, unit(3));
    await loginAll();
  });
  afterAll(async () => {
    await t?.close();
  });

  // Units 1–6 are the demo's approved units; in 2023 each gets one event that puts it on a boundary.
  const boundary: [number, number, number, string][] = [
    [1, -10, 90, 'A'],
    [2, -11, 89, 'B'],
    [3, -25, 75, 'B'],
    [4, -26, 74, 'C'],
    [5, -40, 60, 'C'],
    [6, -41, 59, 'D'],
  ];
  const eventOf = new Map<number, string>();
  let notCounted: string[] = [];

  describe('初评', () => {
    it('every approved unit scored: base + its active events of the year, each traceable; the tier at the boundaries', async () => {
      for (const [n, points] of boundary) eventOf.set(n, await recordEvent(unit(n), `${YEAR}-0${n}-15`, points));
      // Not counted: another year, and an event withdrawn before the start.
      const otherYear = await recordEvent(unit(1), `${YEAR + 1}-01-01`, -5);
      const withdrawn = await recordEvent(unit(1), `${YEAR}-12-31`, -5);
      const row = await db().selectFrom('credit_events').select('version').where('id', '=', withdrawn).executeTakeFirstOrThrow();
      expect((await t.call('POST', `credit-events/${withdrawn}/withdraw`, { token: tokens.admin, body: { version: row.version, reason: '录入错误' } })).body.status).toBe(1);
      notCounted = [otherYear, withdrawn];

      expect((await t.call('POST', 'credit-ratings', { token: tokens.viewer, body: { year: YEAR } })).statusCode).toBe(403);
      expect((await t.call('POST', 'credit-ratings', { token: tokens.unit1, body: { year: YEAR } })).statusCode).toBe(403);
      const started = await t.call<{ id: string }>('POST', 'credit-ratings', { token: tokens.manager, body: { year: YEAR } });
      const approved = await db().selectFrom('member_units').select('id').where('status', '=', 'approved').execute();
      expect(started.body, started.body.message).toMatchObject({ status: 1, message: M.ratingStarted(YEAR, approved.length) });
      const again = await t.call('POST', 'credit-ratings', { token: tokens.manager, body: { year: YEAR } });
      expect(again.body.message).toBe(M.yearExists(YEAR));
      const future = await t.call('POST', 'credit-ratings', { token: tokens.manager, body: { year: thisYear() + 1 } });
      expect(future.body.message).toBe(M.yearInFuture(thisYear() + 1));

      const rating = await t.call<CreditRatingRecord>('GET', `credit-ratings/${started.body.data.id}`, { token: tokens.viewer });
      expect(rating.body.data).toMatchObject({ year: YEAR, status: 'initial', ruleVersionNo: 1, baseScore: 100, unitCount: approved.length, publicityFrom: null, own: null });
      const byUnit = await scores(YEAR);
      for (const [n, points, score, tier] of boundary) {
        expect(byUnit.get(unit(n)), `unit ${n}`).toMatchObject({ score, tier, eventCount: 1, badPoints: points, goodPoints: 0 });
        const detail = (await unitScore(YEAR, unit(n))).body.data;
        expect(detail.items.map((i) => [i.eventId, i.points])).toEqual([[eventOf.get(n), points]]);
        expect(detail.baseScore + detail.items.reduce((s, i) => s + i.points, 0)).toBe(detail.score);
      }
      expect((await unitScore(YEAR, unit(1))).body.data.items.map((i) => i.eventId)).not.toEqual(expect.arrayContaining(notCounted));
      // Nothing of 初评 is public.
      expect((await publicRatings(`year=${YEAR}`)).rating).toBeNull();
      expect((await publicRatings('')).years.map((y) => y.year)).not.toContain(YEAR);
    });

    it('a unit reads its own score with every event, never another unit’s', async () => {
      const own = await unitScore(YEAR, unit(1), tokens.unit1);
      expect(own.body.data).toMatchObject({ unitId: unit(1), score: 90, tier: 'A', actions: [] });
      const theirs = await unitScore(YEAR, unit(2), tokens.unit1);
      expect([theirs.statusCode, theirs.body.message]).toEqual([403, FORBIDDEN_MESSAGE]);
      const r = await ratingOf(YEAR);
      expect((await t.call('GET', `credit-ratings/${r.id}/units`, { token: tokens.unit1 })).statusCode).toBe(403);
      expect((await t.call('GET', `credit-ratings/${r.id}/units/${unit(1)}`, { token: tokens.practitioner })).statusCode).toBe(403);
      const list = await t.call<Page<CreditRatingRecord>>('GET', 'credit-ratings', { token: tokens.unit1 });
      const mine = list.body.data.list.find((x) => x.year === YEAR);
      expect(mine).toMatchObject({ own: { unitId: unit(1), score: 90, tier: 'A', objectionId: null }, unitCount: null, tierCounts: null, actions: [] });
    });

    it('a rules version made after the start changes nothing of the year; a new year is rated under it', async () => {
      const bad: [Record<string, unknown>, string][] = [
        [{ tiers: { A: 70, B: 80, C: 50 } }, M.tiersOrder],
        [{ kinds: [{ kind: 'no_such_kind', points: -1, termMonths: 12 }] }, M.ruleKindUnknown('no_such_kind')],
        [{ kinds: [{ kind: 'commendation', points: -5, termMonths: 12 }] }, M.rulePointsDisagree('表彰奖励')],
        [
          {
            kinds: [
              { kind: 'false_report', points: -30, termMonths: 12 },
              { kind: 'false_report', points: -20, termMonths: 12 },
            ],
          },
          M.ruleKindDuplicate('出具虚假评估报告'),
        ],
      ];
      const body = { basedOnVersionNo: 1, baseScore: 90, tiers: { A: 85, B: 70, C: 50 }, kinds: [{ kind: 'violation_other', points: -15, termMonths: 6 }], note: '测试修订' };
      for (const [change, message] of bad) expect((await t.call('POST', 'credit-rules', { token: tokens.manager, body: { ...body, ...change } })).body.message).toBe(message);
      expect((await t.call('POST', 'credit-rules', { token: tokens.viewer, body })).statusCode).toBe(403);
      const made = await t.call<{ versionNo: number }>('POST', 'credit-rules', { token: tokens.manager, body });
      expect(made.body, made.body.message).toMatchObject({ status: 1, data: { versionNo: 2 } });
      const stale = await t.call('POST', 'credit-rules', { token: tokens.manager, body });
      expect([stale.statusCode, stale.body.message]).toEqual([409, M.ruleStale]);
      const versions = (await t.call<CreditRuleVersionRecord[]>('GET', 'credit-rules', { token: tokens.viewer })).body.data;
      expect(versions.map((v) => [v.versionNo, v.inForce, v.baseScore, v.usedByYears])).toEqual([
        [2, true, 90, []],
        [1, false, 100, expect.arrayContaining([YEAR])],
      ]);
      // The kinds left out keep the earlier version's rule.
      expect(versions[0].kinds.find((k) => k.kind === 'false_report')).toMatchObject({ points: -30, termMonths: 36, polarity: 'bad', label: '出具虚假评估报告' });
      expect(versions[0].kinds.find((k) => k.kind === 'violation_other')).toMatchObject({ points: -15, termMonths: 6 });

      // The year started under version 1 keeps its base and tiers when computed again.
      expect((await step('recompute', YEAR)).body.status).toBe(1);
      expect((await scores(YEAR)).get(unit(1))).toMatchObject({ score: 90, tier: 'A' });
      // A new event takes the new version's points; a new year its base and tiers.
      const newer = await recordEvent(unit(1), `${YEAR - 1}-05-01`, null);
      expect((await t.call<CreditEventDetail>('GET', `credit-events/${newer}`, { token: tokens.admin })).body.data).toMatchObject({ points: -15, ruleVersionNo: 2, termUntil: `${YEAR - 1}-11-01` });
      expect((await t.call('POST', 'credit-ratings', { token: tokens.manager, body: { year: YEAR - 1 } })).body.status).toBe(1);
      const older = await scores(YEAR - 1);
      expect(older.get(unit(1))).toMatchObject({ score: 75, tier: 'B' });
      expect(older.get(unit(2))).toMatchObject({ score: 90, tier: 'A' });
      expect((await t.call<CreditRatingRecord>('GET', `credit-ratings/${(await ratingOf(YEAR - 1)).id}`, { token: tokens.viewer })).body.data).toMatchObject({ ruleVersionNo: 2, baseScore: 90 });
    });

    it('recompute picks up events recorded since; a withdrawal scores the unit again at once; a stale version is refused', async () => {
      await recordEvent(unit(6), `${YEAR}-11-11`, 5, 'commendation');
      expect((await scores(YEAR)).get(unit(6))).toMatchObject({ score: 59, tier: 'D' });
      const r = await ratingOf(YEAR);
      const stale = await t.call('POST', `credit-ratings/${r.id}/recompute`, { token: tokens.manager, body: { version: Number(r.version) + 1 } });
      expect([stale.statusCode, stale.body.message]).toEqual([409, STALE_VERSION_MESSAGE]);
      expect((await step('recompute', YEAR)).body.status).toBe(1);
      expect((await scores(YEAR)).get(unit(6))).toMatchObject({ score: 64, tier: 'C', goodPoints: 5, badPoints: -41 });

      // unit 2's event withdrawn while the year is in 初评: its score without it, now.
      const event = eventOf.get(2) ?? '';
      const row = await db().selectFrom('credit_events').select('version').where('id', '=', event).executeTakeFirstOrThrow();
      const res = await t.call<{ rescoredYears: number[] }>('POST', `credit-events/${event}/withdraw`, { token: tokens.admin, body: { version: row.version, reason: '核查有误' } });
      expect(res.body.data.rescoredYears).toEqual([YEAR]);
      expect((await scores(YEAR)).get(unit(2))).toMatchObject({ score: 100, tier: 'A', eventCount: 0 });
      expect((await t.call<CreditEventDetail>('GET', `credit-events/${eventOf.get(1)}`, { token: tokens.admin })).body.data.countedIn).toEqual([
        expect.objectContaining({ year: YEAR, status: 'initial' }),
      ]);
    });
  });

  describe('公示, objections, 终评', () => {
    let until = '';

    it('publicize: the window is today and the next six days; the units are told; the public sees it marked 公示中', async () => {
      expect((await step('publicize', YEAR, tokens.viewer)).statusCode).toBe(403);
      const res = await step('publicize', YEAR);
      const window = { from: today(), until: addCalendarDays(today(), CREDIT_PUBLICITY_DAYS - 1) };
      expect(res.body, res.body.message).toMatchObject({ status: 1, data: window });
      until = window.until;
      expect((await step('publicize', YEAR)).body.message).toBe(M.notInitialToPublicize('公示中'));
      expect((await step('recompute', YEAR)).body.message).toBe(M.notInitial('公示中'));
      const r = await ratingOf(YEAR);
      const told = await db().selectFrom('messages as m').innerJoin('accounts as a', 'a.id', 'm.account_id').select(['a.login_account', 'm.title']).where('m.subject_id', '=', r.id).execute();
      expect(told.find((m) => m.login_account === 'demo_unit')?.title).toBe(`${YEAR}年度信用评价初评结果公示：90 分，A 级（优秀）`);
      const open = await publicRatings(`year=${YEAR}&keyword=${encodeURIComponent('正衡')}`);
      expect(open.rating).toEqual({ year: YEAR, status: 'publicity', publicityFrom: window.from, publicityUntil: window.until, finalizedAt: null });
      expect(open.list).toEqual([expect.objectContaining({ unitId: unit(1), score: 90, tier: 'A' })]);
      expect((await t.call<PublicCreditRatings>('GET', `public/credit-ratings?year=${YEAR}`)).body.data.total).toBe((await scores(YEAR)).size);
      // The rating in 初评 stays out.
      expect((await publicRatings(`year=${YEAR - 1}`)).rating).toBeNull();
      // The staff's record says what 终评 waits for.
      const record = (await t.call<CreditRatingRecord>('GET', `credit-ratings/${r.id}`, { token: tokens.manager })).body.data;
      expect(record).toMatchObject({ status: 'publicity', waiting: M.publicityNotOver(until), actions: [] });
    });

    it('a unit objects once, with its files; staff are told; another unit reads neither the objection nor its files', async () => {
      const r = await ratingOf(YEAR);
      expect((await unitScore(YEAR, unit(3), tokens.unit3)).body.data.actions).toEqual(['object']);
      const file = await upload<{ fileId: string }>(t, tokens.unit3, pngBytes(1024), { name: '申辩.png' });
      const res = await t.call<{ id: string }>('POST', `credit-ratings/${r.id}/objections`, { token: tokens.unit3, body: { content: '扣分所依据的事实有误', fileIds: [file.body.data.fileId] } });
      expect(res.body, res.body.message).toMatchObject({ status: 1 });
      const twice = await t.call('POST', `credit-ratings/${r.id}/objections`, { token: tokens.unit3, body: { content: '再次', fileIds: [] } });
      expect(twice.body.message).toBe(M.objectionExists);
      expect((await unitScore(YEAR, unit(3), tokens.unit3)).body.data).toMatchObject({ actions: [], objection: { id: res.body.data.id, status: 'pending' } });
      expect((await t.call('POST', `credit-ratings/${r.id}/objections`, { token: tokens.admin, body: { content: '员工', fileIds: [] } })).statusCode).toBe(403);
      const staffTold = await db().selectFrom('messages as m').innerJoin('accounts as a', 'a.id', 'm.account_id').select('a.login_account').where('m.subject_id', '=', res.body.data.id).execute();
      expect(staffTold.map((m) => m.login_account)).toContain(`cr_manager_${dialect}`);

      const theirs = await t.call('GET', `credit-objections/${res.body.data.id}`, { token: tokens.unit1 });
      expect([theirs.statusCode, theirs.body.message]).toEqual([403, FORBIDDEN_MESSAGE]);
      const listed = await t.call<Page<CreditObjectionRecord>>('GET', `credit-ratings/${r.id}/objections`, { token: tokens.unit1 });
      expect(listed.body.data.list).toEqual([]);
      expect((await t.call<CreditObjectionDetail>('GET', `credit-objections/${res.body.data.id}`, { token: tokens.unit3 })).body.data.files).toHaveLength(1);
      const download = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/file/download/${file.body.data.fileId}`, headers: { token } });
      expect((await download(tokens.unit1)).statusCode).toBe(403);
      expect((await download(tokens.viewer)).statusCode).toBe(200);
      expect((await t.call<Page<CreditObjectionRecord>>('GET', `credit-ratings/${r.id}/objections`, { token: tokens.viewer })).body.data.list.map((o) => o.unitId)).toEqual([unit(3)]);
    });

    it('the last day of 公示: an objection accepted, 终评 refused; the day after: an objection refused, 终评 waits for the answers', async () => {
      await passDays(CREDIT_PUBLICITY_DAYS - 1);
      expect(today()).toBe(until);
      const r = await ratingOf(YEAR);
      const last = await t.call<{ id: string }>('POST', `credit-ratings/${r.id}/objections`, { token: tokens.unit1, body: { content: '该条记录所涉项目已整改完毕', fileIds: [] } });
      expect(last.body, last.body.message).toMatchObject({ status: 1 });
      expect((await step('finalize', YEAR)).body.message).toBe(M.publicityNotOver(until));

      await passDays(1);
      const late = await t.call('POST', `credit-ratings/${r.id}/objections`, { token: tokens.unit2, body: { content: '逾期的异议', fileIds: [] } });
      expect([late.statusCode, late.body.message]).toEqual([400, M.objectionTooLate(until)]);
      expect((await unitScore(YEAR, unit(2), tokens.unit2)).body.data.actions).toEqual([]);
      expect((await step('finalize', YEAR)).body.message).toBe(M.objectionsPending(2));
      const record = (await t.call<CreditRatingRecord>('GET', `credit-ratings/${r.id}`, { token: tokens.manager })).body.data;
      expect(record).toMatchObject({ waiting: M.objectionsPending(2), objectionCounts: { pending: 2, upheld: 0, rejected: 0 } });
      expect(record.actions).not.toContain('finalize');
    });

    it('answers: rejected changes nothing; upheld withdraws the events named and scores the unit again; each once', async () => {
      const r = await ratingOf(YEAR);
      const objections = (await t.call<Page<CreditObjectionRecord>>('GET', `credit-ratings/${r.id}/objections`, { token: tokens.manager })).body.data.list;
      const of = (n: number) => objections.find((o) => o.unitId === unit(n));
      const third = of(3);
      const first = of(1);
      if (!third || !first) throw new Error('objections missing');
      expect(first.actions).toEqual(['answer']);
      const answer = (o: CreditObjectionRecord, body: Record<string, unknown>, token = tokens.manager) =>
        t.call<{ status: string; score: number; tier: string }>('POST', `credit-objections/${o.id}/answer`, { token, body: { version: o.version, answer: '经复核', ...body } });
      expect((await answer(third, { decision: 'rejected', withdrawEventIds: [eventOf.get(3)] })).body.message).toBe(M.rejectedTakesNoEvents);
      expect((await answer(first, { decision: 'upheld' })).body.message).toBe(M.upheldNeedsEvents);
      expect((await answer(first, { decision: 'upheld', withdrawEventIds: [eventOf.get(4)] })).body.message).toBe(M.eventNotInItems);
      expect((await answer(first, { decision: 'upheld', withdrawEventIds: [eventOf.get(1)] }, tokens.viewer)).statusCode).toBe(403);
      const stale = await answer({ ...first, version: first.version + 1 }, { decision: 'upheld', withdrawEventIds: [eventOf.get(1)] });
      expect([stale.statusCode, stale.body.message]).toEqual([409, STALE_VERSION_MESSAGE]);

      expect((await answer(third, { decision: 'rejected' })).body).toMatchObject({ status: 1, data: { status: 'rejected', score: 75, tier: 'B' } });
      const upheld = await answer(first, { decision: 'upheld', answer: '整改材料属实', withdrawEventIds: [eventOf.get(1)] });
      expect(upheld.body, upheld.body.message).toMatchObject({ status: 1, data: { status: 'upheld', score: 100, tier: 'A' } });
      expect(await db().selectFrom('credit_events').select(['status', 'withdraw_reason']).where('id', '=', eventOf.get(1) ?? '').executeTakeFirstOrThrow()).toEqual({
        status: 'withdrawn',
        withdraw_reason: '异议成立：整改材料属实',
      });
      const own = (await unitScore(YEAR, unit(1), tokens.unit1)).body.data;
      expect(own).toMatchObject({ score: 100, tier: 'A', items: [], objection: { status: 'upheld', answer: '整改材料属实', withdrawnEventIds: [eventOf.get(1)] } });
      expect((await answer(first, { decision: 'rejected' })).body.message).toBe(M.objectionAnswered);
      const told = await db().selectFrom('messages as m').innerJoin('accounts as a', 'a.id', 'm.account_id').select('m.title').where('m.subject_id', '=', first.id).where('a.login_account', '=', 'demo_unit').execute();
      expect(told.map((m) => m.title)).toEqual([`${YEAR}年度信用评价异议答复：异议成立`]);
      const logs = await db().selectFrom('operation_logs').select('action').where('entity', '=', 'credit-objection').where('entity_id', '=', first.id).orderBy('id').execute();
      expect(logs.map((l) => l.action)).toEqual(['submit', 'answer']);
    });

    it('终评: locked; no recompute, objection or answer; an event withdrawn later leaves the final score', async () => {
      const r = await ratingOf(YEAR);
      expect((await t.call<CreditRatingRecord>('GET', `credit-ratings/${r.id}`, { token: tokens.manager })).body.data.actions).toEqual(['finalize']);
      expect((await t.call<CreditRatingRecord>('GET', `credit-ratings/${r.id}`, { token: tokens.admin })).body.data.actions).toEqual(['finalize', 'export']);
      const done = await step('finalize', YEAR);
      expect(done.body, done.body.message).toMatchObject({ status: 1 });
      expect((await ratingOf(YEAR)).status).toBe('final');
      expect((await step('finalize', YEAR)).body.message).toBe(M.finalLocked);
      expect((await step('recompute', YEAR)).body.message).toBe(M.finalLocked);
      expect((await step('publicize', YEAR)).body.message).toBe(M.finalLocked);
      expect((await t.call('POST', `credit-ratings/${r.id}/objections`, { token: tokens.unit2, body: { content: '终评后', fileIds: [] } })).body.message).toBe(M.finalLocked);
      const answered = (await t.call<Page<CreditObjectionRecord>>('GET', `credit-ratings/${r.id}/objections`, { token: tokens.manager })).body.data.list[0];
      expect(answered.actions).toEqual([]);
      const again = await t.call('POST', `credit-objections/${answered.id}/answer`, { token: tokens.manager, body: { version: answered.version, decision: 'rejected', answer: '再答复' } });
      expect(again.body.message).toBe(M.finalLocked);

      const before = (await scores(YEAR)).get(unit(4));
      expect(before).toMatchObject({ score: 74, tier: 'C' });
      const event = eventOf.get(4) ?? '';
      const row = await db().selectFrom('credit_events').select('version').where('id', '=', event).executeTakeFirstOrThrow();
      const withdrawn = await t.call<{ rescoredYears: number[] }>('POST', `credit-events/${event}/withdraw`, { token: tokens.admin, body: { version: row.version, reason: '终评后撤销' } });
      expect(withdrawn.body.data.rescoredYears).toEqual([]);
      expect((await scores(YEAR)).get(unit(4))).toEqual(before);
      expect((await unitScore(YEAR, unit(4))).body.data.items).toEqual([expect.objectContaining({ eventId: event, points: -26, eventStatus: 'withdrawn' })]);

      const exported = await t.app.inject({ method: 'GET', url: `/api/v1/credit-ratings/${r.id}/export?tier=C`, headers: { token: tokens.admin } });
      expect(exported.statusCode).toBe(200);
      expect((await t.call('GET', `credit-ratings/${r.id}/export`, { token: tokens.viewer })).statusCode).toBe(403);
    });
  });

  describe('what the public reads', () => {
    it('final tiers by year and the year in 公示; never a rating in 初评', async () => {
      const latest = await publicRatings('');
      expect(latest.years.every((y) => y.status === 'final' || y.status === 'publicity')).toBe(true);
      expect(latest.years.map((y) => y.year)).toEqual(expect.arrayContaining([YEAR, 2025]));
      expect(latest.years.map((y) => y.year)).not.toContain(YEAR - 1);
      const final = await publicRatings(`year=${YEAR}&pageSize=50`);
      expect(final.rating).toMatchObject({ year: YEAR, status: 'final' });
      expect(final.list.find((u) => u.unitId === unit(1))).toEqual({ unitId: unit(1), unitName: expect.any(String), inWindow: true, score: 100, tier: 'A' });
      const hidden = await publicRatings(`year=${YEAR - 1}`);
      expect([hidden.rating, hidden.list, hidden.total]).toEqual([null, [], 0]);
    });

    it('bad conduct in term only: active, bad, not ended; no description, points or files', async () => {
      const inTerm = await recordEvent(unit(4), today(), -5);
      const good = await recordEvent(unit(4), today(), 5, 'commendation');
      const res = await t.call<Page<PublicBadConductItem>>('GET', 'public/credit/bad-conduct?pageSize=50');
      expect(res.body.status).toBe(1);
      const ids = res.body.data.list.map((e) => e.id);
      expect(ids).toContain(inTerm);
      expect(ids).not.toContain(good);
      // The 2023 events ended long ago, or were withdrawn.
      for (const id of [...eventOf.values(), ...notCounted]) expect(ids).not.toContain(id);
      const item = res.body.data.list.find((e) => e.id === inTerm);
      expect(item).toMatchObject({ unitId: unit(4), kind: 'violation_other', kindLabel: '其他违规行为', occurredOn: today(), practitionerName: null });
      expect(Object.keys(item ?? {}).sort()).toEqual(['id', 'inWindow', 'kind', 'kindLabel', 'occurredOn', 'practitionerName', 'subjectType', 'termUntil', 'unitId', 'unitName']);
      const none = await t.call<Page<PublicBadConductItem>>('GET', `public/credit/bad-conduct?keyword=${encodeURIComponent('不存在的单位名')}`);
      expect(none.body.data.total).toBe(0);

      // The member window's unit page: its last final tiers, its bad conduct in term.
      const page = await t.call<PublicMemberUnit>('GET', `public/member-units/${unit(4)}`);
      expect(page.body.data.creditTiers.slice(0, 2)).toEqual([
        { year: 2025, tier: expect.any(String), score: expect.any(Number) },
        { year: YEAR, tier: 'C', score: 74 },
      ]);
      expect(page.body.data.badConduct.map((e) => e.id)).toContain(inTerm);
      expect(page.body.data.badConduct.map((e) => e.id)).not.toContain(good);
    });
  });

  describe('the business-audit flag', () => {
    it('a project filing of a D-tier unit, or of one with bad conduct in term, carries the flag; others do not', async () => {
      const now = t.clock.now();
      const file = async (unitId: string) =>
        db()
          .transaction()
          .execute((trx) => openReview(trx, { what: 'project', subjectType: 'project', subjectId: `flag-${unitId}-${dialect}`, subjectName: `标记测试项目 ${unitId}`, unitId, by: null, now }));
      // A unit with nothing in term and a good final tier: the demo's demo-unit-6 scored 100 in 2025; clear its records.
      await db().updateTable('credit_events').set({ status: 'withdrawn' }).where('unit_id', '=', unit(6)).where('polarity', '=', 'bad').execute();
      const clean = await file(unit(6));
      const d = await file(unit(5));
      const inTermUnit = await file(unit(4));
      const queue = await t.call<ReviewQueuePage>('GET', 'business-audit?kind=project&pageSize=100', { token: tokens.admin });
      expect(queue.body.status, queue.body.message).toBe(1);
      const item = (id: string) => queue.body.data.list.find((i) => i.id === id);
      expect(item(clean)?.creditFlag).toBeUndefined();
      expect(item(d)?.creditFlag).toMatchObject({ tier: 'D', ratingYear: 2025 });
      expect(item(inTermUnit)?.creditFlag).toMatchObject({ ratingYear: 2025, badConductInTerm: 1 });
      const other = queue.body.data.list.filter((i) => i.kind !== 'project');
      expect(other.every((i) => i.creditFlag === undefined)).toBe(true);
    });
  });
});
