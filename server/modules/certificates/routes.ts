/**
 * Certificates for staff (certificate preview): the list (number or holder, kind, state
 * today, unit), one certificate, and 吊销 with a reason.
 *
 * GET /public/certificates/:number: anyone may verify a certificate by its number, as printed
 * on it and encoded in its QR code. Look-ups are limited per client address
 * (CERTIFICATE_LOOKUP_RATE_LIMIT per CERTIFICATE_LOOKUP_RATE_WINDOW_MINUTES), so that nobody
 * walks the number space to harvest holders' names: a burst gets HTTP 429 with a Chinese message.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE,
  CERTIFICATE_NOT_FOUND_MESSAGE,
  CertificateListQuery,
  CertificateNumberParams,
  CertificateRecord,
  CertificateRevokeBody,
  PublicCertificate,
} from '@common/schemas/certificates';
import { Envelope, IdParams, PageResult } from '@common/schemas/common';
import { requireUser, type RouteAccess } from '../../security/guard';
import { beijingDay } from '@common/calendar';
import { ok } from '../../http/envelope';
import { BizError, errors } from '../../http/errors';
import { enforceRateLimit } from '../../http/rateLimit';
import { findCertificate, findPublicCertificate, listCertificates } from './queries';
import { revokeCertificate } from './service';

const tags = ['证书'];
const view: { access: RouteAccess } = { access: { authTypes: [1], permission: 'certificate:view' } };
const revoke: { access: RouteAccess } = { access: { authTypes: [1], permission: 'certificate:revoke' } };

const certificatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const today = () => beijingDay(app.clock());

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
      const certificate = await findPublicCertificate(app.db, request.params.number.toUpperCase(), today());
      if (!certificate) throw new BizError(CERTIFICATE_NOT_FOUND_MESSAGE, 10, 404);
      return ok(certificate);
    },
  );

  app.get(
    '/certificates',
    {
      config: view,
      schema: {
        tags,
        summary: '证书列表（关键字：证书编号、持证人；状态按今天判断）',
        querystring: CertificateListQuery,
        response: { 200: Envelope(PageResult(CertificateRecord)) },
      },
    },
    async (request) => ok(await listCertificates(app.db, request.query, today())),
  );

  app.get(
    '/certificates/:id',
    { config: view, schema: { tags, summary: '证书详情', params: IdParams, response: { 200: Envelope(CertificateRecord) } } },
    async (request) => {
      const certificate = await findCertificate(app.db, request.params.id, today());
      if (!certificate) throw errors.notFound('证书');
      return ok(certificate);
    },
  );

  app.post(
    '/certificates/:id/revoke',
    {
      config: revoke,
      schema: {
        tags,
        summary: '吊销证书（填写原因；已吊销的不能再吊销）',
        params: IdParams,
        body: CertificateRevokeBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await revokeCertificate(request, requireUser(request), request.params.id, request.body.reason);
      return ok(null, '证书已吊销');
    },
  );
};

export default certificatesRoutes;
