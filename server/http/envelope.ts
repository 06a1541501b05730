/** The envelope `{ status, message, data }` around every JSON response (@common/schemas/common). */
import { ApiStatus, OK_MESSAGE, type ApiEnvelope } from '@common/schemas/common';

export function ok<T>(data: T, message: string = OK_MESSAGE): ApiEnvelope<T> {
  return { status: ApiStatus.Ok, success: true, message, data };
}

export function fail(status: number, message: string): ApiEnvelope<null> {
  return { status, success: false, message, data: null };
}
