/**
 * 业务审核: the queue of pending reviews (with the count of each kind), one record with
 * its subject's history, the subject's own record for the reviewer, and decisions on one or several records (each item's result comes back).
 */
import type { ReviewDecideBody, ReviewDecideResult, ReviewDetail, ReviewQueuePage, ReviewQueueQuery, ReviewRecord } from '@common/schemas/businessAudit';
import { api, type RequestOptions } from './api';
import { cleanQuery } from './resource';

export function reviewQueue(query: Partial<ReviewQueueQuery> | Record<string, string | number | undefined>, options?: RequestOptions): Promise<ReviewQueuePage> {
  return api<ReviewQueuePage>('/business-audit', { ...options, params: cleanQuery(query) });
}

export function getReview(id: string, options?: RequestOptions): Promise<ReviewDetail> {
  return api<ReviewDetail>(`/business-audit/${encodeURIComponent(id)}`, options);
}

/** The subject's record, the change submitted and the documents missing (needs the kind's code). */
export function getReviewRecord(id: string, options?: RequestOptions): Promise<ReviewRecord> {
  return api<ReviewRecord>(`/business-audit/${encodeURIComponent(id)}/record`, options);
}

/** The answer lists every item (ok or why not); the request layer has nothing to toast unless the whole request was refused. */
export function decideReviews(body: ReviewDecideBody, options?: RequestOptions): Promise<ReviewDecideResult> {
  return api<ReviewDecideResult>('/business-audit/decide', { ...options, method: 'POST', data: body });
}
