/**
 * Who a notice goes to, and where it can reach them. A recipient is a record the addresses are
 * read from (a member unit, a practitioner, an expert, a staff account), or a person without a
 * record here (a complainant) whose addresses the caller gives. When a notice is queued we look
 * only at whether an address exists for each channel (a channel without one makes no row); the
 * address itself is read again when the notice is sent (`currentAddress`), so a corrected
 * address counts from the next attempt, and the row keeps the address of its last attempt.
 */
import type { NoticeChannel, NoticeRecipientType } from '@common/schemas/notifications';
import type { DbOrTrx } from '../db/types';
import { readPii, type FieldCipher } from '../pii';
import { emailAddress, mobileNumber } from './render';

export type NoticeRecipient =
  | { type: Exclude<NoticeRecipientType, 'person'>; id: string }
  /** A person without a record here: `key` must be unique to them (e.g. `complaint:<id>`). */
  | { type: 'person'; key: string; name: string; email?: string | null; phone?: string | null };

export interface RecipientFacts {
  /** Part of a delivery's unique key: `unit:<id>`, `practitioner:<id>`, …, or a person's own key. */
  key: string;
  type: NoticeRecipientType;
  id: string | null;
  name: string;
  /** Which channels have an address (site: an enabled account). */
  reachable: Record<NoticeChannel, boolean>;
  /** The enabled accounts an in-site message goes to. */
  accountIds: string[];
  /** A person's addresses as given (stored encrypted on their rows). */
  direct: { email: string | null; phone: string | null } | null;
}

export const recipientKeyOf = (recipient: NoticeRecipient): string =>
  recipient.type === 'person' ? `person:${recipient.key}` : `${recipient.type}:${recipient.id}`;

const BATCH = 200;

async function inBatches<T>(ids: readonly string[], read: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += BATCH) out.push(...(await read(unique.slice(i, i + BATCH))));
  return out;
}

function groupAccounts(rows: { id: string; owner: string | null }[]): Map<string, string[]> {
  const byOwner = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.owner) continue;
    byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row.id]);
  }
  return byOwner;
}

/**
 * The facts of each recipient, in the order given (duplicates once; a record that no longer
 * exists, or a disabled staff account, is left out).
 */
export async function recipientFacts(db: DbOrTrx, recipients: readonly NoticeRecipient[]): Promise<RecipientFacts[]> {
  const idsOf = (type: NoticeRecipientType) => recipients.flatMap((r) => (r.type === type && r.type !== 'person' ? [r.id] : []));
  const unitIds = idsOf('unit');
  const practitionerIds = idsOf('practitioner');
  const expertIds = idsOf('expert');
  const accountIds = idsOf('account');

  const [units, unitAccounts, practitioners, practitionerAccounts, experts, accounts] = await Promise.all([
    inBatches(unitIds, (b) => db.selectFrom('member_units').select(['id', 'name', 'email', 'contact_phone']).where('id', 'in', b).execute()),
    inBatches(unitIds, (b) =>
      db.selectFrom('accounts').select(['id', 'unit_id as owner']).where('unit_id', 'in', b).where('auth_type', '=', 2).where('enabled', '=', 1).execute(),
    ),
    inBatches(practitionerIds, (b) => db.selectFrom('practitioners').select(['id', 'name', 'email', 'phone_enc']).where('id', 'in', b).execute()),
    inBatches(practitionerIds, (b) =>
      db
        .selectFrom('accounts')
        .select(['id', 'practitioner_id as owner'])
        .where('practitioner_id', 'in', b)
        .where('auth_type', '=', 3)
        .where('enabled', '=', 1)
        .execute(),
    ),
    inBatches(expertIds, (b) => db.selectFrom('experts').select(['id', 'name', 'email', 'phone']).where('id', 'in', b).execute()),
    inBatches(accountIds, (b) => db.selectFrom('accounts').select(['id', 'name', 'email', 'phone']).where('id', 'in', b).where('enabled', '=', 1).execute()),
  ]);
  const unitById = new Map(units.map((u) => [u.id, u]));
  const practitionerById = new Map(practitioners.map((p) => [p.id, p]));
  const expertById = new Map(experts.map((e) => [e.id, e]));
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  const accountsOfUnit = groupAccounts(unitAccounts);
  const accountsOfPractitioner = groupAccounts(practitionerAccounts);

  const seen = new Set<string>();
  const out: RecipientFacts[] = [];
  for (const recipient of recipients) {
    const key = recipientKeyOf(recipient);
    if (seen.has(key)) continue;
    seen.add(key);
    const facts = factsOf(recipient, key);
    if (facts) out.push(facts);
  }
  return out;

  function factsOf(recipient: NoticeRecipient, key: string): RecipientFacts | null {
    switch (recipient.type) {
      case 'unit': {
        const unit = unitById.get(recipient.id);
        if (!unit) return null;
        const ids = accountsOfUnit.get(unit.id) ?? [];
        return {
          key,
          type: 'unit',
          id: unit.id,
          name: unit.name,
          reachable: { site: ids.length > 0, email: !!emailAddress(unit.email), sms: !!mobileNumber(unit.contact_phone) },
          accountIds: ids,
          direct: null,
        };
      }
      case 'practitioner': {
        const p = practitionerById.get(recipient.id);
        if (!p) return null;
        const ids = accountsOfPractitioner.get(p.id) ?? [];
        // The phone is encrypted: whether it is a mobile number is seen when sending.
        return { key, type: 'practitioner', id: p.id, name: p.name, reachable: { site: ids.length > 0, email: !!emailAddress(p.email), sms: !!p.phone_enc }, accountIds: ids, direct: null };
      }
      case 'expert': {
        const e = expertById.get(recipient.id);
        if (!e) return null;
        return { key, type: 'expert', id: e.id, name: e.name, reachable: { site: false, email: !!emailAddress(e.email), sms: !!mobileNumber(e.phone) }, accountIds: [], direct: null };
      }
      case 'account': {
        const a = accountById.get(recipient.id);
        if (!a) return null;
        return { key, type: 'account', id: a.id, name: a.name, reachable: { site: true, email: !!emailAddress(a.email), sms: !!mobileNumber(a.phone) }, accountIds: [a.id], direct: null };
      }
      case 'person': {
        const email = emailAddress(recipient.email);
        const phone = mobileNumber(recipient.phone);
        return { key, type: 'person', id: null, name: recipient.name, reachable: { site: false, email: !!email, sms: !!phone }, accountIds: [], direct: { email, phone } };
      }
    }
  }
}

