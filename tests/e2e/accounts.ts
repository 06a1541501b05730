/** Accounts the end-to-end server is seeded with (globalSetup.ts and the demo seed). */
import { DEMO_PASSWORD } from '../../server/db/seed/demoAccounts';

export { DEMO_PASSWORD };
export const E2E_ADMIN = { loginAccount: 'admin', password: 'E2e-Admin-2026', authType: 1 as const };
export const DEMO_STAFF = { loginAccount: 'demo_staff', password: DEMO_PASSWORD, authType: 1 as const };
export const DEMO_UNIT = { loginAccount: 'demo_unit', password: DEMO_PASSWORD, authType: 2 as const };
export const DEMO_PRACTITIONER = {
  loginAccount: 'demo_practitioner',
  password: DEMO_PASSWORD,
  authType: 3 as const,
};
