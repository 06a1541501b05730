/**
 * Reading practitioners: the list (each viewer's scope, filters, sort; one count and one page
 * query, the unit's name as a sub-select of the page's rows only), one record with its files,
 * certificate, account and review history, and the export's pages.
 *
 * Fast at 100,000 records: the filters run on indexes (unit_id+status, status, id_card_hash,
 * name+updated_at+id, certificate_no, and the certificates' status+valid_until); the keyword
 * matches the START of a name or certificate number, as a range on those indexes (a "contains"
 * match would read every row: 50–200 ms at 100,000 on this machine, against 1 ms), and only
 * the name when the keyword cannot begin a certificate number (a Chinese surname); an ID number
 * is looked up only whole, by its keyed hash, never by a pattern (the stored value is
 * ciphertext). The page is chosen by id first (for a name keyword, from the name index alone:
 * server/db/migrations/0010_practitioner_name_index.ts) and only its 10–100 rows are read
 * whole and decrypted.
 */
import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import { AuthType, hasPermission } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import {
  CERTIFICATE_EXPIRING_DAYS,
  type PractitionerDetail,
  type PractitionerExportQuery,
  type PractitionerListQuery,
  type PractitionerRecord,
  type PractitionerRowAction,
} from '@common/schemas/practitioners';
import type { AuthUser } from '../../security/user';
import { attachmentsOf, filesById, toFileRef } from '../../content/files';
import { beijingDay } from '@common/calendar';
import { toBool } from '../../db/index';
import type { Database, DbOrTrx, PractitionerRow } from '../../db/types';
import { paging, parseSort, type Sort } from '../../http/paging';
import { prepareOnPostgres } from '../../db/preparedStatements';
import type { FieldCipher } from '../../pii';
import { idCardHash, showPii } from '../../pii';
import { reviewHistory } from '../../workflow/reviews';
import { certificateState } from '../../workflow/certificates';
import { canReveal, isSelf, scopeOf } from './viewer';

/** Attachment slots of a practitioner (file_attachments.slot). */
export const SLOT_DIPLOMA = 'diploma';
export const SLOT_OTHER = 'other';

const SORTABLE = {
  updatedAt: 'practitioners.updated_at',
  name: 'practitioners.name',
  entryDate: 'practitioners.entry_date',
  certificateValidUntil: 'practitioners.certificate_valid_until',
} as const;
type SortColumn = (typeof SORTABLE)[keyof typeof SORTABLE];

const DEFAULT_SORT: Sort<SortColumn> = { column: 'practitioners.updated_at', direction: 'desc' };

/** A whole ID number typed into the keyword box: looked up exactly, through the keyed hash. */
const WHOLE_ID_CARD = /^\d{17}[\dXx]$/;
/**
 * What may begin a certificate number: they are made of capital letters and digits only
 * (WPRY2026001, server/workflow/numbers.ts), so any other keyword is looked for in names alone.
 */
const CERTIFICATE_NO_PREFIX = /^[A-Z0-9]+$/;

type Base = SelectQueryBuilder<Database, 'practitioners', object>;

/**
 * A row with the unit's name and its certificate's validity as the certificates table holds it
 * (an annual inspection extends it there), as the list and the export read it.
 */
export type ListedRow = PractitionerRow & { unit_name: string | null; certificate_until?: string | null };

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Rows whose column starts with `prefix`: a range on the column's index. Exact under the
 * databases' code-point order (SQLite's BINARY, PostgreSQL's C / C.UTF-8 collations).
 */
function startsWith(eb: ExpressionBuilder<Database, 'practitioners'>, column: 'practitioners.name' | 'practitioners.certificate_no', prefix: string): Expression<SqlBool> {
  return eb.and([eb(column, '>=', prefix), eb(column, '<', `${prefix}\u{10FFFF}`)]);
}

/**
 * Practitioners whose live certificate's validity lies in a range (the certificates table is
 * the record of validity: annual inspections extend it there), through its status+valid_until index.
 */
function certificateValidity(eb: ExpressionBuilder<Database, 'practitioners'>, range: { from?: string; before?: string; to?: string }) {
  let certificates = eb
    .selectFrom('certificates')
    .select('certificates.holder_id')
    .where('certificates.holder_type', '=', 'practitioner')
    .where('certificates.status', '=', 'valid');
  if (range.from) certificates = certificates.where('certificates.valid_until', '>=', range.from);
  if (range.to) certificates = certificates.where('certificates.valid_until', '<=', range.to);
  if (range.before) certificates = certificates.where('certificates.valid_until', '<', range.before);
  return eb('practitioners.id', 'in', certificates);
}

type ListFilters = Omit<PractitionerListQuery, 'current' | 'pageSize'> | PractitionerExportQuery;

