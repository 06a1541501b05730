/** /friendly-links: the links in the site's footer, managed by staff (content:link:*). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CreatedResult, Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  FriendlyLinkCreateBody,
  FriendlyLinkListItem,
  FriendlyLinkListQuery,
  FriendlyLinkRecord,
  FriendlyLinkUpdateBody,
} from '@common/schemas/content';
import { requireUser } from '../../security/guard';
import { registerOrderedRoutes } from '../../content/ordering';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { findFriendlyLink, listFriendlyLinks } from './queries';
import { FRIENDLY_LINK_KIND, createFriendlyLink, updateFriendlyLink } from './service';

const tags = ['友情链接'];
const Done = Envelope(Type.Null());
const VIEW = { access: { authTypes: [1], permission: 'content:link:view' } } as const;
const EDIT = { access: { authTypes: [1], permission: 'content:link:edit' } } as const;

const friendlyLinksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/friendly-links',
    {
      config: VIEW,
      schema: {
        tags,
        summary: '友情链接列表（默认按排序号、创建时间）',
        querystring: FriendlyLinkListQuery,
        response: { 200: Envelope(PageResult(FriendlyLinkListItem)) },
      },
    },
    async (request) => ok(await listFriendlyLinks(app.db, requireUser(request), request.query)),
  );

  app.get(
    '/friendly-links/:id',
    { config: VIEW, schema: { tags, summary: '友情链接详情', params: IdParams, response: { 200: Envelope(FriendlyLinkRecord) } } },
    async (request) => {
      const record = await findFriendlyLink(app.db, request.params.id);
      if (!record) throw errors.notFound('友情链接');
      return ok(record);
    },
  );

  app.post(
    '/friendly-links',
    {
      config: EDIT,
      schema: { tags, summary: '新增友情链接（未给排序号时排在最后）', body: FriendlyLinkCreateBody, response: { 200: Envelope(CreatedResult) } },
    },
    async (request) => ok({ id: await createFriendlyLink(request, request.body) }, '友情链接已创建'),
  );

  app.put(
    '/friendly-links/:id',
    {
      config: EDIT,
      schema: { tags, summary: '修改友情链接（带上读取时的 version）', params: IdParams, body: FriendlyLinkUpdateBody, response: { 200: Done } },
    },
    async (request) => {
      await updateFriendlyLink(request, request.params.id, request.body);
      return ok(null, '友情链接已保存');
    },
  );

  registerOrderedRoutes(app, {
    kind: FRIENDLY_LINK_KIND,
    path: '/friendly-links',
    tags,
    editCode: 'content:link:edit',
    deleteCode: 'content:link:delete',
  });
};

export default friendlyLinksRoutes;
