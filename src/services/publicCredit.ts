/**
 * The public credit reads (no token; common/schemas/credit.ts "public"): the years in 公示 or
 * final with one year's tiers, and the bad-conduct records in term. Only plain calls here, so
 * that /FrontPage/credit stays light (tests/e2e/bundle.test.ts).
 */
import type { Page } from '@common/schemas/common';
import type { PublicBadConductItem, PublicBadConductQuery, PublicCreditRatingQuery, PublicCreditRatings } from '@common/schemas/credit';
import { api, type RequestOptions } from './api';

function compact<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Partial<T>;
}

export function listPublicCreditRatings(query: PublicCreditRatingQuery, options?: RequestOptions) {
  return api<PublicCreditRatings>('/public/credit/ratings', { ...options, params: compact(query) });
}

export function listPublicBadConduct(query: PublicBadConductQuery, options?: RequestOptions) {
  return api<Page<PublicBadConductItem>>('/public/credit/bad-conduct', { ...options, params: compact(query) });
}
