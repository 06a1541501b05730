/**
 * The one budget of a member unit's look-ups by ID number: practitioner form entries, edits and
 * import rows (server/modules/practitioners/idCardCheck.ts) and the unit change's look-up of a
 * practitioner to take over (server/modules/unit-changes/service.ts) all count against it, so
 * that no way of asking adds to another (README.md, "个人信息保护与安全").
 */
import type { RateLimitRule } from '../http/rateLimit';
import type { AuthUser } from '../security/user';

/** ID numbers a unit may look up, per unit (an account without a unit: per account). */
export const ID_CARD_LOOKUP_LIMIT = { limit: 30, windowMinutes: 60 };
const LOOKUP_BUCKET = 'practitioner-id-lookup';

const rateKeyOf = (user: AuthUser) => (user.unitId ? `unit:${user.unitId}` : `account:${user.id}`);

/** The rate-limit rule of a unit's ID-number look-ups, answered with `message` when spent. */
export function idCardLookupRule(user: AuthUser, message: string): RateLimitRule {
  return { bucket: LOOKUP_BUCKET, key: rateKeyOf(user), message, ...ID_CARD_LOOKUP_LIMIT };
}
