/**
 * Umi's request configuration: every call goes to /api/v1, carries the stored
 * token in the `token` header (empty when logged out), defaults to GET, is answered from the
 * page's first-screen data when that holds it (./firstScreen.ts), and passes through
 * src/requestErrors.ts. src/app.tsx exports it as the `request` runtime config.
 */
import type { AxiosRequestConfig, RequestConfig } from '@umijs/max';
import { API_BASE } from '@common/api';
import { onResponse, onResponseError } from '../requestErrors';
import { gateOnResponse, gateOnResponseError } from './accountGate';
import { answerFromFirstScreen } from './firstScreen';
import { getToken } from '../storage';
import { fullPage } from '../components/fullPageNavigation';

/** 30 s; uploads pass their own `timeout`. */
export const REQUEST_TIMEOUT = 30_000;

export const TOKEN_HEADER = 'token';

/** Adds the token header from storage (one parameter: Umi treats two as umi-request style). */
export function addTokenHeader(config: AxiosRequestConfig): AxiosRequestConfig {
  return { ...config, headers: { ...config.headers, [TOKEN_HEADER]: getToken() ?? '' } };
}

/** How long a call started while the page is being replaced waits for it to go. */
export const LEAVING_HOLD_MS = 10_000;

/**
 * Holds a call started after the app asked for a full page load (src/components/fullPageNavigation.ts:
 * sign-out, login, a failed chunk) until the page has gone, then adds the token. Such a call
 * would be thrown away with the page, or fail: a page that mounted late during a sign-out asked
 * for its data after the token was removed (a 401 "token为空" in the console, seen on a loaded
 * machine). Should the page still be there after LEAVING_HOLD_MS (the visitor chose to stay at a
 * leave prompt), the call goes ahead.
 */
export async function holdWhileLeavingThenAddToken(config: AxiosRequestConfig): Promise<AxiosRequestConfig> {
  const left = fullPage.leavingSince ? fullPage.leavingSince + LEAVING_HOLD_MS - Date.now() : 0;
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return addTokenHeader(config);
}

export const requestConfig: RequestConfig = {
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT,
  method: 'GET',
  // The token (once the page is not being replaced), then the page's first calls answered from
  // the data that came with it.
  requestInterceptors: [holdWhileLeavingThenAddToken, answerFromFirstScreen],
  // The account gate first (it only listens and passes everything on), then the error handling.
  responseInterceptors: [
    [gateOnResponse, gateOnResponseError],
    [onResponse, onResponseError],
  ],
};
