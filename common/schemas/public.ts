/**
 * What the public site reads (no token; published, approved, public
 * data only; personal data masked). Every path here is under /api/v1/public/.
 *
 *   GET /public/home                      the home page in one call
 *   GET /public/articles?category=        a category's list (pinned first, newest first)
 *   GET /public/articles/:id              one article (+ previous/next; counts a view)
 *   GET /public/notices, /public/notices/:id
 *   GET /public/member-units?level=       the member window
 *   GET /public/member-units/:id          one unit with its approved public cases, final credit tiers, bad conduct in term
 *   GET /public/experts?specialty=        the expert library (phone and e-mail masked)
 *   GET /public/search?q=                 site search over all of the above
 *   GET /public/site-pages/:key           (./sitePages.ts)
 *
 * File links are plain `/api/v1/file/view/<id>` and `/api/v1/file/download/<id>` addresses:
 * public content's files are readable by anyone, so they need no signature and can be cached.
 */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery } from './common';
import { ARTICLE_CATEGORY_VALUES } from './content';
import { PublicBadConductItem, PublicUnitCreditTier } from './credit';
import { PageSize } from './kinds';

/** A file of public content, with addresses a browser can open directly. */
export const PublicFile = Type.Object({
  fileId: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  /** Inline view (images and PDF); other types download. */
  url: Type.String(),
  downloadUrl: Type.String(),
  previewable: Type.Boolean(),
});
export type PublicFile = Static<typeof PublicFile>;

/** Public lists take a page and a keyword only (sorting is the site's: pinned, then newest). */
const PublicPageQuery = {
  current: PageQuery.properties.current,
  pageSize: Type.Optional(PageSize(50, 10)),
  keyword: PageQuery.properties.keyword,
};

// ---- articles and notices --------------------------------------------------------------------

export const PublicArticleItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  category: Type.String(),
  summary: Nullable(Type.String()),
  publishAt: Type.String(),
  pinned: Type.Boolean(),
  viewCount: Type.Integer(),
  cover: Nullable(PublicFile),
  /** The files to download (the download area lists them with size and type). */
  attachments: Type.Array(PublicFile),
});
export type PublicArticleItem = Static<typeof PublicArticleItem>;

export const PublicArticleListQuery = Type.Object(
  {
    ...PublicPageQuery,
    category: Type.Enum(ARTICLE_CATEGORY_VALUES, { title: '栏目' }),
  },
  { additionalProperties: false },
);
export type PublicArticleListQuery = Static<typeof PublicArticleListQuery>;

/** The neighbours of an item in its list order (pinned first, then newest). */
export const Neighbour = Nullable(Type.Object({ id: Type.String(), title: Type.String() }));

export const PublicArticle = Type.Object({
  ...PublicArticleItem.properties,
  author: Nullable(Type.String()),
  source: Nullable(Type.String()),
  /** Sanitised HTML. */
  content: Type.String(),
  previous: Neighbour,
  next: Neighbour,
});
export type PublicArticle = Static<typeof PublicArticle>;

export const PublicNoticeItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  publishAt: Type.String(),
  expireAt: Nullable(Type.String()),
  pinned: Type.Boolean(),
  viewCount: Type.Integer(),
});
export type PublicNoticeItem = Static<typeof PublicNoticeItem>;

export const PublicNoticeListQuery = Type.Object(PublicPageQuery, { additionalProperties: false });
export type PublicNoticeListQuery = Static<typeof PublicNoticeListQuery>;

export const PublicNotice = Type.Object({
  ...PublicNoticeItem.properties,
  content: Type.String(),
  attachments: Type.Array(PublicFile),
  previous: Neighbour,
  next: Neighbour,
});
export type PublicNotice = Static<typeof PublicNotice>;

// ---- carousel, links ---------------------------------------------------------------------------

export const PublicCarouselItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  image: Nullable(PublicFile),
  link: Nullable(Type.String()),
});
export type PublicCarouselItem = Static<typeof PublicCarouselItem>;

export const PublicFriendlyLink = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  logo: Nullable(PublicFile),
});
export type PublicFriendlyLink = Static<typeof PublicFriendlyLink>;

// ---- member window -----------------------------------------------------------------------------

export const PublicMemberUnitItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** dictionary member_level value, and its label */
  memberLevel: Nullable(Type.String()),
  memberLevelLabel: Nullable(Type.String()),
  memberNo: Nullable(Type.String()),
  joinDate: Nullable(Type.String()),
  logo: Nullable(PublicFile),
});
export type PublicMemberUnitItem = Static<typeof PublicMemberUnitItem>;

