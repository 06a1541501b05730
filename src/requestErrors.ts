/**
 * How every call's outcome is judged and shown (the envelope and its statuses: common/api.ts).
 *
 * Two halves, as in Ant Design Pro: `toApiError` turns a response or a failure into an
 * `ApiError` (or nothing, for a success), and `showApiError` shows it and runs its side
 * effects. The response interceptor (`responseInterceptor`, registered in
 * src/request/config.ts) does both, so a call either resolves with a status-1 envelope or
 * rejects with an `ApiError`. Umi's own errorHandler is not used: the plugin neither awaits
 * it nor sees envelopes that arrive with a 4xx/5xx.
 *
 * - status 1: passes.
 * - status 10, 30, or any other `success: false`: error toast with the server's message.
 * - status 20/21 or the token messages: token and user removed, the app goes to
 *   /login?authType=1 (with a safe `redirect`), which says "<message>，请重新登录" above its form.
 * - HTTP error without an envelope: notification "请求错误 {status}: {url}" with the
 *   Chinese description of the status.
 * - no response: notification "网络异常".
 * - anything else: notification "未知错误".
 *
 * `skipErrorHandler: true` in a call's options shows nothing and has no side effects; the
 * caller still receives the ApiError.
 */
import { history, type AxiosError, type AxiosResponse, type RequestOptions } from '@umijs/max';
import {
  ApiStatus,
  RELOGIN_SUFFIX,
  TOKEN_EMPTY_MESSAGE,
  TOKEN_INVALID_MESSAGE,
  type ApiEnvelope,
} from '@common/api';
import { clearSession, rememberLoginNotice } from './storage';
import { notifyError, toastError } from './request/feedback';

/** Ant Design Pro's codeMessage: what each HTTP status means, in Chinese. */
export const HTTP_CODE_MESSAGES: Readonly<Record<number, string>> = {
  200: '服务器成功返回请求的数据。',
  201: '新建或修改数据成功。',
  202: '一个请求已经进入后台排队（异步任务）。',
  204: '删除数据成功。',
  400: '发出的请求有错误，服务器没有进行新建或修改数据的操作。',
  401: '用户没有权限（令牌、用户名、密码错误）。',
  403: '用户得到授权，但是访问是被禁止的。',
  404: '发出的请求针对的是不存在的记录，服务器没有进行操作。',
  406: '请求的格式不可得。',
  410: '请求的资源被永久删除，且不会再得到的。',
  422: '当创建一个对象时，发生一个验证错误。',
  500: '服务器发生错误，请检查服务器。',
  502: '网关错误。',
  503: '服务不可用，服务器暂时过载或维护。',
  504: '网关超时。',
};

export function httpStatusDescription(status: number): string {
  return HTTP_CODE_MESSAGES[status] ?? `请求失败（HTTP 状态 ${status}）。`;
}

export const NETWORK_ERROR_TITLE = '网络异常';
export const NETWORK_ERROR_DESCRIPTION = '您的网络发生异常，无法连接服务器';
export const TIMEOUT_DESCRIPTION = '请求超时，请稍后重试';
export const UNKNOWN_ERROR_TITLE = '未知错误';
export const UNKNOWN_ERROR_DESCRIPTION = '请求出现未知错误，请稍后重试';
/** Shown when a failing envelope carries no message. */
export const DEFAULT_FAILURE_MESSAGE = '操作失败';

export const LOGIN_PATH = '/login';

/**
 * - business: status 10 or another failing envelope; forbidden: status 30;
 * - token: status 20/21 or a token message; http: an HTTP error without an envelope;
 * - network: no response; canceled: the caller aborted; unknown: anything else.
 */
export type ApiErrorKind =
  | 'business'
  | 'forbidden'
  | 'token'
  | 'http'
  | 'network'
  | 'canceled'
  | 'unknown';

/** `status` of errors that carry no envelope (HTTP, network, canceled, unknown). */
export const NO_ENVELOPE_STATUS = 0;

