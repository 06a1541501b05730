/**
 * BizError: throw it anywhere in a request and the client gets the envelope
 * `{ status, success: false, message, data: null }` with `httpStatus`.
 */
import { FORBIDDEN_MESSAGE, notFoundMessage, STALE_VERSION_MESSAGE } from '@common/messages';
import { ApiStatus, TOKEN_EMPTY_MESSAGE, TOKEN_INVALID_MESSAGE } from '@common/schemas/common';

export class BizError extends Error {
  constructor(
    message: string,
    readonly status: number = ApiStatus.BusinessError,
    readonly httpStatus: number = 400,
  ) {
    super(message);
    this.name = 'BizError';
  }
}

export { FORBIDDEN_MESSAGE, STALE_VERSION_MESSAGE } from '@common/messages';

/** The common cases, so that every module says the same thing with the same status. */
export const errors = {
  notFound: (what = '记录') => new BizError(notFoundMessage(what), ApiStatus.BusinessError, 404),
  forbidden: (message = FORBIDDEN_MESSAGE) => new BizError(message, ApiStatus.Forbidden, 403),
  tokenEmpty: () => new BizError(TOKEN_EMPTY_MESSAGE, ApiStatus.TokenEmpty, 401),
  tokenInvalid: () => new BizError(TOKEN_INVALID_MESSAGE, ApiStatus.TokenInvalid, 401),
  staleVersion: () => new BizError(STALE_VERSION_MESSAGE, ApiStatus.BusinessError, 409),
  tooMany: (message: string) => new BizError(message, ApiStatus.BusinessError, 429),
  badRequest: (message: string) => new BizError(message),
};
