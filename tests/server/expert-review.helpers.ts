/**
 * What the quality-review server tests share (tests/server/expert-review*.test.ts): the callers
 * (staff with each set of codes, unit A and B, the practitioner), the demo library made ready for
 * draws (every expert with a category), calendar days relative to the test clock, calls of the
 * review routes, and a finished review written straight to the tables (a history for the cap and
 * recent-review rules).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { AuthType, type PermissionCode } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import type { DrawAnswer, ReviewTaskDetail, ReviewTaskListItem } from '@common/schemas/reviewTasks';
import { beijingDay } from '@common/calendar';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { insertRole } from '../../server/security/roles';
import type { TestContext } from './helpers';
import { addAccount } from './reviewedSubject.helpers';

/** demo-project-1: filed, of demo-unit-1 (正衡…), client 城东新城建设管理委员会; members practitioners 1, 2, 4, 5. */
export const PROJECT_A = 'demo-project-1';
/** demo-project-5: filed, of demo-unit-2. */
export const PROJECT_B = 'demo-project-5';
export const UNIT_A = 'demo-unit-1';
export const UNIT_B = 'demo-unit-2';

export const ALL_REVIEW_CODES: PermissionCode[] = ['review:task:view', 'review:task:export', 'review:manage', 'review:draw', 'review:draw:view', 'review:score', 'review:sample'];

export interface Callers {
  admin: string;
  /** Every review code (and the workbench). */
  officer: string;
  /** Every review code but review:draw:view: the panel is sealed from them until closing. */
  sealed: string;
  /** review:task:view only. */
  viewer: string;
  /** No review code at all (projects, experts and the workbench). */
  outsider: string;
  unitA: string;
  unitB: string;
  practitioner: string;
}

export async function reviewCallers(t: TestContext, prefix: string): Promise<Callers> {
  const now = new Date().toISOString();
  const role = async (name: string, permissions: PermissionCode[]) => [await insertRole(t.db.kysely, { code: `${prefix}-${name}`, name, permissions }, now)];
  return {
    admin: await t.adminToken(),
    officer: await addAccount(t, `${prefix}_officer`, AuthType.Staff, { roleIds: await role('officer', [...ALL_REVIEW_CODES, 'workbench:view']) }),
    sealed: await addAccount(t, `${prefix}_sealed`, AuthType.Staff, { roleIds: await role('sealed', ALL_REVIEW_CODES.filter((c) => c !== 'review:draw:view')) }),
    viewer: await addAccount(t, `${prefix}_viewer`, AuthType.Staff, { roleIds: await role('viewer', ['review:task:view']) }),
    outsider: await addAccount(t, `${prefix}_outsider`, AuthType.Staff, { roleIds: await role('outsider', ['project:view', 'expert:view', 'workbench:view']) }),
    unitA: await t.login('demo_unit', DEMO_PASSWORD, AuthType.MemberUnit),
    unitB: await addAccount(t, `${prefix}_unit_b`, AuthType.MemberUnit, { unitId: UNIT_B }),
    practitioner: await t.login('demo_practitioner', DEMO_PASSWORD, AuthType.Practitioner),
  };
}

const CATEGORIES = ['social_science', 'engineering', 'management'] as const;

/** Every expert of the library gets a category (in turn), so that composition rules can be met. */
export async function categoriseLibrary(t: TestContext): Promise<void> {
  const experts = await t.db.kysely.selectFrom('experts').select('id').orderBy('id').execute();
  for (const [i, e] of experts.entries()) {
    await t.db.kysely.updateTable('experts').set({ category: CATEGORIES[i % 3] }).where('id', '=', e.id).execute();
  }
}

/** Adds `n` active experts (work unit of their own, a category each, specialty law); their ids. */
export async function addExperts(t: TestContext, prefix: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  const now = new Date().toISOString();
  for (let i = 0; i < n; i += 1) {
    const id = `${prefix}-expert-${String(i + 1).padStart(2, '0')}`;
    await t.db.kysely
      .insertInto('experts')
      .values({
        id,
        name: `${prefix}专家${i + 1}`,
        gender: null,
        birth_year: null,
        professional_title: null,
        work_unit: `${prefix}研究所${i + 1}`,
        position: null,
        phone: null,
        email: null,
        introduction: null,
        photo_file_id: null,
        public: 0,
        active: 1,
        sort: 1000 + i,
        category: CATEGORIES[i % 3],
        practitioner_id: null,
        version: 0,
        created_at: now,
        created_by: null,
        updated_at: now,
        updated_by: null,
      })
      .execute();
    await t.db.kysely.insertInto('expert_specialties').values({ expert_id: id, specialty: 'law' }).execute();
    ids.push(id);
  }
  return ids;
}

