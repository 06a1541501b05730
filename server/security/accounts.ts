/**
 * Creating account rows. Every place that adds an account (user management, the seeds,
 * tests) goes through `insertAccount`, so the columns a new account starts with are
 * written down once.
 */
import { randomUUID } from 'node:crypto';
import type { AuthType } from '@common/permissions';
import type { DbOrTrx } from '../db/types';
import { newAuditColumns } from '../db/versioned';

export interface NewAccountInput {
  /** Defaults to a new UUID. */
  id?: string;
  loginAccount: string;
  passwordHash: string;
  authType: AuthType;
  name: string;
  phone?: string | null;
  email?: string | null;
  unitId?: string | null;
  practitionerId?: string | null;
  /** Defaults to true. */
  enabled?: boolean;
  /** Defaults to false; true when someone else chose (or a console showed) the password. */
  mustChangePassword?: boolean;
  /** The account that created this one (also its first updater); null for seeds. */
  createdBy?: string | null;
  /** Roles to link in account_roles (staff only; the caller checks that). */
  roleIds?: readonly string[];
}

/**
 * Inserts an account (version 0, no logins yet, not locked) and its role links; `now` is
 * an ISO timestamp. Returns the id. Run it inside the caller's transaction when the
 * account is one step of a larger change.
 */
export async function insertAccount(db: DbOrTrx, input: NewAccountInput, now: string): Promise<string> {
  return (await insertAccounts(db, [input], now))[0];
}

/** insertAccount for several accounts in one statement (an import's batch); ids in order. */
export async function insertAccounts(db: DbOrTrx, inputs: readonly NewAccountInput[], now: string): Promise<string[]> {
  if (inputs.length === 0) return [];
  const ids = inputs.map((input) => input.id ?? randomUUID());
  await db
    .insertInto('accounts')
    .values(
      inputs.map((input, i) => ({
        id: ids[i],
        login_account: input.loginAccount,
        password_hash: input.passwordHash,
        auth_type: input.authType,
        name: input.name,
        phone: input.phone ?? null,
        email: input.email ?? null,
        unit_id: input.unitId ?? null,
        practitioner_id: input.practitionerId ?? null,
        enabled: input.enabled === false ? 0 : 1,
        must_change_password: input.mustChangePassword ? 1 : 0,
        password_changed_at: now,
        last_login_at: null,
        failed_login_count: 0,
        locked_until: null,
        ...newAuditColumns(now, input.createdBy ?? null),
      })),
    )
    .execute();
  const links = inputs.flatMap((input, i) => (input.roleIds ?? []).map((role_id) => ({ account_id: ids[i], role_id })));
  if (links.length) await db.insertInto('account_roles').values(links).execute();
  return ids;
}

/**
 * An account's new password: the hash stored, the change time set (the staff password age
 * counts from it), whether it must be changed at the next login, and the version bumped. The
 * one way an existing account's password changes (own change, staff reset).
 */
export async function setAccountPassword(
  db: DbOrTrx,
  accountId: string,
  change: { passwordHash: string; mustChange: boolean; now: string; by: string },
): Promise<void> {
  await db
    .updateTable('accounts')
    .set((eb) => ({
      password_hash: change.passwordHash,
      must_change_password: change.mustChange ? 1 : 0,
      password_changed_at: change.now,
      version: eb('version', '+', 1),
      updated_at: change.now,
      updated_by: change.by,
    }))
    .where('id', '=', accountId)
    .execute();
}
