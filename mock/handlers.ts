/**
 * msw 2 handlers for the API under /api/v1, shared by all front-end tests, plus helpers that
 * make one call answer whatever a test needs (an envelope, an HTTP status, a network error).
 *
 * Paths are relative ('/api/v1/...'): msw resolves them against jsdom's document.baseURI,
 * which is where the app's relative requests go too.
 *
 * The mock keeps a little state (live sessions, changed passwords); tests/unit/setup.ts
 * calls `resetMockState()` after each test.
 *
 *   server.use(answerEnvelope('get', '/user/current', failure(10, '单位不存在'), 400));
 *   server.use(answerNetworkError('get', '/dict/item/gender'));
 */
import { delay, http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import {
  API_BASE,
  ApiStatus,
  OK_MESSAGE,
  TOKEN_EMPTY_MESSAGE,
  TOKEN_INVALID_MESSAGE,
  type ApiEnvelope,
} from '@common/schemas/common';
import type { LoginBody, SetPasswordBody, ShowLoginAccountBody } from '@common/schemas/auth';
import type { InstantUploadBody, PreviewItem, StoredFile } from '@common/schemas/files';
import {
  DICT_NOT_FOUND_MESSAGE,
  dictItems,
  FIXTURE_ACCOUNTS,
  LOGIN_FAILED_MESSAGE,
  OLD_PASSWORD_WRONG_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  footerSitePage,
  storedFile,
  type FixtureAccount,
} from './fixtures';

/* ---------- envelopes ---------- */

export function ok<T>(data: T, message: string = OK_MESSAGE): ApiEnvelope<T> {
  return { status: ApiStatus.Ok, success: true, message, data };
}

export function failure(status: number, message: string, data: unknown = null): ApiEnvelope<unknown> {
  return { status, success: false, message, data };
}

export const tokenInvalid = () => failure(ApiStatus.TokenInvalid, TOKEN_INVALID_MESSAGE);
export const tokenEmpty = () => failure(ApiStatus.TokenEmpty, TOKEN_EMPTY_MESSAGE);

/** '/user/current' or 'user/current' → '/api/v1/user/current'. */
export function apiPath(path: string): string {
  return `${API_BASE}/${path.replace(/^\/+/, '')}`;
}

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

const sessions = new Map<string, string>();
const passwords = new Map<string, string>();

/** Every fixture account starts logged in under its own token, with its fixture password. */
export function resetMockState(): void {
  sessions.clear();
  passwords.clear();
  for (const account of FIXTURE_ACCOUNTS) {
    sessions.set(account.token, account.user.userId);
    passwords.set(account.user.userId, account.password);
  }
}
resetMockState();

function accountByUserId(userId: string | undefined): FixtureAccount | undefined {
  return FIXTURE_ACCOUNTS.find((a) => a.user.userId === userId);
}

/** The account of the request's token, or the 401 envelope the real server sends. */
function authenticate(request: Request): FixtureAccount | Response {
  const token = request.headers.get('token');
  if (!token) return HttpResponse.json(tokenEmpty(), { status: 401 });
  const account = accountByUserId(sessions.get(token));
  if (!account) return HttpResponse.json(tokenInvalid(), { status: 401 });
  return account;
}

const bad = (message: string, httpStatus = 400) => HttpResponse.json(failure(ApiStatus.BusinessError, message), { status: httpStatus });

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
    return HttpResponse.json(ok({ token: account.token, currentUser: account.user }, '登录成功'));
  }),

  http.post(apiPath('/user/auth/logout'), ({ request }) => {
    const token = request.headers.get('token');
    if (token) sessions.delete(token);
    return HttpResponse.json(ok(null, '已退出登录'));
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
    return HttpResponse.json(ok(null, '密码已修改'));
  }),

  http.put(apiPath('/user/show/login_account'), async ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const body = (await request.json()) as Partial<ShowLoginAccountBody> | null;
    if (passwords.get(account.user.userId) !== body?.password) return bad('密码不正确');
    const target = accountByUserId(body?.userId);
    if (!target) return bad('用户不存在', 404);
    return HttpResponse.json(
      ok(body?.reset ? { loginAccount: target.user.loginAccount, newPassword: 'New@654321' } : { loginAccount: target.user.loginAccount }),
    );
  }),

  http.get(apiPath('/public/site-pages/:key'), ({ params }) =>
    params.key === footerSitePage.key ? HttpResponse.json(ok(footerSitePage)) : bad('页面不存在', 404),
  ),

  http.get(apiPath('/dict/item/:code'), ({ params }) => {
    const items = dictItems(String(params.code));
    return items ? HttpResponse.json(ok(items)) : bad(DICT_NOT_FOUND_MESSAGE, 404);
  }),

  http.get(apiPath('/file/upload/status/:md5'), ({ params }) =>
    HttpResponse.json(ok(params.md5 === storedFile.md5 ? { exists: true, file: storedFile } : { exists: false })),
  ),

  http.post(apiPath('/file/upload'), async ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const form = await request.formData();
    const file = form.get('file');
    const fileId = form.get('fileId');
    const md5 = form.get('md5');
    // Duck-typed: jsdom's File and the one msw parses come from different realms.
    if (typeof file !== 'object' || file === null || typeof fileId !== 'string' || typeof md5 !== 'string') {
      return bad('缺少文件、文件编号或校验值');
    }
    const stored: StoredFile = {
      fileId,
      name: file.name,
      size: file.size,
      contentType: file.type || 'application/octet-stream',
      md5,
      createdAt: new Date().toISOString(),
    };
    return HttpResponse.json(ok(stored, '上传成功'));
  }),

  http.post(apiPath('/file/upload/instant'), async ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const body = (await request.json()) as Partial<InstantUploadBody> | null;
    if (body?.md5 !== storedFile.md5 || !body.fileId || !body.name) return bad('文件内容不存在，请重新上传');
    return HttpResponse.json(ok({ ...storedFile, fileId: body.fileId, name: body.name }, '上传成功'));
  }),

  http.get(apiPath('/file/preview'), ({ request }) => {
    const ids = (new URL(request.url).searchParams.get('fileIds') ?? '').split(',').filter(Boolean);
    const items: PreviewItem[] = ids.map((fileId) => ({
      fileId,
      name: fileId === storedFile.fileId ? storedFile.name : `${fileId}.pdf`,
      size: storedFile.size,
      contentType: storedFile.contentType,
      url: apiPath(`/file/preview/${fileId}/inline`),
      downloadUrl: apiPath(`/file/download/${fileId}`),
      previewable: true,
    }));
    return HttpResponse.json(ok(items));
  }),

  http.get(apiPath('/file/download/:id'), ({ params }) =>
    new HttpResponse('%PDF-1.4 fixture', {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="file.pdf"; filename*=UTF-8''${encodeURIComponent(
          params.id === storedFile.fileId ? storedFile.name : 'file.pdf',
        )}`,
      },
    }),
  ),
];
