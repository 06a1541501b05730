/**
 * The reviewed subject: a record a member unit files and the association decides on, such as a
 * project (备案 or 退回修改) or a business case (通过 or 驳回). What every such record shares is
 * written here once, below the modules that own one (server/modules/projects, server/modules/cases);
 * what differs (fields, statuses, texts, who else may read one) stays in the module and comes in
 * as the subject's definition and as arguments:
 *
 * - the actions a caller may take now (`subjectActions`): the page shows exactly these buttons,
 *   and the service checks the same rules;
 * - who may read a record (`visibleRecord`) and take a unit's step on it (`ReviewedSubject.ownRecord`);
 * - the submission (`ReviewedSubject.openSubmission`): a review record for the business-audit
 *   queue, and word to the staff who decide, in the transaction of the change;
 * - the decision (`ReviewedSubject.decide`): the new state with the version read, the review
 *   record closed, word to the unit and the operation log, all in one transaction;
 * - the export (`prepareListExport`): the audit row first, then the list's rows page by page.
 *
 *   const PROJECT = new ReviewedSubject<ProjectJoinedRow, 'projects'>({ type: 'project', table: 'projects', noun: '项目', ... });
 *   const row = await PROJECT.ownRecord(db, user, id);
 *   await PROJECT.decide(request, user, { id, version }, (row, stamp) => ({ outcome: 'approved', changes: { status: 'filed' }, ... }));
 */
import type { FastifyRequest } from 'fastify';
import { AuthType, hasPermission, type PermissionCode } from '@common/permissions';
import type { AuthUser } from '../security/user';
import type { DomainEntityType, ReviewKind } from '../db/domainTypes';
import type { DbOrTrx } from '../db/types';
import { assertVersion, updateWithVersion, type VersionedChanges, type VersionedTable } from '../db/versioned';
import { exportFileName, type XlsxColumn, type XlsxExport, type XlsxRow } from '../excel';
import { BizError, errors } from '../http/errors';
import { notifyStaffWith, notifyUnit } from '../notify';
import { logOperation } from '../oplog';
import { decideReview, openReview, type ReviewActor } from './reviews';
import { stampOf, type Stamp } from './stamp';

/** A reviewed subject's kind: its review records' kind and subject type, its messages' and log rows' too. */
export type SubjectType = Extract<ReviewKind, DomainEntityType>;

/** What the shared steps read of a subject's row. */
export interface SubjectRow {
  id: string;
  unit_id: string;
  status: string;
  version: number;
}

/** What a module says of its subject for the steps that change it. */
export interface SubjectDefinition<Row extends SubjectRow, Table extends VersionedTable> {
  type: SubjectType;
  /** Where its rows live; every change is written with the version read. */
  table: Table;
  /** What one is called when it is missing: 项目不存在, 业绩案例不存在. */
  noun: string;
  /** The code staff need to decide one; they are also the ones told of a submission. */
  reviewCode: PermissionCode;
  /** The back-office page that opens one record (`?id=`), for the messages' links. */
  link: (id: string) => string;
  /** One row by id, whoever asks, or undefined. */
  find: (db: DbOrTrx, id: string) => Promise<Row | undefined>;
  /** Why staff cannot decide a record in each status; null for the status that waits for their decision. */
  decisionRefusals: Record<Row['status'], string | null>;
}

// ---- who may do what --------------------------------------------------------------------------

/** The rules behind a record's `actions` (the module's queries define them). */
export interface SubjectActionRules<Status extends string, Action extends string> {
  reviewCode: PermissionCode;
  /** The status in which a record waits for the association's decision. */
  awaiting: Status;
  /** What staff holding the review code may do with a record waiting for them. */
  decisions: readonly Action[];
  /** What the record's own unit may do with it in each status. */
  unitSteps: (status: Status) => readonly Action[];
}