export const PublicMemberUnitListQuery = Type.Object(
  {
    ...PublicPageQuery,
    pageSize: Type.Optional(PageSize(100, 12)),
    level: Type.Optional(Type.String({ maxLength: 40, title: '会员级别' })),
  },
  { additionalProperties: false },
);
export type PublicMemberUnitListQuery = Static<typeof PublicMemberUnitListQuery>;

export const PublicCase = Type.Object({
  id: Type.String(),
  title: Type.String(),
  projectType: Nullable(Type.String()),
  projectTypeLabel: Nullable(Type.String()),
  client: Nullable(Type.String()),
  completedOn: Nullable(Type.String()),
  summary: Nullable(Type.String()),
});
export type PublicCase = Static<typeof PublicCase>;

export const PublicMemberUnit = Type.Object({
  ...PublicMemberUnitItem.properties,
  introduction: Nullable(Type.String()),
  businessScope: Nullable(Type.String()),
  address: Nullable(Type.String()),
  establishedOn: Nullable(Type.String()),
  validUntil: Nullable(Type.String()),
  cases: Type.Array(PublicCase),
  /** Its final credit tiers of the last three rated years, the latest first (./credit.ts). */
  creditTiers: Type.Array(PublicUnitCreditTier),
  /** Its bad-conduct records still in term today (its own and its practitioners'), the latest first. */
  badConduct: Type.Array(PublicBadConductItem),
});
export type PublicMemberUnit = Static<typeof PublicMemberUnit>;

// ---- experts -----------------------------------------------------------------------------------

export const PublicExpert = Type.Object({
  id: Type.String(),
  name: Type.String(),
  gender: Nullable(Type.String()),
  professionalTitle: Nullable(Type.String()),
  professionalTitleLabel: Nullable(Type.String()),
  workUnit: Nullable(Type.String()),
  position: Nullable(Type.String()),
  specialties: Type.Array(Type.String()),
  specialtyLabels: Type.Array(Type.String()),
  /** Masked (138****0000); never whole on the public site. */
  phone: Nullable(Type.String()),
  /** Masked (z***@example.org). */
  email: Nullable(Type.String()),
  introduction: Nullable(Type.String()),
  photo: Nullable(PublicFile),
});
export type PublicExpert = Static<typeof PublicExpert>;

export const PublicExpertListQuery = Type.Object(
  {
    ...PublicPageQuery,
    pageSize: Type.Optional(PageSize(100, 12)),
    specialty: Type.Optional(Type.String({ maxLength: 40, title: '专业领域' })),
  },
  { additionalProperties: false },
);
export type PublicExpertListQuery = Static<typeof PublicExpertListQuery>;

// ---- home --------------------------------------------------------------------------------------

/** Everything the home page shows, in one request (a phone on a slow line makes one trip). */
export const PublicHome = Type.Object({
  carousels: Type.Array(PublicCarouselItem),
  work: Type.Array(PublicArticleItem),
  news: Type.Array(PublicArticleItem),
  notices: Type.Array(PublicNoticeItem),
  members: Type.Array(PublicMemberUnitItem),
  links: Type.Array(PublicFriendlyLink),
});
export type PublicHome = Static<typeof PublicHome>;

// ---- search ------------------------------------------------------------------------------------

export const SEARCH_TYPES = ['article', 'notice', 'unit', 'expert'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  article: '新闻资讯',
  notice: '通知公告',
  unit: '会员单位',
  expert: '专家',
};

export const SearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 50, title: '搜索词' }),
    type: Type.Optional(Type.Enum(SEARCH_TYPES, { title: '类型' })),
    sort: Type.Optional(Type.Union([Type.Literal('relevance'), Type.Literal('date')], { title: '排序' })),
    current: PageQuery.properties.current,
    pageSize: Type.Optional(PageSize(50, 10)),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchHit = Type.Object({
  type: Type.Enum(SEARCH_TYPES),
  id: Type.String(),
  title: Type.String(),
  /** Plain text around the first match (no HTML); the page highlights `terms` in it. */
  snippet: Type.String(),
  /** The in-site path of the hit's page. */
  url: Type.String(),
  /** Publication time (articles, notices), join date (units), or null. */
  date: Nullable(Type.String()),
  /** An article's category, a unit's level label, an expert's title label... */
  label: Nullable(Type.String()),
});
export type SearchHit = Static<typeof SearchHit>;

export const SearchResult = Type.Object({
  list: Type.Array(SearchHit),
  total: Type.Integer(),
  current: Type.Integer(),
  pageSize: Type.Integer(),
  /** The words of the query as the engine understood them: what to highlight. */
  terms: Type.Array(Type.String()),
  /** Hits per type for the same query (the tabs' counts). */
  counts: Type.Record(Type.String(), Type.Integer()),
});
export type SearchResult = Static<typeof SearchResult>;
