/**
 * The request layer end to end through msw (statuses and envelope: common/api.ts): what a call
 * sends, and what every status and failure does to the screen, the stored session and the URL.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { request, type AxiosRequestConfig } from '@umijs/max';
import { ApiStatus } from '@common/schemas/common';
import { api } from '@/services/api';
import { getCurrentUser, getToken, readLoginNotice, saveCurrentUser, setToken } from '@/storage';
import {
  ApiError,
  HTTP_CODE_MESSAGES,
  isSafeRedirect,
  loginUrl,
  NETWORK_ERROR_DESCRIPTION,
  NETWORK_ERROR_TITLE,
  TIMEOUT_DESCRIPTION,
  UNKNOWN_ERROR_DESCRIPTION,
  UNKNOWN_ERROR_TITLE,
} from '@/requestErrors';
import {
  answerEnvelope,
  answerHttpError,
  answerJson,
  answerNetworkError,
  answerSlowly,
  failure,
  ok,
  recordRequests,
  server,
  superAdmin,
} from '../../mock';
import { findToast, noticesShown, notificationsShown, toastsShown } from './toasts';

/** Runs `call`, expects it to reject with an ApiError, and returns that error. */
async function rejection(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call resolved');
}

function logIn() {
  setToken(superAdmin.token);
  saveCurrentUser(superAdmin.user);
}

/** Lets pending toasts render, so that "nothing was shown" means something. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** The toasts on the screen now (the record of all shown: ./toasts.ts). */
const toasts = () => document.querySelectorAll('.ant-message-notice');

describe('what a call sends', () => {
  it('sends the stored token in the `token` header, under /api/v1', async () => {
    const { handler, requests } = recordRequests('all', '/health');
    server.use(handler);
    setToken('abc-123');
    await api('health');
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0].url).pathname).toBe('/api/v1/health');
    expect(requests[0].headers.get('token')).toBe('abc-123');
  });

  it('sends an empty token header when logged out', async () => {
    const { handler, requests } = recordRequests('all', '/health');
    server.use(handler);
    await api('/health');
    expect(requests[0].headers.get('token')).toBe('');
  });

  it('defaults to GET, with or without options', async () => {
    const { handler, requests } = recordRequests('all', '/health');
    server.use(handler);
    await request('/health');
    await request('health', { params: { a: 1 } });
    await api('health', {});
    expect(requests.map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
    expect(new URL(requests[1].url).search).toBe('?a=1');
  });

  it('reads the token at each call, not once', async () => {
    const { handler, requests } = recordRequests('all', '/health');
    server.use(handler);
    setToken('first');
    await api('health');
    setToken('second');
    await api('health');
    expect(requests.map((r) => r.headers.get('token'))).toEqual(['first', 'second']);
  });
});

describe('status 1', () => {
  it('resolves with the envelope, and api() with its data', async () => {
    server.use(answerEnvelope('get', '/things', ok({ n: 1 })));
    await expect(request('/things')).resolves.toEqual(ok({ n: 1 }));
    await expect(api('/things')).resolves.toEqual({ n: 1 });
    await settle();
    expect(toastsShown()).toEqual([]);
    expect(notificationsShown()).toEqual([]);
  });

  it('leaves bodies that are not envelopes alone (downloads, files)', async () => {
    server.use(answerJson('get', '/raw', [1, 2, 3]), answerJson('get', '/record', { id: 'a', status: 2 }));
    await expect(request('/raw')).resolves.toEqual([1, 2, 3]);
    await expect(request('/record')).resolves.toEqual({ id: 'a', status: 2 });
  });
});

