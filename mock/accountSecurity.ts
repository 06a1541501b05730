/**
 * Account security in the mock: the caller's own sessions, who is online (staff, with
 * system:session:view / system:session:revoke), a forced logout, and the first-login consent.
 * Every fixture account starts with its current session and one other device; the online
 * list holds every fixture account's sessions. `resetAccountSecurityMock()` restores them.
 */
import { http, type HttpHandler } from 'msw';
import { hasPermission } from '@common/permissions';
import {
  SENSITIVE_PI_CONSENT_SECTIONS,
  SENSITIVE_PI_CONSENT_TITLE,
  SENSITIVE_PI_CONSENT_VERSION,
} from '@common/consentTexts';
import { CONSENT_MESSAGES, SESSION_MESSAGES, type OnlineSession, type SensitivePiConsent } from '@common/schemas/sessions';
import { FIXTURE_ACCOUNTS } from './fixtures';
import { apiPath, authenticate, bad, done, guard, hasKeyword, matching, pageOf, type FixtureAccount } from './kit';

interface MockSession extends Omit<OnlineSession, 'actions'> {
  token: string | null;
}

let mockSessions: MockSession[] = [];
/** Accounts (userId) that have agreed to the sensitive-data notice. */
const consented = new Set<string>();

function sessionsOf(account: FixtureAccount, index: number): MockSession[] {
  const base = {
    accountId: account.user.userId,
    loginAccount: account.user.loginAccount,
    name: account.user.name,
    authType: account.user.authType,
    unitName: account.user.unitName,
  };
  return [
    {
      ...base,
      id: `session-${account.user.userId}-here`,
      token: account.token,
      device: 'Chrome 120 · Windows',
      ip: `10.0.0.${index + 1}`,
      createdAt: '2026-11-20T08:00:00.000Z',
      lastSeenAt: '2026-11-20T09:30:00.000Z',
      current: false,
    },
    {
      ...base,
      id: `session-${account.user.userId}-phone`,
      token: null,
      device: '微信 8 · Android',
      ip: `10.0.1.${index + 1}`,
      createdAt: '2026-11-19T07:00:00.000Z',
      lastSeenAt: '2026-11-20T07:45:00.000Z',
      current: false,
    },
  ];
}

export function resetAccountSecurityMock(): void {
  mockSessions = FIXTURE_ACCOUNTS.flatMap((account, index) => sessionsOf(account, index));
  consented.clear();
  for (const account of FIXTURE_ACCOUNTS) consented.add(account.user.userId);
}
resetAccountSecurityMock();

/** A fixture practitioner that has not yet agreed (tests of the consent step). */
export function requireConsentOf(userId: string): void {
  consented.delete(userId);
}

/** A session as `viewer` sees it: theirs or not, and 强制下线 as the server offers it (never their own). */
const withCurrent = (s: MockSession, token: string | null, viewer: FixtureAccount): OnlineSession => {
  const { token: own, ...rest } = s;
  const current = own !== null && own === token;
  return { ...rest, current, actions: hasPermission(viewer.user, 'system:session:revoke') && !current ? ['revoke'] : [] };
};

export const accountSecurityHandlers: HttpHandler[] = [
  http.get(apiPath('/user/sessions'), ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const token = request.headers.get('token');
    const own = mockSessions.filter((s) => s.accountId === account.user.userId).map((s) => withCurrent(s, token, account));
    return done(own.map(({ id, device, ip, createdAt, lastSeenAt, current }) => ({ id, device, ip, createdAt, lastSeenAt, current })));
  }),

  http.delete(apiPath('/user/sessions/:id'), ({ request, params }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const found = mockSessions.find((s) => s.id === params.id && s.accountId === account.user.userId);
    if (!found) return bad(SESSION_MESSAGES.notFound, 404);
    mockSessions = mockSessions.filter((s) => s !== found);
    return done(null, SESSION_MESSAGES.ended);
  }),

  http.get(apiPath('/sessions'), ({ request }) => {
    const account = guard(request, 'system:session:view');
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    const token = request.headers.get('token');
    const list = mockSessions
      .map((s) => withCurrent(s, token, account))
      .filter(
        matching<OnlineSession>(params, {
          authType: 'authType',
          keyword: (s, keyword) => hasKeyword(keyword, [s.loginAccount, s.name, s.unitName, s.ip], true),
        }),
      )
      .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt) || a.id.localeCompare(b.id));
    return done(pageOf(list, params));
  }),

  http.post(apiPath('/sessions/:id/revoke'), ({ request, params }) => {
    const account = guard(request, 'system:session:revoke');
    if (account instanceof Response) return account;
    const found = mockSessions.find((s) => s.id === params.id);
    if (!found) return bad(SESSION_MESSAGES.notFound, 404);
    if (found.token !== null && found.token === request.headers.get('token')) return bad(SESSION_MESSAGES.notSelf);
    mockSessions = mockSessions.filter((s) => s !== found);
    return done(null, SESSION_MESSAGES.forced);
  }),

  http.get(apiPath('/user/consents/sensitive-pi'), ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const agreed = consented.has(account.user.userId);
    const body: SensitivePiConsent = {
      title: SENSITIVE_PI_CONSENT_TITLE,
      version: SENSITIVE_PI_CONSENT_VERSION,
      sections: SENSITIVE_PI_CONSENT_SECTIONS.map((s) => ({ heading: s.heading, paragraphs: [...s.paragraphs] })),
      agreedAt: agreed ? '2026-11-01T08:00:00.000Z' : null,
      agreedVersion: agreed ? SENSITIVE_PI_CONSENT_VERSION : null,
    };
    return done(body);
  }),

  http.post(apiPath('/user/consents/sensitive-pi'), async ({ request }) => {
    const account = guard(request, null, [3]);
    if (account instanceof Response) return account;
    const body = (await request.json()) as { version?: unknown } | null;
    if (body?.version !== SENSITIVE_PI_CONSENT_VERSION) return bad(CONSENT_MESSAGES.staleVersion);
    consented.add(account.user.userId);
    return done(null, CONSENT_MESSAGES.recorded);
  }),
];
