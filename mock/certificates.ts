/** msw: GET /public/certificates/:number with two fixture certificates. */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { PublicCertificate } from '@common/schemas/certificates';
import { apiPath, bad, ok } from './envelopes';

export const VALID_UNIT_CERTIFICATE: PublicCertificate = {
  kind: 'unit',
  number: 'WPDW2024001',
  holderName: '之江社会风险研究院有限公司',
  unitName: '之江社会风险研究院有限公司',
  memberNo: 'HY2024001',
  memberLevelLabel: '副会长单位',
  issuedOn: '2024-03-15',
  validUntil: '2027-03-14',
  state: 'valid',
  revokedReason: null,
  revokedOn: null,
  checkedOn: '2026-11-23',
};

export const REVOKED_CERTIFICATE: PublicCertificate = {
  kind: 'practitioner',
  number: 'CY2023-0007',
  holderName: '王某某',
  unitName: '正衡社会稳定风险评估咨询有限公司',
  memberNo: null,
  memberLevelLabel: null,
  issuedOn: '2023-05-10',
  validUntil: '2026-05-09',
  state: 'revoked',
  revokedReason: '本人离职，所在单位申请注销。',
  revokedOn: '2025-12-31',
  checkedOn: '2026-11-23',
};

const BY_NUMBER = new Map([VALID_UNIT_CERTIFICATE, REVOKED_CERTIFICATE].map((c) => [c.number, c]));

export const certificateHandlers: HttpHandler[] = [
  http.get(apiPath('/public/certificates/:number'), ({ params }) => {
    const found = BY_NUMBER.get(String(params.number).toUpperCase());
    return found ? HttpResponse.json(ok(found)) : bad('未查询到该证书', 404);
  }),
];
