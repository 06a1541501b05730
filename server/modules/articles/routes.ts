/**
 * Articles: the staff's list, record, create/update/delete and the
 * publishing steps; the public list and detail under /public/articles. Public reads never
 * return drafts, offline or future items (server/content/publishing.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CreatedResult, Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  ArticleCreateBody,
  ArticleListItem,
  ArticleListQuery,
  ArticleRecord,
  ArticleUpdateBody,
  SanitizeBody,
  SanitizeResult,
} from '@common/schemas/content';
import { PublicArticle, PublicArticleItem, PublicArticleListQuery } from '@common/schemas/public';
import { requireUser, type RouteAccess } from '../../security/guard';
import { registerPublishRoutes } from '../../content/publishRoutes';
import { registerPublicContentFileRule } from '../../content/readRule';
import { sanitizeRichText } from '../../content/sanitize';
import { ok } from '../../http/envelope';
import { CONTENT_GONE_MESSAGE } from '../../content/publishing';
import { BizError, errors } from '../../http/errors';
import { findArticleRow, findPublicArticle, listArticles, listPublicArticles, toArticleRecords } from './queries';
import { ARTICLE_KIND, createArticle, updateArticle } from './service';
import { publicRead } from '../../http/readCache';

const tags = ['新闻公告'];
const Done = Envelope(Type.Null());

const view: { access: RouteAccess } = { access: { authTypes: [1], permission: 'content:article:view' } };
const edit: { access: RouteAccess } = { access: { authTypes: [1], permission: 'content:article:edit' } };

const articlesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.clock().toISOString();
  // Files of live content (articles, notices, carousels, links, window units, experts) open for everyone.
  registerPublicContentFileRule();

  app.get(
    '/articles',
    { config: view, schema: { tags, summary: '文章列表', querystring: ArticleListQuery, response: { 200: Envelope(PageResult(ArticleListItem)) } } },
    async (request) => ok(await listArticles(app.db, requireUser(request), request.query, now())),
  );

  app.get(
    '/articles/:id',
    { config: view, schema: { tags, summary: '文章详情', params: IdParams, response: { 200: Envelope(ArticleRecord) } } },
    async (request) => {
      const row = await findArticleRow(app.db, request.params.id);
      if (!row) throw errors.notFound('文章');
      const [record] = await toArticleRecords(app.db, [row], now(), true);
      return ok(record);
    },
  );

  app.post(
    '/articles',
    {
      config: edit,
      schema: {
        tags,
        summary: '新增文章（saveAs: draft 保存草稿，publish 发布；发布另需 content:article:publish）',
        body: ArticleCreateBody,
        response: { 200: Envelope(CreatedResult) },
      },
    },
    async (request) => {
      const id = await createArticle(request, requireUser(request), request.body);
      return ok({ id }, request.body.saveAs === 'publish' ? '文章已发布' : '草稿已保存');
    },
  );

  app.put(
    '/articles/:id',
    { config: edit, schema: { tags, summary: '修改文章（带上读取时的 version）', params: IdParams, body: ArticleUpdateBody, response: { 200: Done } } },
    async (request) => {
      await updateArticle(request, requireUser(request), request.params.id, request.body);
      return ok(null, '文章已保存');
    },
  );

  registerPublishRoutes(app, {
    base: '/articles',
    kind: ARTICLE_KIND,
    tags,
    unit: '篇',
    publishCode: 'content:article:publish',
    deleteCode: 'content:article:delete',
  });

  app.post(
    '/articles/sanitize',
    { config: edit, schema: { tags, summary: '预览：返回清理后的正文（访客将看到的内容）', body: SanitizeBody, response: { 200: Envelope(SanitizeResult) } } },
    async (request) => ok({ content: sanitizeRichText(request.body.content) }),
  );

  // ---- public ----

  app.get(
    '/public/articles',
    {
      config: { access: { public: true } },
      schema: { tags: ['公开'], summary: '栏目文章列表（置顶在前，其次按发布时间倒序）', querystring: PublicArticleListQuery, response: { 200: Envelope(PageResult(PublicArticleItem)) } },
    },
    async (request) => ok(await publicRead(app, request, () => listPublicArticles(app.db, request.query, now()))),
  );

  app.get(
    '/public/articles/:id',
    {
      config: { access: { public: true } },
      schema: { tags: ['公开'], summary: '文章详情（每位访客每天计一次浏览）', params: IdParams, response: { 200: Envelope(PublicArticle) } },
    },
    async (request) => {
      const at = app.clock();
      const shared = await publicRead(app, request, () => findPublicArticle(app.db, request.params.id, at.toISOString()));
      if (!shared) throw new BizError(CONTENT_GONE_MESSAGE, 10, 404);
      // A copy: the cached answer is every visitor's.
      const article = { ...shared };
      await app.views.count(request, 'article', article.id, at);
      article.viewCount = app.views.shown('article', article.id, shared.viewCount);
      return ok(article);
    },
  );
};

export default articlesRoutes;
