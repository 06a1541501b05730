/**
 * Credit (信用管理; the routes are listed in common/schemas/credit.ts): the events (bad-conduct
 * records and commendations), the rules versions, the yearly ratings with each unit's score, and
 * the units' objections. The public reads are in ./publicCredit.ts (the public pages stay light).
 */
import type { CreatedResult, Page } from '@common/schemas/common';
import type {
  CreditEventCreateBody,
  CreditEventCreated,
  CreditEventDetail,
  CreditEventExportQuery,
  CreditEventListQuery,
  CreditEventRecord,
  CreditObjectionAnswerBody,
  CreditObjectionAnswered,
  CreditObjectionCreateBody,
  CreditObjectionDetail,
  CreditObjectionListQuery,
  CreditObjectionRecord,
  CreditPractitionerOption,
  CreditPractitionerOptionsQuery,
  CreditRatingCreateBody,
  CreditRatingExportQuery,
  CreditRatingListQuery,
  CreditRatingRecord,
  CreditRatingUnitDetail,
  CreditRatingUnitItem,
  CreditRatingUnitQuery,
  CreditRuleCreateBody,
  CreditRuleCreated,
  CreditRuleVersionRecord,
} from '@common/schemas/credit';
import type { MemberUnitOption } from '@common/schemas/memberUnits';
import { api, apiWithMessage, type Said } from './api';
import { downloadFile } from './download';
import { cleanQuery, resource, type ListQuery } from './resource';

// ---- events ----------------------------------------------------------------------------------------

type EventTypes = {
  record: CreditEventDetail;
  row: CreditEventRecord;
  query: CreditEventListQuery;
  create: CreditEventCreateBody;
  update: { version: number };
  action: 'withdraw';
};

export const creditEvents = resource<EventTypes>('/credit-events');

export const getCreditEvent = (id: string) => creditEvents.get(id);

/** 登记: the answer says the points and the term it got. */
export const recordCreditEvent = (body: CreditEventCreateBody): Promise<Said<CreditEventCreated>> =>
  apiWithMessage<CreditEventCreated>(creditEvents.path, { method: 'POST', data: body });

/** 撤销 with a reason; the answer names the years whose score of the unit was computed again. */
export const withdrawCreditEvent = (id: string, version: number, reason: string): Promise<Said<{ rescoredYears: number[] }>> =>
  apiWithMessage<{ rescoredYears: number[] }>(`${creditEvents.path}/${encodeURIComponent(id)}/withdraw`, { method: 'POST', data: { version, reason } });

export const exportCreditEvents = (query: CreditEventExportQuery | ListQuery<EventTypes>) =>
  downloadFile(`${creditEvents.path}/export`, query, '信用记录.xlsx');

/** Approved member units for the subject picker, matching what is typed (GET /member-units/options). */
export const creditUnitOptions = (keyword?: string) =>
  api<MemberUnitOption[]>('/member-units/options', { params: cleanQuery({ keyword: keyword?.trim() }) });

/** The practitioners an event may name, matching what is typed, or one by id (GET /credit-events/practitioner-options). */
export const creditPractitionerOptions = (query: CreditPractitionerOptionsQuery, options?: { skipErrorHandler?: boolean }) =>
  api<CreditPractitionerOption[]>(`${creditEvents.path}/practitioner-options`, { params: cleanQuery({ ...query, keyword: query.keyword?.trim() }), ...options });

// ---- rules -----------------------------------------------------------------------------------------

/** Every rules version, the one in force first. */
export const listCreditRules = () => api<CreditRuleVersionRecord[]>('/credit-rules');

export const createCreditRule = (body: CreditRuleCreateBody): Promise<Said<CreditRuleCreated>> =>
  apiWithMessage<CreditRuleCreated>('/credit-rules', { method: 'POST', data: body });

// ---- ratings ---------------------------------------------------------------------------------------

type RatingTypes = {
  record: CreditRatingRecord;
  query: CreditRatingListQuery;
  create: CreditRatingCreateBody;
  update: { version: number };
  action: 'recompute' | 'publicize' | 'finalize';
};

export const creditRatings = resource<RatingTypes>('/credit-ratings');

const ratingPath = (id: string) => `${creditRatings.path}/${encodeURIComponent(id)}`;

export const getCreditRating = (id: string) => creditRatings.get(id);

/** 启动年度评价: the answer says how many units were rated. */
export const startCreditRating = (year: number): Promise<Said<CreatedResult>> =>
  apiWithMessage<CreatedResult>(creditRatings.path, { method: 'POST', data: { year } satisfies CreditRatingCreateBody });

export type CreditRatingStep = RatingTypes['action'];

/** 重新计算 / 发布公示 / 终评 with the rating's version read. */
export const stepCreditRating = (id: string, step: CreditRatingStep, version: number): Promise<Said<unknown>> =>
  apiWithMessage<unknown>(`${ratingPath(id)}/${step}`, { method: 'POST', data: { version } });

export const exportCreditRating = (id: string, year: number, query?: CreditRatingExportQuery) =>
  downloadFile(`${ratingPath(id)}/export`, query, `${year}年度信用评价.xlsx`);

export const listCreditRatingUnits = (id: string, query: Partial<CreditRatingUnitQuery>) =>
  api<Page<CreditRatingUnitItem>>(`${ratingPath(id)}/units`, { params: cleanQuery(query) });

/** One unit's score with every event behind it and its objection (a unit: its own only). */
export const getCreditRatingUnit = (id: string, unitId: string) =>
  api<CreditRatingUnitDetail>(`${ratingPath(id)}/units/${encodeURIComponent(unitId)}`);

// ---- objections ------------------------------------------------------------------------------------

export const listCreditObjections = (ratingId: string, query: Partial<CreditObjectionListQuery>) =>
  api<Page<CreditObjectionRecord>>(`${ratingPath(ratingId)}/objections`, { params: cleanQuery(query) });

/** 提出异议 (a unit, during 公示). */
export const fileCreditObjection = (ratingId: string, body: CreditObjectionCreateBody): Promise<Said<CreatedResult>> =>
  apiWithMessage<CreatedResult>(`${ratingPath(ratingId)}/objections`, { method: 'POST', data: body });

export const getCreditObjection = (id: string) => api<CreditObjectionDetail>(`/credit-objections/${encodeURIComponent(id)}`);

/** 答复异议: upheld (the events withdrawn, the score computed again) or rejected. */
export const answerCreditObjection = (id: string, body: CreditObjectionAnswerBody): Promise<Said<CreditObjectionAnswered>> =>
  apiWithMessage<CreditObjectionAnswered>(`/credit-objections/${encodeURIComponent(id)}/answer`, { method: 'POST', data: body });
