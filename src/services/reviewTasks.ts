/**
 * Quality review (评审与质量抽查, server/modules/expert-reviews/routes.ts; the routes are listed in
 * common/schemas/reviewTasks.ts): review tasks and their steps, the draw records and their
 * verification, the samplings (质量抽查), the expert's personal link, and an expert's declared
 * conflicts (the expert library's sub-list).
 */
import type {
  DrawAnswer,
  DrawVerification,
  ExpertConflict,
  ExpertConflictCreateBody,
  ExpertConflictUpdateBody,
  ExpertDrawRecord,
  ExpertLinkSheetBody,
  ExpertLinkView,
  QualitySampleAnswer,
  QualitySampleCreateBody,
  QualitySampleDetail,
  QualitySampleListQuery,
  QualitySampleRecord,
  ReviewAnswer,
  ReviewLinkAnswer,
  ReviewRatingsBody,
  ReviewSheetBody,
  ReviewTaskCreateBody,
  ReviewTaskDetail,
  ReviewTaskExportQuery,
  ReviewTaskListItem,
  ReviewTaskListQuery,
  ReviewTaskUpdateBody,
} from '@common/schemas/reviewTasks';
import { api, type RequestOptions } from './api';
import { downloadFile } from './download';
import { resource } from './resource';

export const reviewTasks = resource<{
  record: ReviewTaskDetail;
  row: ReviewTaskListItem;
  query: ReviewTaskListQuery;
  create: ReviewTaskCreateBody;
  update: ReviewTaskUpdateBody;
  action: 'cancel' | 'draw' | 'supplementary-draw' | 'responses' | 'sheets' | 'links' | 'close' | 'ratings' | 'comment' | 'revision' | 'revision/confirm' | 'revision/return';
}>('/review-tasks');

export const getReviewTask = (id: string, options?: RequestOptions) => reviewTasks.get(id, options);

export const exportReviewTasks = (query: ReviewTaskExportQuery | Record<string, string | number | boolean | undefined>) =>
  downloadFile(`${reviewTasks.path}/export`, query, '评审任务.xlsx');

/** 取消评审 with a reason. */
export const cancelReviewTask = (id: string, version: number, reason: string) => reviewTasks.action(id, 'cancel', { version, reason });

/**
 * 抽取专家. A task already drawn is drawn again with a reason (a new round). A pool too small
 * is refused with the server's message (how many are eligible, why the others are out); the
 * caller shows it, so the request layer's toast is skipped.
 */
export const drawReviewExperts = (id: string, version: number, reason?: string) =>
  reviewTasks.action<DrawAnswer>(id, 'draw', { version, ...(reason ? { reason } : {}) }, { skipErrorHandler: true });

/** 补抽: the vacant seats, when no backup is left. */
export const supplementReviewExperts = (id: string, version: number) =>
  reviewTasks.action<DrawAnswer>(id, 'supplementary-draw', { version }, { skipErrorHandler: true });

/** An expert's answer: 确认参加, 婉拒 (with a reason), 逾期未答复. */
export const recordReviewResponse = (id: string, version: number, seatId: string, answer: ReviewAnswer, reason?: string) =>
  reviewTasks.action(id, 'responses', { version, seatId, answer, ...(reason ? { reason } : {}) });

/** A score sheet entered by staff (replaces the seat's earlier one until closing). */
export const enterReviewSheet = (id: string, body: ReviewSheetBody) => reviewTasks.action(id, 'sheets', body);

/** An expert's personal link, shown this once. */
export const createReviewLink = (id: string, version: number, seatId: string) =>
  reviewTasks.action<ReviewLinkAnswer>(id, 'links', { version, seatId });

/** 结束评审: the panel's result, locked. */
export const closeReviewTask = (id: string, version: number) => reviewTasks.action(id, 'close', { version });

export const rateReviewExperts = (id: string, body: ReviewRatingsBody) => reviewTasks.action(id, 'ratings', body);

/** The unit's comment on the result. */
export const commentOnReview = (id: string, version: number, comment: string) => reviewTasks.action(id, 'comment', { version, comment });

/** The unit's revised report after 修改后通过. */
export const submitReviewRevision = (id: string, version: number, reportFileIds: string[], note: string | null) =>
  reviewTasks.action(id, 'revision', { version, reportFileIds, note });

export const confirmReviewRevision = (id: string, version: number) => reviewTasks.action(id, 'revision/confirm', { version });
export const returnReviewRevision = (id: string, version: number, reason: string) => reviewTasks.action(id, 'revision/return', { version, reason });

// ---- draw records ----------------------------------------------------------------------------

/** One draw record whole (review:draw:view). */
export const getDrawRecord = (id: string) => api<ExpertDrawRecord>(`/expert-draws/${encodeURIComponent(id)}`);

/** Recomputes the draw from its record; the answer says whether it matches. */
export const verifyDraw = (id: string) => api<DrawVerification>(`/expert-draws/${encodeURIComponent(id)}/verify`);

// ---- 质量抽查 -------------------------------------------------------------------------------

export const qualitySamples = resource<{
  record: QualitySampleDetail;
  row: QualitySampleRecord;
  query: QualitySampleListQuery;
  create: QualitySampleCreateBody;
  update: { version: number };
}>('/quality-samples');

export const createQualitySample = (body: QualitySampleCreateBody) =>
  api<QualitySampleAnswer>(qualitySamples.path, { method: 'POST', data: body });

export const verifyQualitySample = (id: string) => api<DrawVerification>(`${qualitySamples.path}/${encodeURIComponent(id)}/verify`);

// ---- the expert's link (no account) -----------------------------------------------------------

/** What the link opens; its refusal (an invalid or expired link) is shown by the page. */
export const viewReviewLink = (token: string) =>
  api<ExpertLinkView>('/public/review-links/view', { method: 'POST', data: { token }, skipErrorHandler: true });

export const submitReviewLinkSheet = (body: ExpertLinkSheetBody) =>
  api<null>('/public/review-links/sheet', { method: 'POST', data: body, skipErrorHandler: true });

// ---- an expert's declared conflicts ----------------------------------------------------------

export const expertConflicts = (expertId: string) => api<ExpertConflict[]>(`/experts/${encodeURIComponent(expertId)}/conflicts`);
export const addExpertConflict = (expertId: string, body: ExpertConflictCreateBody) =>
  api<{ id: string }>(`/experts/${encodeURIComponent(expertId)}/conflicts`, { method: 'POST', data: body });
export const updateExpertConflict = (id: string, body: ExpertConflictUpdateBody) =>
  api<null>(`/expert-conflicts/${encodeURIComponent(id)}`, { method: 'PUT', data: body });
export const removeExpertConflict = (id: string) => api<null>(`/expert-conflicts/${encodeURIComponent(id)}`, { method: 'DELETE' });
