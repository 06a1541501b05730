/** The server's envelopes and the mock's paths, shared by every handler module of mock/. */
import { HttpResponse } from 'msw';
import { API_BASE, ApiStatus, OK_MESSAGE, TOKEN_EMPTY_MESSAGE, TOKEN_INVALID_MESSAGE, type ApiEnvelope } from '@common/schemas/common';

export function ok<T>(data: T, message: string = OK_MESSAGE): ApiEnvelope<T> {
  return { status: ApiStatus.Ok, success: true, message, data };
}

export function failure(status: number, message: string, data: unknown = null): ApiEnvelope<unknown> {
  return { status, success: false, message, data };
}

export const tokenInvalid = () => failure(ApiStatus.TokenInvalid, TOKEN_INVALID_MESSAGE);
export const tokenEmpty = () => failure(ApiStatus.TokenEmpty, TOKEN_EMPTY_MESSAGE);

/** A business refusal (status 10) with HTTP `httpStatus`, as the server's BizError answers. */
export const bad = (message: string, httpStatus = 400) =>
  HttpResponse.json(failure(ApiStatus.BusinessError, message), { status: httpStatus });

/** '/user/current' or 'user/current' → '/api/v1/user/current'. */
export function apiPath(path: string): string {
  return `${API_BASE}/${path.replace(/^\/+/, '')}`;
}
