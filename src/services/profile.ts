/**
 * The personal centre (/Manage/profile): what the system holds about the caller, its download as a
 * JSON file, withdrawing the sensitive-data consent; and, for staff holding
 * system:personal-data:handle, the deletion requests that withdrawal opens.
 */
import type { Page } from '@common/schemas/common';
import type {
  DeletionApproveBody,
  DeletionRejectBody,
  DeletionRequestListQuery,
  DeletionRequestRecord,
  PersonalData,
  WithdrawConsentResult,
} from '@common/schemas/profile';
import { api, type RequestOptions } from './api';
import { downloadFile } from './download';
import { cleanQuery } from './resource';

export const getProfile = (options?: RequestOptions) => api<PersonalData>('/user/profile', options);

/** 下载我的数据: the server names the file (个人数据-<账号>-<日期>.json). */
export const downloadProfile = () => downloadFile('/user/profile/export', undefined, '个人数据.json');

export const withdrawSensitiveConsent = () =>
  api<WithdrawConsentResult>('/user/consents/sensitive-pi/withdraw', { method: 'POST', data: {} });

export const deletionRequests = (query: Partial<DeletionRequestListQuery> & { current?: number; pageSize?: number } = {}) =>
  api<Page<DeletionRequestRecord>>('/personal-data/deletion-requests', { params: cleanQuery(query) });

const request = (practitionerId: string) => `/personal-data/deletion-requests/${encodeURIComponent(practitionerId)}`;

export const approveDeletion = (practitionerId: string, body: DeletionApproveBody) =>
  api<null>(`${request(practitionerId)}/approve`, { method: 'POST', data: body });

export const rejectDeletion = (practitionerId: string, body: DeletionRejectBody) =>
  api<null>(`${request(practitionerId)}/reject`, { method: 'POST', data: body });
