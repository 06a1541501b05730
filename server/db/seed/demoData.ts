/**
 * The demo data set (`--demo` / SEED_DEMO=1), so that a first look at the site and the back
 * office is not empty: member units, practitioners, experts, unit changes, articles, notices,
 * carousel items, links, projects, the 2026 annual inspection, cases, certificates and the
 * review records that go with them. All names, codes and numbers are invented; credit codes
 * and ID numbers are computed so that they pass the shared validators (they belong to no one).
 *
 * Idempotent: every row has a fixed id (or a natural key) and is inserted with ON CONFLICT DO
 * NOTHING, so a second run changes nothing and never overwrites what someone edited. The
 * unit-change history (auto-increment ids) is written only together with its new unit change.
 * Called by seedDemo inside its transaction, before the demo accounts that point here.
 *
 * Dates tell one consistent story: units joined in 2024–2025, content was published in
 * 2025–2026, the 2026 annual inspection is open. Timestamps are Beijing time converted to UTC.
 *
 * The rows are made by subject: ./demoUnits.ts, ./demoPractitioners.ts, ./demoExperts.ts,
 * ./demoContent.ts, ./demoSupervision.ts (unit changes, projects, inspections, cases),
 * ./demoCertificates.ts and ./demoReviews.ts; this file inserts them.
 */
import type { FieldCipher } from '../../pii/cipher';
import type { DbOrTrx } from '../types';
import { newAuditColumns as audit } from '../versioned';
import { certificates } from './demoCertificates';
import { articles, carousels, friendlyLinks, notices } from './demoContent';
import { experts } from './demoExperts';
import { ts } from './demoHelpers';
import { practitioners } from './demoPractitioners';
import { reviews } from './demoReviews';
import { cases, inspections, projects, seedUnitChanges } from './demoSupervision';
import { memberUnits } from './demoUnits';

// The code and number makers, where tests have always found them.
export { makeCreditCode, makeIdCardNo } from './demoHelpers';

/** Inserts the demo data set; rows that exist already (by id or unique key) are left alone. */
export async function seedDemoData(db: DbOrTrx, pii: FieldCipher): Promise<void> {
  // Order follows the foreign keys.
  await db.insertInto('member_units').values(memberUnits()).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('practitioners').values(practitioners(pii)).onConflict((oc) => oc.doNothing()).execute();

  const ex = experts();
  await db.insertInto('experts').values(ex.rows).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('expert_specialties').values(ex.specialties).onConflict((oc) => oc.doNothing()).execute();

  await seedUnitChanges(db);

  await db.insertInto('articles').values(articles()).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('notices').values(notices()).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('carousels').values(carousels()).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('friendly_links').values(friendlyLinks()).onConflict((oc) => oc.doNothing()).execute();

  const pr = projects();
  await db.insertInto('projects').values(pr.rows).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('project_members').values(pr.members).onConflict((oc) => oc.doNothing()).execute();

  await db
    .insertInto('annual_inspection_years')
    .values({ id: 'demo-inspection-year-2026', year: 2026, deadline: '2026-12-31', status: 'open', opened_by: null, opened_at: ts('2026-09-15 09:00'), ...audit(ts('2026-09-15 09:00')) })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db.insertInto('annual_inspections').values(inspections()).onConflict((oc) => oc.doNothing()).execute();

  await db.insertInto('cases').values(cases()).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('certificates').values(certificates()).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('reviews').values(reviews()).onConflict((oc) => oc.doNothing()).execute();
}