export class ApiError<T = unknown> extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The envelope's status, or NO_ENVELOPE_STATUS. */
  readonly status: number;
  /** The HTTP status when a response arrived. */
  readonly httpStatus?: number;
  /** The envelope's data, or the raw body of a response without envelope. */
  readonly data?: T;
  /** The request path as shown to people, e.g. /api/v1/user/current. */
  readonly url?: string;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    status?: number;
    httpStatus?: number;
    data?: T;
    url?: string;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? NO_ENVELOPE_STATUS;
    this.httpStatus = init.httpStatus;
    this.data = init.data;
    this.url = init.url;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A token error: the session is gone and the user must log in again. */
export function isTokenError(error: unknown): boolean {
  return isApiError(error) && error.kind === 'token';
}

/**
 * Anything that looks like the API's envelope (ApiEnvelope): a boolean `success`, or a numeric `status`
 * with a string `message` (a bare record with a `status` field is not one).
 */
export function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { status, success, message } = body as Record<string, unknown>;
  return typeof success === 'boolean' || (typeof status === 'number' && typeof message === 'string');
}

function isTokenEnvelope(body: ApiEnvelope<unknown>): boolean {
  const message = typeof body.message === 'string' ? body.message : '';
  return (
    body.status === ApiStatus.TokenInvalid ||
    body.status === ApiStatus.TokenEmpty ||
    message.includes(TOKEN_INVALID_MESSAGE) ||
    message.includes(TOKEN_EMPTY_MESSAGE)
  );
}

function isOkEnvelope(body: ApiEnvelope<unknown>): boolean {
  return body.status === ApiStatus.Ok && body.success !== false;
}

/** The failure an envelope stands for, or undefined when it is a success. */
export function envelopeError(
  body: ApiEnvelope<unknown>,
  extra: { httpStatus?: number; url?: string } = {},
): ApiError | undefined {
  const token = isTokenEnvelope(body);
  if (!token && isOkEnvelope(body)) return undefined;
  const message = typeof body.message === 'string' && body.message ? body.message : '';
  return new ApiError({
    kind: token ? 'token' : body.status === ApiStatus.Forbidden ? 'forbidden' : 'business',
    status: typeof body.status === 'number' ? body.status : NO_ENVELOPE_STATUS,
    message: message || (token ? TOKEN_INVALID_MESSAGE : DEFAULT_FAILURE_MESSAGE),
    data: body.data,
    ...extra,
  });
}

/** `/api/v1` + `user/current` → `/api/v1/user/current`; absolute URLs stay as they are. */
export function requestUrl(config: { baseURL?: string; url?: string } | undefined): string {
  const url = config?.url ?? '';
  if (/^[a-z][a-z\d+\-.]*:\/\//i.test(url) || !config?.baseURL) return url;
  return `${config.baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

type CallOptions = Pick<RequestOptions, 'skipErrorHandler'>;

function skips(config: unknown): boolean {
  return !!(config as CallOptions | undefined)?.skipErrorHandler;
}

/* ---------- the login redirect ---------- */

/** A redirect target is safe when it is a path of this site: one leading slash. */
export function isSafeRedirect(path: string | null | undefined): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** `/login?authType=1`, with `redirect` = the current path when that is safe and not /login. */
export function loginUrl(currentPath?: string): string {
  const params = new URLSearchParams({ authType: '1' });
  const path = currentPath ?? `${window.location.pathname}${window.location.search}${window.location.hash}`;
  const onLogin = path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}?`) || path.startsWith(`${LOGIN_PATH}/`);
  if (isSafeRedirect(path) && path !== '/' && !onLogin) params.set('redirect', path);
  return `${LOGIN_PATH}?${params.toString()}`;
}

const sessionExpiredListeners = new Set<() => void>();

/** Called after a token error cleared the session (src/app.tsx drops currentUser from the initial state). */
export function onSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => {
    sessionExpiredListeners.delete(listener);
  };
}

/** Clears the session and goes to the login page (once, however many calls fail together). */
export function expireSession(): void {
  clearSession();
  sessionExpiredListeners.forEach((listener) => listener());
  if (window.location.pathname === LOGIN_PATH) return;
  const target = loginUrl();
  // Umi's history exists once the app has rendered; before that (or in a bare test) the
  // browser navigates.
  if (history) history.replace(target);
  else window.location.assign(target);
}

