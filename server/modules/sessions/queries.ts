/** Reading live sessions: the caller's own, and (staff) everyone's. */
import type { OnlineSession, OnlineSessionQuery, OwnSession, SessionRowAction } from '@common/schemas/sessions';
import type { Page } from '@common/schemas/common';
import { hasPermission, type AuthType } from '@common/permissions';
import type { DbOrTrx } from '../../db/types';
import { fetchPage, matchesKeyword, paging, parseSort } from '../../http/paging';
import { describeDevice } from './device';

/** Own sessions shown at most (a person has a handful of devices; the rest are long gone). */
const OWN_SESSIONS_LIMIT = 50;

export async function listOwnSessions(db: DbOrTrx, accountId: string, currentSessionId: string, now: Date): Promise<OwnSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .limit(OWN_SESSIONS_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.user_agent),
    ip: r.ip,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    current: r.id === currentSessionId,
  }));
}

/** The sorts common/schemas/sessions.ts ONLINE_SESSION_SORTS names. */
const SORTABLE: Record<string, 'sessions.last_seen_at' | 'sessions.created_at' | 'accounts.login_account'> = {
  lastSeenAt: 'sessions.last_seen_at',
  createdAt: 'sessions.created_at',
  loginAccount: 'accounts.login_account',
};

/** The row button of one session for this caller: 强制下线, except on the caller's own session. */
export function actionsFor(user: Parameters<typeof hasPermission>[0], current: boolean): SessionRowAction[] {
  return hasPermission(user, 'system:session:revoke') && !current ? ['revoke'] : [];
}

export async function listOnlineSessions(
  db: DbOrTrx,
  user: NonNullable<Parameters<typeof hasPermission>[0]> & { sessionId: string },
  query: OnlineSessionQuery,
  now: Date,
): Promise<Page<OnlineSession>> {
  const page = paging(query);
  const sort = parseSort(query.sort, SORTABLE, { column: 'sessions.last_seen_at', direction: 'desc' });
  let base = db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .leftJoin('member_units', 'member_units.id', 'accounts.unit_id')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now.toISOString());
  if (query.authType) base = base.where('accounts.auth_type', '=', query.authType);
  const keyword = query.keyword?.trim();
  if (keyword) {
    base = base.where((eb) =>
      matchesKeyword(eb, ['accounts.login_account', 'accounts.name', 'member_units.name', 'sessions.ip'], keyword),
    );
  }
  const { rows, total } = await fetchPage(base, page, (q) =>
    q
      .select([
        'sessions.id',
        'sessions.account_id',
        'sessions.ip',
        'sessions.user_agent',
        'sessions.created_at',
        'sessions.last_seen_at',
        'accounts.login_account',
        'accounts.name',
        'accounts.auth_type',
        'member_units.name as unit_name',
      ])
      .orderBy(sort.column, sort.direction)
      .orderBy('sessions.id'),
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      loginAccount: r.login_account,
      name: r.name,
      authType: r.auth_type as AuthType,
      unitName: r.unit_name ?? null,
      device: describeDevice(r.user_agent),
      ip: r.ip,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at,
      current: r.id === user.sessionId,
      actions: actionsFor(user, r.id === user.sessionId),
    })),
    total,
    current: page.current,
    pageSize: page.pageSize,
  };
}

/** A live session with its account, or undefined. */
export async function findLiveSessionById(db: DbOrTrx, id: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select(['sessions.id', 'sessions.account_id', 'sessions.ip', 'sessions.user_agent', 'accounts.login_account', 'accounts.name'])
    .where('sessions.id', '=', id)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}
