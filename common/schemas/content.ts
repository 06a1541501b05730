/**
 * Site content as staff manage it (`/api/v1/articles`, `notices`, `carousels`,
 * `friendly-links`, `site-pages`): records, list queries and bodies. The public reads of the
 * same content are in ./public.ts.
 *
 * Field limits here are the server's rules; the back-office forms show the same ones.
 */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery, Version } from './common';
import { FileId } from './files';
import { BoundedInteger, CalendarDate, DateRange, DateTime, Identifier } from './kinds';
import { SitePageData } from './sitePages';

// ---- shared pieces -------------------------------------------------------------------------

export const ARTICLE_CATEGORY_VALUES = ['work', 'news', 'industry', 'download'] as const;
export type ArticleCategoryValue = (typeof ARTICLE_CATEGORY_VALUES)[number];

/** Stored publishing states of articles and notices. */
export const PUBLISH_STATUS_VALUES = ['draft', 'published', 'offline'] as const;
export type PublishStatusValue = (typeof PUBLISH_STATUS_VALUES)[number];

/**
 * What a visitor sees of an item, derived from status, publishAt (and a notice's expireAt)
 * at the moment of the request: a published item whose time has not come is 'scheduled',
 * a notice past its expiry is 'expired'. Lists can filter by it.
 */
export const PUBLISH_STATE_VALUES = ['draft', 'scheduled', 'published', 'expired', 'offline'] as const;
export type PublishState = (typeof PUBLISH_STATE_VALUES)[number];

export const PUBLISH_STATE_LABELS: Record<PublishState, string> = {
  draft: '草稿',
  scheduled: '定时发布',
  published: '已发布',
  expired: '已过期',
  offline: '已下线',
};

export const TITLE_MAX = 200;
export const SUMMARY_MAX = 500;
export const AUTHOR_MAX = 50;
export const SOURCE_MAX = 100;
/** Rich text, as HTML. Generous, but bounded: a pasted book is not an article. */
export const CONTENT_MAX = 200_000;
export const ATTACHMENTS_MAX = 20;
export const LINK_MAX = 500;
export const NAME_MAX = 100;

/** One of `values`; Static gives their union, validation says '<title>取值无效'. */
const Literals = <const T extends string[]>(values: readonly [...T], title: string) => Type.Enum(values, { title });

const Category = Literals(ARTICLE_CATEGORY_VALUES, '栏目');
const Title = Type.String({ minLength: 1, maxLength: TITLE_MAX, title: '标题' });
const Content = Type.String({ maxLength: CONTENT_MAX, title: '正文' });
const AttachmentIds = Type.Array(FileId, { maxItems: ATTACHMENTS_MAX, uniqueItems: true, title: '附件' });
const Pinned = Type.Boolean({ title: '置顶' });
/** A notice's expiry is after its publication. */
const publication = DateRange(DateTime, { field: 'publishAt', title: '发布时间', strictlyAfter: true }, '失效时间');
const PublishAt = Nullable(publication.from);
const ExpireAt = Nullable(publication.to);
/** On create and update: keep it as a draft, or publish it (now, or at publishAt). */
const SaveAs = Type.Union([Type.Literal('draft'), Type.Literal('publish')], { title: '保存方式' });

/** A file as a record lists it: enough to show a name, a size and a link. */
export const FileRef = Type.Object({
  fileId: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
});
export type FileRef = Static<typeof FileRef>;

/** `?publishFrom=2026-01-01&publishTo=2026-03-31`: calendar days (Beijing time), both inclusive. */
const published = DateRange(CalendarDate, { field: 'publishFrom', title: '发布开始日期' }, '发布结束日期');

// ---- articles --------------------------------------------------------------------------------