/** The viewer's scope and the filters, without columns or order. */
export function filteredBase(db: DbOrTrx, pii: FieldCipher, user: AuthUser, query: ListFilters, today: string): Base {
  let base: Base = db.selectFrom('practitioners');
  const scope = scopeOf(user);
  if (scope.kind === 'unit') base = base.where('practitioners.unit_id', '=', scope.unitId);
  else if (scope.kind === 'self') base = base.where('practitioners.id', '=', scope.practitionerId);
  else if (query.unitId) base = base.where('practitioners.unit_id', '=', query.unitId);

  if (query.status) base = base.where('practitioners.status', '=', query.status);
  if (query.education) base = base.where('practitioners.education', '=', query.education);

  const keyword = query.keyword?.trim();
  if (keyword) {
    const upper = keyword.toUpperCase();
    if (WHOLE_ID_CARD.test(keyword)) base = base.where('practitioners.id_card_hash', '=', idCardHash(pii, keyword));
    else if (CERTIFICATE_NO_PREFIX.test(upper)) base = base.where((eb) => eb.or([startsWith(eb, 'practitioners.name', keyword), startsWith(eb, 'practitioners.certificate_no', upper)]));
    else base = base.where((eb) => startsWith(eb, 'practitioners.name', keyword));
  }

  switch (query.certificate) {
    case 'has':
      base = base.where('practitioners.status', '=', 'approved').where('practitioners.certificate_no', 'is not', null);
      break;
    case 'none':
      base = base.where('practitioners.certificate_no', 'is', null);
      break;
    case 'expiring':
      base = base
        .where('practitioners.status', '=', 'approved')
        .where((eb) => certificateValidity(eb, { from: today, to: addDays(today, CERTIFICATE_EXPIRING_DAYS) }));
      break;
    case 'expired':
      // Past its date while still marked valid, or marked expired by a job.
      base = base
        .where('practitioners.status', '=', 'approved')
        .where((eb) =>
          eb.or([
            certificateValidity(eb, { before: today }),
            eb(
              'practitioners.id',
              'in',
              eb.selectFrom('certificates').select('certificates.holder_id').where('certificates.holder_type', '=', 'practitioner').where('certificates.status', '=', 'expired'),
            ),
          ]),
        );
      break;
    default:
      break;
  }
  return base;
}

export function sortOf(query: { sort?: string }): Sort<SortColumn> {
  return parseSort(query.sort, SORTABLE, DEFAULT_SORT);
}

const unitName = (eb: ExpressionBuilder<Database, 'practitioners'>) =>
  eb.selectFrom('member_units').select('member_units.name').whereRef('member_units.id', '=', 'practitioners.unit_id').as('unit_name');

const certificateUntil = (eb: ExpressionBuilder<Database, 'practitioners'>) =>
  eb.selectFrom('certificates').select('certificates.valid_until').whereRef('certificates.number', '=', 'practitioners.certificate_no').as('certificate_until');

/**
 * Every column of a practitioner, named: the list's statements are kept prepared on PostgreSQL
 * (server/db/preparedStatements.ts), which refuses `select *` there. The compiler checks that
 * none is missing.
 */
const PRACTITIONER_COLUMNS = [
  'id',
  'name',
  'gender',
  'id_card_enc',
  'id_card_hash',
  'phone_enc',
  'email',
  'education',
  'major',
  'professional_title',
  'position',
  'unit_id',
  'entry_date',
  'photo_file_id',
  'training_hours',
  'certificate_no',
  'certificate_valid_until',
  'status',
  'reject_reason',
  'left_on',
  'anonymised_at',
  'version',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
] as const satisfies readonly (keyof PractitionerRow)[];
type UnlistedColumn = Exclude<keyof PractitionerRow, (typeof PRACTITIONER_COLUMNS)[number]>;
const everyColumnListed: [UnlistedColumn] extends [never] ? true : UnlistedColumn = true;
void everyColumnListed;
const LISTED_COLUMNS = PRACTITIONER_COLUMNS.map((column) => `practitioners.${column}` as const);

/** Columns and order of a listed page (unit name and validity read for the page's rows only, by their indexes). */
export function listedRows(query: Base, sort: Sort<SortColumn>) {
  return query
    .select(LISTED_COLUMNS)
    .select(unitName)
    .select(certificateUntil)
    .orderBy(sort.column, sort.direction)
    .orderBy('practitioners.id', sort.direction);
}

/**
 * The row buttons of one record for this caller (the list shows exactly these): staff by their
 * codes, a unit on its own records without codes (not 编辑 once the person has left), nothing
 * for a practitioner (they read their own record elsewhere). The service checks the same.
 */
export function actionsFor(
  user: AuthUser,
  row: { unit_id: string; status: PractitionerRow['status']; certificate_no: string | null },
): PractitionerRowAction[] {
  const staff = user.authType === AuthType.Staff;
  const ownUnit = user.authType === AuthType.MemberUnit && !!user.unitId && user.unitId === row.unit_id;
  if (!staff && !ownUnit) return [];
  const edit = ownUnit || hasPermission(user, 'member:practitioner:edit');
  const remove = ownUnit || hasPermission(user, 'member:practitioner:delete');
  const actions: PractitionerRowAction[] = [];
  if (staff && hasPermission(user, 'member:practitioner:approve') && row.status === 'pending') actions.push('approve', 'reject');
  if (edit && (staff || row.status !== 'left')) actions.push('edit');
  if (edit && row.status === 'rejected') actions.push('resubmit');
  if (edit && row.status === 'approved') actions.push('leave');
  if (remove && (row.status === 'pending' || row.status === 'rejected') && !row.certificate_no) actions.push('delete');
  return actions;
}

