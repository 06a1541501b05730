/** Certificates (DOMAIN.md "Certificate"): what anyone may verify at /certificate-view?no=… */
import Type, { type Static } from 'typebox';
import { Nullable } from './common';

/** Certificate numbers: letters, digits and hyphens (WPDW2024001, CY-2025-0012…). */
export const CERTIFICATE_NUMBER_PATTERN = '^[A-Za-z0-9-]{1,40}$';

export const CertificateNumberParams = Type.Object(
  { number: Type.String({ pattern: CERTIFICATE_NUMBER_PATTERN, title: '证书编号' }) },
  { additionalProperties: false },
);

export const CERTIFICATE_KIND_LABELS = { unit: '会员证书', practitioner: '从业人员证书' } as const;

/** The state today: a certificate past its validity is expired even if nobody marked it. */
export const CERTIFICATE_STATE_LABELS = { valid: '有效', expired: '已过期', revoked: '已注销' } as const;
export type CertificateState = keyof typeof CERTIFICATE_STATE_LABELS;

export const PublicCertificate = Type.Object({
  kind: Type.Enum(['unit', 'practitioner']),
  number: Type.String(),
  holderName: Type.String(),
  /** A practitioner's unit (the unit itself for a member certificate). */
  unitName: Nullable(Type.String()),
  /** A unit's member number and level, for member certificates. */
  memberNo: Nullable(Type.String()),
  memberLevelLabel: Nullable(Type.String()),
  issuedOn: Type.String(),
  validUntil: Type.String(),
  state: Type.Enum(['valid', 'expired', 'revoked']),
  /** Set when revoked: the reason and the day. */
  revokedReason: Nullable(Type.String()),
  revokedOn: Nullable(Type.String()),
  /** The day the state was judged (Beijing time), 'YYYY-MM-DD'. */
  checkedOn: Type.String(),
});
export type PublicCertificate = Static<typeof PublicCertificate>;

export const CERTIFICATE_NOT_FOUND_MESSAGE = '未查询到该证书';
