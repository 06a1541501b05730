/** GET /dict/item/:code: a dictionary's enabled items, in order (public: the register page needs them). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope } from '@common/schemas/common';
import { DictCodeParams, DictItem } from '@common/schemas/dict';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';

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
      const { code } = request.params;
      const type = await app.db
        .selectFrom('dict_types')
        .select(['code', 'enabled'])
        .where('code', '=', code)
        .executeTakeFirst();
      if (!type || !type.enabled) throw errors.notFound('字典');
      const items = await app.db
        .selectFrom('dict_items')
        .select(['label', 'value', 'sort'])
        .where('type_code', '=', code)
        .where('enabled', '=', 1)
        .orderBy('sort')
        .orderBy('value')
        .execute();
      return ok(items);
    },
  );
};

export default dictRoutes;
