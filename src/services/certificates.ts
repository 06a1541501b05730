/** Certificates (API.md `GET /public/certificates/{number}`). */
import type { PublicCertificate } from '@common/schemas/certificates';
import { api, type RequestOptions } from './api';

/** The page shows "未查询到该证书" itself, so it passes `skipErrorHandler` (no toast). */
export function getPublicCertificate(number: string, options?: RequestOptions) {
  return api<PublicCertificate>(`/public/certificates/${encodeURIComponent(number)}`, options);
}
