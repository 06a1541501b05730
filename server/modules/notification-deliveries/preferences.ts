/**
 * The caller's own notice settings (个人中心): whether optional notices are e-mailed to them, the
 * address they would go to (masked), and the rules that may send to them, each saying whether it
 * is mandatory (mandatory notices are e-mailed whatever the setting). A member unit's setting is
 * the unit's (any of its accounts may change it), a practitioner's their own, staff their
 * account's.
 */
import type { FastifyRequest } from 'fastify';
import { AuthType } from '@common/permissions';
import type { NoticeAudience, NoticePreferences, NoticePreferencesBody } from '@common/schemas/notifications';
import { maskEmail } from '@common/validators';
import type { DbOrTrx } from '../../db/types';
import { BizError } from '../../http/errors';
import { audiencesOf, channelsOf } from '../../notifications/deliveries';
import { emailAddress } from '../../notifications/render';
import { logOperation } from '../../oplog';
import { requireUser } from '../../security/guard';
import type { AuthUser } from '../../security/user';

interface Person {
  key: string;
  /** Which audiences of a rule reach this person. */
  audiences: readonly NoticeAudience[];
  email: string | null;
}

async function personOf(db: DbOrTrx, user: AuthUser): Promise<Person> {
  if (user.authType === AuthType.MemberUnit) {
    if (!user.unitId) throw new BizError('账号未关联会员单位');
    const unit = await db.selectFrom('member_units').select('email').where('id', '=', user.unitId).executeTakeFirst();
    return { key: `unit:${user.unitId}`, audiences: ['unit', 'holder', 'recipient'], email: unit?.email ?? null };
  }
  if (user.authType === AuthType.Practitioner) {
    if (!user.practitionerId) throw new BizError('账号未关联从业人员');
    const p = await db.selectFrom('practitioners').select('email').where('id', '=', user.practitionerId).executeTakeFirst();
    return { key: `practitioner:${user.practitionerId}`, audiences: ['practitioner', 'holder', 'recipient'], email: p?.email ?? null };
  }
  const account = await db.selectFrom('accounts').select('email').where('id', '=', user.id).executeTakeFirst();
  return { key: `account:${user.id}`, audiences: ['staff', 'recipient'], email: account?.email ?? null };
}

export async function noticePreferences(db: DbOrTrx, user: AuthUser): Promise<NoticePreferences> {
  const person = await personOf(db, user);
  const [optOut, rules] = await Promise.all([
    db.selectFrom('notification_opt_outs').select('recipient_key').where('recipient_key', '=', person.key).where('channel', '=', 'email').executeTakeFirst(),
    db.selectFrom('notification_rules').select(['name', 'kind', 'channels', 'audiences', 'mandatory']).where('enabled', '=', 1).orderBy('kind').orderBy('days', 'desc').execute(),
  ]);
  // Staff-only rules (the daily recap) reach staff who hold notice:manage only.
  const reaches = (audiences: string[]) =>
    audiences.some((a) => person.audiences.some((p) => p === a)) && !(audiences.includes('staff') && !user.permissions.includes('notice:manage'));
  const email = emailAddress(person.email);
  return {
    optionalEmails: !optOut,
    email: email ? maskEmail(email) : null,
    rules: rules
      .filter((r) => reaches(audiencesOf(r.audiences)))
      .map((r) => ({ name: r.name, kind: r.kind, channels: channelsOf(r.channels), mandatory: !!r.mandatory })),
  };
}

export async function setNoticePreferences(request: FastifyRequest, body: NoticePreferencesBody): Promise<NoticePreferences> {
  const user = requireUser(request);
  const { db } = request.server;
  const person = await personOf(db, user);
  const at = request.server.clock().toISOString();
  await db.transaction().execute(async (trx) => {
    if (body.optionalEmails) {
      await trx.deleteFrom('notification_opt_outs').where('recipient_key', '=', person.key).where('channel', '=', 'email').execute();
    } else {
      await trx
        .insertInto('notification_opt_outs')
        .values({ recipient_key: person.key, channel: 'email', account_id: user.id, created_at: at })
        .onConflict((oc) => oc.columns(['recipient_key', 'channel']).doNothing())
        .execute();
    }
    await logOperation(trx, request, {
      entity: 'notice-preference',
      entityId: person.key,
      action: 'update',
      summary: body.optionalEmails ? '开启接收可选的邮件通知' : '关闭接收可选的邮件通知（必要通知仍会发送）',
    });
  });
  return noticePreferences(db, user);
}
