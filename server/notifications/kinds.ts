/**
 * The kinds of notice: one entry each, the one table that says what a kind can send (to whom,
 * through which channels, dated or on an event) and, for a dated kind, how to find its due
 * notices. Adding a kind is one entry here (with its words and placeholders in
 * common/schemas/notifications.ts); the rules of 通知设置 are rows of a kind, and the scanner
 * (server/notifications/scanner.ts) calls each dated kind's finder.
 *
 * A finder returns the notices whose record names a date in the window it is given (the scanner
 * works out the window from the rule's days, catch-up and start), each with a reference unique to
 * the record and that date, and the recipients the rule's audiences ask for. Event kinds have no
 * finder: the step that causes them queues them (server/notifications/enqueue.ts enqueueNotice,
 * server/notifications/decisions.ts, server/notifications/expertDrawn.ts).
 */
import { INSPECTION_SUBMITTABLE_STATUSES } from '@common/schemas/inspections';
import {
  NOTICE_KINDS,
  type NoticeAudience,
  type NoticeChannel,
  type NoticeKind,
  type NoticeTiming,
} from '@common/schemas/notifications';
import { dayEnd, dayStart } from '../content/publishing';
import type { Db } from '../db/types';
import { staffAccountIdsWith } from '../notify';
import type { LoadedRule } from './deliveries';
import type { NoticeRecipient } from './recipients';
import { addDays, daysBetween, type DueNotice, type DueNoticeFinder, type DueNoticeFinders } from './scanner';
import { syncSubjects } from '../workflow/inspectionSubjects';

export interface NoticeKindEntry {
  /** How its rules fire: before / after a date, or on an event. */
  timings: readonly NoticeTiming[];
  audiences: readonly NoticeAudience[];
  channels: readonly NoticeChannel[];
  /** Whether staff may add further rules of the kind (another number of days). */
  moreAllowed: boolean;
  /** Dated kinds: the due notices whose record names a date within the window. */
  find?: DueNoticeFinder;
}

const wants = (rule: LoadedRule, audience: NoticeAudience) => rule.audiences.includes(audience);

const CERTIFICATE_KIND_LABELS = { unit: '会员单位证书', practitioner: '从业人员证书' } as const;

/** Certificates still valid whose last day falls in the window (and is not past). */
const certificateExpiry: DueNoticeFinder = async (db, rule, { aboutFrom, aboutTo, today }) => {
  const from = aboutFrom > today ? aboutFrom : today;
  if (from > aboutTo) return [];
  const rows = await db
    .selectFrom('certificates')
    .select(['id', 'kind', 'number', 'holder_type', 'holder_id', 'holder_name', 'unit_id', 'valid_until'])
    .where('status', '=', 'valid')
    .where('valid_until', '>=', from)
    .where('valid_until', '<=', aboutTo)
    .orderBy('valid_until')
    .orderBy('id')
    .execute();
  return rows.map((c): DueNotice => {
    const recipients: NoticeRecipient[] = [];
    if (wants(rule, 'holder')) recipients.push({ type: c.holder_type === 'unit' ? 'unit' : 'practitioner', id: c.holder_id });
    if (wants(rule, 'unit') && c.unit_id) recipients.push({ type: 'unit', id: c.unit_id });
    return {
      reference: `certificate:${c.id}@${c.valid_until}`,
      about: { type: 'certificate', id: c.id, date: c.valid_until },
      recipients,
      params: {
        holderName: c.holder_name,
        certificateKind: CERTIFICATE_KIND_LABELS[c.kind],
        certificateNo: c.number,
        validUntil: c.valid_until,
        daysLeft: String(daysBetween(today, c.valid_until)),
      },
      link: '/Manage/staging',
    };
  });
};

/**
 * Open inspection years whose deadline falls in the window, and who still owes records then: a
 * unit for its own and its practitioners' records, a practitioner for their own. `overdue`: the
 * deadline has passed; otherwise it has not.
 */
function inspectionFinder(overdue: boolean): DueNoticeFinder {
  return async (db: Db, rule, { aboutFrom, aboutTo, today, now }) => {
    const years = await db
      .selectFrom('annual_inspection_years')
      .select(['year', 'deadline'])
      .where('status', '=', 'open')
      .where('deadline', '>=', aboutFrom)
      .where('deadline', '<=', aboutTo)
      .execute();
    const notices: DueNotice[] = [];
    for (const { year: rawYear, deadline } of years) {
      if (overdue ? deadline >= today : deadline < today) continue;
      const year = Number(rawYear);
      // Who is inspected follows membership while the year is open (server/workflow/inspectionSubjects.ts).
      await db.transaction().execute((trx) => syncSubjects(trx, year, now));
      const about = { type: 'annual_inspection_year', id: String(year), date: deadline };
      const base = { year: String(year), deadline, ...(overdue ? {} : { daysLeft: String(daysBetween(today, deadline)) }) };
      if (wants(rule, 'unit')) {
        const units = await db
          .selectFrom('annual_inspections')
          .select((eb) => ['unit_id', eb.fn.countAll<number>().as('n')])
          .where('year', '=', year)
          .where('status', 'in', [...INSPECTION_SUBMITTABLE_STATUSES])
          .groupBy('unit_id')
          .orderBy('unit_id')
          .execute();
        for (const u of units) {
          notices.push({
            reference: `inspection:${year}:unit:${u.unit_id}@${deadline}`,
            about,
            recipients: [{ type: 'unit', id: u.unit_id }],
            params: { ...base, unsubmittedCount: String(Number(u.n)) },
            link: '/Manage/annual-inspection-record',
          });
        }
      }
      if (wants(rule, 'practitioner')) {
        const people = await db
          .selectFrom('annual_inspections')
          .select('subject_id')
          .where('year', '=', year)
          .where('subject_type', '=', 'practitioner')
          .where('status', 'in', [...INSPECTION_SUBMITTABLE_STATUSES])
          .orderBy('subject_id')
          .execute();
        for (const p of people) {
          notices.push({
            reference: `inspection:${year}:practitioner:${p.subject_id}@${deadline}`,
            about,
            recipients: [{ type: 'practitioner', id: p.subject_id }],
            params: { ...base, unsubmittedCount: '1' },
            link: '/Manage/annual-inspection-record',
          });
        }
      }
    }
    return notices;
  };
}

