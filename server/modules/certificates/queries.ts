/**
 * Reading certificates: for staff (certificate preview) the list with its filters and one
 * record; for anyone, the public look-up by number.
 */
import type { CertificateListQuery, CertificateRecord, CertificateState, PublicCertificate } from '@common/schemas/certificates';
import type { Page } from '@common/schemas/common';
import { beijingDay } from '@common/calendar';
import type { CertificateRow, DbOrTrx } from '../../db/types';
import { fetchPage, matchesKeyword, paging, parseSort } from '../../http/paging';
import { certificateState } from '../../workflow/certificates';

const SORTABLE = {
  number: 'number',
  holderName: 'holder_name',
  issuedOn: 'issued_on',
  validUntil: 'valid_until',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const;

type Base = ReturnType<typeof selectBase>;

function selectBase(db: DbOrTrx) {
  return db.selectFrom('certificates');
}

/**
 * The state as of `today`, as SQL conditions that agree with certificateState(): revoked
 * wins; otherwise marked expired or past its date is expired; the rest is valid.
 */
function whereState(base: Base, state: CertificateState, today: string): Base {
  if (state === 'revoked') return base.where('status', '=', 'revoked');
  if (state === 'valid') return base.where('status', '=', 'valid').where('valid_until', '>=', today);
  return base
    .where('status', '!=', 'revoked')
    .where((eb) => eb.or([eb('status', '=', 'expired'), eb('valid_until', '<', today)]));
}

async function unitNames(db: DbOrTrx, rows: readonly CertificateRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.unit_id ? [r.unit_id] : [])))];
  if (ids.length === 0) return new Map();
  const units = await db.selectFrom('member_units').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(units.map((u) => [u.id, u.name]));
}

function toRecord(row: CertificateRow, unitName: string | null, today: string): CertificateRecord {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    holderId: row.holder_id,
    holderName: row.holder_name,
    unitId: row.unit_id,
    unitName,
    issuedOn: row.issued_on,
    validUntil: row.valid_until,
    status: row.status,
    state: certificateState(row, today),
    revokedReason: row.revoked_reason,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

export async function listCertificates(db: DbOrTrx, query: CertificateListQuery, today: string): Promise<Page<CertificateRecord>> {
  const page = paging(query);
  const sort = parseSort(query.sort, SORTABLE, { column: 'issued_on', direction: 'desc' });
  let base = selectBase(db);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['number', 'holder_name'], keyword));
  if (query.kind) base = base.where('kind', '=', query.kind);
  if (query.unitId) base = base.where('unit_id', '=', query.unitId);
  if (query.state) base = whereState(base, query.state, today);
  const { rows, total } = await fetchPage(base, page, (q) => q.selectAll().orderBy(sort.column, sort.direction).orderBy('id'));
  const units = await unitNames(db, rows);
  return {
    list: rows.map((r) => toRecord(r, r.unit_id ? (units.get(r.unit_id) ?? null) : null, today)),
    total,
    current: page.current,
    pageSize: page.pageSize,
  };
}

export async function findCertificate(db: DbOrTrx, id: string, today: string): Promise<CertificateRecord | undefined> {
  const row = await selectBase(db).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const units = await unitNames(db, [row]);
  return toRecord(row, row.unit_id ? (units.get(row.unit_id) ?? null) : null, today);
}

/**
 * What the public look-up shows of a certificate (by its number, upper case): who holds it,
 * its dates and its state on `today`; nothing else about the holder (no ID number, no phone).
 */
export async function findPublicCertificate(db: DbOrTrx, number: string, today: string): Promise<PublicCertificate | undefined> {
  const row = await db
    .selectFrom('certificates')
    .leftJoin('member_units', 'member_units.id', 'certificates.unit_id')
    .leftJoin('dict_items', (join) => join.onRef('dict_items.value', '=', 'member_units.member_level').on('dict_items.type_code', '=', 'member_level'))
    .select([
      'certificates.kind',
      'certificates.number',
      'certificates.holder_name',
      'certificates.issued_on',
      'certificates.valid_until',
      'certificates.status',
      'certificates.revoked_reason',
      'certificates.revoked_at',
      'member_units.name as unit_name',
      'member_units.member_no',
      'dict_items.label as member_level_label',
    ])
    .where('certificates.number', '=', number)
    .executeTakeFirst();
  if (!row) return undefined;
  const unit = row.kind === 'unit';
  return {
    kind: row.kind,
    number: row.number,
    holderName: row.holder_name,
    unitName: row.unit_name,
    memberNo: unit ? row.member_no : null,
    memberLevelLabel: unit ? row.member_level_label : null,
    issuedOn: row.issued_on,
    validUntil: row.valid_until,
    state: certificateState(row, today),
    revokedReason: row.status === 'revoked' ? row.revoked_reason : null,
    revokedOn: row.status === 'revoked' && row.revoked_at ? beijingDay(new Date(row.revoked_at)) : null,
    checkedOn: today,
  };
}