/* ---------- showing ---------- */

/**
 * Shows an ApiError and runs its side effects: a token error ends the session and has the login
 * page say the message with "，请重新登录"; a business or permission refusal is a toast; an HTTP or network
 * failure, a notification.
 */
export function showApiError(error: ApiError): void {
  switch (error.kind) {
    case 'token': {
      const text = error.message.endsWith(RELOGIN_SUFFIX) ? error.message : `${error.message}${RELOGIN_SUFFIX}`;
      // Said where it lasts: the login page shows it above the form (src/storage.ts
      // rememberLoginNotice). A call that fails on the login page itself (the first of several
      // failing together has already gone there) only clears the session: the person is
      // where the notice would send them.
      if (window.location.pathname !== LOGIN_PATH) rememberLoginNotice(text);
      expireSession();
      return;
    }
    case 'business':
    case 'forbidden':
      toastError(error.message);
      return;
    case 'http':
      notifyError(`请求错误 ${error.httpStatus}: ${error.url}`, httpStatusDescription(error.httpStatus ?? 0));
      return;
    case 'network':
      notifyError(NETWORK_ERROR_TITLE, error.message);
      return;
    case 'canceled':
      return;
    default:
      notifyError(UNKNOWN_ERROR_TITLE, UNKNOWN_ERROR_DESCRIPTION);
  }
}

/* ---------- the interceptor ---------- */

async function readBody(data: unknown): Promise<unknown> {
  // A call with responseType 'blob' (downloads) receives its error envelope as a Blob.
  if (typeof Blob !== 'undefined' && data instanceof Blob && /json/i.test(data.type)) {
    try {
      return JSON.parse(await data.text()) as unknown;
    } catch {
      return data;
    }
  }
  return data;
}

function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

function isCanceled(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { __CANCEL__?: unknown; code?: unknown; name?: unknown };
  return e.__CANCEL__ === true || e.code === 'ERR_CANCELED' || e.name === 'CanceledError';
}

/** Turns any failure of a call into an ApiError. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (isApiError(error)) return error;
  if (isCanceled(error)) return new ApiError({ kind: 'canceled', message: '请求已取消', cause: error });
  if (isAxiosError(error)) {
    const url = requestUrl(error.config);
    const { response } = error;
    // Status 0 is what a browser reports when nothing came back (offline, refused, CORS).
    if (response && response.status > 0) {
      const body = await readBody(response.data);
      if (isEnvelope(body)) {
        const fromEnvelope = envelopeError(body, { httpStatus: response.status, url });
        if (fromEnvelope) return fromEnvelope;
      }
      return new ApiError({
        kind: 'http',
        message: httpStatusDescription(response.status),
        httpStatus: response.status,
        data: body,
        url,
        cause: error,
      });
    }
    if (error.request || error.code === 'ERR_NETWORK' || error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
      const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
      return new ApiError({
        kind: 'network',
        message: timedOut ? TIMEOUT_DESCRIPTION : NETWORK_ERROR_DESCRIPTION,
        url,
        cause: error,
      });
    }
  }
  return new ApiError({ kind: 'unknown', message: UNKNOWN_ERROR_TITLE, cause: error });
}

/** Success half: a failing envelope (even with HTTP 200) becomes a shown, thrown ApiError. */
export function onResponse<T>(response: AxiosResponse<T>): AxiosResponse<T> {
  const body: unknown = response.data;
  if (isEnvelope(body)) {
    const error = envelopeError(body, { httpStatus: response.status, url: requestUrl(response.config) });
    if (error) {
      if (!skips(response.config)) showApiError(error);
      throw error;
    }
  }
  return response;
}

/** Failure half: HTTP errors (with or without an envelope), no response, anything else. */
export async function onResponseError(error: unknown): Promise<never> {
  const apiError = await toApiError(error);
  const config = isAxiosError(error) ? error.config : undefined;
  if (!skips(config) && apiError !== error) showApiError(apiError);
  throw apiError;
}

/** For Umi's `responseInterceptors`. */
export const responseInterceptor = [onResponse, onResponseError] as const;
