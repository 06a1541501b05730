/**
 * The seed that runs at every start. Idempotent: it creates what is missing and keeps the
 * super-administrator role's codes equal to ALL_PERMISSION_CODES (so new codes reach it),
 * but never overwrites what staff changed (dictionary labels, the admin's password).
 */
import { randomUUID } from 'node:crypto';
import { ALL_PERMISSION_CODES, AuthType, SEPARATED_ADMIN_ROLES, SUPER_ADMIN_ROLE_CODE } from '@common/permissions';
import { DICTIONARIES } from '@common/dictionaries';
import { insertAccount } from '../../security/accounts';
import { insertRole, syncRolePermissions } from '../../security/roles';
import { generatePassword, hashPassword } from '../../security/passwords';
import type { Db, DbOrTrx } from '../types';
import { seedSitePages } from './sitePages';
import { seedNotificationDefaults } from './notificationDefaults';
import { seedDefaultCreditRules } from '../../credit/rules';

export interface SeedResult {
  /** Set only when the super-administrator account was created by this run. */
  createdAdmin: { loginAccount: string; password: string; generated: boolean } | null;
}

export async function seedBase(
  db: Db,
  options: { adminAccount: string; adminPassword: string | null; now?: Date },
): Promise<SeedResult> {
  const now = (options.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const roleId = await ensureSuperAdminRole(trx, now);
    await ensureSeparatedAdminRoles(trx, now);
    await seedDictionaries(trx, now);
    await seedSitePages(trx, now);
    await seedNotificationDefaults(trx, now);
    await seedDefaultCreditRules(trx, now);
    const createdAdmin = await ensureAdminAccount(trx, roleId, options, now);
    return { createdAdmin };
  });
}

async function ensureSuperAdminRole(db: DbOrTrx, now: string): Promise<string> {
  let role = await db.selectFrom('roles').select('id').where('code', '=', SUPER_ADMIN_ROLE_CODE).executeTakeFirst();
  if (!role) {
    const id = await insertRole(
      db,
      { code: SUPER_ADMIN_ROLE_CODE, name: '超级管理员', description: '拥有全部权限的内置角色', builtIn: true },
      now,
    );
    role = { id };
  }
  await syncRolePermissions(db, role.id, ALL_PERMISSION_CODES);
  return role.id;
}

/** The three 等保 administrator roles: created when missing, their codes reset at every start. */
async function ensureSeparatedAdminRoles(db: DbOrTrx, now: string): Promise<void> {
  for (const r of SEPARATED_ADMIN_ROLES) {
    let role = await db.selectFrom('roles').select('id').where('code', '=', r.code).executeTakeFirst();
    if (!role) {
      const id = await insertRole(db, { code: r.code, name: r.name, description: r.description, builtIn: true }, now);
      role = { id };
    }
    await syncRolePermissions(db, role.id, r.permissions);
  }
}

async function seedDictionaries(db: DbOrTrx, now: string): Promise<void> {
  for (const dict of DICTIONARIES) {
    const type = await db.selectFrom('dict_types').select('code').where('code', '=', dict.code).executeTakeFirst();
    if (!type) {
      await db.insertInto('dict_types').values({ code: dict.code, name: dict.name, enabled: 1, created_at: now, updated_at: now }).execute();
    }
    const existing = await db.selectFrom('dict_items').select('value').where('type_code', '=', dict.code).execute();
    const have = new Set(existing.map((r) => r.value));
    const missing = dict.items
      .map((item, index) => ({ ...item, sort: (index + 1) * 10 }))
      .filter((item) => !have.has(item.value));
    if (missing.length) {
      await db
        .insertInto('dict_items')
        .values(
          missing.map((item) => ({
            id: randomUUID(),
            type_code: dict.code,
            value: item.value,
            label: item.label,
            sort: item.sort,
            enabled: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
  }
}

async function ensureAdminAccount(
  db: DbOrTrx,
  roleId: string,
  options: { adminAccount: string; adminPassword: string | null },
  now: string,
): Promise<SeedResult['createdAdmin']> {
  const existing = await db
    .selectFrom('accounts')
    .select('id')
    .where('login_account', '=', options.adminAccount)
    .executeTakeFirst();
  if (existing) return null;
  const generated = !options.adminPassword;
  const password = options.adminPassword ?? generatePassword();
  await insertAccount(
    db,
    {
      loginAccount: options.adminAccount,
      passwordHash: await hashPassword(password),
      authType: AuthType.Staff,
      name: '超级管理员',
      // A generated password was printed to a console: have it replaced at first login.
      mustChangePassword: generated,
      roleIds: [roleId],
    },
    now,
  );
  return { loginAccount: options.adminAccount, password, generated };
}
