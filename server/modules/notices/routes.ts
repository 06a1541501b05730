/**
 * Notices: staff manage them (content:notice:*), the public reads the
 * ones that are published, due and not expired under /public/notices.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CreatedResult, Envelope, IdParams, PageResult } from '@common/schemas/common';
import { NoticeCreateBody, NoticeListItem, NoticeListQuery, NoticeRecord, NoticeUpdateBody } from '@common/schemas/content';
import { PublicNotice, PublicNoticeItem, PublicNoticeListQuery } from '@common/schemas/public';
import { requireUser, type RouteAccess } from '../../security/guard';
import { registerPublishRoutes } from '../../content/publishRoutes';
import { ok } from '../../http/envelope';
import { BizError, errors } from '../../http/errors';
import { CONTENT_GONE_MESSAGE } from '../../content/publishing';
import { findNoticeRow, findPublicNotice, listNotices, listPublicNotices, toNoticeRecords } from './queries';
import { createNotice, NOTICE_KIND, updateNotice } from './service';
import { publicRead } from '../../http/readCache';

const tags = ['网站公告'];
const view: { access: RouteAccess } = { access: { authTypes: [1], permission: 'content:notice:view' } };
const edit: { access: RouteAccess } = { access: { authTypes: [1], permission: 'content:notice:edit' } };

const noticesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.clock().toISOString();

  app.get(
    '/notices',
    { config: view, schema: { tags, summary: '公告列表', querystring: NoticeListQuery, response: { 200: Envelope(PageResult(NoticeListItem)) } } },
    async (request) => ok(await listNotices(app.db, requireUser(request), request.query, now())),
  );

  app.get(
    '/notices/:id',
    { config: view, schema: { tags, summary: '公告详情', params: IdParams, response: { 200: Envelope(NoticeRecord) } } },
    async (request) => {
      const row = await findNoticeRow(app.db, request.params.id);
      if (!row) throw errors.notFound('公告');
      const [record] = await toNoticeRecords(app.db, [row], now(), true);
      return ok(record);
    },
  );

  app.post(
    '/notices',
    { config: edit, schema: { tags, summary: '新增公告（saveAs: draft 草稿，publish 发布）', body: NoticeCreateBody, response: { 200: Envelope(CreatedResult) } } },
    async (request) => {
      const id = await createNotice(request, requireUser(request), request.body);
      return ok({ id }, request.body.saveAs === 'publish' ? '公告已发布' : '草稿已保存');
    },
  );

  app.put(
    '/notices/:id',
    { config: edit, schema: { tags, summary: '修改公告（带上读取时的 version）', params: IdParams, body: NoticeUpdateBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await updateNotice(request, requireUser(request), request.params.id, request.body);
      return ok(null, '公告已保存');
    },
  );

  registerPublishRoutes(app, {
    base: '/notices',
    kind: NOTICE_KIND,
    tags,
    unit: '条',
    publishCode: 'content:notice:edit',
    deleteCode: 'content:notice:delete',
  });

  app.get(
    '/public/notices',
    {
      config: { access: { public: true } },
      schema: { tags: ['公开'], summary: '通知公告列表（置顶在前，其次按发布时间倒序）', querystring: PublicNoticeListQuery, response: { 200: Envelope(PageResult(PublicNoticeItem)) } },
    },
    async (request) => ok(await publicRead(app, request, () => listPublicNotices(app.db, request.query, now()))),
  );

  app.get(
    '/public/notices/:id',
    {
      config: { access: { public: true } },
      schema: { tags: ['公开'], summary: '通知公告详情（每位访客每天计一次浏览）', params: IdParams, response: { 200: Envelope(PublicNotice) } },
    },
    async (request) => {
      const at = app.clock();
      const shared = await publicRead(app, request, () => findPublicNotice(app.db, request.params.id, at.toISOString()));
      if (!shared) throw new BizError(CONTENT_GONE_MESSAGE, 10, 404);
      // A copy: the cached answer is every visitor's.
      const notice = { ...shared };
      await app.views.count(request, 'notice', notice.id, at);
      notice.viewCount = app.views.shown('notice', notice.id, shared.viewCount);
      return ok(notice);
    },
  );
};

export default noticesRoutes;
