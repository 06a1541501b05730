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
import { beijingDay } from '@common/calendar';
import { recordAutomaticEvent } from '../../credit/events';

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
    // A practitioner's certificate revoked by staff is bad conduct of the practitioner, counted
    // against their unit (docs/domain.md, "Credit"). Certificates ended because a practitioner
    // left or a unit was cancelled go through revokeAllOf elsewhere and are no such event.
    const cert = await trx.selectFrom('certificates').select(['holder_type', 'holder_id', 'unit_id']).where('id', '=', id).executeTakeFirstOrThrow();
    if (cert.holder_type === 'practitioner' && cert.unit_id) {
      await recordAutomaticEvent(
        trx,
        {
          kind: 'certificate_revoked',
          sourceType: 'practitioner',
          sourceId: id,
          unitId: cert.unit_id,
          practitionerId: cert.holder_id,
          occurredOn: beijingDay(now),
          description: `从业人员${holderName}的证书 ${number} 被吊销：${reason}`,
          actorId: caller.id,
          now: now.toISOString(),
        },
        { log: (entry) => logOperation(trx, request, entry) },
      );
    }
  });
}