/** The actions this caller may take on the record now; anyone but staff and its own unit gets none. */
export function subjectActions<Status extends string, Action extends string>(
  user: AuthUser,
  row: { status: Status; unit_id: string },
  rules: SubjectActionRules<Status, Action>,
): Action[] {
  if (user.authType === AuthType.Staff) {
    return row.status === rules.awaiting && hasPermission(user, rules.reviewCode) ? [...rules.decisions] : [];
  }
  if (user.authType === AuthType.MemberUnit && !!user.unitId && user.unitId === row.unit_id) return [...rules.unitSteps(row.status)];
  return [];
}

/**
 * The record if the caller may read it: staff every one (their routes ask for the view code), a
 * unit its own, anyone else only where `alsoVisible` says so (a practitioner on a project).
 * 404 for a missing record, 403 for another's.
 */
export async function visibleRecord<Row extends SubjectRow>(
  user: AuthUser,
  noun: string,
  row: Row | undefined,
  alsoVisible?: (row: Row) => Promise<boolean>,
): Promise<Row> {
  if (!row) throw errors.notFound(noun);
  if (user.authType === AuthType.Staff) return row;
  if (user.authType === AuthType.MemberUnit) {
    if (!user.unitId || user.unitId !== row.unit_id) throw errors.forbidden();
    return row;
  }
  if (!alsoVisible || !(await alsoVisible(row))) throw errors.forbidden();
  return row;
}

/** The unit filing a new record: only a member unit files one, for itself. */
export function filingUnitId(user: AuthUser): string {
  if (user.authType !== AuthType.MemberUnit || !user.unitId) throw errors.forbidden();
  return user.unitId;
}

/** The unit's name, when it may file and submit: approved (not pending, suspended or cancelled). */
export async function approvedUnitName(db: DbOrTrx, unitId: string, refusal: string): Promise<string> {
  const unit = await db.selectFrom('member_units').select(['name', 'status']).where('id', '=', unitId).executeTakeFirst();
  if (!unit || unit.status !== 'approved') throw new BizError(refusal);
  return unit.name;
}

/**
 * A dictionary field's value must be one of the dictionary's enabled items; a record keeps a
 * value that was retired after it was chosen (`unchanged`, the value stored now).
 */
export async function assertDictValue(db: DbOrTrx, dictCode: string, value: string | null, unchanged: string | null, refusal: string): Promise<void> {
  if (!value || value === unchanged) return;
  const item = await db
    .selectFrom('dict_items')
    .select('value')
    .where('type_code', '=', dictCode)
    .where('value', '=', value)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!item) throw new BizError(refusal);
}

// ---- submission and decision ------------------------------------------------------------------

export interface Submission {
  id: string;
  /** The record's name as the queue lists it. */
  name: string;
  unitId: string;
  /** The submitting account, named as its unit (the queue shows which unit submitted). */
  by: ReviewActor;
  at: Date;
  /** What the review record keeps of the submission (stored as JSON). */
  payload?: unknown;
  /** The message to the staff who decide. */
  title: string;
  body: string;
}

/** What a decision does to the record and what it says. */
export interface Decision<Table extends VersionedTable> {
  /** How the review record closes. */
  outcome: 'approved' | 'rejected' | 'returned';
  /** The record's new state. */
  changes: VersionedChanges<Table>;
  /** The decider's comment or reason: kept on the review record and sent as the message's body. */
  comment: string | null;
  /** The message to the unit. */
  title: string;
  log: { action: string; summary: string };
}

/**
 * A reviewed subject (the module's service makes one from its definition): the steps every such
 * record takes the same way. A class, so that a decision's literals (status: 'filed') are checked
 * against the subject's own table.
 */
export class ReviewedSubject<Row extends SubjectRow, Table extends VersionedTable> {
  readonly definition: SubjectDefinition<Row, Table>;

  constructor(definition: SubjectDefinition<Row, Table>) {
    this.definition = definition;
  }

  /** For a unit's step (edit, delete, submit): its own record. 404 for a missing one, 403 for another's or for anyone but a unit. */
  async ownRecord(db: DbOrTrx, user: AuthUser, id: string): Promise<Row> {
    const row = await this.definition.find(db, id);
    if (!row) throw errors.notFound(this.definition.noun);
    if (user.authType !== AuthType.MemberUnit || !user.unitId || user.unitId !== row.unit_id) throw errors.forbidden();
    return row;
  }

