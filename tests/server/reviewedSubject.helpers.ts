/**
 * What the server tests of a reviewed subject (projects, cases: server/workflow/reviewedSubject.ts)
 * share: the review queue's call as a test route, the accounts both log in as, and the calls and
 * reads about one resource (its list, one record, a step, its review records, its messages).
 */
import type { FastifyPluginAsync } from 'fastify';
import { AuthType, type PermissionCode } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import type { DomainEntityType } from '../../server/db/domainTypes';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { insertAccount } from '../../server/security/accounts';
import { requireUser } from '../../server/security/guard';
import { hashPassword } from '../../server/security/passwords';
import { insertRole } from '../../server/security/roles';
import type { ReviewAction } from '../../server/workflow/reviewHandlers';
import { reviewHandlerOf } from '../../server/workflow/reviewHandlers';
import type { TestContext } from './helpers';

/**
 * The review queue's call, as server/modules/business-audit makes it: the handler of the
 * review's kind, with no version. Pass it to createTestApp's `plugins`.
 */
export const queueProbe: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { id: string }; Body: { action: ReviewAction; reason: string | null } }>(
    '/api/v1/test-queue/:id',
    { config: { access: { authTypes: [AuthType.Staff], permission: 'review:decide' } } },
    async (request) => {
      const review = await app.db.selectFrom('reviews').selectAll().where('id', '=', request.params.id).executeTakeFirstOrThrow();
      const handler = reviewHandlerOf(review.what);
      if (!handler) throw new Error(`no review handler for ${review.what}`);
      await handler.decide(request, requireUser(request), review, request.body);
      return { status: 1, success: true, message: 'ok', data: null };
    },
  );
};

/** The password of the accounts these tests add. */
export const SUBJECT_PASSWORD = 'Subject@2026';
let passwordHash: Promise<string> | undefined;

/** Adds an account (password SUBJECT_PASSWORD) and logs it in; its token. */
export async function addAccount(
  t: TestContext,
  login: string,
  authType: AuthType,
  links: { unitId?: string; practitionerId?: string; roleIds?: string[] } = {},
): Promise<string> {
  passwordHash ??= hashPassword(SUBJECT_PASSWORD);
  const { unitId = null, practitionerId = null, roleIds = [] } = links;
  await insertAccount(t.db.kysely, { loginAccount: login, passwordHash: await passwordHash, authType, name: login, unitId, practitionerId, roleIds }, new Date().toISOString());
  return t.login(login, SUBJECT_PASSWORD, authType);
}

/**
 * The tokens both suites use: admin; unit A, the demo unit (demo-unit-1); unit B, an account
 * `<prefix>_unit_b` of demo-unit-2; the demo practitioner (demo-practitioner-1); staff
 * `<prefix>_viewer` holding only `viewCode`, and `<prefix>_outsider` holding none of the
 * resource's codes.
 */
export async function subjectAccounts(t: TestContext, prefix: string, viewCode: PermissionCode) {
  const now = new Date().toISOString();
  const role = (code: string, permissions: PermissionCode[]) => insertRole(t.db.kysely, { code, name: code, permissions }, now);
  return {
    admin: await t.adminToken(),
    unitA: await t.login('demo_unit', DEMO_PASSWORD, AuthType.MemberUnit),
    unitB: await addAccount(t, `${prefix}_unit_b`, AuthType.MemberUnit, { unitId: 'demo-unit-2' }),
    practitioner: await t.login('demo_practitioner', DEMO_PASSWORD, AuthType.Practitioner),
    viewer: await addAccount(t, `${prefix}_viewer`, AuthType.Staff, { roleIds: [await role(`${prefix}-viewer`, [viewCode])] }),
    outsider: await addAccount(t, `${prefix}_outsider`, AuthType.Staff, { roleIds: [await role(`${prefix}-none`, ['content:article:view'])] }),
  };
}

/**
 * The calls and reads about one resource (`projects`, whose records are reviewed as `project`).
 * `context` gives the suite's app, which exists only once its beforeAll has run.
 */
export function subjectCalls<R extends { id: string }, D>(context: () => TestContext, resource: string, subjectType: DomainEntityType) {
  const list = (token: string, query = '') => context().call<Page<R>>('GET', `${resource}?pageSize=100&${query}`, { token });
  return {
    list,
    /** The ids the list holds, sorted. */
    ids: async (token: string, query = '') => (await list(token, query)).body.data.list.map((r) => r.id).sort(),
    detail: (token: string, id: string) => context().call<D>('GET', `${resource}/${id}`, { token }),
    step: (token: string, id: string, action: string, body: object = {}) => context().call('POST', `${resource}/${id}/${action}`, { token, body }),
    /** Through the review queue (queueProbe). */
    decideInQueue: (token: string, reviewId: string, action: string, reason: string | null) =>
      context().call('POST', `test-queue/${reviewId}`, { token, body: { action, reason } }),
    reviewsOf: (id: string) =>
      context()
        .db.kysely.selectFrom('reviews')
        .selectAll()
        .where('subject_type', '=', subjectType)
        .where('subject_id', '=', id)
        .orderBy('submitted_at')
        .orderBy('created_at')
        .execute(),
    messagesAbout: (id: string) => context().db.kysely.selectFrom('messages').selectAll().where('subject_id', '=', id).execute(),
    accountId: async (login: string) =>
      (await context().db.kysely.selectFrom('accounts').select('id').where('login_account', '=', login).executeTakeFirstOrThrow()).id,
  };
}
