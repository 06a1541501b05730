/**
 * Sessions and the first-login consent (common/schemas/sessions.ts): the caller's
 * own sessions, who is online (staff), a forced logout, and the sensitive-data notice.
 */
import type { Page } from '@common/schemas/common';
import type {
  OnlineSession,
  OnlineSessionQuery,
  OwnSession,
  SensitivePiConsent,
} from '@common/schemas/sessions';
import { api, type RequestOptions } from './api';

export function ownSessions(options?: RequestOptions) {
  return api<OwnSession[]>('/user/sessions', options);
}

export function endOwnSession(id: string, options?: RequestOptions) {
  return api<null>(`/user/sessions/${encodeURIComponent(id)}`, { ...options, method: 'DELETE' });
}

export function onlineSessions(query: Partial<OnlineSessionQuery> | Record<string, string | number>, options?: RequestOptions) {
  return api<Page<OnlineSession>>('/sessions', { ...options, params: query });
}

export function forceLogout(id: string, options?: RequestOptions) {
  return api<null>(`/sessions/${encodeURIComponent(id)}/revoke`, { ...options, method: 'POST' });
}

export function sensitivePiConsent(options?: RequestOptions) {
  return api<SensitivePiConsent>('/user/consents/sensitive-pi', options);
}

export function agreeSensitivePiConsent(version: string, options?: RequestOptions) {
  return api<null>('/user/consents/sensitive-pi', { ...options, method: 'POST', data: { version } });
}
