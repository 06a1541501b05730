/**
 * The personal centre (个人中心; PIPL art. 45–47): what the system holds about the
 * caller, their consents and last 30 days of logins, the download of all of it, withdrawing
 * the consent to the processing of sensitive personal information (a practitioner's ID number
 * and photo), and the staff's queue of the deletion requests that withdrawal opens.
 */
import Type, { type Static } from 'typebox';
import { Nullable } from './common';
import { Identifier } from './kinds';

/** How far back the personal centre lists the caller's logins. */
export const PROFILE_LOGIN_DAYS = 30;

export const CONSENT_KIND_LABELS: Record<string, string> = {
  terms_privacy: '《用户协议》《隐私政策》',
  sensitive_pi: '敏感个人信息（身份证号码、照片）处理单独同意',
};

export const ProfileAccount = Type.Object({
  id: Type.String(),
  loginAccount: Type.String(),
  name: Type.String(),
  authType: Type.Integer(),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  enabled: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
  lastLoginAt: Nullable(Type.String()),
  createdAt: Type.String(),
  roleNames: Type.Array(Type.String()),
});
export type ProfileAccount = Static<typeof ProfileAccount>;

/** A stored file the record refers to (name only: the page links through the files API). */
export const ProfileFile = Type.Object({
  fileId: Type.String(),
  /** photo, logo, business_licence, qualification, diploma, other, ... */
  slot: Type.String(),
  name: Type.String(),
  size: Type.Number(),
});
export type ProfileFile = Static<typeof ProfileFile>;

export const ProfileUnit = Type.Object({
  id: Type.String(),
  name: Type.String(),
  creditCode: Type.String(),
  legalRepresentative: Type.String(),
  contactPerson: Type.String(),
  contactPhone: Type.String(),
  email: Nullable(Type.String()),
  address: Nullable(Type.String()),
  establishedOn: Nullable(Type.String()),
  memberLevel: Nullable(Type.String()),
  memberNo: Nullable(Type.String()),
  joinDate: Nullable(Type.String()),
  validUntil: Nullable(Type.String()),
  status: Type.String(),
  rejectReason: Nullable(Type.String()),
  files: Type.Array(ProfileFile),
});
export type ProfileUnit = Static<typeof ProfileUnit>;

export const ProfilePractitioner = Type.Object({
  id: Type.String(),
  name: Type.String(),
  gender: Nullable(Type.String()),
  /** Whole: the practitioner is the owner (showPii with whole = true). */
  idCardNo: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  education: Nullable(Type.String()),
  major: Nullable(Type.String()),
  professionalTitle: Nullable(Type.String()),
  position: Nullable(Type.String()),
  unitId: Type.String(),
  unitName: Nullable(Type.String()),
  entryDate: Nullable(Type.String()),
  trainingHours: Type.Number(),
  status: Type.String(),
  leftOn: Nullable(Type.String()),
  anonymisedAt: Nullable(Type.String()),
  files: Type.Array(ProfileFile),
});
export type ProfilePractitioner = Static<typeof ProfilePractitioner>;

export const ProfileCertificate = Type.Object({
  number: Type.String(),
  kind: Type.String(),
  holderName: Type.String(),
  issuedOn: Type.String(),
  validUntil: Type.String(),
  /** valid | expired | revoked (as the public check says today) */
  state: Type.String(),
  revokedReason: Nullable(Type.String()),
});
export type ProfileCertificate = Static<typeof ProfileCertificate>;

export const ProfileConsent = Type.Object({
  kind: Type.String(),
  /** The documents and their versions agreed, e.g. { terms: '…', privacy: '…' }. */
  versions: Type.Record(Type.String(), Type.String()),
  agreedAt: Type.String(),
  ip: Nullable(Type.String()),
  withdrawnAt: Nullable(Type.String()),
});
export type ProfileConsent = Static<typeof ProfileConsent>;

export const ProfileLogin = Type.Object({
  at: Type.String(),
  /** login | login-failed | logout | lock */
  event: Type.String(),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  /** success | failure */
  result: Type.String(),
});
export type ProfileLogin = Static<typeof ProfileLogin>;

export const DELETION_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const DELETION_REQUEST_STATUS_LABELS: Record<string, string> = { pending: '待处理', approved: '已删除', rejected: '未删除' };

export const ProfileDeletionRequest = Type.Object({
  id: Type.String(),
  status: Type.String(),
  submittedAt: Type.String(),
  decidedAt: Nullable(Type.String()),
  comment: Nullable(Type.String()),
});
export type ProfileDeletionRequest = Static<typeof ProfileDeletionRequest>;

export const PersonalData = Type.Object({
  generatedAt: Type.String(),
  account: ProfileAccount,
  /** A member unit's account: its own unit; null for other kinds. */
  unit: Nullable(ProfileUnit),
  /** A practitioner's account: their own record (ID number and phone whole); null otherwise. */
  practitioner: Nullable(ProfilePractitioner),
  certificates: Type.Array(ProfileCertificate),
  consents: Type.Array(ProfileConsent),
  /** The last PROFILE_LOGIN_DAYS days, newest first. */
  logins: Type.Array(ProfileLogin),
  /** A practitioner's deletion requests (withdrawn consent), newest first. */
  deletionRequests: Type.Array(ProfileDeletionRequest),
  /** A practitioner holding a live sensitive_pi consent and no pending request may withdraw it. */
  canWithdrawSensitiveConsent: Type.Boolean(),
});
export type PersonalData = Static<typeof PersonalData>;

export const WithdrawConsentResult = Type.Object({ requestId: Type.String() });
export type WithdrawConsentResult = Static<typeof WithdrawConsentResult>;

/** The staff's queue (system:personal-data:handle). */
export const DeletionRequestRecord = Type.Object({
  id: Type.String(),
  practitionerId: Type.String(),
  practitionerName: Type.String(),
  unitId: Nullable(Type.String()),
  unitName: Nullable(Type.String()),
  status: Type.String(),
  submittedAt: Type.String(),
  submittedByName: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  decidedByName: Nullable(Type.String()),
  comment: Nullable(Type.String()),
});
export type DeletionRequestRecord = Static<typeof DeletionRequestRecord>;

export const DeletionRequestListQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(DELETION_REQUEST_STATUSES, { title: '状态' })),
  },
  { additionalProperties: false },
);
export type DeletionRequestListQuery = Static<typeof DeletionRequestListQuery>;

export const DeletionRequestParams = Type.Object(
  { practitionerId: Identifier('从业人员编号') },
  { additionalProperties: false },
);

export const DeletionApproveBody = Type.Object(
  { comment: Type.Optional(Type.String({ maxLength: 500, title: '处理意见' })) },
  { additionalProperties: false },
);
export type DeletionApproveBody = Static<typeof DeletionApproveBody>;

export const DeletionRejectBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 500, title: '不予删除的理由' }) },
  { additionalProperties: false },
);
export type DeletionRejectBody = Static<typeof DeletionRejectBody>;

/** The words both sides use. */
export const PROFILE_MESSAGES = {
  noConsentToWithdraw: '您没有可撤回的敏感个人信息处理同意',
  requestPending: '您的个人信息删除请求正在处理中，请勿重复提交',
  withdrawn: '已撤回同意，个人信息删除请求已提交协会处理',
  noPendingRequest: '该从业人员没有待处理的个人信息删除请求',
  rejectReasonMissing: '请填写不予删除的理由（如法律法规规定的保存义务）',
  revokeReason: '本人撤回个人信息处理同意',
} as const;
