/**
 * Ending sessions: a person ends one of their own (another device, or this one),
 * staff with system:session:revoke force anyone's out. Each is logged in the same
 * transaction as the revocation.
 */
import type { FastifyRequest } from 'fastify';
import { SUPER_ADMIN_ROLE_CODE } from '@common/permissions';
import { SESSION_MESSAGES } from '@common/schemas/sessions';
import { revokeSession } from '../../security/sessions';
import type { AuthUser } from '../../security/user';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { holdsRole, isSuperAdmin } from '../../security/roles';
import { describeDevice } from './device';
import { findLiveSessionById } from './queries';

const notFound = () => new BizError(SESSION_MESSAGES.notFound, 10, 404);

export async function endOwnSession(request: FastifyRequest, user: AuthUser, sessionId: string): Promise<void> {
  const { db } = request.server;
  const now = request.server.clock();
  const session = await findLiveSessionById(db, sessionId, now);
  // Another account's session is "not found" too: ids of others' sessions reveal nothing.
  if (!session || session.account_id !== user.id) throw notFound();
  await db.transaction().execute(async (trx) => {
    if (!(await revokeSession(trx, session.id, now))) throw notFound();
    const which = session.id === user.sessionId ? '当前会话' : `${describeDevice(session.user_agent)}，地址 ${session.ip ?? '未知'}`;
    await logOperation(trx, request, {
      entity: 'account',
      entityId: user.id,
      action: 'end-session',
      summary: `结束本人会话（${which}）`,
    });
  });
}

export async function forceLogout(request: FastifyRequest, caller: AuthUser, sessionId: string): Promise<void> {
  const { db } = request.server;
  const now = request.server.clock();
  const session = await findLiveSessionById(db, sessionId, now);
  if (!session) throw notFound();
  if (session.id === caller.sessionId) throw new BizError(SESSION_MESSAGES.notSelf);
  // As in user management: only a super administrator acts on a super administrator's account.
  if (!isSuperAdmin(caller) && (await holdsRole(request.server.db, session.account_id, SUPER_ADMIN_ROLE_CODE))) {
    await logOperation(db, request, {
      entity: 'account',
      entityId: session.account_id,
      action: 'force-logout',
      result: 'failure',
      summary: `强制下线 ${session.login_account} 被拒绝：只有超级管理员可以强制超级管理员下线`,
    });
    throw errors.forbidden('只有超级管理员可以强制超级管理员下线');
  }
  await db.transaction().execute(async (trx) => {
    if (!(await revokeSession(trx, session.id, now))) throw notFound();
    await logOperation(trx, request, {
      entity: 'account',
      entityId: session.account_id,
      action: 'force-logout',
      summary: `强制下线 ${session.login_account}（${session.name}；${describeDevice(session.user_agent)}，地址 ${session.ip ?? '未知'}）`,
    });
  });
}