export interface DeliveryAddressee {
  recipient_type: NoticeRecipientType;
  recipient_id: string | null;
  channel: NoticeChannel;
  address_enc: string | null;
}

/** The address a notice goes to now, or why there is none (the row then fails for good). */
export type AddressLookup = { address: string } | { address: null; problem: string };

const NO_EMAIL = '收件人没有有效的电子邮箱地址';
const NO_PHONE = '收件人没有手机号码';
const NOT_MOBILE = '收件人的电话不是有效的手机号码，不能发送短信';
const DAMAGED = '收件人的手机号码数据已损坏，无法解密';

function pick(channel: NoticeChannel, email: string | null | undefined, phone: string | null | undefined): AddressLookup {
  if (channel === 'email') {
    const address = emailAddress(email);
    return address ? { address } : { address: null, problem: NO_EMAIL };
  }
  if (!phone) return { address: null, problem: NO_PHONE };
  const address = mobileNumber(phone);
  return address ? { address } : { address: null, problem: NOT_MOBILE };
}

export async function currentAddress(db: DbOrTrx, pii: FieldCipher, row: DeliveryAddressee): Promise<AddressLookup> {
  const id = row.recipient_id ?? '';
  switch (row.recipient_type) {
    case 'unit': {
      const unit = await db.selectFrom('member_units').select(['email', 'contact_phone']).where('id', '=', id).executeTakeFirst();
      return pick(row.channel, unit?.email, unit?.contact_phone);
    }
    case 'practitioner': {
      const p = await db.selectFrom('practitioners').select(['email', 'phone_enc']).where('id', '=', id).executeTakeFirst();
      if (row.channel === 'email') return pick('email', p?.email, null);
      const phone = readPii(pii, p?.phone_enc);
      if (phone.damaged) return { address: null, problem: DAMAGED };
      return pick('sms', null, phone.value);
    }
    case 'expert': {
      const e = await db.selectFrom('experts').select(['email', 'phone']).where('id', '=', id).executeTakeFirst();
      return pick(row.channel, e?.email, e?.phone);
    }
    case 'account': {
      const a = await db.selectFrom('accounts').select(['email', 'phone']).where('id', '=', id).executeTakeFirst();
      return pick(row.channel, a?.email, a?.phone);
    }
    case 'person': {
      const given = readPii(pii, row.address_enc);
      if (given.damaged) return { address: null, problem: DAMAGED };
      return row.channel === 'email' ? pick('email', given.value, null) : pick('sms', null, given.value);
    }
  }
}
