/**
 * Messages: what each workflow step leaves for the people concerned. Call these in
 * the same transaction as the change, so a decision and its message land together or not at
 * all. Recipients are accounts; the helpers below find them:
 *
 *   await notifyUnit(trx, unitId, { kind: 'decision', title: '年检已通过', link, subjectType: 'annual_inspection', subjectId }, now);
 *   await notifyPractitioner(trx, practitionerId, { ... }, now);
 *   await notifyStaffWith(trx, 'inspection:review', { kind: 'submission', title: '新的年检待审核', ... }, now);
 *   await notifyAccounts(trx, [accountId], { ... }, now);
 *
 * A message with a `dedupeKey` is written at most once per account (a reminder job may run
 * again without repeating itself). A decision also queues its e-mail / SMS notice
 * (server/notifications/decisions.ts), in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import type { PermissionCode } from '@common/permissions';
import type { DbOrTrx, MessageKind } from '../db/types';
import { queueDecisionNotice } from '../notifications/decisions';

export interface MessageInput {
  kind: MessageKind;
  title: string;
  body?: string | null;
  /** A back-office path to the record, e.g. `/Manage/project-management?id=…`. */
  link?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  dedupeKey?: string | null;
}

const BATCH = 200;

/** Writes one message per account (duplicates and, with a dedupeKey, repeats skipped). Returns how many were written. */
export async function notifyAccounts(trx: DbOrTrx, accountIds: readonly string[], message: MessageInput, now: Date): Promise<number> {
  let recipients = [...new Set(accountIds)];
  if (recipients.length === 0) return 0;
  if (message.dedupeKey) {
    const seen = new Set<string>();
    for (let i = 0; i < recipients.length; i += BATCH) {
      const rows = await trx
        .selectFrom('messages')
        .select('account_id')
        .where('dedupe_key', '=', message.dedupeKey)
        .where('account_id', 'in', recipients.slice(i, i + BATCH))
        .execute();
      for (const row of rows) seen.add(row.account_id);
    }
    recipients = recipients.filter((id) => !seen.has(id));
  }
  const at = now.toISOString();
  for (let i = 0; i < recipients.length; i += BATCH) {
    await trx
      .insertInto('messages')
      .values(
        recipients.slice(i, i + BATCH).map((accountId) => ({
          id: randomUUID(),
          account_id: accountId,
          kind: message.kind,
          title: message.title,
          body: message.body ?? null,
          link: message.link ?? null,
          subject_type: message.subjectType ?? null,
          subject_id: message.subjectId ?? null,
          dedupe_key: message.dedupeKey ?? null,
          created_at: at,
          read_at: null,
        })),
      )
      .execute();
  }
  // A decision also goes out by e-mail or SMS where the rule 审核结果通知 (通知设置) says so.
  if (message.kind === 'decision') await queueDecisionNotice(trx, recipients, message, now);
  return recipients.length;
}

/** The enabled member-unit (authType 2) accounts of a unit. */
export async function unitAccountIds(db: DbOrTrx, unitId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('unit_id', '=', unitId)
    .where('auth_type', '=', 2)
    .where('enabled', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/** The enabled account of a practitioner (authType 3), if any. */
export async function practitionerAccountIds(db: DbOrTrx, practitionerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('practitioner_id', '=', practitionerId)
    .where('auth_type', '=', 3)
    .where('enabled', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/** Enabled staff accounts holding a permission code through any of their roles. */
export async function staffAccountIdsWith(db: DbOrTrx, permission: PermissionCode): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .innerJoin('account_roles', 'account_roles.account_id', 'accounts.id')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'account_roles.role_id')
    .select('accounts.id')
    .distinct()
    .where('accounts.auth_type', '=', 1)
    .where('accounts.enabled', '=', 1)
    .where('role_permissions.permission_code', '=', permission)
    .execute();
  return rows.map((r) => r.id);
}

export async function notifyUnit(trx: DbOrTrx, unitId: string, message: MessageInput, now: Date): Promise<number> {
  return notifyAccounts(trx, await unitAccountIds(trx, unitId), message, now);
}

export async function notifyPractitioner(trx: DbOrTrx, practitionerId: string, message: MessageInput, now: Date): Promise<number> {
  return notifyAccounts(trx, await practitionerAccountIds(trx, practitionerId), message, now);
}

export async function notifyStaffWith(trx: DbOrTrx, permission: PermissionCode, message: MessageInput, now: Date): Promise<number> {
  return notifyAccounts(trx, await staffAccountIdsWith(trx, permission), message, now);
}
