/**
 * Certificates: the public check by number (`GET /api/v1/public/certificates/{number}`), and
 * the staff list and 吊销 (certificate preview). Only `api` is imported, so the public page
 * stays light.
 */
import type {
  CertificateListQuery,
  CertificateRecord,
  CertificateRevokeBody,
  PublicCertificate,
} from '@common/schemas/certificates';
import type { Page } from '@common/schemas/common';
import { api, type RequestOptions } from './api';
import { cleanQuery } from './resource';

/** The page shows "未查询到该证书" itself, so it passes `skipErrorHandler` (no toast). */
export function getPublicCertificate(number: string, options?: RequestOptions) {
  return api<PublicCertificate>(`/public/certificates/${encodeURIComponent(number)}`, options);
}

/** Staff (certificate:view): search by number or holder, filter by kind, state today, unit. */
export function listCertificates(query: Partial<CertificateListQuery>, options?: RequestOptions) {
  return api<Page<CertificateRecord>>('/certificates', { ...options, params: cleanQuery(query) });
}

export function getCertificate(id: string, options?: RequestOptions) {
  return api<CertificateRecord>(`/certificates/${encodeURIComponent(id)}`, options);
}

/** Staff (certificate:revoke): 吊销 with a reason; an already revoked one is refused. */
export function revokeCertificate(id: string, body: CertificateRevokeBody, options?: RequestOptions) {
  return api<null>(`/certificates/${encodeURIComponent(id)}/revoke`, { ...options, method: 'POST', data: body });
}
