/** The caller's own messages: the list, the bell's summary, marking read. */
import type { Page } from '@common/schemas/common';
import type { MessageListQuery, MessageReadAllResult, MessageRecord, MessageSummary } from '@common/schemas/messages';
import { api, type RequestOptions } from './api';
import { cleanQuery } from './resource';

export function listMessages(query: Partial<MessageListQuery>, options?: RequestOptions): Promise<Page<MessageRecord>> {
  return api<Page<MessageRecord>>('/messages', { ...options, params: cleanQuery(query) });
}

export function messageSummary(options?: RequestOptions): Promise<MessageSummary> {
  return api<MessageSummary>('/messages/summary', options);
}

export function markMessageRead(id: string, options?: RequestOptions): Promise<null> {
  return api<null>(`/messages/${encodeURIComponent(id)}/read`, { ...options, method: 'POST', data: {} });
}

export function markAllMessagesRead(options?: RequestOptions): Promise<MessageReadAllResult> {
  return api<MessageReadAllResult>('/messages/read-all', { ...options, method: 'POST', data: {} });
}
