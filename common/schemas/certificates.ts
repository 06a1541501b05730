/** Certificates (their states: docs/domain.md): what anyone may verify at /certificate-view?no=… */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery, Version } from './common';
import { Identifier } from './kinds';
import { CERTIFICATE_NUMBER_PATTERN } from '../certificates';

export { CERTIFICATE_NUMBER_PATTERN };

export const CertificateNumberParams = Type.Object(
  { number: Type.String({ pattern: CERTIFICATE_NUMBER_PATTERN, title: '证书编号' }) },
  { additionalProperties: false },
);

export const CERTIFICATE_KIND_LABELS = { unit: '会员证书', practitioner: '从业人员证书' } as const;

/** The state today: a certificate past its validity is expired even if nobody marked it. */
export const CERTIFICATE_STATE_LABELS = { valid: '有效', expired: '已过期', revoked: '已吊销' } as const;
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
/** HTTP 429 of the public look-up (per client address; server/modules/certificates/publicRoutes.ts). */
export const CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE = '证书查验过于频繁，请稍后再试';

/* ---------- staff: GET /certificates, GET /certificates/:id, POST /certificates/:id/revoke ---------- */

const CertificateKindField = (title: string) => Type.Enum(['unit', 'practitioner'], { title });
const CertificateStateField = (title: string) => Type.Enum(['valid', 'expired', 'revoked'], { title });

export const CertificateRecord = Type.Object({
  id: Type.String(),
  kind: CertificateKindField('证书类型'),
  number: Type.String(),
  /** The member unit's or the practitioner's id, per kind. */
  holderId: Type.String(),
  holderName: Type.String(),
  unitId: Nullable(Type.String()),
  unitName: Nullable(Type.String()),
  issuedOn: Type.String(),
  validUntil: Type.String(),
  /** As stored: valid, expired (marked) or revoked. */
  status: CertificateStateField('状态'),
  /** As of today (Beijing time): a valid one past its date is expired. */
  state: CertificateStateField('状态'),
  revokedReason: Nullable(Type.String()),
  revokedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Version,
});
export type CertificateRecord = Static<typeof CertificateRecord>;

export const CertificateListQuery = Type.Object(
  {
    ...PageQuery.properties,
    kind: Type.Optional(CertificateKindField('证书类型')),
    /** The state today, as the list shows it. */
    state: Type.Optional(CertificateStateField('状态')),
    unitId: Type.Optional(Identifier('所属单位')),
  },
  { additionalProperties: false },
);
export type CertificateListQuery = Static<typeof CertificateListQuery>;

export const CERTIFICATE_REVOKE_REASON_MAX = 200;

export const CertificateRevokeBody = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: CERTIFICATE_REVOKE_REASON_MAX, title: '吊销原因' }),
  },
  { additionalProperties: false },
);
export type CertificateRevokeBody = Static<typeof CertificateRevokeBody>;

/** The server's refusal (server/workflow/certificates.ts CERTIFICATE_ALREADY_REVOKED says the same). */
export const CERTIFICATE_ALREADY_REVOKED_MESSAGE = '该证书已吊销，不能重复操作';
