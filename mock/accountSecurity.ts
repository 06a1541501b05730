/**
 * Issue 12's calls in the mock: the caller's own sessions, who is online (staff, with
 * system:session:view / system:session:revoke), a forced logout, and the first-login consent.
 * Every fixture account starts with its current session and one other device; the online
 * list holds every fixture account's sessions. `resetAccountSecurityMock()` restores them.
 */
import { http, HttpResponse } from 'msw';
import { hasPermission } from '@common/permissions';
import {
  SENSITIVE_PI_CONSENT_SECTIONS,
  SENSITIVE_PI_CONSENT_TITLE,
  SENSITIVE_PI_CONSENT_VERSION,
} from '@common/consentTexts';
import { ApiStatus } from '@common/schemas/common';
import { CONSENT_MESSAGES, SESSION_MESSAGES, type OnlineSession, type SensitivePiConsent } from '@common/schemas/sessions';
import { apiPath, bad, failure, ok } from './envelopes';
import { FIXTURE_ACCOUNTS, type FixtureAccount } from './fixtures';
import { authenticate } from './sessions';

interface MockSession extends OnlineSession {
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

const withCurrent = (s: MockSession, token: string | null): OnlineSession => {
  const { token: own, ...rest } = s;
  return { ...rest, current: own !== null && own === token };
};

const forbidden = () => HttpResponse.json(failure(ApiStatus.Forbidden, '没有权限执行此操作'), { status: 403 });

export const accountSecurityHandlers = [
  http.get(apiPath('/user/sessions'), ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const token = request.headers.get('token');
    const own = mockSessions.filter((s) => s.accountId === account.user.userId).map((s) => withCurrent(s, token));
    return HttpResponse.json(
      ok(own.map(({ id, device, ip, createdAt, lastSeenAt, current }) => ({ id, device, ip, createdAt, lastSeenAt, current }))),
    );
  }),

  http.delete(apiPath('/user/sessions/:id'), ({ request, params }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const found = mockSessions.find((s) => s.id === params.id && s.accountId === account.user.userId);
    if (!found) return bad(SESSION_MESSAGES.notFound, 404);
    mockSessions = mockSessions.filter((s) => s !== found);
    return HttpResponse.json(ok(null, SESSION_MESSAGES.ended));
  }),

  http.get(apiPath('/sessions'), ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    if (account.user.authType !== 1 || !hasPermission(account.user, 'system:session:view')) return forbidden();
    const url = new URL(request.url);
    const keyword = url.searchParams.get('keyword')?.trim().toLowerCase();
    const authType = url.searchParams.get('authType');
    const current = Number(url.searchParams.get('current') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
    const token = request.headers.get('token');
    let list = mockSessions.map((s) => withCurrent(s, token));
    if (authType) list = list.filter((s) => String(s.authType) === authType);
    if (keyword) {
      list = list.filter((s) =>
        [s.loginAccount, s.name, s.unitName ?? '', s.ip ?? ''].some((v) => v.toLowerCase().includes(keyword)),
      );
    }
    list.sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt) || a.id.localeCompare(b.id));
    return HttpResponse.json(
      ok({ list: list.slice((current - 1) * pageSize, current * pageSize), total: list.length, current, pageSize }),
    );
  }),

  http.post(apiPath('/sessions/:id/revoke'), ({ request, params }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    if (account.user.authType !== 1 || !hasPermission(account.user, 'system:session:revoke')) return forbidden();
    const found = mockSessions.find((s) => s.id === params.id);
    if (!found) return bad(SESSION_MESSAGES.notFound, 404);
    if (found.token !== null && found.token === request.headers.get('token')) return bad(SESSION_MESSAGES.notSelf);
    mockSessions = mockSessions.filter((s) => s !== found);
    return HttpResponse.json(ok(null, SESSION_MESSAGES.forced));
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
    return HttpResponse.json(ok(body));
  }),

  http.post(apiPath('/user/consents/sensitive-pi'), async ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    if (account.user.authType !== 3) return forbidden();
    const body = (await request.json()) as { version?: unknown } | null;
    if (body?.version !== SENSITIVE_PI_CONSENT_VERSION) return bad(CONSENT_MESSAGES.staleVersion);
    consented.add(account.user.userId);
    return HttpResponse.json(ok(null, CONSENT_MESSAGES.recorded));
  }),
];
