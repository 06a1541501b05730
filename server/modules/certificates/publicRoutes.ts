/**
 * GET /public/certificates/:number (API.md): anyone may verify a certificate by its number,
 * as printed on it and encoded in its QR code. It answers who holds it, its dates and its
 * state today; nothing else about the holder (no ID number, no phone).
 *
 * Look-ups are limited per client address (CERTIFICATE_LOOKUP_RATE_LIMIT per
 * CERTIFICATE_LOOKUP_RATE_WINDOW_MINUTES; issue 12), so that nobody walks the number space to
 * harvest holders' names: a burst gets HTTP 429 with a Chinese message.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@common/schemas/common';
import {
  CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE,
  CERTIFICATE_NOT_FOUND_MESSAGE,
  CertificateNumberParams,
  PublicCertificate,
  type CertificateState,
} from '@common/schemas/certificates';
import { beijingDay } from '../../content/views';
import type { CertificateRow } from '../../db/types';
import { ok } from '../../http/envelope';
import { BizError } from '../../http/errors';
import { enforceRateLimit } from '../../http/rateLimit';

export function certificateState(row: Pick<CertificateRow, 'status' | 'valid_until'>, today: string): CertificateState {
  if (row.status === 'revoked') return 'revoked';
  if (row.status === 'expired' || row.valid_until < today) return 'expired';
  return 'valid';
}

const certificatesPublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/public/certificates/:number',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['公开'],
        summary: '证书查验（按证书编号）',
        params: CertificateNumberParams,
        response: { 200: Envelope(PublicCertificate) },
      },
    },
    async (request) => {
      const { certificateLookupRateLimit: limit, certificateLookupRateWindowMinutes: windowMinutes } = app.appConfig;
      await enforceRateLimit(request, { bucket: 'certificate-lookup', limit, windowMinutes, message: CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE });
      const number = request.params.number.toUpperCase();
      const row = await app.db
        .selectFrom('certificates')
        .leftJoin('member_units', 'member_units.id', 'certificates.unit_id')
        .leftJoin('dict_items', (join) =>
          join.onRef('dict_items.value', '=', 'member_units.member_level').on('dict_items.type_code', '=', 'member_level'),
        )
        .select([
          'certificates.kind',
          'certificates.number',
          'certificates.holder_name',
          'certificates.issued_on',
          'certificates.valid_until',
          'certificates.status',
          'certificates.revoked_reason',
          'certificates.revoked_at',
          'member_units.name as unit_name',
          'member_units.member_no',
          'dict_items.label as member_level_label',
        ])
        .where('certificates.number', '=', number)
        .executeTakeFirst();
      if (!row) throw new BizError(CERTIFICATE_NOT_FOUND_MESSAGE, 10, 404);
      const today = beijingDay(app.clock());
      const unit = row.kind === 'unit';
      return ok({
        kind: row.kind,
        number: row.number,
        holderName: row.holder_name,
        unitName: row.unit_name,
        memberNo: unit ? row.member_no : null,
        memberLevelLabel: unit ? row.member_level_label : null,
        issuedOn: row.issued_on,
        validUntil: row.valid_until,
        state: certificateState(row, today),
        revokedReason: row.status === 'revoked' ? row.revoked_reason : null,
        revokedOn: row.status === 'revoked' && row.revoked_at ? beijingDay(new Date(row.revoked_at)) : null,
        checkedOn: today,
      });
    },
  );
};

export default certificatesPublicRoutes;