export const ArticleRecord = Type.Object({
  id: Type.String(),
  title: Type.String(),
  category: Type.String(),
  summary: Nullable(Type.String()),
  /** Sanitised HTML. Lists leave it out (''), the detail carries it. */
  content: Type.String(),
  author: Nullable(Type.String()),
  source: Nullable(Type.String()),
  coverFileId: Nullable(Type.String()),
  cover: Nullable(FileRef),
  attachmentFileIds: Type.Array(Type.String()),
  attachments: Type.Array(FileRef),
  status: Literals(PUBLISH_STATUS_VALUES, '状态'),
  state: Literals(PUBLISH_STATE_VALUES, '发布状态'),
  publishAt: Nullable(Type.String()),
  pinned: Type.Boolean(),
  viewCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type ArticleRecord = Static<typeof ArticleRecord>;

/**
 * The row buttons of articles and notices: 编辑, 发布 (now or at a set time), 下线, 删除. A list
 * row's `actions` names those its caller may press now, from their permission codes and the
 * row's state (server/content/publishing.ts publishRowActions); the page shows exactly these.
 */
export const PUBLISHABLE_ROW_ACTIONS = ['edit', 'publish', 'offline', 'delete'] as const;
export type PublishableRowAction = (typeof PUBLISHABLE_ROW_ACTIONS)[number];

/** A row of the staff's article list: the record and what the caller may do with it. */
export const ArticleListItem = Type.Object({
  ...ArticleRecord.properties,
  actions: Type.Array(Type.Enum(PUBLISHABLE_ROW_ACTIONS), { title: '可执行的操作' }),
});
export type ArticleListItem = Static<typeof ArticleListItem>;

export const ARTICLE_SORT_FIELDS = ['publishAt', 'createdAt', 'updatedAt', 'viewCount', 'title'] as const;

export const ArticleListQuery = Type.Object(
  {
    ...PageQuery.properties,
    category: Type.Optional(Category),
    state: Type.Optional(Literals(PUBLISH_STATE_VALUES, '发布状态')),
    pinned: Type.Optional(Type.Boolean({ title: '置顶' })),
    publishFrom: Type.Optional(published.from),
    publishTo: Type.Optional(published.to),
  },
  { additionalProperties: false },
);
export type ArticleListQuery = Static<typeof ArticleListQuery>;

const articleFields = {
  title: Title,
  category: Category,
  summary: Type.Optional(Nullable(Type.String({ maxLength: SUMMARY_MAX, title: '摘要' }))),
  content: Content,
  author: Type.Optional(Nullable(Type.String({ maxLength: AUTHOR_MAX, title: '作者' }))),
  source: Type.Optional(Nullable(Type.String({ maxLength: SOURCE_MAX, title: '来源' }))),
  coverFileId: Type.Optional(Nullable(FileId)),
  attachmentFileIds: Type.Optional(AttachmentIds),
  pinned: Type.Optional(Pinned),
  publishAt: Type.Optional(PublishAt),
  saveAs: SaveAs,
};

export const ArticleCreateBody = Type.Object(articleFields, { additionalProperties: false });
export type ArticleCreateBody = Static<typeof ArticleCreateBody>;

export const ArticleUpdateBody = Type.Object({ ...articleFields, version: Version }, { additionalProperties: false });
export type ArticleUpdateBody = Static<typeof ArticleUpdateBody>;

// ---- notices ---------------------------------------------------------------------------------

export const NoticeRecord = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String(),
  attachmentFileIds: Type.Array(Type.String()),
  attachments: Type.Array(FileRef),
  status: Literals(PUBLISH_STATUS_VALUES, '状态'),
  state: Literals(PUBLISH_STATE_VALUES, '发布状态'),
  publishAt: Nullable(Type.String()),
  expireAt: Nullable(Type.String()),
  pinned: Type.Boolean(),
  viewCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type NoticeRecord = Static<typeof NoticeRecord>;

/** A row of the staff's notice list: the record and what the caller may do with it. */
export const NoticeListItem = Type.Object({
  ...NoticeRecord.properties,
  actions: Type.Array(Type.Enum(PUBLISHABLE_ROW_ACTIONS), { title: '可执行的操作' }),
});
export type NoticeListItem = Static<typeof NoticeListItem>;

export const NOTICE_SORT_FIELDS = ['publishAt', 'expireAt', 'createdAt', 'updatedAt', 'title'] as const;

export const NoticeListQuery = Type.Object(
  {
    ...PageQuery.properties,
    state: Type.Optional(Literals(PUBLISH_STATE_VALUES, '发布状态')),
    pinned: Type.Optional(Type.Boolean({ title: '置顶' })),
    publishFrom: Type.Optional(published.from),
    publishTo: Type.Optional(published.to),
  },
  { additionalProperties: false },
);
export type NoticeListQuery = Static<typeof NoticeListQuery>;

const noticeFields = {
  title: Title,
  content: Content,
  attachmentFileIds: Type.Optional(AttachmentIds),
  pinned: Type.Optional(Pinned),
  publishAt: Type.Optional(PublishAt),
  expireAt: Type.Optional(ExpireAt),
  saveAs: SaveAs,
};

export const NoticeCreateBody = Type.Object(noticeFields, { additionalProperties: false });
export type NoticeCreateBody = Static<typeof NoticeCreateBody>;

export const NoticeUpdateBody = Type.Object({ ...noticeFields, version: Version }, { additionalProperties: false });
export type NoticeUpdateBody = Static<typeof NoticeUpdateBody>;

/** POST /articles/:id/publish and /notices/:id/publish: now, or at a later time. */
export const PublishBody = Type.Object({ publishAt: Type.Optional(PublishAt) }, { additionalProperties: false });
export type PublishBody = Static<typeof PublishBody>;

/** Batch actions: the same action on several ids, all or nothing. */
export const BatchBody = Type.Object(
  { ids: Type.Array(Identifier('编号'), { minItems: 1, maxItems: 100, uniqueItems: true, title: '所选记录' }) },
  { additionalProperties: false },
);
export type BatchBody = Static<typeof BatchBody>;

export const BatchResult = Type.Object({ count: Type.Integer() });
export type BatchResult = Static<typeof BatchResult>;

/** POST /articles/sanitize: what visitors would see of this HTML (the editor's preview). */
export const SanitizeBody = Type.Object({ content: Content }, { additionalProperties: false });
export const SanitizeResult = Type.Object({ content: Type.String() });

// ---- carousels -------------------------------------------------------------------------------

/**
 * A carousel link: an in-site path (`/FrontPage/detail/<article id>`, `/FrontPage/notice`...)
 * or an http(s) URL. Anything else (javascript:, data:, //host) is refused.
 */
export const LINK_PATTERN = '^(https?://[^\\s]+|/(?!/)[^\\s]*)$';

export const CarouselRecord = Type.Object({
  id: Type.String(),
  title: Type.String(),
  imageFileId: Nullable(Type.String()),
  image: Nullable(FileRef),
  link: Nullable(Type.String()),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
  showFrom: Nullable(Type.String()),
  showUntil: Nullable(Type.String()),
  /** Whether the home page shows it right now (enabled and within its dates). */
  live: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type CarouselRecord = Static<typeof CarouselRecord>;

/**
 * The row controls of carousels and friendly links: 编辑, 删除, and the 启用/停用 switch
 * (`enable` on a disabled row, `disable` on an enabled one). A list row's `actions` names
 * those its caller may use now.
 */
export const SWITCHABLE_ROW_ACTIONS = ['edit', 'delete', 'enable', 'disable'] as const;
export type SwitchableRowAction = (typeof SWITCHABLE_ROW_ACTIONS)[number];

/** A row of the staff's carousel list: the record and what the caller may do with it. */
export const CarouselListItem = Type.Object({
  ...CarouselRecord.properties,
  actions: Type.Array(Type.Enum(SWITCHABLE_ROW_ACTIONS), { title: '可执行的操作' }),
});
export type CarouselListItem = Static<typeof CarouselListItem>;

export const CarouselListQuery = Type.Object(
  {
    ...PageQuery.properties,
    enabled: Type.Optional(Type.Boolean({ title: '启用状态' })),
  },
  { additionalProperties: false },
);
export type CarouselListQuery = Static<typeof CarouselListQuery>;

const shown = DateRange(DateTime, { field: 'showFrom', title: '展示开始时间', strictlyAfter: true }, '展示结束时间');

const carouselFields = {
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX, title: '标题' }),
  imageFileId: Nullable(FileId),
  link: Type.Optional(Nullable(Type.String({ maxLength: LINK_MAX, pattern: LINK_PATTERN, title: '链接' }))),
  sort: Type.Optional(BoundedInteger({ title: '排序', minimum: 0, maximum: 1_000_000 })),
  enabled: Type.Optional(Type.Boolean({ title: '启用状态' })),
  showFrom: Type.Optional(Nullable(shown.from)),
  showUntil: Type.Optional(Nullable(shown.to)),
};

export const CarouselCreateBody = Type.Object(carouselFields, { additionalProperties: false });
export type CarouselCreateBody = Static<typeof CarouselCreateBody>;
export const CarouselUpdateBody = Type.Object({ ...carouselFields, version: Version }, { additionalProperties: false });
export type CarouselUpdateBody = Static<typeof CarouselUpdateBody>;

/** POST /carousels/reorder, /friendly-links/reorder: the ids in their new order (sort 10, 20, ...). */
export const ReorderBody = Type.Object(
  { ids: Type.Array(Identifier('编号'), { minItems: 1, maxItems: 500, uniqueItems: true, title: '顺序' }) },
  { additionalProperties: false },
);
export type ReorderBody = Static<typeof ReorderBody>;

// ---- friendly links --------------------------------------------------------------------------

/** Friendship links leave the site: only http and https. */
export const HTTP_URL_PATTERN = '^https?://[^\\s/$.?#][^\\s]*$';

export const FriendlyLinkRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  logoFileId: Nullable(Type.String()),
  logo: Nullable(FileRef),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type FriendlyLinkRecord = Static<typeof FriendlyLinkRecord>;

/** A row of the staff's friendly-link list: the record and what the caller may do with it. */
export const FriendlyLinkListItem = Type.Object({
  ...FriendlyLinkRecord.properties,
  actions: Type.Array(Type.Enum(SWITCHABLE_ROW_ACTIONS), { title: '可执行的操作' }),
});
export type FriendlyLinkListItem = Static<typeof FriendlyLinkListItem>;

export const FriendlyLinkListQuery = CarouselListQuery;
export type FriendlyLinkListQuery = Static<typeof FriendlyLinkListQuery>;

const friendlyLinkFields = {
  name: Type.String({ minLength: 1, maxLength: NAME_MAX, title: '名称' }),
  url: Type.String({ minLength: 1, maxLength: LINK_MAX, pattern: HTTP_URL_PATTERN, title: '网址' }),
  logoFileId: Type.Optional(Nullable(FileId)),
  sort: Type.Optional(BoundedInteger({ title: '排序', minimum: 0, maximum: 1_000_000 })),
  enabled: Type.Optional(Type.Boolean({ title: '启用状态' })),
};

export const FriendlyLinkCreateBody = Type.Object(friendlyLinkFields, { additionalProperties: false });
export type FriendlyLinkCreateBody = Static<typeof FriendlyLinkCreateBody>;
export const FriendlyLinkUpdateBody = Type.Object({ ...friendlyLinkFields, version: Version }, { additionalProperties: false });
export type FriendlyLinkUpdateBody = Static<typeof FriendlyLinkUpdateBody>;

// ---- site pages (staff) ------------------------------------------------------------------------

export const SitePageRecord = Type.Object({
  key: Type.String(),
  title: Type.String(),
  content: Type.String(),
  data: SitePageData,
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type SitePageRecord = Static<typeof SitePageRecord>;

export const SitePageUpdateBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 100, title: '页面标题' }),
    content: Content,
    data: Type.Optional(SitePageData),
    version: Version,
  },
  { additionalProperties: false },
);
export type SitePageUpdateBody = Static<typeof SitePageUpdateBody>;
