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

/** 30 s; uploads pass their own `timeout`. */
export const REQUEST_TIMEOUT = 30_000;

export const TOKEN_HEADER = 'token';

/** Adds the token header from storage (one parameter: Umi treats two as umi-request style). */
export function addTokenHeader(config: AxiosRequestConfig): AxiosRequestConfig {
  return { ...config, headers: { ...config.headers, [TOKEN_HEADER]: getToken() ?? '' } };
}

export const requestConfig: RequestConfig = {
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT,
  method: 'GET',
  // The token, then the page's first calls answered from the data that came with it.
  requestInterceptors: [addTokenHeader, answerFromFirstScreen],
  // The account gate first (it only listens and passes everything on), then the error handling.
  responseInterceptors: [
    [gateOnResponse, gateOnResponseError],
    [onResponse, onResponseError],
  ],
};