describe('business errors: toast with the server message', () => {
  it.each([
    ['status 10 with HTTP 200', failure(ApiStatus.BusinessError, '统一社会信用代码已存在'), 200, 'business'],
    ['status 10 with HTTP 400', failure(ApiStatus.BusinessError, '联系电话格式不正确'), 400, 'business'],
    ['status 10 with HTTP 422', failure(ApiStatus.BusinessError, '名称不能为空'), 422, 'business'],
    ['status 30 with HTTP 403', failure(ApiStatus.Forbidden, '没有操作权限'), 403, 'forbidden'],
    ['status 30 with HTTP 200', failure(ApiStatus.Forbidden, '无权查看该单位'), 200, 'forbidden'],
    ['an unknown status with success false', failure(99, '记录已被他人修改'), 200, 'business'],
    ['status 1 with success false', { status: 1, success: false, message: '状态矛盾', data: null }, 200, 'business'],
  ] as const)('%s', async (_, envelope, httpStatus, kind) => {
    logIn();
    server.use(answerEnvelope('post', '/things', envelope, httpStatus));
    const error = await rejection(api('/things', { method: 'POST', data: {} }));
    expect(error).toMatchObject({ kind, status: envelope.status, message: envelope.message });
    expect(await screen.findByText(envelope.message)).toBeInTheDocument();
    expect(document.querySelector('.ant-message-error')).toBeInTheDocument();
    expect(notificationsShown()).toEqual([]);
    // The session is untouched and the page stays.
    expect(getToken()).toBe(superAdmin.token);
    expect(window.location.pathname).toBe('/');
  });

  it('a success:false body without status still fails', async () => {
    server.use(answerJson('get', '/things', { success: false, message: '处理失败' }));
    const error = await rejection(api('/things'));
    expect(error.message).toBe('处理失败');
    expect(await screen.findByText('处理失败')).toBeInTheDocument();
  });

  it('an error envelope without message shows a default text', async () => {
    server.use(answerJson('get', '/things', { status: 10, success: false, message: '', data: null }));
    await rejection(api('/things'));
    expect(await screen.findByText('操作失败')).toBeInTheDocument();
  });

  it('carries the envelope data and the HTTP status', async () => {
    server.use(answerEnvelope('put', '/things/1', failure(10, '数据已过期', { version: 3 }), 409));
    const error = await rejection(api('/things/1', { method: 'PUT' }));
    expect(error).toMatchObject({ status: 10, httpStatus: 409, data: { version: 3 }, url: '/api/v1/things/1' });
    // Its toast is this test's: waited for here, not left to show during the next test.
    await findToast('数据已过期');
  });
});

describe('token errors: session cleared, login page, message + 请重新登录 kept for the login page', () => {
  it.each([
    ['status 20 (HTTP 401)', failure(ApiStatus.TokenInvalid, 'token无效或已过期'), 401, 'token无效或已过期，请重新登录'],
    ['status 21 (HTTP 401)', failure(ApiStatus.TokenEmpty, 'token为空'), 401, 'token为空，请重新登录'],
    ['status 20 with HTTP 200', failure(ApiStatus.TokenInvalid, 'token无效或已过期'), 200, 'token无效或已过期，请重新登录'],
    ['the token-invalid message with another status', failure(10, 'token无效或已过期'), 200, 'token无效或已过期，请重新登录'],
    ['the token-empty message with another status', failure(10, 'token为空'), 400, 'token为空，请重新登录'],
    ['status 20 with another message', failure(ApiStatus.TokenInvalid, '登录已失效'), 401, '登录已失效，请重新登录'],
  ] as const)('%s', async (_, envelope, httpStatus, shown) => {
    logIn();
    window.history.replaceState(null, '', '/Manage/staging?tab=2');
    server.use(answerEnvelope('get', '/user/current', envelope, httpStatus));
    const error = await rejection(api('/user/current'));
    expect(error.kind).toBe('token');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('currentUser')).toBeNull();
    expect(window.location.pathname).toBe('/login');
    const query = new URLSearchParams(window.location.search);
    expect(query.get('authType')).toBe('1');
    expect(query.get('redirect')).toBe('/Manage/staging?tab=2');
    // Kept for the login page, which says it above its form; no toast that could be missed.
    expect(readLoginNotice()).toBe(shown);
    await settle();
    expect(noticesShown()).toEqual([]);
  });

  it('the mock server answers a stale token with status 20', async () => {
    setToken('no-such-session');
    const error = await rejection(api('/user/current'));
    expect(error).toMatchObject({ status: 20, httpStatus: 401 });
    expect(getToken()).toBeUndefined();
    expect(window.location.pathname).toBe('/login');
  });

  it('and a missing token with status 21', async () => {
    const error = await rejection(api('/user/current'));
    expect(error).toMatchObject({ status: 21, message: 'token为空' });
    expect(readLoginNotice()).toBe('token为空，请重新登录');
  });

  it('from the home page it goes to plain /login?authType=1', async () => {
    logIn();
    server.use(answerEnvelope('get', '/user/current', failure(20, 'token无效或已过期'), 401));
    await rejection(api('/user/current'));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/login?authType=1');
  });

  it('on the login page it stays there', async () => {
    window.history.replaceState(null, '', '/login?authType=2');
    setToken('stale');
    server.use(answerEnvelope('get', '/user/current', failure(20, 'token无效或已过期'), 401));
    await rejection(api('/user/current'));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/login?authType=2');
    expect(getToken()).toBeUndefined();
    // Already on the login page: nothing more to say.
    expect(readLoginNotice()).toBeUndefined();
    await settle();
    expect(noticesShown()).toEqual([]);
  });

  it('several calls failing together leave one notice and no toast', async () => {
    logIn();
    server.use(answerEnvelope('get', '/user/current', failure(20, 'token无效或已过期'), 401));
    await Promise.allSettled([api('/user/current'), api('/user/current'), api('/user/current')]);
    expect(readLoginNotice()).toBe('token无效或已过期，请重新登录');
    await settle();
    expect(noticesShown()).toEqual([]);
    expect(window.location.pathname).toBe('/login');
  });

  it('accepts a redirect only when it starts with a single slash', () => {
    expect(isSafeRedirect('/Manage/notice')).toBe(true);
    expect(isSafeRedirect('//evil.example/x')).toBe(false);
    expect(isSafeRedirect('/\\evil.example')).toBe(false);
    expect(isSafeRedirect('https://evil.example/')).toBe(false);
    expect(isSafeRedirect('')).toBe(false);
    expect(loginUrl('//evil.example/x')).toBe('/login?authType=1');
    expect(loginUrl('/Manage/notice')).toBe('/login?authType=1&redirect=%2FManage%2Fnotice');
    expect(loginUrl('/login?authType=2')).toBe('/login?authType=1');
  });
});

