/**
 * GET /credit-events/practitioner-options: the practitioners a credit event may name (approved,
 * or left since: server/modules/credit-events/service.ts refuses any other), by name or
 * certificate number, or one by id. Staff search every unit; a member unit only its own. Names,
 * units and certificate numbers only, so that the 信用记录 pages need no 从业人员 code.
 */
import { AuthType } from '@common/permissions';
import type { CreditPractitionerOption, CreditPractitionerOptionsQuery } from '@common/schemas/credit';
import type { DbOrTrx } from '../../db/types';
import { matchesKeyword } from '../../http/paging';
import type { AuthUser } from '../../security/user';

/** A picker's page: the typed words narrow it further. */
export const PRACTITIONER_OPTIONS_LIMIT = 20;

export async function creditPractitionerOptions(db: DbOrTrx, user: AuthUser, query: CreditPractitionerOptionsQuery): Promise<CreditPractitionerOption[]> {
  let q = db
    .selectFrom('practitioners as p')
    .innerJoin('member_units as mu', 'mu.id', 'p.unit_id')
    .select(['p.id', 'p.name', 'p.certificate_no', 'p.status', 'mu.name as unit_name'])
    .where('p.status', 'in', ['approved', 'left']);
  if (user.authType !== AuthType.Staff) {
    if (!user.unitId) return [];
    q = q.where('p.unit_id', '=', user.unitId);
  }
  if (query.id) q = q.where('p.id', '=', query.id);
  const keyword = query.keyword?.trim();
  if (keyword) q = q.where((eb) => matchesKeyword(eb, ['p.name', 'p.certificate_no'], keyword));
  const rows = await q.orderBy('p.name').orderBy('mu.name').orderBy('p.id').limit(PRACTITIONER_OPTIONS_LIMIT).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, unitName: r.unit_name, certificateNo: r.certificate_no, left: r.status === 'left' }));
}