  /** Puts the record into the business-audit queue and tells the staff who decide; call it in the change's transaction. */
  async openSubmission(trx: DbOrTrx, submission: Submission): Promise<void> {
    const { type, reviewCode, link } = this.definition;
    const { id, name, unitId, by, at, payload, title, body } = submission;
    await openReview(trx, { what: type, subjectType: type, subjectId: id, subjectName: name, unitId, by, now: at, payload });
    await notifyStaffWith(trx, reviewCode, { kind: 'submission', title, body, link: link(id), subjectType: type, subjectId: id }, at);
  }

  /**
   * A staff decision, from the subject's own route or from the business-audit queue: staff
   * holding the review code (checked here too, since the queue calls in under its own code), on
   * a record waiting for their decision, with the version read (the queue sends none: the
   * current one). The change, the review record, the unit's message and the log row are one
   * transaction.
   */
  async decide(
    request: FastifyRequest,
    user: AuthUser,
    target: { id: string; version: number | undefined },
    decision: (row: Row, stamp: Stamp) => Decision<Table>,
  ): Promise<void> {
    const { type, table, noun, reviewCode, link, find, decisionRefusals } = this.definition;
    if (user.authType !== AuthType.Staff || !hasPermission(user, reviewCode)) throw errors.forbidden();
    const { db } = request.server;
    const row = await find(db, target.id);
    if (!row) throw errors.notFound(noun);
    const status: Row['status'] = row.status;
    const refused = decisionRefusals[status];
    if (refused) throw new BizError(refused);
    const version = target.version ?? row.version;
    assertVersion(row.version, version);
    const stamp = stampOf(request, user);
    const { outcome, changes, comment, title, log } = decision(row, stamp);
    const about = { subjectType: type, subjectId: row.id };
    await db.transaction().execute(async (trx) => {
      await updateWithVersion(trx, table, row.id, version, changes, stamp);
      await decideReview(trx, { what: type, ...about, status: outcome, by: { id: user.id, name: user.name }, comment, now: stamp.at });
      await notifyUnit(trx, row.unit_id, { kind: 'decision', title, body: comment, link: link(row.id), ...about }, stamp.at);
      await logOperation(trx, request, { entity: type, entityId: row.id, ...log });
    });
  }
}

// ---- export -----------------------------------------------------------------------------------

const EXPORT_PAGE = 1000;

export interface ListExport<Row> {
  /** The operation log's entity. */
  entity: string;
  /** What the rows are: the file's and the sheet's name, and the log's summary (导出项目). */
  what: string;
  /** The list's filters as sent, written to the log. */
  query: Readonly<Record<string, unknown>>;
  columns: readonly XlsxColumn[];
  /** One page of the filtered rows in the list's order. */
  page: (limit: number, offset: number) => Promise<Row[]>;
  toXlsxRow: (row: Row) => XlsxRow;
}

async function* everyRow<Row>(spec: ListExport<Row>): AsyncGenerator<XlsxRow> {
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const rows = await spec.page(EXPORT_PAGE, offset);
    for (const row of rows) yield spec.toXlsxRow(row);
    if (rows.length < EXPORT_PAGE) return;
  }
}

/**
 * Writes the export to the audit trail and hands back the workbook, whose rows are read 1,000 a
 * query while it streams. Check the caller's scope and the sort before calling: once the file
 * streams, a refusal can no longer be an envelope.
 */
export async function prepareListExport<Row>(request: FastifyRequest, spec: ListExport<Row>): Promise<XlsxExport> {
  const filters = Object.entries(spec.query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`);
  await request.server.db.transaction().execute(async (trx) => {
    await logOperation(trx, request, {
      entity: spec.entity,
      entityId: null,
      action: 'export',
      summary: `导出${spec.what}${filters.length ? `，条件：${filters.join('&')}` : ''}`,
    });
  });
  return { fileName: exportFileName(spec.what, request.server.clock()), sheetName: spec.what, columns: spec.columns, rows: everyRow(spec) };
}
