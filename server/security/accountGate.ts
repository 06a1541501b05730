/**
 * The account gate: until an account has done what it must do first, every call
 * but a few (the current user, logout, the password change, the consent endpoints: routes
 * whose access says `allowPending: true`) is refused with a status of its own, so that the
 * front end can take the person to the right step.
 *
 *   22 PasswordChangeRequired  a generated or reset password (must_change_password)
 *   23 PasswordExpired         a staff password older than PASSWORD_MAX_AGE_DAYS
 *   24 ConsentRequired         a practitioner who never confirmed the sensitive-data notice
 *
 * A withdrawn consent does not gate: withdrawal becomes a deletion request for staff.
 */
import { AuthType } from '@common/permissions';
import {
  ApiStatus,
  CONSENT_REQUIRED_MESSAGE,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  passwordExpiredMessage,
} from '@common/schemas/common';
import { SENSITIVE_PI_CONSENT_KIND } from '@common/consentTexts';
import type { Config } from '../config';
import type { DbOrTrx } from '../db/types';
import { BizError } from '../http/errors';
import type { AuthUser } from './user';

export interface AccountState {
  mustChangePassword: boolean;
  passwordExpired: boolean;
  consentRequired: boolean;
}

const DAY_MS = 24 * 60 * 60_000;

export function isPasswordExpired(
  user: Pick<AuthUser, 'authType' | 'passwordChangedAt'>,
  config: Pick<Config, 'passwordMaxAgeDays'>,
  now: Date,
): boolean {
  if (user.authType !== AuthType.Staff || config.passwordMaxAgeDays <= 0 || !user.passwordChangedAt) return false;
  return now.getTime() - new Date(user.passwordChangedAt).getTime() >= config.passwordMaxAgeDays * DAY_MS;
}

/** Whether the account has ever recorded the sensitive-data consent (withdrawn or not). */
export async function hasSensitivePiConsent(db: DbOrTrx, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('consents')
    .select('id')
    .where('account_id', '=', accountId)
    .where('kind', '=', SENSITIVE_PI_CONSENT_KIND)
    .executeTakeFirst();
  return !!row;
}

/** The account's state from what the caller's identity carries (the guard, every request; no query). */
export function accountStateFor(config: Pick<Config, 'passwordMaxAgeDays'>, now: Date, user: AuthUser): AccountState {
  return {
    mustChangePassword: user.mustChangePassword,
    passwordExpired: isPasswordExpired(user, config, now),
    consentRequired: user.authType === AuthType.Practitioner && !user.sensitivePiConsent,
  };
}

/** The same, with the consent read again from the database (at login). */
export async function accountStateOf(
  db: DbOrTrx,
  config: Pick<Config, 'passwordMaxAgeDays'>,
  now: Date,
  user: AuthUser,
): Promise<AccountState> {
  return {
    ...accountStateFor(config, now, user),
    consentRequired: user.authType === AuthType.Practitioner && !(await hasSensitivePiConsent(db, user.id)),
  };
}

/** The refusal for an account that has a step to take first, or null. The password comes first. */
export function accountGateError(state: AccountState, config: Pick<Config, 'passwordMaxAgeDays'>): BizError | null {
  if (state.mustChangePassword) return new BizError(PASSWORD_CHANGE_REQUIRED_MESSAGE, ApiStatus.PasswordChangeRequired, 403);
  if (state.passwordExpired) {
    return new BizError(passwordExpiredMessage(config.passwordMaxAgeDays), ApiStatus.PasswordExpired, 403);
  }
  if (state.consentRequired) return new BizError(CONSENT_REQUIRED_MESSAGE, ApiStatus.ConsentRequired, 403);
  return null;
}
