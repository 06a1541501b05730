/**
 * The one entry for typed calls. `request` is Umi's request, configured in src/app.tsx:
 * its interceptors (src/requestErrors.ts) turn every non-success envelope into a thrown
 * error and show it, so a call that resolves always carries status 1.
 */
import { request, type RequestOptions as UmiRequestOptions } from '@umijs/max';
import type { ApiEnvelope } from '@common/schemas/common';

export type RequestOptions = Omit<UmiRequestOptions, 'getResponse'>;

/** Calls `url` (relative to /api/v1) and returns the envelope's `data`. */
export async function api<T>(url: string, options: RequestOptions = {}): Promise<T> {
  return (await apiWithMessage<T>(url, options)).data;
}

/** The answer of an action whose message says what it did (已撤销，2025年度评价中该单位得分已重算). */
export interface Said<T> {
  data: T;
  message: string;
}

/** Whether a call's answer is a `Said` (for the drawers that show the server's words when given them). */
export function isSaid(answer: unknown): answer is Said<unknown> {
  return typeof answer === 'object' && answer !== null && 'data' in answer && typeof (answer as { message?: unknown }).message === 'string';
}

/** Like `api`, with the envelope's message too: for actions whose answer says what they did in words. */
export async function apiWithMessage<T>(url: string, options: RequestOptions = {}): Promise<Said<T>> {
  const body: ApiEnvelope<T> = await request<ApiEnvelope<T>>(url, { ...options, getResponse: false });
  return { data: body.data, message: body.message };
}
