/**
 * Sessions and the first-login consent (README.md, "个人信息保护与安全").
 *
 *   GET    /user/sessions                 the caller's live sessions → OwnSession[]
 *   DELETE /user/sessions/{id}            ends one of them (audited)
 *   GET    /sessions                      staff: who is online (system:session:view) → Page<OnlineSession>
 *   POST   /sessions/{id}/revoke          staff: force a logout (system:session:revoke; audited)
 *   GET    /user/consents/sensitive-pi    the text to confirm → SensitivePiConsent
 *   POST   /user/consents/sensitive-pi    records the consent (SensitivePiConsentBody)
 */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery } from './common';
import { Identifier } from './kinds';

/** The row button of the online-user list: 强制下线. */
export const SESSION_ROW_ACTIONS = ['revoke'] as const;
export type SessionRowAction = (typeof SESSION_ROW_ACTIONS)[number];

/** One of the caller's own live sessions. */
export const OwnSession = Type.Object({
  id: Type.String(),
  /** Browser and system, read from the user agent, e.g. "Chrome 120 · Windows". */
  device: Type.String(),
  ip: Nullable(Type.String()),
  createdAt: Type.String(),
  lastSeenAt: Type.String(),
  /** The session of this very request. */
  current: Type.Boolean(),
});
export type OwnSession = Static<typeof OwnSession>;

export const OnlineSessionQuery = Type.Object(
  {
    ...PageQuery.properties,
    authType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], { title: '账号类型' })),
  },
  { additionalProperties: false },
);
export type OnlineSessionQuery = Static<typeof OnlineSessionQuery>;

/** A live session as staff see it in 在线用户. */
export const OnlineSession = Type.Object({
  id: Type.String(),
  accountId: Type.String(),
  loginAccount: Type.String(),
  name: Type.String(),
  authType: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  unitName: Nullable(Type.String()),
  device: Type.String(),
  ip: Nullable(Type.String()),
  createdAt: Type.String(),
  lastSeenAt: Type.String(),
  /** The caller's own session (they may not force themselves out here; they log out). */
  current: Type.Boolean(),
  /** What the caller may do with the row: 强制下线 (`revoke`), never on their own session. */
  actions: Type.Array(Type.Enum(SESSION_ROW_ACTIONS), { title: '可执行的操作' }),
});
export type OnlineSession = Static<typeof OnlineSession>;

export const ONLINE_SESSION_SORTS = ['lastSeenAt', 'createdAt', 'loginAccount'] as const;

export const SessionIdParams = Type.Object(
  { id: Identifier('会话') },
  { additionalProperties: false },
);

export const SESSION_MESSAGES = {
  ended: '已结束该会话',
  forced: '已强制下线',
  notFound: '会话不存在或已结束',
  notSelf: '不能在此强制下线自己的会话，请使用“退出登录”',
} as const;

/* ---------- the first-login consent ---------- */

export const ConsentSection = Type.Object({ heading: Type.String(), paragraphs: Type.Array(Type.String()) });

export const SensitivePiConsent = Type.Object({
  title: Type.String(),
  version: Type.String(),
  sections: Type.Array(ConsentSection),
  /** When the caller agreed (to any version), or null. */
  agreedAt: Nullable(Type.String()),
  agreedVersion: Nullable(Type.String()),
});
export type SensitivePiConsent = Static<typeof SensitivePiConsent>;

export const SensitivePiConsentBody = Type.Object(
  {
    /** The version shown; must be the current one. */
    version: Type.String({ minLength: 1, maxLength: 32, title: '说明版本' }),
  },
  { additionalProperties: false },
);
export type SensitivePiConsentBody = Static<typeof SensitivePiConsentBody>;

export const CONSENT_MESSAGES = {
  recorded: '已记录您的同意',
  staleVersion: '个人信息处理说明已更新，请刷新后重新阅读',
  onlyPractitioners: '只有从业人员账号需要确认此项说明',
} as const;
