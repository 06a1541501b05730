/**
 * The demo logins (./demo.ts): a staff member with the content-editor role, demo_unit (the unit
 * demo-unit-1 of ./demoUnits.ts) and demo_practitioner (demo-practitioner-1 of
 * ./demoPractitioners.ts), all with DEMO_PASSWORD. Idempotent: an existing login is left alone.
 */
import { randomUUID } from 'node:crypto';
import { SENSITIVE_PI_CONSENT_KIND, SENSITIVE_PI_CONSENT_VERSION } from '@common/consentTexts';
import { AuthType, PERMISSION_GROUPS, type PermissionCode } from '@common/permissions';
import { hasSensitivePiConsent } from '../../security/accountGate';
import { insertAccount } from '../../security/accounts';
import { insertRole } from '../../security/roles';
import type { DbOrTrx } from '../types';

/**
 * The demo logins' one password, as README.md gives it. It passes the product's own rule
 * (common/passwordPolicy.ts), so a demo user who sets it again is not refused
 * (tests/server/seed-demo.test.ts).
 */
export const DEMO_PASSWORD = 'Wenping#Demo2026';
export const DEMO_UNIT_ID = 'demo-unit-1';
export const DEMO_PRACTITIONER_ID = 'demo-practitioner-1';
export const DEMO_EDITOR_ROLE_CODE = 'content-editor';
/**
 * Whom the demo accounts stand for: people, as real accounts do (the header names them). The
 * practitioner is demo-practitioner-1's holder (./demoPractitioners.ts), the unit's account is
 * run by demo-unit-1's contact (./demoUnits.ts).
 */
export const DEMO_ACCOUNT_NAMES = { staff: '周文静', unit: '李婉清', practitioner: '张明远' } as const;

export interface DemoLogin {
  loginAccount: string;
  password: string;
  authType: AuthType;
  description: string;
}

const CONTENT_CODES: PermissionCode[] = PERMISSION_GROUPS.flatMap((g) => g.items.map((i) => i.code)).filter((c) =>
  c.startsWith('content:'),
);

/** The demo role and accounts; `passwordHash` is DEMO_PASSWORD's, hashed before the transaction. */
export async function seedDemoAccounts(trx: DbOrTrx, at: string, passwordHash: string): Promise<DemoLogin[]> {
  let role = await trx.selectFrom('roles').select('id').where('code', '=', DEMO_EDITOR_ROLE_CODE).executeTakeFirst();
  if (!role) {
    const id = await insertRole(
      trx,
      {
        code: DEMO_EDITOR_ROLE_CODE,
        name: '内容编辑',
        description: '演示角色：只管理网站内容（新闻、公告、轮播、友情链接、网站页面）',
        permissions: CONTENT_CODES,
      },
      at,
    );
    role = { id };
  }

  const accounts = [
    { login: 'demo_staff', name: DEMO_ACCOUNT_NAMES.staff, authType: AuthType.Staff, unitId: null, practitionerId: null, roleId: role.id, description: '协会工作人员（内容编辑角色）' },
    { login: 'demo_unit', name: DEMO_ACCOUNT_NAMES.unit, authType: AuthType.MemberUnit, unitId: DEMO_UNIT_ID, practitionerId: null, roleId: null, description: '会员单位' },
    { login: 'demo_practitioner', name: DEMO_ACCOUNT_NAMES.practitioner, authType: AuthType.Practitioner, unitId: DEMO_UNIT_ID, practitionerId: DEMO_PRACTITIONER_ID, roleId: null, description: '从业人员' },
  ] as const;

  for (const a of accounts) {
    const exists = await trx.selectFrom('accounts').select('id').where('login_account', '=', a.login).executeTakeFirst();
    if (exists) continue;
    await insertAccount(
      trx,
      {
        loginAccount: a.login,
        passwordHash,
        authType: a.authType,
        name: a.name,
        unitId: a.unitId,
        practitionerId: a.practitionerId,
        roleIds: a.roleId ? [a.roleId] : [],
      },
      at,
    );
  }
  // The demo practitioner has read the first-login notice (the account gate asks for it), so
  // that demo logins (and the e2e journeys) go straight to work; a new practitioner still sees it.
  const practitioner = await trx.selectFrom('accounts').select('id').where('login_account', '=', 'demo_practitioner').executeTakeFirst();
  if (practitioner && !(await hasSensitivePiConsent(trx, practitioner.id))) {
    await trx
      .insertInto('consents')
      .values({
        id: randomUUID(),
        account_id: practitioner.id,
        kind: SENSITIVE_PI_CONSENT_KIND,
        versions: JSON.stringify({ notice: SENSITIVE_PI_CONSENT_VERSION }),
        agreed_at: at,
        ip: null,
        user_agent: null,
        withdrawn_at: null,
      })
      .execute();
  }
  return accounts.map((a) => ({ loginAccount: a.login, password: DEMO_PASSWORD, authType: a.authType, description: a.description }));
}
