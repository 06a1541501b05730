/** GET /dict/item/:code: a dictionary's enabled items, in order (public: the register page needs them). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope } from '@common/schemas/common';
import { DictCodeParams, DictItem } from '@common/schemas/dict';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { enabledDictItems } from './queries';

const dictRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/dict/item/:code',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['字典'],
        summary: '字典项',
        params: DictCodeParams,
        response: { 200: Envelope(Type.Array(DictItem)) },
      },
    },
    async (request) => {
      const items = await enabledDictItems(app.db, request.params.code);
      if (!items) throw errors.notFound('字典');
      return ok(items);
    },
  );
};

export default dictRoutes;
