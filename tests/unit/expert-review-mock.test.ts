/**
 * The quality-review mock (mock/expertReviews.ts) answers as the server does
 * (server/modules/expert-reviews): scope and sealing, the draw and its refusal, a decline moving
 * the first backup up, the 409 of a stale version, the project's reviews in its detail.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { ProjectDetail } from '@common/schemas/projects';
import type { ReviewTaskDetail, ReviewTaskListItem } from '@common/schemas/reviewTasks';
import { POOL_TOO_SMALL_MESSAGE, expertReviewsDb } from '../../mock/expertReviews';
import { limitedStaff, memberUnit, superAdmin, type FixtureAccount } from '../../mock/fixtures';
import { apiPath } from '../../mock/kit';

async function call<T>(account: FixtureAccount, method: string, path: string, body?: unknown): Promise<{ http: number; status: number; message: string; data: T }> {
  const response = await fetch(`${window.location.origin}${apiPath(path)}`, {
    method,
    headers: { token: account.token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { status: number; message: string; data: T };
  return { http: response.status, ...envelope };
}

const version = (id: string) => expertReviewsDb.tasks.find((t) => t.record.id === id)?.record.version ?? -1;

describe('the quality-review mock', () => {
  it('scopes the list: staff with the code all, the unit its own, others refused', async () => {
    const staff = await call<Page<ReviewTaskListItem>>(superAdmin, 'GET', '/review-tasks?pageSize=100');
    expect(staff.data.total).toBe(expertReviewsDb.tasks.length);
    const unit = await call<Page<ReviewTaskListItem>>(memberUnit, 'GET', '/review-tasks?pageSize=100');
    expect(unit.data.list.length).toBeGreaterThan(0);
    expect(unit.data.list.every((r) => r.unitId === memberUnit.user.unitId)).toBe(true);
    expect((await call(limitedStaff, 'GET', '/review-tasks')).http).toBe(403);
  });

  it('seals the panel from the unit before closing and names nobody after it', async () => {
    const open = await call<ReviewTaskDetail>(memberUnit, 'GET', '/review-tasks/rt-confirming');
    expect(open.data).toMatchObject({ sealed: true, seats: [], sheets: [] });
    const closed = await call<ReviewTaskDetail>(memberUnit, 'GET', '/review-tasks/rt-closed');
    expect(closed.data.sheets.map((s) => s.label)).toEqual(['专家1', '专家2', '专家3']);
    expect(closed.data.seats.every((s) => s.expertName === null && s.expertId === null)).toBe(true);
    expect(closed.data.actions).toEqual(['comment', 'revise', 'verify']);
    const staff = await call<ReviewTaskDetail>(superAdmin, 'GET', '/review-tasks/rt-confirming');
    expect(staff.data.seats[0].expertName).toBe('陈守仁');
  });

  it('draws, refuses a pool too small, moves a backup up on a decline, and refuses a stale version', async () => {
    const small = await call(superAdmin, 'POST', '/review-tasks/rt-small/draw', { version: version('rt-small') });
    expect(small).toMatchObject({ http: 400, message: POOL_TOO_SMALL_MESSAGE });
    const drawn = await call<{ round: number }>(superAdmin, 'POST', '/review-tasks/rt-awaiting/draw', { version: version('rt-awaiting') });
    expect(drawn.data.round).toBe(1);
    const detail = await call<ReviewTaskDetail>(superAdmin, 'GET', '/review-tasks/rt-awaiting');
    expect(detail.data.seats.map((s) => s.status)).toEqual(['invited', 'invited', 'invited', 'standby', 'standby']);
    const declined = await call(superAdmin, 'POST', '/review-tasks/rt-awaiting/responses', { version: version('rt-awaiting'), seatId: detail.data.seats[0].id, answer: 'declined', reason: '时间冲突' });
    expect(declined.message).toBe('已记录；备选1递补为专家1，请联系确认');
    expect((await call(superAdmin, 'POST', '/review-tasks/rt-awaiting/cancel', { version: 0, reason: 'x' })).http).toBe(409);
  });

  it("lists a project's reviews in its detail", async () => {
    const project = await call<ProjectDetail>(superAdmin, 'GET', '/projects/pj-1');
    expect(project.data.expertReviews.map((r) => r.id).sort()).toEqual(['rt-closed', 'rt-confirming']);
  });
});
