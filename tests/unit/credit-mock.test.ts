/**
 * The credit mock (mock/credit.ts) answers as the server does (server/modules/credit-*): a unit's
 * own events and score only, recording and withdrawing with the server's words and the 409 of a
 * stale version, the objection during 公示 once, 终评 waiting for the answers, an upheld answer
 * scoring the unit again, and the public reads without 初评.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import {
  CREDIT_MESSAGES as M,
  type CreditEventRecord,
  type CreditObjectionAnswered,
  type CreditRatingRecord,
  type CreditRatingUnitDetail,
  type PublicCreditRatings,
} from '@common/schemas/credit';
import { creditDb } from '../../mock/credit';
import { limitedStaff, memberUnit, superAdmin, type FixtureAccount } from '../../mock/fixtures';
import { apiPath } from '../../mock/kit';

async function call<T>(account: FixtureAccount | null, method: string, path: string, body?: unknown): Promise<{ http: number; status: number; message: string; data: T }> {
  const response = await fetch(`${window.location.origin}${apiPath(path)}`, {
    method,
    headers: { ...(account ? { token: account.token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { status: number; message: string; data: T };
  return { http: response.status, ...envelope };
}

describe('the credit mock', () => {
  it('scopes the events: staff with the code all, the unit those counting against it, others refused', async () => {
    const staff = await call<Page<CreditEventRecord>>(superAdmin, 'GET', '/credit-events?pageSize=100');
    expect(staff.data.total).toBe(creditDb.events.length);
    expect(staff.data.list.find((e) => e.status === 'active')?.actions).toEqual(['withdraw']);
    const unit = await call<Page<CreditEventRecord>>(memberUnit, 'GET', '/credit-events?pageSize=100');
    expect(unit.data.list.every((e) => e.unitId === memberUnit.user.unitId && e.actions.length === 0)).toBe(true);
    expect((await call(memberUnit, 'GET', '/credit-events/ce-5')).http).toBe(403);
    expect((await call(limitedStaff, 'GET', '/credit-events')).http).toBe(403);
  });

  it('records with the rule’s points, refuses with the server’s words, withdraws once with the version', async () => {
    const future = await call(superAdmin, 'POST', '/credit-events', { subjectType: 'unit', unitId: 'unit-0002', kind: 'violation_other', occurredOn: '2999-01-01', description: 'x', fileIds: [] });
    expect(future.message).toBe(M.occurredInFuture);
    const created = await call<{ id: string; points: number }>(superAdmin, 'POST', '/credit-events', { subjectType: 'unit', unitId: 'unit-0002', kind: 'violation_other', occurredOn: '2025-05-01', description: '测试', fileIds: [] });
    expect(created.data.points).toBe(-10);
    expect((await call(superAdmin, 'POST', `/credit-events/${created.data.id}/withdraw`, { version: 5, reason: '错' })).http).toBe(409);
    expect((await call(superAdmin, 'POST', `/credit-events/${created.data.id}/withdraw`, { version: 0, reason: '错' })).status).toBe(1);
    expect((await call(superAdmin, 'POST', `/credit-events/${created.data.id}/withdraw`, { version: 1, reason: '错' })).message).toBe(M.alreadyWithdrawn);
  });

  it('the unit objects once during 公示; 终评 waits; an upheld answer scores the unit again', async () => {
    const mine = await call<CreditRatingUnitDetail>(memberUnit, 'GET', `/credit-ratings/cr-2025/units/${memberUnit.user.unitId}`);
    expect(mine.data.actions).toEqual(['object']);
    expect((await call(memberUnit, 'GET', '/credit-ratings/cr-2025/units/unit-0002')).http).toBe(403);
    expect((await call(memberUnit, 'POST', '/credit-ratings/cr-2025/objections', { content: '有误', fileIds: [] })).status).toBe(1);
    expect((await call(memberUnit, 'POST', '/credit-ratings/cr-2025/objections', { content: '再次', fileIds: [] })).message).toBe(M.objectionExists);
    const rating = creditDb.ratings.find((r) => r.record.id === 'cr-2025');
    const until = rating?.record.publicityUntil ?? '';
    expect((await call(superAdmin, 'POST', '/credit-ratings/cr-2025/finalize', { version: rating?.record.version })).message).toBe(M.publicityNotOver(until));
    const list = await call<Page<CreditRatingRecord>>(memberUnit, 'GET', '/credit-ratings');
    expect(list.data.list.find((r) => r.id === 'cr-2025')?.own?.objectionStatus).toBe('pending');

    const objection = creditDb.objections.find((o) => o.record.unitId === 'unit-0002');
    const answered = await call<CreditObjectionAnswered>(superAdmin, 'POST', `/credit-objections/${objection?.record.id}/answer`, {
      version: objection?.record.version,
      decision: 'upheld',
      answer: '成立',
      withdrawEventIds: ['ce-5'],
    });
    expect(answered.data).toEqual({ status: 'upheld', score: 100, tier: 'A' });
  });

  it('the public reads 公示 and final years, never 初评, and bad conduct in term', async () => {
    const started = await call<{ id: string }>(superAdmin, 'POST', '/credit-ratings', { year: 2023 });
    expect(started.status).toBe(1);
    const open = await call<PublicCreditRatings>(null, 'GET', '/public/credit/ratings');
    expect(open.data.years.map((y) => [y.year, y.status])).toEqual([
      [2025, 'publicity'],
      [2024, 'final'],
    ]);
    expect((await call<PublicCreditRatings>(null, 'GET', '/public/credit/ratings?year=2023')).data.rating).toBeNull();
    const bad = await call<Page<{ id: string }>>(null, 'GET', '/public/credit/bad-conduct');
    expect(bad.data.list.map((e) => e.id)).not.toContain('ce-4');
  });
});
