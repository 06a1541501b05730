/** Whether a failed detail call means "not public" (the server's 404, status 10) rather than a fault. */
import { ApiStatus } from '@common/api';
import { isApiError } from '@/requestErrors';

export function isGone(error: unknown): boolean {
  return isApiError(error) && (error.httpStatus === 404 || (error.kind === 'business' && error.status === ApiStatus.BusinessError));
}
