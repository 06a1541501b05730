/**
 * msw handlers for the back office's content APIs: articles, notices,
 * carousels, friendly links and site pages, as staff call them. Stateful like the server:
 * lists filter, sort and page; creates, updates (with the version: a stale one is HTTP 409),
 * deletes, publish/offline, enable/disable, reorder and batch-* change the records; every
 * route checks the token and the permission code (status 30 without it).
 *
 * `resetContentMock()` (through `resetMockState()`, after each test) restores the fixtures.
 * For one test:
 *
 *   contentCalls                 // [{ method, path, query, body }] of every content call, in order
 *   contentDb.articles           // the records as they stand now (mutable)
 *   callsTo('post', '/articles/batch-delete')
 */
import { http, type HttpHandler } from 'msw';
import type {
  ArticleCreateBody,
  ArticleRecord,
  BatchBody,
  CarouselCreateBody,
  CarouselRecord,
  FileRef,
  FriendlyLinkCreateBody,
  FriendlyLinkRecord,
  NoticeCreateBody,
  NoticeRecord,
  PublishableRowAction,
  PublishState,
  PublishStatusValue,
  SitePageRecord,
  SitePageUpdateBody,
  SwitchableRowAction,
} from '@common/schemas/content';
import {
  ARTICLE_CATEGORY_VALUES,
  CONTENT_MAX,
  HTTP_URL_PATTERN,
  LINK_PATTERN,
  NAME_MAX,
  SUMMARY_MAX,
  TITLE_MAX,
} from '@common/schemas/content';
import { hasPermission, type PermissionCode } from '@common/permissions';
import { storedFile } from './fixtures';
import { apiPath, bad, bumped, callLog, done, guard, hasKeyword, matching, notFound, pageOf, sortBy, stale, type ApiCall, type FixtureAccount } from './kit';

const log = callLog();
export type ContentCall = ApiCall;
/** [{ method, path, query, body }] of every content call, in order. */
export const contentCalls = log.calls;
/** The recorded calls with this method and path (under /api/v1). */
export const callsTo = log.to;

/* ---------- fixtures ---------- */

const T0 = '2026-10-01T02:00:00.000Z';
const attachment: FileRef = {
  fileId: storedFile.fileId,
  name: storedFile.name,
  size: storedFile.size,
  contentType: storedFile.contentType,
};

/** What an article and a notice start as (with no attachments): a draft, never read. */
const DRAFT = {
  status: 'draft',
  state: 'draft',
  publishAt: null,
  pinned: false,
  viewCount: 0,
  createdAt: T0,
  updatedAt: T0,
  version: 1,
} as const satisfies Partial<ArticleRecord & NoticeRecord>;

function article(id: string, fields: Partial<ArticleRecord>): ArticleRecord {
  return {
    ...DRAFT,
    attachmentFileIds: [],
    attachments: [],
    id,
    title: '',
    category: 'news',
    summary: null,
    content: '<p>正文</p>',
    author: null,
    source: null,
    coverFileId: null,
    cover: null,
    ...fields,
  };
}

function fixtureArticles(): ArticleRecord[] {
  return [
    article('article-1', {
      title: '协会召开2026年度会员大会',
      category: 'work',
      summary: '会议审议通过了年度工作报告。',
      content: '<p>2026年10月，协会召开年度会员大会。</p>',
      author: '协会秘书处',
      source: '本站',
      status: 'published',
      publishAt: '2026-10-10T01:00:00.000Z',
      pinned: true,
      viewCount: 128,
      attachmentFileIds: [attachment.fileId],
      attachments: [attachment],
      updatedAt: '2026-10-10T01:00:00.000Z',
    }),
    article('article-2', {
      title: '社会稳定风险评估行业培训通知',
      category: 'news',
      status: 'draft',
      updatedAt: '2026-10-12T03:00:00.000Z',
    }),
    article('article-3', {
      title: '关于规范稳评报告编制的指导意见',
      category: 'industry',
      status: 'offline',
      publishAt: '2026-09-01T01:00:00.000Z',
      viewCount: 56,
      updatedAt: '2026-09-20T01:00:00.000Z',
    }),
    article('article-4', {
      title: '2027年度工作计划（预告）',
      category: 'work',
      status: 'published',
      publishAt: '2099-01-01T01:00:00.000Z',
      updatedAt: '2026-10-15T01:00:00.000Z',
    }),
  ];
}