/** A row as this viewer may see it. */
export function toRecord(pii: FieldCipher, user: AuthUser, row: ListedRow): PractitionerRecord {
  const whole = isSelf(user, row);
  return {
    id: row.id,
    name: row.name,
    gender: row.gender,
    idCardNo: showPii(pii, row.id_card_enc, 'idCard', whole) ?? '',
    phone: showPii(pii, row.phone_enc, 'phone', whole),
    piiMasked: !whole,
    canReveal: !whole && canReveal(user, row),
    email: row.email,
    education: row.education,
    major: row.major,
    professionalTitle: row.professional_title,
    position: row.position,
    unitId: row.unit_id,
    unitName: row.unit_name ?? '',
    entryDate: row.entry_date,
    trainingHours: Number(row.training_hours),
    certificateNo: row.certificate_no,
    certificateValidUntil: row.certificate_until ?? row.certificate_valid_until,
    status: row.status,
    rejectReason: row.reject_reason,
    leftOn: row.left_on,
    photoFileId: row.photo_file_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
    actions: actionsFor(user, row),
  };
}

export async function listPractitioners(
  db: DbOrTrx,
  pii: FieldCipher,
  user: AuthUser,
  query: PractitionerListQuery,
  now: Date,
): Promise<Page<PractitionerRecord>> {
  const page = paging(query);
  const sort = sortOf(query);
  const base = filteredBase(db, pii, user, query, beijingDay(now));
  const counting = base.select((eb) => eb.fn.countAll<number>().as('total')).compile();
  // The page's ids first (for a name keyword and the default order, from the name index without
  // touching the table), then those rows whole: sorting every match whole took most of the time.
  const pageIds = base
    .select('practitioners.id')
    .orderBy(sort.column, sort.direction)
    .orderBy('practitioners.id', sort.direction)
    .limit(page.pageSize)
    .offset(page.offset);
  const reading = listedRows(db.selectFrom('practitioners').where('practitioners.id', 'in', pageIds), sort).compile();
  // Both kept prepared on PostgreSQL: planning them cost it as much as running them. Their texts
  // vary only with the filters and the sort chosen, a few hundred at most.
  prepareOnPostgres(counting.sql);
  prepareOnPostgres(reading.sql);
  const counted = (await db.executeQuery(counting)).rows[0];
  const rows = (await db.executeQuery(reading)).rows;
  return { list: rows.map((r) => toRecord(pii, user, r)), total: Number(counted?.total ?? 0), current: page.current, pageSize: page.pageSize };
}

export async function findPractitionerRow(db: DbOrTrx, id: string): Promise<PractitionerRow | undefined> {
  return db.selectFrom('practitioners').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The record with its files, certificate, account and review history (the caller checked it may see it). */
export async function practitionerDetail(
  db: DbOrTrx,
  pii: FieldCipher,
  user: AuthUser,
  row: PractitionerRow,
  now: Date,
): Promise<PractitionerDetail> {
  const [unit, photo, diplomas, others, certificate, account, history] = await Promise.all([
    db.selectFrom('member_units').select('name').where('id', '=', row.unit_id).executeTakeFirst(),
    filesById(db, [row.photo_file_id]),
    attachmentsOf(db, 'practitioner', [row.id], SLOT_DIPLOMA),
    attachmentsOf(db, 'practitioner', [row.id], SLOT_OTHER),
    row.certificate_no
      ? db.selectFrom('certificates').selectAll().where('number', '=', row.certificate_no).executeTakeFirst()
      : Promise.resolve(undefined),
    db.selectFrom('accounts').select(['login_account', 'enabled']).where('practitioner_id', '=', row.id).executeTakeFirst(),
    reviewHistory(db, 'practitioner', row.id),
  ]);
  const photoRow = row.photo_file_id ? photo.get(row.photo_file_id) : undefined;
  return {
    ...toRecord(pii, user, { ...row, unit_name: unit?.name ?? null, certificate_until: certificate?.valid_until ?? null }),
    photo: photoRow ? toFileRef(photoRow) : null,
    diplomas: (diplomas.get(row.id) ?? []).map(toFileRef),
    otherFiles: (others.get(row.id) ?? []).map(toFileRef),
    certificate: certificate
      ? {
          number: certificate.number,
          issuedOn: certificate.issued_on,
          validUntil: certificate.valid_until,
          state: certificateState(certificate, beijingDay(now)),
          revokedReason: certificate.revoked_reason,
        }
      : null,
    loginAccount: account?.login_account ?? null,
    accountEnabled: account ? toBool(account.enabled) : false,
    reviewHistory: history,
  };
}
