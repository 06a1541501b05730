/**
 * The authenticated caller, as the guard puts it on `request.user`: the account, its roles
 * and (staff) permission codes, and whether it recorded the sensitive-data consent, read in
 * one statement (identityColumns below) beside the session's row or by the account's id.
 */
import type { ExpressionBuilder } from 'kysely';
import { jsonArrayFrom as postgresJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';
import { PostgresAdapter } from 'kysely';
import { AuthType } from '@common/permissions';
import { SENSITIVE_PI_CONSENT_KIND } from '@common/consentTexts';
import type { Database, DbOrTrx } from '../db/types';
import { toBool } from '../db/index';

export interface AuthUser {
  id: string;
  loginAccount: string;
  name: string;
  authType: AuthType;
  unitId: string | null;
  practitionerId: string | null;
  /** Permission codes through roles (staff only; empty for other kinds). */
  permissions: string[];
  roleCodes: string[];
  roleNames: string[];
  mustChangePassword: boolean;
  /** When the password was last set (staff passwords expire). */
  passwordChangedAt?: string | null;
  lastLoginAt: string | null;
  /** Whether the account ever recorded the sensitive-data consent (withdrawn or not; ./accountGate.ts). */
  sensitivePiConsent: boolean;
  /** The session this request came with. */
  sessionId: string;
}

const isPostgres = (db: DbOrTrx) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The columns an AuthUser is made of, for a query that has `accounts` in it: the account's own,
 * its roles and codes as JSON arrays, and the consent as a flag. One statement instead of one
 * each for the account, its roles, their codes and the consent (every authenticated request
 * runs it).
 */
export function identityColumns(db: DbOrTrx) {
  const jsonArrayFrom = isPostgres(db) ? postgresJsonArray : sqliteJsonArray;
  return (eb: ExpressionBuilder<Database, 'accounts'>) => [
    eb.ref('accounts.id').as('account_id'),
    eb.ref('accounts.login_account').as('login_account'),
    eb.ref('accounts.name').as('account_name'),
    eb.ref('accounts.auth_type').as('auth_type'),
    eb.ref('accounts.unit_id').as('unit_id'),
    eb.ref('accounts.practitioner_id').as('practitioner_id'),
    eb.ref('accounts.enabled').as('enabled'),
    eb.ref('accounts.must_change_password').as('must_change_password'),
    eb.ref('accounts.password_changed_at').as('password_changed_at'),
    eb.ref('accounts.last_login_at').as('last_login_at'),
    jsonArrayFrom(
      eb
        .selectFrom('account_roles')
        .innerJoin('roles', 'roles.id', 'account_roles.role_id')
        .select(['roles.code', 'roles.name'])
        .whereRef('account_roles.account_id', '=', 'accounts.id'),
    ).as('roles'),
    jsonArrayFrom(
      eb
        .selectFrom('account_roles')
        .innerJoin('role_permissions', 'role_permissions.role_id', 'account_roles.role_id')
        .select('role_permissions.permission_code')
        .distinct()
        .whereRef('account_roles.account_id', '=', 'accounts.id'),
    ).as('codes'),
    eb
      .exists(
        eb
          .selectFrom('consents')
          .select('consents.id')
          .whereRef('consents.account_id', '=', 'accounts.id')
          .where('consents.kind', '=', SENSITIVE_PI_CONSENT_KIND),
      )
      .as('has_consent'),
  ];
}

/** A row selected with identityColumns. */
export interface IdentityRow {
  account_id: string;
  login_account: string;
  account_name: string;
  auth_type: number;
  unit_id: string | null;
  practitioner_id: string | null;
  enabled: number;
  must_change_password: number;
  password_changed_at: string | null;
  last_login_at: string | null;
  /** JSON arrays: text on SQLite, already parsed on PostgreSQL. */
  roles: unknown;
  codes: unknown;
  has_consent: unknown;
}

/** The objects of a JSON array column (SQLite hands the text, PostgreSQL the parsed value). */
function jsonObjects(value: unknown): Record<string, unknown>[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null);
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The caller from a row read with identityColumns; null when the account is disabled. */
export function toAuthUser(row: IdentityRow, sessionId: string): AuthUser | null {
  if (!toBool(row.enabled)) return null;
  // Ordered by role code, as the current user's answer lists them.
  const roles = jsonObjects(row.roles)
    .map((r) => ({ code: String(r.code), name: String(r.name) }))
    .sort((a, b) => byText(a.code, b.code));
  // Only staff carry codes (common/permissions.ts): a stray role on another kind grants nothing.
  const permissions =
    row.auth_type === AuthType.Staff ? jsonObjects(row.codes).map((c) => String(c.permission_code)).sort(byText) : [];
  return {
    id: row.account_id,
    loginAccount: row.login_account,
    name: row.account_name,
    authType: row.auth_type as AuthType,
    unitId: row.unit_id,
    practitionerId: row.practitioner_id,
    permissions,
    roleCodes: roles.map((r) => r.code),
    roleNames: roles.map((r) => r.name),
    mustChangePassword: toBool(row.must_change_password),
    passwordChangedAt: row.password_changed_at,
    lastLoginAt: row.last_login_at,
    sensitivePiConsent: row.has_consent === true || Number(row.has_consent) === 1,
    sessionId,
  };
}

/** Loads an enabled account with its roles and codes; null when missing or disabled. */
export async function loadAuthUser(db: DbOrTrx, accountId: string, sessionId: string): Promise<AuthUser | null> {
  const row = await db.selectFrom('accounts').select(identityColumns(db)).where('accounts.id', '=', accountId).executeTakeFirst();
  return row ? toAuthUser(row, sessionId) : null;
}