/** The Beijing calendar day `days` after the test clock's now. */
export const dayFrom = (t: TestContext, days: number): string => beijingDay(new Date(t.clock.now().getTime() + days * 86_400_000));

export function reviewCalls(t: () => TestContext) {
  const detail = (token: string, id: string) => t().call<ReviewTaskDetail>('GET', `review-tasks/${id}`, { token });
  const version = async (id: string) => Number((await t().db.kysely.selectFrom('review_tasks').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);
  return {
    detail,
    version,
    list: (token: string, query = '') => t().call<Page<ReviewTaskListItem>>('GET', `review-tasks?pageSize=100&${query}`, { token }),
    create: (token: string, body: Record<string, unknown>) => t().call<{ id: string }>('POST', 'review-tasks', { token, body }),
    /** Opens a task and answers its id (the call must succeed). */
    open: async (token: string, body: Record<string, unknown>) => {
      const res = await t().call<{ id: string }>('POST', 'review-tasks', { token, body: { reason: 'application', reviewOn: dayFrom(t(), 1), supervisor: '王监督', ...body } });
      expect(res.body, res.body.message).toMatchObject({ status: 1 });
      return res.body.data.id;
    },
    step: async <T = null>(token: string, id: string, action: string, body: Record<string, unknown> = {}) =>
      t().call<T>('POST', `review-tasks/${id}/${action}`, { token, body: { version: await version(id), ...body } }),
    draw: async (token: string, id: string, body: Record<string, unknown> = {}) =>
      t().call<DrawAnswer>('POST', `review-tasks/${id}/draw`, { token, body: { version: await version(id), ...body } }),
    seats: async (id: string) =>
      t()
        .db.kysely.selectFrom('review_seats as s')
        .innerJoin('expert_draws as d', 'd.id', 's.draw_id')
        .selectAll('s')
        .select('d.round')
        .where('s.task_id', '=', id)
        .orderBy('d.round')
        .orderBy('s.draw_rank')
        .execute(),
  };
}

/**
 * A finished review written straight to the tables: a closed task of `projectId` on `reviewOn`,
 * one draw row and a confirmed seat for each expert (what the yearly cap and the recent-review
 * rule count).
 */
export async function insertPastReview(t: TestContext, input: { projectId: string; unitId: string; reviewOn: string; expertIds: readonly string[] }): Promise<string> {
  const db = t.db.kysely;
  const now = new Date().toISOString();
  const taskId = randomUUID();
  const audit = { version: 0, created_at: now, created_by: null, updated_at: now, updated_by: null };
  await db
    .insertInto('review_tasks')
    .values({
      id: taskId,
      project_id: input.projectId,
      unit_id: input.unitId,
      reason: 'application',
      sampling_id: null,
      review_on: input.reviewOn,
      review_time: null,
      place: null,
      online: 0,
      panel_size: 3,
      backup_count: 2,
      required_categories: '[]',
      wanted_specialties: '[]',
      supervisor: '历史',
      note: null,
      rubric: '[]',
      status: 'closed',
      cancel_reason: null,
      result_score_centi: 8000,
      result_conclusion: 'pass',
      closed_at: now,
      closed_by: null,
      revision_status: null,
      revision_note: null,
      revision_submitted_at: null,
      revision_decided_at: null,
      revision_comment: null,
      unit_comment: null,
      unit_comment_at: null,
      ...audit,
    })
    .execute();
  const drawId = randomUUID();
  await db
    .insertInto('expert_draws')
    .values({ id: drawId, task_id: taskId, round: 1, kind: 'initial', reason: null, seed: '0'.repeat(64), algorithm_version: 'history', rules: '{}', pool: '{}', result: '{}', digest: '', warning: null, supervisor: '历史', operator_id: null, operator_name: null, drawn_at: now })
    .execute();
  for (const [i, expertId] of input.expertIds.entries()) {
    await db
      .insertInto('review_seats')
      .values({ id: randomUUID(), task_id: taskId, draw_id: drawId, expert_id: expertId, draw_rank: i + 1, backup_rank: null, seat_no: i + 1, status: 'confirmed', invited_at: now, answer_deadline: null, answer_reason: null, answered_at: now, answered_by_name: null, ...audit })
      .execute();
  }
  return taskId;
}
