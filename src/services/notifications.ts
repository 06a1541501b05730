/**
 * Notices that reach people (通知设置, 通知记录, the one-off notice, the person's own settings):
 * the typed calls of common/schemas/notifications.ts. Named apart from the notices of
 * ./content.ts (通知公告, published articles).
 */
import type {
  NoticeAddressReveal,
  NoticeDeliveryExportQuery,
  NoticeDeliveryListQuery,
  NoticeDeliveryRecord,
  NoticeDeliveryStatus,
  NoticePreferences,
  NoticePreferencesBody,
  NoticeRuleCreateBody,
  NoticeRuleListQuery,
  NoticeRuleRecord,
  NoticeRuleUpdateBody,
  NoticeScanResult,
  NoticeTemplateListQuery,
  NoticeTemplateRecord,
  NoticeTemplateUpdateBody,
  OneOffPreview,
  OneOffPreviewBody,
  OneOffSendBody,
  OneOffSendResult,
} from '@common/schemas/notifications';
import { api, apiWithMessage, type RequestOptions } from './api';
import { downloadFile } from './download';
import { resource } from './resource';

/** 通知规则: list, one, a further dated rule, edit (with the version), 启用 / 停用. */
export const noticeRules = resource<{
  record: NoticeRuleRecord;
  query: NoticeRuleListQuery;
  create: NoticeRuleCreateBody;
  update: NoticeRuleUpdateBody;
  action: 'enable' | 'disable';
}>('/notice-rules');

/** 立即检查: the rules' scan now; the message says what it queued. */
export function scanNoticeRules(options?: RequestOptions): Promise<{ data: NoticeScanResult; message: string }> {
  return apiWithMessage<NoticeScanResult>('/notice-rules/scan', { method: 'POST', ...options });
}

/** 通知模板: list, one, edit (with the version); no create or delete. */
export const noticeTemplates = resource<{
  record: NoticeTemplateRecord;
  query: NoticeTemplateListQuery;
  create: never;
  update: NoticeTemplateUpdateBody;
}>('/notice-templates');

/** 通知记录: list and one record (addresses masked); the calls below do the rest. */
export const noticeDeliveries = resource<{
  record: NoticeDeliveryRecord;
  query: NoticeDeliveryListQuery;
  create: never;
  update: never;
  action: 'resend' | 'reveal';
}>('/notice-deliveries');

/** The whole address of one record (the server writes it to the audit log). */
export function revealNoticeAddress(id: string, options?: RequestOptions): Promise<NoticeAddressReveal> {
  return noticeDeliveries.action<NoticeAddressReveal>(id, 'reveal', {}, options);
}

/** Sends a failed, retrying, given-up or unconfigured record again (a retrying one at once). */
export function resendNotice(id: string, options?: RequestOptions): Promise<null> {
  return noticeDeliveries.action(id, 'resend', {}, options);
}

/** Whether e-mail and SMS are configured, and how many records stand in each state. */
export function noticeDeliveryStatus(options?: RequestOptions): Promise<NoticeDeliveryStatus> {
  return api<NoticeDeliveryStatus>('/notice-deliveries/status', options);
}

/** The .xlsx of the records the list's filters select (addresses masked). */
export function exportNoticeDeliveries(query: NoticeDeliveryExportQuery | Record<string, string | number | boolean | undefined>): Promise<string> {
  return downloadFile('/notice-deliveries/export', query, '通知记录.xlsx');
}

/** Who a one-off notice would reach. */
export function previewOneOffNotice(body: OneOffPreviewBody, options?: RequestOptions): Promise<OneOffPreview> {
  return api<OneOffPreview>('/notice-deliveries/one-off/preview', { ...options, method: 'POST', data: body });
}

/** Sends a one-off notice; the answer's `reference` filters 通知记录 to it. */
export function sendOneOffNotice(body: OneOffSendBody, options?: RequestOptions): Promise<OneOffSendResult> {
  return api<OneOffSendResult>('/notice-deliveries/one-off', { ...options, method: 'POST', data: body });
}

/** The caller's own settings (个人中心). */
export function noticePreferences(options?: RequestOptions): Promise<NoticePreferences> {
  return api<NoticePreferences>('/user/notice-preferences', options);
}

export function setNoticePreferences(body: NoticePreferencesBody, options?: RequestOptions): Promise<NoticePreferences> {
  return api<NoticePreferences>('/user/notice-preferences', { ...options, method: 'PUT', data: body });
}
