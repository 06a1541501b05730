/**
 * The mock's logins: live sessions (token → userId) and passwords, as the handlers change
 * them. `resetSessions()` (through `resetMockState()`) logs every fixture account in again.
 */
import { HttpResponse } from 'msw';
import { tokenEmpty, tokenInvalid } from './envelopes';
import { FIXTURE_ACCOUNTS, type FixtureAccount } from './fixtures';

export const sessions = new Map<string, string>();
export const passwords = new Map<string, string>();

/** Every fixture account starts logged in under its own token, with its fixture password. */
export function resetSessions(): void {
  sessions.clear();
  passwords.clear();
  for (const account of FIXTURE_ACCOUNTS) {
    sessions.set(account.token, account.user.userId);
    passwords.set(account.user.userId, account.password);
  }
}
resetSessions();

export function accountByUserId(userId: string | undefined): FixtureAccount | undefined {
  return FIXTURE_ACCOUNTS.find((a) => a.user.userId === userId);
}

/** The account of the request's token, or the 401 envelope the real server sends. */
export function authenticate(request: Request): FixtureAccount | Response {
  const token = request.headers.get('token');
  if (!token) return HttpResponse.json(tokenEmpty(), { status: 401 });
  const account = accountByUserId(sessions.get(token));
  if (!account) return HttpResponse.json(tokenInvalid(), { status: 401 });
  return account;
}