function notice(id: string, fields: Partial<NoticeRecord>): NoticeRecord {
  return {
    ...DRAFT,
    attachmentFileIds: [],
    attachments: [],
    id,
    title: '',
    content: '<p>公告正文</p>',
    expireAt: null,
    ...fields,
  };
}

function fixtureNotices(): NoticeRecord[] {
  return [
    notice('notice-1', {
      title: '关于开展2026年度会员单位年检工作的通知',
      status: 'published',
      publishAt: '2026-10-01T01:00:00.000Z',
      pinned: true,
      viewCount: 300,
    }),
    notice('notice-2', {
      title: '国庆假期办公安排',
      status: 'published',
      publishAt: '2026-09-25T01:00:00.000Z',
      expireAt: '2026-10-08T01:00:00.000Z',
    }),
    notice('notice-3', { title: '协会换届选举公告（草稿）' }),
  ];
}

const carouselImage: FileRef = { fileId: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', name: 'banner.jpg', size: 20480, contentType: 'image/jpeg' };

function fixtureCarousels(): CarouselRecord[] {
  const base = { createdAt: T0, updatedAt: T0, version: 1, showFrom: null, showUntil: null };
  return [
    { ...base, id: 'carousel-1', title: '年度会员大会胜利召开', imageFileId: carouselImage.fileId, image: carouselImage, link: '/FrontPage/detail/article-1', sort: 10, enabled: true, live: true },
    { ...base, id: 'carousel-2', title: '稳评行业培训火热报名中', imageFileId: null, image: null, link: 'https://example.org/training', sort: 20, enabled: false, live: false },
  ];
}

function fixtureLinks(): FriendlyLinkRecord[] {
  const base = { createdAt: T0, updatedAt: T0, version: 1, logoFileId: null, logo: null };
  return [
    { ...base, id: 'link-1', name: '市人民政府', url: 'https://www.example.gov.cn', sort: 10, enabled: true },
    { ...base, id: 'link-2', name: '省社会稳定风险评估中心', url: 'http://www.example.org.cn', sort: 20, enabled: true },
  ];
}

function fixtureSitePages(): SitePageRecord[] {
  const base = { updatedAt: T0, version: 1 };
  return [
    { ...base, key: 'about', title: '协会简介', content: '<p>市社会稳定风险评估行业协会成立于2018年。</p>', data: {} },
    {
      ...base,
      key: 'contact',
      title: '联系我们',
      content: '<p>欢迎来电来函。</p>',
      data: { postalAddress: '市民中心B座12层', postcode: '310000', phone: '(0571) 8888 6666', email: 'office@example.org', contactHours: '工作日 9:00—17:00' },
    },
    {
      ...base,
      key: 'footer',
      title: '页脚信息',
      content: '',
      data: { associationName: '市社会稳定风险评估行业协会', icpNumber: '浙ICP备00000000号', copyright: '© 市社会稳定风险评估行业协会' },
    },
    { ...base, key: 'disclaimer', title: '免责声明', content: '<p>本站信息仅供参考。</p>', data: {} },
    { ...base, key: 'privacy', title: '隐私政策', content: '<p>我们重视您的隐私。</p>', data: {} },
    { ...base, key: 'terms', title: '用户协议', content: '<p>请您在注册前仔细阅读本协议。</p>', data: {} },
  ];
}

export const contentDb = {
  articles: fixtureArticles(),
  notices: fixtureNotices(),
  carousels: fixtureCarousels(),
  links: fixtureLinks(),
  sitePages: fixtureSitePages(),
};
let nextId = 100;

export function resetContentMock(): void {
  contentDb.articles = fixtureArticles();
  contentDb.notices = fixtureNotices();
  contentDb.carousels = fixtureCarousels();
  contentDb.links = fixtureLinks();
  contentDb.sitePages = fixtureSitePages();
  log.clear();
  nextId = 100;
}

/* ---------- the server's rules ---------- */

function stateOf(status: PublishStatusValue, publishAt: string | null, expireAt: string | null = null): PublishState {
  const now = new Date().toISOString();
  if (status === 'draft') return 'draft';
  if (status === 'offline') return 'offline';
  if (publishAt && publishAt > now) return 'scheduled';
  if (expireAt && expireAt <= now) return 'expired';
  return 'published';
}

function withState<T extends { status: PublishStatusValue; publishAt: string | null; expireAt?: string | null }>(r: T): T & { state: PublishState } {
  return { ...r, state: stateOf(r.status, r.publishAt, r.expireAt ?? null) };
}

function iso(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function textRule(value: unknown, label: string, max: number, requiredField = false): string | null {
  if (value === undefined || value === null) return requiredField ? `${label}不能为空` : null;
  if (typeof value !== 'string') return `${label}格式不正确`;
  if (requiredField && value.trim() === '') return `${label}不能为空`;
  if (value.length > max) return `${label}长度不能超过${max}个字符`;
  return null;
}

function fileRefs(ids: readonly string[] | undefined): FileRef[] {
  return (ids ?? []).map((fileId) =>
    fileId === storedFile.fileId ? attachment : { fileId, name: `${fileId.slice(0, 8)}.jpg`, size: 1024, contentType: 'image/jpeg' },
  );
}

function dayRange(params: URLSearchParams, value: string | null): boolean {
  const from = params.get('publishFrom');
  const to = params.get('publishTo');
  if (!from && !to) return true;
  if (!value) return false;
  const day = new Date(new Date(value).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  return (!from || day >= from) && (!to || day <= to);
}

function batchIds(body: Partial<BatchBody> | null): string[] | null {
  return Array.isArray(body?.ids) && body.ids.length > 0 && body.ids.length <= 100 ? body.ids : null;
}

/* ---------- what every list shares ---------- */

interface ListSpec<R extends { id: string }, B> {
  path: string;
  /** The record's name in the server's words (文章不存在, 所选文章不存在或已被删除). */
  name: string;
  codes: { view: PermissionCode; edit: PermissionCode; delete: PermissionCode };
  items: () => R[];
  setItems: (items: R[]) => void;
  validate: (body: B) => string | null;
  build: (body: B, previous: R | undefined, id: string) => R;
}

function storeOf<R extends { id: string }>(spec: ListSpec<R, never>) {
  return {
    find: (id: unknown) => spec.items().find((r) => r.id === id),
    replace: (next: R) => spec.setItems(spec.items().map((r) => (r.id === next.id ? next : r))),
  };
}

/** GET and DELETE `${path}/:id`: one record (as `present` shows it), and its removal. */
function recordHandlers<R extends { id: string }>(spec: ListSpec<R, never>, present: (r: R) => unknown): HttpHandler[] {
  const { path, codes } = spec;
  const { find } = storeOf(spec);
  return [
    http.get(apiPath(`${path}/:id`), async ({ request, params }) => {
      const account = await log.guard(request, codes.view);
      if (account instanceof Response) return account;
      const r = find(params.id);
      return r ? done(present(r)) : notFound(spec.name);
    }),

    http.delete(apiPath(`${path}/:id`), async ({ request, params }) => {
      const account = await log.guard(request, codes.delete);
      if (account instanceof Response) return account;
      if (!find(params.id)) return notFound(spec.name);
      spec.setItems(spec.items().filter((r) => r.id !== params.id));
      return done();
    }),
  ];
}

/* ---------- articles and notices ---------- */

type Publishable = ArticleRecord | NoticeRecord;

/** A row's buttons for `account`, as the server's publishRowActions (server/content/publishing.ts) answers. */
function publishRowActions(account: FixtureAccount, codes: PublishableSpec<Publishable, unknown>['codes'], r: Publishable): PublishableRowAction[] {
  const may = (code: PermissionCode) => hasPermission(account.user, code);
  const actions: PublishableRowAction[] = [];
  if (may(codes.edit)) actions.push('edit');
  if (may(codes.publish) && r.state !== 'published' && r.state !== 'expired') actions.push('publish');
  if (may(codes.publish) && r.state !== 'draft' && r.state !== 'offline') actions.push('offline');
  if (may(codes.delete)) actions.push('delete');
  return actions;
}

interface PublishableSpec<R extends Publishable, B> extends ListSpec<R, B> {
  codes: ListSpec<R, B>['codes'] & { publish: PermissionCode };
  matches: (r: R, params: URLSearchParams) => boolean;
}

function publishableHandlers<R extends Publishable, B extends { saveAs?: string; publishAt?: string | null }>(
  spec: PublishableSpec<R, B>,
): HttpHandler[] {
  const { path, codes } = spec;
  const { find, replace } = storeOf(spec);
  const touch = (r: R, change: Partial<Publishable>): R => withState(bumped(r, change as Partial<R>)) as R;
  const publishFields = (saveAs: string | undefined, publishAt: string | null | undefined, previous?: R) =>
    saveAs === 'publish'
      ? { status: 'published' as const, publishAt: iso(publishAt) ?? new Date().toISOString() }
      : { status: 'draft' as const, publishAt: iso(publishAt) ?? previous?.publishAt ?? null };

  return [
    http.get(apiPath(path), async ({ request }) => {
      const account = await log.guard(request, codes.view);
      if (account instanceof Response) return account;
      const params = new URL(request.url).searchParams;
      const matches = matching<R>(params, {
        keyword: (r, keyword) => hasKeyword(keyword, [r.title]),
        state: (r, state) => r.state === state,
        pinned: (r, pinned) => String(r.pinned) === pinned,
      });
      const items = spec
        .items()
        .map((r) => withState(r) as R)
        .filter((r) => matches(r) && dayRange(params, r.publishAt) && spec.matches(r, params));
      const sorted = sortBy(items, params.get('sort'), (a, b) => Number(b.pinned) - Number(a.pinned) || b.updatedAt.localeCompare(a.updatedAt));
      const page = pageOf(sorted, params);
      return done({ ...page, list: page.list.map((r) => ({ ...r, content: '', actions: publishRowActions(account, codes, r) })) });
    }),

    http.post(apiPath(`${path}/batch-:name`), async ({ request, params }) => {
      await log.record(request);
      const name = String(params.name);
      const code = name === 'delete' ? codes.delete : codes.publish;
      const account = guard(request, code);
      if (account instanceof Response) return account;
      const ids = batchIds((await request.json()) as Partial<BatchBody> | null);
      if (!ids) return bad('所选记录不能为空');
      if (ids.some((id) => !find(id))) return bad(`所选${spec.name}不存在或已被删除`);
      if (name === 'delete') spec.setItems(spec.items().filter((r) => !ids.includes(r.id)));
      else if (name === 'publish' || name === 'offline') {
        for (const id of ids) {
          const r = find(id) as R;
          replace(touch(r, name === 'publish' ? { status: 'published', publishAt: r.publishAt ?? new Date().toISOString() } : { status: 'offline' }));
        }
      } else return bad('不支持的批量操作', 404);
      return done({ count: ids.length });
    }),

    ...recordHandlers(spec, withState),

    http.post(apiPath(path), async ({ request }) => {
      await log.record(request);
      const body = (await request.json()) as B;
      const account = guard(request, [codes.edit, ...(body?.saveAs === 'publish' ? [codes.publish] : [])]);
      if (account instanceof Response) return account;
      const refusal = spec.validate(body);
      if (refusal) return bad(refusal);
      nextId += 1;
      const id = `${path.slice(1, -1)}-${nextId}`;
      const created = withState({ ...spec.build(body, undefined, id), ...publishFields(body.saveAs, body.publishAt) }) as R;
      spec.setItems([created, ...spec.items()]);
      return done({ id });
    }),

    http.put(apiPath(`${path}/:id`), async ({ request, params }) => {
      await log.record(request);
      const body = (await request.json()) as B & { version?: number };
      const account = guard(request, [codes.edit, ...(body?.saveAs === 'publish' ? [codes.publish] : [])]);
      if (account instanceof Response) return account;
      const previous = find(params.id);
      if (!previous) return notFound(spec.name);
      const refusal = spec.validate(body);
      if (refusal) return bad(refusal);
      if (body.version !== previous.version) return stale();
      const next = spec.build(body, previous, previous.id);
      replace(touch(next, publishFields(body.saveAs, body.publishAt, previous)));
      return done();
    }),

    http.post(apiPath(`${path}/:id/:action`), async ({ request, params }) => {
      const account = await log.guard(request, codes.publish);
      if (account instanceof Response) return account;
      const r = find(params.id);
      if (!r) return notFound(spec.name);
      if (params.action === 'publish') {
        const body = (await request.json().catch(() => ({}))) as { publishAt?: string | null };
        if (body.publishAt && !iso(body.publishAt)) return bad('发布时间格式不正确');
        replace(touch(r, { status: 'published', publishAt: iso(body.publishAt) ?? new Date().toISOString() }));
      } else if (params.action === 'offline') replace(touch(r, { status: 'offline' }));
      else return bad('不支持的操作', 404);
      return done();
    }),
  ];
}

function validateArticle(body: Partial<ArticleCreateBody>): string | null {
  if (!body || typeof body !== 'object') return '请求体格式不正确';
  if (!ARTICLE_CATEGORY_VALUES.includes(body.category as never)) return '栏目不正确';
  return (
    textRule(body.title, '标题', TITLE_MAX, true) ??
    textRule(body.summary, '摘要', SUMMARY_MAX) ??
    textRule(body.content, '正文', CONTENT_MAX, true) ??
    (body.publishAt && !iso(body.publishAt) ? '发布时间格式不正确' : null)
  );
}

function validateNotice(body: Partial<NoticeCreateBody>): string | null {
  if (!body || typeof body !== 'object') return '请求体格式不正确';
  const refusal = textRule(body.title, '标题', TITLE_MAX, true) ?? textRule(body.content, '正文', CONTENT_MAX, true);
  if (refusal) return refusal;
  const publishAt = iso(body.publishAt);
  const expireAt = iso(body.expireAt);
  if (publishAt && expireAt && expireAt <= publishAt) return '失效时间必须晚于发布时间';
  return null;
}

/* ---------- carousels and friendly links ---------- */

function sortableHandlers<R extends CarouselRecord | FriendlyLinkRecord, B>(spec: ListSpec<R, B>): HttpHandler[] {
  const { path, codes } = spec;
  const { find, replace } = storeOf(spec);
  return [
    http.get(apiPath(path), async ({ request }) => {
      const account = await log.guard(request, codes.view);
      if (account instanceof Response) return account;
      const params = new URL(request.url).searchParams;
      const items = spec.items().filter(
        matching<R>(params, {
          keyword: (r, keyword) => hasKeyword(keyword, ['title' in r ? r.title : r.name]),
          enabled: (r, enabled) => String(r.enabled) === enabled,
        }),
      );
      // The row controls the server's orderedRowActions (server/content/ordering.ts) offers.
      const actions = (r: R): SwitchableRowAction[] => [
        ...(hasPermission(account.user, codes.edit) ? (['edit', r.enabled ? 'disable' : 'enable'] as const) : []),
        ...(hasPermission(account.user, codes.delete) ? (['delete'] as const) : []),
      ];
      const sorted = sortBy(items, params.get('sort'), (a, b) => a.sort - b.sort || a.createdAt.localeCompare(b.createdAt));
      return done(pageOf(sorted.map((r) => ({ ...r, actions: actions(r) })), params));
    }),

    http.post(apiPath(`${path}/reorder`), async ({ request }) => {
      const account = await log.guard(request, codes.edit);
      if (account instanceof Response) return account;
      const ids = batchIds((await request.json()) as Partial<BatchBody> | null);
      if (!ids || ids.some((id) => !find(id))) return bad('顺序不正确');
      ids.forEach((id, index) => replace(bumped(find(id) as R, { sort: (index + 1) * 10 } as Partial<R>)));
      return done();
    }),

    ...recordHandlers(spec, (r) => r),

    http.post(apiPath(path), async ({ request }) => {
      const account = await log.guard(request, codes.edit);
      if (account instanceof Response) return account;
      const body = (await request.json()) as B;
      const refusal = spec.validate(body);
      if (refusal) return bad(refusal);
      nextId += 1;
      const id = `${spec.path.slice(1)}-${nextId}`;
      spec.setItems([...spec.items(), spec.build(body, undefined, id)]);
      return done({ id });
    }),

    http.put(apiPath(`${path}/:id`), async ({ request, params }) => {
      const account = await log.guard(request, codes.edit);
      if (account instanceof Response) return account;
      const previous = find(params.id);
      if (!previous) return notFound(spec.name);
      const body = (await request.json()) as B & { version?: number };
      const refusal = spec.validate(body);
      if (refusal) return bad(refusal);
      if (body.version !== previous.version) return stale();
      replace(bumped(spec.build(body, previous, previous.id)));
      return done();
    }),

    http.post(apiPath(`${path}/:id/:action`), async ({ request, params }) => {
      const account = await log.guard(request, codes.edit);
      if (account instanceof Response) return account;
      const r = find(params.id);
      if (!r) return notFound(spec.name);
      if (params.action !== 'enable' && params.action !== 'disable') return bad('不支持的操作', 404);
      replace(bumped(r, { enabled: params.action === 'enable' } as Partial<R>));
      return done();
    }),
  ];
}

const LINK = new RegExp(LINK_PATTERN);
const HTTP_URL = new RegExp(HTTP_URL_PATTERN);

function liveNow(enabled: boolean, from: string | null, until: string | null): boolean {
  const now = new Date().toISOString();
  return enabled && (!from || from <= now) && (!until || until > now);
}

/* ---------- the handlers ---------- */

export const contentHandlers: HttpHandler[] = [
  http.post(apiPath('/articles/sanitize'), async ({ request }) => {
    const account = await log.guard(request, 'content:article:edit');
    if (account instanceof Response) return account;
    const body = (await request.json()) as { content?: string };
    // Enough of the server's allow-list for tests: scripts and event handlers go.
    const content = (body.content ?? '').replace(/<script[\s\S]*?<\/script>/gi, '').replace(/\son\w+="[^"]*"/gi, '');
    return done({ content });
  }),

  ...publishableHandlers<ArticleRecord, ArticleCreateBody>({
    path: '/articles',
    name: '文章',
    codes: { view: 'content:article:view', edit: 'content:article:edit', publish: 'content:article:publish', delete: 'content:article:delete' },
    items: () => contentDb.articles,
    setItems: (items) => {
      contentDb.articles = items;
    },
    matches: (r, params) => !params.get('category') || r.category === params.get('category'),
    validate: validateArticle,
    build: (body, previous, id) =>
      article(id, {
        ...previous,
        title: body.title,
        category: body.category,
        summary: body.summary ?? null,
        content: body.content,
        author: body.author ?? null,
        source: body.source ?? null,
        coverFileId: body.coverFileId ?? null,
        cover: body.coverFileId ? fileRefs([body.coverFileId])[0] : null,
        attachmentFileIds: body.attachmentFileIds ?? [],
        attachments: fileRefs(body.attachmentFileIds),
        pinned: body.pinned ?? false,
      }),
  }),

  ...publishableHandlers<NoticeRecord, NoticeCreateBody>({
    path: '/notices',
    name: '公告',
    codes: { view: 'content:notice:view', edit: 'content:notice:edit', publish: 'content:notice:edit', delete: 'content:notice:delete' },
    items: () => contentDb.notices,
    setItems: (items) => {
      contentDb.notices = items;
    },
    matches: () => true,
    validate: validateNotice,
    build: (body, previous, id) =>
      notice(id, {
        ...previous,
        title: body.title,
        content: body.content,
        attachmentFileIds: body.attachmentFileIds ?? [],
        attachments: fileRefs(body.attachmentFileIds),
        pinned: body.pinned ?? false,
        expireAt: iso(body.expireAt),
      }),
  }),

  ...sortableHandlers<CarouselRecord, CarouselCreateBody>({
    path: '/carousels',
    name: '轮播',
    codes: { view: 'content:carousel:view', edit: 'content:carousel:edit', delete: 'content:carousel:delete' },
    items: () => contentDb.carousels,
    setItems: (items) => {
      contentDb.carousels = items;
    },
    validate: (body) =>
      textRule(body?.title, '标题', TITLE_MAX, true) ??
      (body.link && !LINK.test(body.link) ? '链接必须是站内路径或以 http://、https:// 开头的网址' : null) ??
      (body.showFrom && body.showUntil && iso(body.showUntil)! <= iso(body.showFrom)! ? '展示结束时间必须晚于展示开始时间' : null),
    build: (body, previous, id) => {
      const now = new Date().toISOString();
      const showFrom = iso(body.showFrom);
      const showUntil = iso(body.showUntil);
      const enabled = body.enabled ?? previous?.enabled ?? true;
      return {
        createdAt: now,
        updatedAt: now,
        version: 1,
        ...previous,
        id,
        title: body.title,
        imageFileId: body.imageFileId,
        image: body.imageFileId ? (body.imageFileId === carouselImage.fileId ? carouselImage : fileRefs([body.imageFileId])[0]) : null,
        link: body.link ?? null,
        sort: body.sort ?? previous?.sort ?? (contentDb.carousels.length + 1) * 10,
        enabled,
        showFrom,
        showUntil,
        live: liveNow(enabled, showFrom, showUntil),
      };
    },
  }),

  ...sortableHandlers<FriendlyLinkRecord, FriendlyLinkCreateBody>({
    path: '/friendly-links',
    name: '友情链接',
    codes: { view: 'content:link:view', edit: 'content:link:edit', delete: 'content:link:delete' },
    items: () => contentDb.links,
    setItems: (items) => {
      contentDb.links = items;
    },
    validate: (body) =>
      textRule(body?.name, '名称', NAME_MAX, true) ??
      (typeof body.url !== 'string' || !HTTP_URL.test(body.url) ? '网址必须以 http:// 或 https:// 开头' : null),
    build: (body, previous, id) => {
      const now = new Date().toISOString();
      return {
        createdAt: now,
        updatedAt: now,
        version: 1,
        ...previous,
        id,
        name: body.name,
        url: body.url,
        logoFileId: body.logoFileId ?? null,
        logo: body.logoFileId ? fileRefs([body.logoFileId])[0] : null,
        sort: body.sort ?? previous?.sort ?? (contentDb.links.length + 1) * 10,
        enabled: body.enabled ?? previous?.enabled ?? true,
      };
    },
  }),

  http.get(apiPath('/site-pages'), async ({ request }) => {
    const account = await log.guard(request, 'content:site-page:edit');
    if (account instanceof Response) return account;
    return done(contentDb.sitePages);
  }),

  http.get(apiPath('/site-pages/:key'), async ({ request, params }) => {
    const account = await log.guard(request, 'content:site-page:edit');
    if (account instanceof Response) return account;
    const page = contentDb.sitePages.find((p) => p.key === params.key);
    return page ? done(page) : notFound('页面');
  }),

  http.put(apiPath('/site-pages/:key'), async ({ request, params }) => {
    const account = await log.guard(request, 'content:site-page:edit');
    if (account instanceof Response) return account;
    const page = contentDb.sitePages.find((p) => p.key === params.key);
    if (!page) return notFound('页面');
    const body = (await request.json()) as SitePageUpdateBody;
    const refusal = textRule(body.title, '页面标题', 100, true) ?? textRule(body.content, '正文', CONTENT_MAX);
    if (refusal) return bad(refusal);
    if (body.version !== page.version) return stale();
    const next: SitePageRecord = {
      ...page,
      title: body.title,
      content: body.content,
      data: body.data ?? page.data,
      version: page.version + 1,
      updatedAt: new Date().toISOString(),
    };
    contentDb.sitePages = contentDb.sitePages.map((p) => (p.key === page.key ? next : p));
    return done();
  }),
];
