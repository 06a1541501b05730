/** The demo certificates (./demoData.ts): one for each approved unit and each practitioner ever approved. */
import type { CertificateKind, CertificateStatus, NewCertificate } from '../types';
import { newAuditColumns as audit } from '../versioned';
import { addYears, ts } from './demoHelpers';
import { certificateNo, certificateValidUntil, PRACTITIONERS, practitionerId } from './demoPractitioners';
import { UNITS, unitId } from './demoUnits';

export function certificates(): NewCertificate[] {
  const rows: NewCertificate[] = [];
  const cert = (
    kind: CertificateKind,
    number: string,
    holderId: string,
    holderName: string,
    unit: string,
    issued: string,
    validUntil: string,
    status: CertificateStatus,
    revoked?: { reason: string; at: string },
  ) =>
    rows.push({
      id: `demo-cert-${number}`,
      kind,
      number,
      holder_type: kind,
      holder_id: holderId,
      holder_name: holderName,
      unit_id: unit,
      issued_on: issued,
      valid_until: validUntil,
      status,
      revoked_reason: revoked?.reason ?? null,
      revoked_at: revoked ? ts(revoked.at) : null,
      ...audit(ts(`${issued} 10:00`)),
    });
  for (const u of UNITS) {
    if (u.status !== 'approved' || !u.join || !u.validUntil || !u.memberNo) continue;
    cert('unit', `WPDW${u.memberNo.slice(2)}`, unitId(u.n), u.name, unitId(u.n), u.join, u.validUntil, 'valid');
  }
  for (const p of PRACTITIONERS) {
    const number = certificateNo(p);
    if (!number || !p.approvedOn) continue;
    if (p.status === 'left') {
      cert('practitioner', number, practitionerId(p.n), p.name, unitId(p.unit), p.approvedOn, addYears(p.approvedOn, 3), 'revoked', {
        reason: '本人离职，所在单位申请注销。',
        at: `${p.leftOn ?? '2025-12-31'} 16:00`,
      });
      continue;
    }
    const validUntil = certificateValidUntil(p) ?? addYears(p.approvedOn, 3);
    // The seed's "today" is late 2026: a validity that ended before then is recorded as expired.
    cert('practitioner', number, practitionerId(p.n), p.name, unitId(p.unit), p.approvedOn, validUntil, validUntil < '2026-11-01' ? 'expired' : 'valid');
  }
  return rows;
}
