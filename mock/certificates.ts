/**
 * msw: the public check GET /public/certificates/:number, and the staff side (certificate
 * preview): GET /certificates (keyword over number and holder, kind, state, unit; paged),
 * GET /certificates/:id and POST /certificates/:id/revoke (certificate:revoke; a reason; once).
 * A revocation shows on the public check at once, as on the server (one table).
 *
 *   certificatesDb            // the staff records as they stand now
 *   certificateCalls          // [{ method, path, query, body }] of every staff call
 *
 * `resetCertificatesMock()` restores the fixtures (resetMockState calls it after each test).
 */
import { http, type HttpHandler } from 'msw';
import {
  CERTIFICATE_ALREADY_REVOKED_MESSAGE,
  CERTIFICATE_NOT_FOUND_MESSAGE,
  type CertificateRecord,
  type CertificateRevokeBody,
  type PublicCertificate,
} from '@common/schemas/certificates';
import { apiPath, bad, callLog, done, hasKeyword, matching, notFound, pageOf, type ApiCall } from './kit';

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

export const ACTIVE_PRACTITIONER_CERTIFICATE: PublicCertificate = {
  kind: 'practitioner',
  number: 'CY2024-0015',
  holderName: '李评估',
  unitName: '示例社会稳定风险评估咨询有限公司',
  memberNo: null,
  memberLevelLabel: null,
  issuedOn: '2024-06-01',
  validUntil: '2027-05-31',
  state: 'valid',
  revokedReason: null,
  revokedOn: null,
  checkedOn: '2026-11-23',
};

const PUBLIC_FIXTURES = [VALID_UNIT_CERTIFICATE, REVOKED_CERTIFICATE, ACTIVE_PRACTITIONER_CERTIFICATE];

/** The staff record of a public fixture (ids cert-1, cert-2, …; unit ids as the users mock has them). */
function staffRecord(c: PublicCertificate, index: number): CertificateRecord {
  const revokedAt = c.revokedOn ? `${c.revokedOn}T08:00:00.000Z` : null;
  return {
    id: `cert-${index + 1}`,
    kind: c.kind,
    number: c.number,
    holderId: c.kind === 'unit' ? 'unit-0002' : `practitioner-${index + 1}`,
    holderName: c.holderName,
    unitId: c.kind === 'unit' ? 'unit-0002' : 'unit-0001',
    unitName: c.unitName,
    issuedOn: c.issuedOn,
    validUntil: c.validUntil,
    status: c.state,
    state: c.state,
    revokedReason: c.revokedReason,
    revokedAt,
    createdAt: `${c.issuedOn}T02:00:00.000Z`,
    updatedAt: revokedAt ?? `${c.issuedOn}T02:00:00.000Z`,
    version: c.state === 'revoked' ? 1 : 0,
  };
}

export const certificatesDb: { records: CertificateRecord[] } = { records: [] };

const log = callLog();
export type CertificateCall = ApiCall;
export const certificateCalls = log.calls;

export function resetCertificatesMock(): void {
  certificatesDb.records = PUBLIC_FIXTURES.map(staffRecord);
  log.clear();
}
resetCertificatesMock();

/** The public answer: the fixture, with the state the staff side has given it since. */
function publicOf(number: string): PublicCertificate | undefined {
  const base = PUBLIC_FIXTURES.find((c) => c.number === number);
  const rec = certificatesDb.records.find((r) => r.number === number);
  if (!base || !rec) return undefined;
  return {
    ...base,
    state: rec.state,
    revokedReason: rec.state === 'revoked' ? rec.revokedReason : null,
    revokedOn: rec.state === 'revoked' && rec.revokedAt ? rec.revokedAt.slice(0, 10) : null,
  };
}

export const certificateHandlers: HttpHandler[] = [
  http.get(apiPath('/public/certificates/:number'), ({ params }) => {
    const found = publicOf(String(params.number).toUpperCase());
    return found ? done(found) : bad(CERTIFICATE_NOT_FOUND_MESSAGE, 404);
  }),

  http.get(apiPath('/certificates'), async ({ request }) => {
    const account = await log.guard(request, 'certificate:view');
    if (account instanceof Response) return account;
    const q = new URL(request.url).searchParams;
    const list = certificatesDb.records.filter(
      matching<CertificateRecord>(q, {
        keyword: (r, keyword) => hasKeyword(keyword, [r.number, r.holderName], true),
        kind: 'kind',
        state: 'state',
        unitId: 'unitId',
      }),
    );
    return done(pageOf(list, q));
  }),

  http.get(apiPath('/certificates/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'certificate:view');
    if (account instanceof Response) return account;
    const found = certificatesDb.records.find((r) => r.id === params.id);
    return found ? done(found) : notFound('证书');
  }),

  http.post(apiPath('/certificates/:id/revoke'), async ({ request, params }) => {
    const account = await log.guard(request, 'certificate:revoke');
    if (account instanceof Response) return account;
    const found = certificatesDb.records.find((r) => r.id === params.id);
    if (!found) return notFound('证书');
    const body = (await request.json()) as Partial<CertificateRevokeBody> | null;
    const reason = body?.reason?.trim();
    if (!reason) return bad('吊销原因不能为空');
    if (found.status === 'revoked') return bad(CERTIFICATE_ALREADY_REVOKED_MESSAGE);
    const at = new Date().toISOString();
    certificatesDb.records = certificatesDb.records.map((r) =>
      r.id === found.id
        ? { ...r, status: 'revoked', state: 'revoked', revokedReason: reason, revokedAt: at, updatedAt: at, version: r.version + 1 }
        : r,
    );
    return done(null, '证书已吊销');
  }),
];