describe('HTTP errors without an envelope: notification', () => {
  const errorStatuses = [400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504];

  it.each(errorStatuses)('HTTP %i', async (status) => {
    logIn();
    server.use(answerHttpError('get', '/things/7', status, '<html>出错了</html>'));
    const error = await rejection(api('/things/7'));
    expect(error).toMatchObject({ kind: 'http', httpStatus: status, status: 0, url: '/api/v1/things/7' });
    expect(await screen.findByText(`请求错误 ${status}: /api/v1/things/7`)).toBeInTheDocument();
    expect(screen.getByText(HTTP_CODE_MESSAGES[status])).toBeInTheDocument();
    expect(toastsShown()).toEqual([]);
    // A bare 401 is not a token error: only the envelope says so.
    expect(getToken()).toBe(superAdmin.token);
  });

  it.each([200, 201, 202, 204])('HTTP %i refused by the caller', async (status) => {
    server.use(answerHttpError('post', '/things', status, status === 204 ? '' : 'ok'));
    const error = await rejection(api('/things', { method: 'POST', validateStatus: () => false }));
    expect(error.httpStatus).toBe(status);
    expect(await screen.findByText(`请求错误 ${status}: /api/v1/things`)).toBeInTheDocument();
    expect(screen.getByText(HTTP_CODE_MESSAGES[status])).toBeInTheDocument();
  });

  it('has a Chinese description for every HTTP status the error notification covers', () => {
    expect(HTTP_CODE_MESSAGES[200]).toBe('服务器成功返回请求的数据。');
    expect(HTTP_CODE_MESSAGES[504]).toBe('网关超时。');
    for (const status of [200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504]) {
      expect(HTTP_CODE_MESSAGES[status]).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('an unlisted status still gets a Chinese description', async () => {
    server.use(answerHttpError('post', '/upload-ish', 413));
    await rejection(api('/upload-ish', { method: 'POST' }));
    expect(await screen.findByText('请求错误 413: /api/v1/upload-ish')).toBeInTheDocument();
    expect(screen.getByText('请求失败（HTTP 状态 413）。')).toBeInTheDocument();
  });

  it('a JSON body that is not an envelope is an HTTP error too', async () => {
    server.use(answerJson('get', '/things', { error: 'Bad Gateway' }, 502));
    const error = await rejection(api('/things'));
    expect(error).toMatchObject({ kind: 'http', httpStatus: 502, data: { error: 'Bad Gateway' } });
    expect(await screen.findByText('网关错误。')).toBeInTheDocument();
  });

  it('a 500 envelope shows its message as a toast', async () => {
    server.use(answerEnvelope('get', '/things', failure(10, '服务器内部错误'), 500));
    await rejection(api('/things'));
    expect(await screen.findByText('服务器内部错误')).toBeInTheDocument();
    expect(notificationsShown()).toEqual([]);
  });
});

describe('no response, and everything else', () => {
  it('a network error: notification 网络异常', async () => {
    server.use(answerNetworkError('get', '/things'));
    const error = await rejection(api('/things'));
    expect(error).toMatchObject({ kind: 'network', status: 0, httpStatus: undefined });
    expect(await screen.findByText(NETWORK_ERROR_TITLE)).toBeInTheDocument();
    expect(screen.getByText(NETWORK_ERROR_DESCRIPTION)).toBeInTheDocument();
    expect(NETWORK_ERROR_DESCRIPTION).toBe('您的网络发生异常，无法连接服务器');
  });

  it('a time-out: notification 网络异常, saying it timed out', async () => {
    // msw's XMLHttpRequest stand-in ignores xhr.timeout, so the adapter fails the way
    // axios's XHR adapter does when the time is up.
    const error = await rejection(
      api('/slow', {
        timeout: 50,
        adapter: (config: AxiosRequestConfig) =>
          Promise.reject(
            Object.assign(new Error('timeout of 50ms exceeded'), {
              isAxiosError: true,
              code: 'ECONNABORTED',
              config,
              request: {},
            }),
          ),
      }),
    );
    expect(error.kind).toBe('network');
    expect(await screen.findByText(TIMEOUT_DESCRIPTION)).toBeInTheDocument();
    expect(screen.getByText(NETWORK_ERROR_TITLE)).toBeInTheDocument();
  });

  it('anything else: notification 未知错误', async () => {
    server.use(answerEnvelope('get', '/things', ok(1)));
    const error = await rejection(
      api('/things', {
        transformResponse: () => {
          throw new TypeError('cannot read the body');
        },
      }),
    );
    expect(error.kind).toBe('unknown');
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(await screen.findByText(UNKNOWN_ERROR_TITLE)).toBeInTheDocument();
    expect(screen.getByText(UNKNOWN_ERROR_DESCRIPTION)).toBeInTheDocument();
  });

  it('a canceled call rejects quietly', async () => {
    server.use(answerSlowly('get', '/slow', 300));
    const controller = new AbortController();
    const call = api('/slow', { signal: controller.signal });
    controller.abort();
    const error = await rejection(call);
    expect(error.kind).toBe('canceled');
    await settle();
    expect(toastsShown()).toEqual([]);
    expect(notificationsShown()).toEqual([]);
  });
});

describe('skipErrorHandler', () => {
  it('a business error is thrown but not shown', async () => {
    server.use(answerEnvelope('get', '/things', failure(10, '不显示'), 400));
    const error = await rejection(api('/things', { skipErrorHandler: true }));
    expect(error).toMatchObject({ status: 10, message: '不显示' });
    await settle();
    expect(screen.queryByText('不显示')).not.toBeInTheDocument();
    expect(toastsShown()).toEqual([]);
  });

  it('a token error is thrown with no toast, no redirect and the session left to the caller', async () => {
    logIn();
    window.history.replaceState(null, '', '/Manage/staging');
    server.use(answerEnvelope('get', '/user/current', failure(20, 'token无效或已过期'), 401));
    const error = await rejection(api('/user/current', { skipErrorHandler: true }));
    expect(error.kind).toBe('token');
    await settle();
    expect(toastsShown()).toEqual([]);
    expect(window.location.pathname).toBe('/Manage/staging');
    expect(getToken()).toBe(superAdmin.token);
    expect(getCurrentUser()?.userId).toBe(superAdmin.user.userId);
  });

  it('HTTP and network errors are thrown but not shown', async () => {
    server.use(answerHttpError('get', '/a', 503), answerNetworkError('get', '/b'));
    expect((await rejection(api('/a', { skipErrorHandler: true }))).httpStatus).toBe(503);
    expect((await rejection(api('/b', { skipErrorHandler: true }))).kind).toBe('network');
    await settle();
    expect(notificationsShown()).toEqual([]);
  });
});

describe('toasts', () => {
  it('show at most one at a time', async () => {
    server.use(
      answerEnvelope('get', '/one', failure(10, '第一个错误')),
      answerEnvelope('get', '/two', failure(10, '第二个错误')),
    );
    await rejection(api('/one'));
    await rejection(api('/two'));
    await screen.findByText('第二个错误');
    await waitFor(() => expect(screen.queryByText('第一个错误')).not.toBeInTheDocument());
    expect(toasts()).toHaveLength(1);
  });
});
