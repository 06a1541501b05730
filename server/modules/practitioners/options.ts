/**
 * GET /practitioners/options: a unit's approved practitioners (id, name, certificate number) for
 * pickers such as a project's leader and members. A unit always gets its own; staff name the
 * unit (no unit: nothing). Names only: no ID numbers or phones leave through here.
 */
import { AuthType } from '@common/permissions';
import type { PractitionerOption, PractitionerOptionsQuery } from '@common/schemas/projects';
import type { AuthUser } from '../../security/user';
import type { DbOrTrx } from '../../db/types';
import { matchesKeyword } from '../../http/paging';

/** Enough for the largest unit; the picker filters by keyword beyond that. */
export const OPTIONS_LIMIT = 500;

export async function practitionerOptions(db: DbOrTrx, user: AuthUser, query: PractitionerOptionsQuery): Promise<PractitionerOption[]> {
  const unitId = user.authType === AuthType.Staff ? query.unitId : user.unitId;
  if (!unitId) return [];
  let q = db
    .selectFrom('practitioners')
    .select(['id', 'name', 'certificate_no'])
    .where('unit_id', '=', unitId)
    .where('status', '=', 'approved');
  const keyword = query.keyword?.trim();
  if (keyword) q = q.where((eb) => matchesKeyword(eb, ['name', 'certificate_no'], keyword));
  const rows = await q.orderBy('name').orderBy('id').limit(OPTIONS_LIMIT).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, certificateNo: r.certificate_no }));
}
