/**
 * msw 2 handlers for the API under /api/v1, shared by all front-end tests, plus helpers that
 * make one call answer whatever a test needs (an envelope, an HTTP status, a network error).
 *
 * Paths are relative ('/api/v1/...'): msw resolves them against the test DOM's document.baseURI,
 * which is where the app's relative requests go too.
 *
 * The mock keeps a little state (live sessions and changed passwords in ./sessions.ts, stored
 * files in ./files.ts); tests/unit/setup.ts calls `resetMockState()` after each test.
 *
 *   server.use(answerEnvelope('get', '/user/current', failure(10, '单位不存在'), 400));
 *   server.use(answerNetworkError('get', '/dict/item/gender'));
 */
import { delay, http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { AUTH_MESSAGES } from '@common/messages';
import type { ApiEnvelope } from '@common/schemas/common';
import type { LoginBody, SetPasswordBody, ShowLoginAccountBody } from '@common/schemas/auth';
import { apiPath, bad, notFound, ok } from './kit';
import { certificateHandlers, resetCertificatesMock } from './certificates';
import { usersHandlers, resetUsersMock } from './users';
import { expertsHandlers, resetExpertsMock } from './experts';
import { registrationHandlers, resetRegistrationMock } from './registration';
import { memberInfoHandlers, resetMemberInfoMock } from './memberInfo';
import { memberUnitsHandlers, resetMemberUnitsMock } from './memberUnits';
import { practitionersHandlers, resetPractitionersMock } from './practitioners';
import { unitChangesHandlers, resetUnitChangesMock } from './unitChanges';
import { projectsHandlers, resetProjectsMock } from './projects';
import { casesHandlers, resetCasesMock } from './cases';
import { inspectionsHandlers, resetInspectionsMock } from './inspections';
import { businessAuditHandlers, resetBusinessAuditMock } from './businessAudit';
import { messagesHandlers, resetMessagesMock } from './messages';
import { workbenchHandlers } from './workbench';
import { contentHandlers, resetContentMock } from './content';
import { fileHandlers, resetFileMock } from './files';
import { publicContentHandlers, resetPublicContentMock } from './publicContent';
import { profileHandlers, resetProfileMock } from './profile';
import { operationLogsHandlers, resetOperationLogsMock } from './operationLogs';
import { accountSecurityHandlers, resetAccountSecurityMock } from './accountSecurity';
import { expertReviewsHandlers, resetExpertReviewsMock } from './expertReviews';
import { notificationsHandlers, resetNotificationsMock } from './notifications';
import { complaintsHandlers, resetComplaintsMock } from './complaints';
import { creditHandlers, resetCreditMock } from './credit';
import { dictItems, FIXTURE_ACCOUNTS, LOGIN_FAILED_MESSAGE, OLD_PASSWORD_WRONG_MESSAGE, SAME_PASSWORD_MESSAGE } from './fixtures';
import { accountByUserId, authenticate, passwords, resetSessions, sessions } from './sessions';

export { apiPath, failure, ok, tokenEmpty, tokenInvalid } from './envelopes';

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

/* ---------- helpers for one test ---------- */

/** `path` (under /api/v1) answers `body` as JSON with HTTP `httpStatus`. */
export function answerJson(method: Method, path: string, body: JsonBodyType, httpStatus = 200): HttpHandler {
  return http[method](apiPath(path), () => HttpResponse.json(body, { status: httpStatus }));
}

/** `path` answers an envelope (use `ok()` / `failure()`), with HTTP `httpStatus`. */
export function answerEnvelope(
  method: Method,
  path: string,
  envelope: ApiEnvelope<unknown>,
  httpStatus = 200,
): HttpHandler {
  return answerJson(method, path, envelope as JsonBodyType, httpStatus);
}

/** `path` answers HTTP `httpStatus` with a body that is not an envelope (plain text by default). */
export function answerHttpError(method: Method, path: string, httpStatus: number, body = ''): HttpHandler {
  // Statuses such as 204 may not carry a body at all.
  const noBody = [101, 204, 205, 304].includes(httpStatus);
  return http[method](apiPath(path), () =>
    new HttpResponse(noBody ? null : body, {
      status: httpStatus,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    }),
  );
}

/** `path` fails without any response, as when the server cannot be reached. */
export function answerNetworkError(method: Method, path: string): HttpHandler {
  return http[method](apiPath(path), () => HttpResponse.error());
}

/** `path` answers only after `ms` milliseconds (time-outs, loading states). */
export function answerSlowly(method: Method, path: string, ms: number, body: JsonBodyType = ok(null)): HttpHandler {
  return http[method](apiPath(path), async () => {
    await delay(ms);
    return HttpResponse.json(body);
  });
}

/** Records every request to `path` so a test can look at headers, method and body. */
export function recordRequests(
  method: Method | 'all',
  path: string,
  answer: JsonBodyType = ok(null),
): { handler: HttpHandler; requests: Request[] } {
  const requests: Request[] = [];
  const handler = http[method](apiPath(path), ({ request }) => {
    requests.push(request.clone());
    return HttpResponse.json(answer);
  });
  return { handler, requests };
}

/* ---------- the mock server's state ---------- */

/** Logs every fixture account in again, restores their passwords and the stored files. */
export function resetMockState(): void {
  resetSessions();
  resetFileMock();
  resetContentMock();
  resetPublicContentMock();
  resetUsersMock();
  resetCertificatesMock();
  resetExpertsMock();
  resetRegistrationMock();
  resetMemberUnitsMock();
  resetMemberInfoMock();
  resetPractitionersMock();
  resetUnitChangesMock();
  resetProfileMock();
  resetOperationLogsMock();
  resetProjectsMock();
  resetCasesMock();
  resetAccountSecurityMock();
  resetInspectionsMock();
  resetBusinessAuditMock();
  resetMessagesMock();
  resetExpertReviewsMock();
  resetNotificationsMock();
  resetComplaintsMock();
  resetCreditMock();
}

/* ---------- the default handlers ---------- */

export const handlers: HttpHandler[] = [
  http.get(apiPath('/health'), () => HttpResponse.json(ok({ database: 'sqlite' }))),

  http.post(apiPath('/user/auth/login'), async ({ request }) => {
    const body = (await request.json()) as Partial<LoginBody> | null;
    const account = FIXTURE_ACCOUNTS.find(
      (a) => a.user.loginAccount === body?.loginAccount && a.user.authType === body?.authType,
    );
    if (!account || passwords.get(account.user.userId) !== body?.password) return bad(LOGIN_FAILED_MESSAGE);
    sessions.set(account.token, account.user.userId);
    return HttpResponse.json(ok({ token: account.token, currentUser: account.user }, AUTH_MESSAGES.loggedIn));
  }),

  http.post(apiPath('/user/auth/logout'), ({ request }) => {
    const token = request.headers.get('token');
    if (token) sessions.delete(token);
    return HttpResponse.json(ok(null, AUTH_MESSAGES.loggedOut));
  }),

  http.get(apiPath('/user/current'), ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    return HttpResponse.json(ok(account.user));
  }),

  http.put(apiPath('/user/set/password'), async ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const body = (await request.json()) as Partial<SetPasswordBody> | null;
    if (passwords.get(account.user.userId) !== body?.oldPassword) return bad(OLD_PASSWORD_WRONG_MESSAGE);
    if (!body?.newPassword) return bad('新密码不能为空');
    if (body.newPassword === body.oldPassword) return bad(SAME_PASSWORD_MESSAGE);
    passwords.set(account.user.userId, body.newPassword);
    return HttpResponse.json(ok(null, AUTH_MESSAGES.passwordChanged));
  }),

  http.put(apiPath('/user/show/login_account'), async ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const body = (await request.json()) as Partial<ShowLoginAccountBody> | null;
    if (passwords.get(account.user.userId) !== body?.password) return bad('密码不正确');
    const target = accountByUserId(body?.userId);
    if (!target) return notFound('用户');
    return HttpResponse.json(
      ok(body?.reset ? { loginAccount: target.user.loginAccount, newPassword: 'New@654321' } : { loginAccount: target.user.loginAccount }),
    );
  }),

  http.get(apiPath('/dict/item/:code'), ({ params }) => {
    const items = dictItems(String(params.code));
    return items ? HttpResponse.json(ok(items)) : notFound('字典');
  }),

  ...fileHandlers,
  ...contentHandlers,
  ...publicContentHandlers,
  ...certificateHandlers,
  ...usersHandlers,
  ...expertsHandlers,
  ...registrationHandlers,
  // Before the staff member-unit handlers: /member-units/mine and the change decisions are memberInfo's.
  ...memberInfoHandlers,
  ...memberUnitsHandlers,
  // Before the practitioners' handlers: GET /practitioners/options is the projects mock's.
  ...projectsHandlers,
  ...casesHandlers,
  ...practitionersHandlers,
  ...unitChangesHandlers,
  ...profileHandlers,
  ...operationLogsHandlers,
  ...accountSecurityHandlers,
  ...inspectionsHandlers,
  ...businessAuditHandlers,
  ...messagesHandlers,
  ...workbenchHandlers,
  ...expertReviewsHandlers,
  ...notificationsHandlers,
  ...complaintsHandlers,
  ...creditHandlers,
];