/** The recap of each finished day in the window, to the staff holding notice:manage. */
const dailyRecap: DueNoticeFinder = async (db, rule, { aboutFrom, aboutTo, today }) => {
  const last = aboutTo < today ? aboutTo : addDays(today, -1);
  if (aboutFrom > last || !wants(rule, 'staff')) return [];
  const staff = await staffAccountIdsWith(db, 'notice:manage');
  if (staff.length === 0) return [];
  const queued = await db.selectFrom('notification_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('state', 'in', ['queued', 'retrying']).executeTakeFirst();
  const notices: DueNotice[] = [];
  for (let day = aboutFrom; day <= last; day = addDays(day, 1)) {
    const [from, to] = [dayStart(day), dayEnd(day)];
    const counts = await db
      .selectFrom('notification_deliveries')
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when(eb.and([eb('sent_at', '>=', from), eb('sent_at', '<', to)])).then(1).else(0).end()).as('sent'),
        eb.fn
          .sum<number>(eb.case().when(eb.and([eb('state', 'in', ['failed', 'retrying']), eb('updated_at', '>=', from), eb('updated_at', '<', to)])).then(1).else(0).end())
          .as('failed'),
        eb.fn.sum<number>(eb.case().when(eb.and([eb('given_up_at', '>=', from), eb('given_up_at', '<', to)])).then(1).else(0).end()).as('givenUp'),
      ])
      .executeTakeFirst();
    notices.push({
      reference: `recap@${day}`,
      about: { type: 'notice_recap', id: null, date: day },
      recipients: staff.map((id) => ({ type: 'account', id })),
      params: {
        date: day,
        sent: String(Number(counts?.sent ?? 0)),
        failed: String(Number(counts?.failed ?? 0)),
        givenUp: String(Number(counts?.givenUp ?? 0)),
        queued: String(Number(queued?.n ?? 0)),
      },
      link: '/Manage/notice-records',
    });
  }
  return notices;
};

const ALL_CHANNELS: readonly NoticeChannel[] = ['site', 'email', 'sms'];
const OFF_SITE: readonly NoticeChannel[] = ['email', 'sms'];

export const NOTICE_KIND_REGISTRY: Record<NoticeKind, NoticeKindEntry> = {
  certificate_expiry: { timings: ['before'], audiences: ['holder', 'unit'], channels: ALL_CHANNELS, moreAllowed: true, find: certificateExpiry },
  inspection_deadline: { timings: ['before'], audiences: ['unit', 'practitioner'], channels: ALL_CHANNELS, moreAllowed: true, find: inspectionFinder(false) },
  inspection_overdue: { timings: ['after'], audiences: ['unit', 'practitioner'], channels: ALL_CHANNELS, moreAllowed: true, find: inspectionFinder(true) },
  // Experts have no account: no in-site message. Queued by server/notifications/expertDrawn.ts.
  expert_drawn: { timings: ['event'], audiences: ['expert'], channels: OFF_SITE, moreAllowed: false },
  // Staff replaced the expert's score sheet (server/notifications/sheetReplaced.ts): the expert is told, by e-mail and SMS.
  review_sheet_replaced: { timings: ['event'], audiences: ['expert'], channels: OFF_SITE, moreAllowed: false },
  // The complainant has no account either; the complaints module will queue it with the complainant's addresses.
  complaint_progress: { timings: ['event'], audiences: ['complainant'], channels: OFF_SITE, moreAllowed: false },
  // The step writes the in-site message itself (server/notify); this rule adds e-mail and SMS.
  workflow_decision: { timings: ['event'], audiences: ['recipient'], channels: OFF_SITE, moreAllowed: false },
  one_off: { timings: ['event'], audiences: ['unit', 'practitioner'], channels: ALL_CHANNELS, moreAllowed: false },
  daily_recap: { timings: ['after'], audiences: ['staff'], channels: ALL_CHANNELS, moreAllowed: false, find: dailyRecap },
};

/** The finders of the dated kinds, for the scanner. */
export const DUE_NOTICE_FINDERS: DueNoticeFinders = Object.fromEntries(
  NOTICE_KINDS.flatMap((kind) => {
    const find = NOTICE_KIND_REGISTRY[kind].find;
    return find ? [[kind, find]] : [];
  }),
);
