/**
 * Demo data (`--demo` or SEED_DEMO=1): logins for each account kind, so that a fresh
 * install can be tried at once, and the demo data set of ./demoData.ts (member units,
 * practitioners, articles...; demo_unit's and demo_practitioner's rows are among them).
 * Idempotent. The parts, by subject: ./demoData.ts (the rows, from ./demoUnits.ts,
 * ./demoPractitioners.ts, ./demoExperts.ts, ./demoContent.ts, ./demoSupervision.ts,
 * ./demoCertificates.ts, ./demoReviews.ts), ./demoFiles.ts (pictures and templates),
 * ./demoAccounts.ts (the role and the logins) and ./demoCredit.ts (credit events, the 2025 rating).
 */
import type { FieldCipher } from '../../pii/cipher';
import { hashPassword } from '../../security/passwords';
import type { Db } from '../types';
import { reindexAll } from '../../fulltext/indexer';
import { DEMO_PASSWORD, seedDemoAccounts, type DemoLogin } from './demoAccounts';
import { seedDemoData } from './demoData';
import { seedDemoFiles } from './demoFiles';
import { seedDemoReviewTasks, type DemoAudit } from './demoReviewTasks';
import { seedDemoCredit } from './demoCredit';
import { seedDemoComplaints } from './demoComplaints';

export { DEMO_EDITOR_ROLE_CODE, DEMO_PASSWORD, DEMO_PRACTITIONER_ID, DEMO_UNIT_ID, type DemoLogin } from './demoAccounts';

/**
 * `dataDir`: where the file store is; when given, the demo also gets its pictures and
 * download templates (./demoFiles.ts). `audit`: the audit chain's key and dialect, with which the
 * demo review's draw gets its row in the chain (./demoReviewTasks.ts).
 */
export async function seedDemo(db: Db, now: Date, options: { dataDir?: string; pii: FieldCipher; audit?: DemoAudit }): Promise<DemoLogin[]> {
  const at = now.toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    // First, so that the accounts below point at existing unit and practitioner rows.
    await seedDemoData(trx, options.pii);
    // Quality review: the library's categories and conflicts, a closed review and an open task (./demoReviewTasks.ts).
    await seedDemoReviewTasks(trx, options.audit ?? null);
    if (options.dataDir) await seedDemoFiles(trx, options.dataDir, at);
    const logins = await seedDemoAccounts(trx, at, passwordHash);
    // Complaints: one handled (部分属实, with its credit event), one waiting for acceptance (./demoComplaints.ts).
    await seedDemoComplaints(trx, options.pii, now);
    // Credit: events, the final 2025 rating (./demoCredit.ts); after the accounts, which recorded them.
    await seedDemoCredit(trx);
    // The demo rows were written directly: make them findable.
    await reindexAll(trx);
    return logins;
  });
}
