/**
 * The scanner: finds the dated notices that are due and queues them. Run at start and every
 * NOTICE_SCAN_MINUTES (./service.ts); safe to run as often as one likes and on every instance,
 * because queuing the same notice twice writes nothing (the delivery's unique key).
 *
 * A rule fires `days` before (or after) the date its kind's records name: a certificate's end,
 * an inspection year's deadline, the day a recap is about. Each run looks at the notices due
 * from `catchUpDays` ago (but not before the rule was made or last enabled) up to today, so a
 * stopped day or a restart never misses one; a notice sent more than `graceDays` after its day
 * is marked late. How each kind finds its records is its finder, in the kind registry
 * (server/notifications/kinds.ts), handed in by whoever runs the scan.
 */
import type { NoticeKind } from '@common/schemas/notifications';
import { beijingDay } from '@common/calendar';
import type { Db } from '../db/types';
import type { FieldCipher } from '../pii';
import { loadEnabledRules, queueNotice, type LoadedRule, type NoticeInput } from './deliveries';
import { writeSiteMessage } from './enqueue';
import type { NoticeRecipient } from './recipients';
import type { NoticeParams } from './render';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' plus `days` (negative: minus). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` ('YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** One notice a finder found: its record, the date it is about, to whom, with what. */
export interface DueNotice {
  reference: string;
  about: { type: string; id: string | null; date: string };
  recipients: NoticeRecipient[];
  params: NoticeParams;
  link?: string | null;
}

export interface FinderWindow {
  /** The dates the records must name: the notices due between the first day looked at and today. */
  aboutFrom: string;
  aboutTo: string;
  today: string;
  now: Date;
}

/** How a dated kind finds its due notices for a rule (its audiences narrow the recipients). */
export type DueNoticeFinder = (db: Db, rule: LoadedRule, window: FinderWindow) => Promise<DueNotice[]>;

export type DueNoticeFinders = Partial<Record<NoticeKind, DueNoticeFinder>>;

export interface ScanResult {
  rules: number;
  /** Notices found due and not queued before. */
  notices: number;
  /** Delivery rows written. */
  deliveries: number;
  late: number;
}

/** The day a notice about `aboutDate` is due under `rule`. */
export function dueDayOf(rule: Pick<LoadedRule, 'timing' | 'days'>, aboutDate: string): string {
  const days = rule.days ?? 0;
  return addDays(aboutDate, rule.timing === 'before' ? -days : days);
}

/** Queues every dated notice due now that is not queued yet. */
export async function scanDueNotices(deps: { db: Db; clock: () => Date; pii: FieldCipher }, finders: DueNoticeFinders): Promise<ScanResult> {
  const now = deps.clock();
  const today = beijingDay(now);
  const result: ScanResult = { rules: 0, notices: 0, deliveries: 0, late: 0 };
  for (const rule of await loadEnabledRules(deps.db)) {
    const find = finders[rule.kind];
    if (!find || rule.timing === 'event' || rule.days === null) continue;
    const first = [addDays(today, -rule.catchUpDays), rule.activeFrom].sort().at(-1) ?? today;
    if (first > today) continue;
    result.rules += 1;
    const shift = rule.timing === 'before' ? rule.days : -rule.days;
    const found = await find(deps.db, rule, { aboutFrom: addDays(first, shift), aboutTo: addDays(today, shift), today, now });
    const fresh = await notQueuedYet(deps.db, rule, found);
    for (const notice of fresh) {
      const dueOn = dueDayOf(rule, notice.about.date);
      const late = daysBetween(dueOn, today) > rule.graceDays;
      const input: NoticeInput = { rule, reference: notice.reference, about: notice.about, dueOn, late, recipients: notice.recipients, params: notice.params, link: notice.link ?? null };
      const { created } = await deps.db.transaction().execute((trx) => queueNotice(trx, input, { now, pii: deps.pii, site: writeSiteMessage }));
      if (created > 0) {
        result.notices += 1;
        result.deliveries += created;
        if (late) result.late += 1;
      }
    }
  }
  return result;
}

/** The found notices of which the rule has queued nothing yet (a quick filter; the unique key is the guarantee). */
async function notQueuedYet(db: Db, rule: LoadedRule, found: DueNotice[]): Promise<DueNotice[]> {
  if (found.length === 0) return [];
  const queued = new Set<string>();
  const references = [...new Set(found.map((n) => n.reference))];
  for (let i = 0; i < references.length; i += 200) {
    const rows = await db
      .selectFrom('notification_deliveries')
      .select('reference')
      .distinct()
      .where('rule_id', '=', rule.id)
      .where('reference', 'in', references.slice(i, i + 200))
      .execute();
    for (const row of rows) queued.add(row.reference);
  }
  return found.filter((n) => !queued.has(n.reference));
}
