/**
 * The first-login consent to the processing of sensitive personal information (PIPL art. 29):
 * a practitioner reads common/consentTexts.ts and agrees; the agreement is recorded
 * (version, time, address, user agent) in `consents` with a log row. Until then the account
 * gate (server/security/accountGate.ts) refuses everything else with status 24.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AuthType } from '@common/permissions';
import {
  SENSITIVE_PI_CONSENT_KIND,
  SENSITIVE_PI_CONSENT_SECTIONS,
  SENSITIVE_PI_CONSENT_TITLE,
  SENSITIVE_PI_CONSENT_VERSION,
} from '@common/consentTexts';
import { CONSENT_MESSAGES, type SensitivePiConsent } from '@common/schemas/sessions';
import type { AuthUser } from '../../security/user';
import type { DbOrTrx } from '../../db/types';
import { BizError } from '../../http/errors';
import { logOperation } from '../../oplog';

async function latestConsent(db: DbOrTrx, accountId: string) {
  return db
    .selectFrom('consents')
    .select(['agreed_at', 'versions'])
    .where('account_id', '=', accountId)
    .where('kind', '=', SENSITIVE_PI_CONSENT_KIND)
    .orderBy('agreed_at', 'desc')
    .executeTakeFirst();
}

function versionOf(versions: string): string | null {
  try {
    const parsed: unknown = JSON.parse(versions);
    if (typeof parsed === 'object' && parsed !== null && 'notice' in parsed) {
      const notice = (parsed as { notice: unknown }).notice;
      return typeof notice === 'string' ? notice : null;
    }
  } catch {
    // An unreadable record is shown as "no version".
  }
  return null;
}

export async function sensitivePiConsentOf(request: FastifyRequest, user: AuthUser): Promise<SensitivePiConsent> {
  const agreed = await latestConsent(request.server.db, user.id);
  return {
    title: SENSITIVE_PI_CONSENT_TITLE,
    version: SENSITIVE_PI_CONSENT_VERSION,
    sections: SENSITIVE_PI_CONSENT_SECTIONS.map((s) => ({ heading: s.heading, paragraphs: [...s.paragraphs] })),
    agreedAt: agreed?.agreed_at ?? null,
    agreedVersion: agreed ? versionOf(agreed.versions) : null,
  };
}

/** Records the practitioner's agreement to the current version (again, if the text changed). */
export async function recordSensitivePiConsent(request: FastifyRequest, user: AuthUser, version: string): Promise<void> {
  if (user.authType !== AuthType.Practitioner) throw new BizError(CONSENT_MESSAGES.onlyPractitioners);
  if (version !== SENSITIVE_PI_CONSENT_VERSION) throw new BizError(CONSENT_MESSAGES.staleVersion);
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const userAgent = request.headers['user-agent'];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('consents')
      .values({
        id: randomUUID(),
        account_id: user.id,
        kind: SENSITIVE_PI_CONSENT_KIND,
        versions: JSON.stringify({ notice: version }),
        agreed_at: now,
        ip: request.ip,
        user_agent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
        withdrawn_at: null,
      })
      .execute();
    await logOperation(trx, request, {
      entity: 'account',
      entityId: user.id,
      action: 'consent',
      summary: `同意个人信息处理说明（敏感个人信息，版本 ${version}）`,
    });
  });
}
