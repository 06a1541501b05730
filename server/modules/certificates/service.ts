/**
 * Revoking a certificate (吊销) from certificate preview: the state moves to revoked with the
 * reason and the time, once, through the shared server/workflow/certificates.ts; the public
 * page (GET /public/certificates/:number) reads the same row, so it says 已吊销 at once.
 */
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../security/user';
import { BizError } from '../../http/errors';
import { logOperation } from '../../oplog';
import { revokeCertificate as revokeInWorkflow } from '../../workflow/certificates';

export async function revokeCertificate(request: FastifyRequest, caller: AuthUser, id: string, rawReason: string): Promise<void> {
  const reason = rawReason.trim();
  if (!reason) throw new BizError('吊销原因不能为空');
  const { db } = request.server;
  const now = request.server.clock();
  await db.transaction().execute(async (trx) => {
    // The workflow's update is conditional on the state, so of two revocations at once only one succeeds.
    const { number, holderName } = await revokeInWorkflow(trx, { id, reason, byId: caller.id, now });
    await logOperation(trx, request, {
      entity: 'certificate',
      entityId: id,
      action: 'revoke',
      summary: `吊销证书 ${number}（${holderName}）：${reason}`,
    });
  });
}
