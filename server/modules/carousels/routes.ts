/** /carousels: the home page's carousel, managed by staff (content:carousel:*). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CreatedResult, Envelope, IdParams, PageResult } from '@common/schemas/common';
import { CarouselCreateBody, CarouselListItem, CarouselListQuery, CarouselRecord, CarouselUpdateBody } from '@common/schemas/content';
import { requireUser } from '../../security/guard';
import { registerOrderedRoutes } from '../../content/ordering';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { findCarousel, listCarousels } from './queries';
import { CAROUSEL_KIND, createCarousel, updateCarousel } from './service';

const tags = ['轮播新闻'];
const Done = Envelope(Type.Null());
const VIEW = { access: { authTypes: [1], permission: 'content:carousel:view' } } as const;
const EDIT = { access: { authTypes: [1], permission: 'content:carousel:edit' } } as const;

const carouselsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/carousels',
    {
      config: VIEW,
      schema: {
        tags,
        summary: '轮播列表（默认按排序号、创建时间）',
        querystring: CarouselListQuery,
        response: { 200: Envelope(PageResult(CarouselListItem)) },
      },
    },
    async (request) => ok(await listCarousels(app.db, requireUser(request), request.query, app.clock().toISOString())),
  );

  app.get(
    '/carousels/:id',
    { config: VIEW, schema: { tags, summary: '轮播详情', params: IdParams, response: { 200: Envelope(CarouselRecord) } } },
    async (request) => {
      const record = await findCarousel(app.db, request.params.id, app.clock().toISOString());
      if (!record) throw errors.notFound('轮播');
      return ok(record);
    },
  );

  app.post(
    '/carousels',
    {
      config: EDIT,
      schema: { tags, summary: '新增轮播（未给排序号时排在最后）', body: CarouselCreateBody, response: { 200: Envelope(CreatedResult) } },
    },
    async (request) => ok({ id: await createCarousel(request, request.body) }, '轮播已创建'),
  );

  app.put(
    '/carousels/:id',
    {
      config: EDIT,
      schema: { tags, summary: '修改轮播（带上读取时的 version）', params: IdParams, body: CarouselUpdateBody, response: { 200: Done } },
    },
    async (request) => {
      await updateCarousel(request, request.params.id, request.body);
      return ok(null, '轮播已保存');
    },
  );

  registerOrderedRoutes(app, {
    kind: CAROUSEL_KIND,
    path: '/carousels',
    tags,
    editCode: 'content:carousel:edit',
    deleteCode: 'content:carousel:delete',
  });
};

export default carouselsRoutes;
