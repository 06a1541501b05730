/**
 * msw handlers and fixtures for the public site's reads (/public/...):
 * home, article and notice lists and details, member units, experts, search and the site
 * pages. Lists page and filter like the server (pinned first, then newest; keyword in the
 * title), details answer the server's 404 (status 10, '内容不存在或已下线') for anything not public.
 *
 * `publicCalls` records the path and query of every public call, so a test can assert what
 * the page asked for (`/public/articles?category=work&current=2&keyword=…`).
 *
 * `publicSitePageHandler` (GET /public/site-pages/:key, every key of `publicSitePages`) is one of
 * these handlers; it is exported so that a test can put it back after overriding the route.
 */
import { http, type HttpHandler } from 'msw';
import { PUBLIC_MESSAGES } from '@common/messages';
import { API_BASE } from '@common/schemas/common';
import {
  SEARCH_TYPES,
  type PublicArticle,
  type PublicArticleItem,
  type PublicCarouselItem,
  type PublicExpert,
  type PublicFile,
  type PublicFriendlyLink,
  type PublicHome,
  type PublicMemberUnit,
  type PublicMemberUnitItem,
  type PublicNotice,
  type PublicNoticeItem,
  type SearchHit,
  type SearchResult,
  type SearchType,
} from '@common/schemas/public';
import type { PublicSitePage } from '@common/schemas/sitePages';
import { footerSitePage } from './fixtures';
import { apiPath, bad, done, notFound, pageOf } from './kit';

export const PUBLIC_GONE_MESSAGE = PUBLIC_MESSAGES.contentGone;
export const PUBLIC_UNIT_GONE_MESSAGE = PUBLIC_MESSAGES.unitGone;

/* ---------- fixtures ---------- */

export function publicFileFixture(fileId: string, name: string, size: number, contentType: string): PublicFile {
  return {
    fileId,
    name,
    size,
    contentType,
    url: `${API_BASE}/file/view/${fileId}`,
    downloadUrl: `${API_BASE}/file/download/${fileId}`,
    previewable: /^(image\/|application\/pdf$)/.test(contentType),
  };
}

/** Day `n` before 2026-11-20, at 10:00 in China (02:00 UTC): the same date in most time zones. */
const day = (n: number) => new Date(Date.UTC(2026, 10, 20 - n, 2)).toISOString();

const WORK_TITLES = [
  '关于开展2026年度会员单位年检工作的通知',
  '协会召开第三届理事会第五次会议',
  '稳评从业人员继续教育培训班顺利举办',
  '协会赴区县开展社会稳定风险评估工作调研',
  '协会发布《社会稳定风险评估报告编制指引》',
  '协会组织开展行业自律公约签署活动',
  '协会秘书处召开年度工作务虚会',
  '协会与高校共建稳评研究实践基地',
  '协会开展会员单位业务质量抽查',
  '协会举办重大项目稳评案例交流会',
  '协会完成专家库年度动态调整',
  '协会党支部开展主题党日活动',
  '协会召开会员单位座谈会',
];

function article(id: string, category: string, title: string, n: number, extra: Partial<PublicArticle> = {}): PublicArticle {
  return {
    id,
    title,
    category,
    summary: `${title}。本文介绍相关工作的背景、主要内容和下一步安排。`,
    publishAt: day(n),
    pinned: false,
    viewCount: 100 + n * 7,
    cover: null,
    attachments: [],
    author: '协会秘书处',
    source: '市社会稳定风险评估行业协会',
    content: `<p>${title}。为进一步规范社会稳定风险评估（稳评）工作，协会近日组织开展了相关工作。</p><p>会议强调，各会员单位要严格执行评估规范，提高评估质量。</p><table><tr><th>项目</th><th>说明</th></tr><tr><td>时间</td><td>2026年11月</td></tr></table>`,
    previous: null,
    next: null,
    ...extra,
  };
}

/**
 * 13 work articles (two pages; the 2nd is pinned), 3 news (the 1st with a cover), 4 industry
 * (covers on the 1st, 2nd and 4th, so that the list shows rows with and without one, and one
 * far enough down to load lazily), 3 downloads with files.
 */
export const publicArticles: PublicArticle[] = [
  ...WORK_TITLES.map((title, i) => article(`work-${i + 1}`, 'work', title, i, { pinned: i === 1 })),
  article('news-1', 'news', '全市社会稳定风险评估工作会议召开', 1, {
    cover: publicFileFixture('file-cover-1', '会议现场.jpg', 204800, 'image/jpeg'),
    attachments: [publicFileFixture('file-news-1', '会议材料.pdf', 1536000, 'application/pdf')],
  }),
  article('news-2', 'news', '稳评行业高质量发展论坛在我市举行', 3),
  article('news-3', 'news', '我市重大决策稳评覆盖率持续提升', 6),
  article('industry-1', 'industry', '省内稳评行业发展动态综述', 2, {
    cover: publicFileFixture('file-cover-industry-1', '行业动态综述.jpg', 153600, 'image/jpeg'),
  }),
  article('industry-2', 'industry', '多地出台重大决策社会稳定风险评估办法', 5, {
    cover: publicFileFixture('file-cover-industry-2', '评估办法.png', 98304, 'image/png'),
  }),
  article('industry-3', 'industry', '第三方评估机构信用评价工作稳步推进', 9),
  article('industry-4', 'industry', '稳评行业人才培养座谈会综述', 14, {
    cover: publicFileFixture('file-cover-industry-4', '座谈会.jpg', 120832, 'image/jpeg'),
  }),
  article('download-1', 'download', '会员单位入会申请材料', 4, {
    attachments: [
      publicFileFixture('file-dl-1', '入会申请表.docx', 45056, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      publicFileFixture('file-dl-2', '入会须知.pdf', 3250000, 'application/pdf'),
    ],
  }),
  article('download-2', 'download', '年检材料模板', 8, {
    attachments: [publicFileFixture('file-dl-3', '年检报告模板.xlsx', 20480, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')],
  }),
  article('download-3', 'download', '稳评报告编制指引（试行）', 12, {
    attachments: [publicFileFixture('file-dl-4', '编制指引.pdf', 812000, 'application/pdf')],
  }),
];

/** An id the server knows but does not show (draft, offline, future): a 404 like a missing one. */
export const OFFLINE_ARTICLE_ID = 'work-offline';

function notice(i: number, title: string, extra: Partial<PublicNotice> = {}): PublicNotice {
  return {
    id: `notice-${i}`,
    title,
    publishAt: day(i),
    expireAt: null,
    pinned: false,
    viewCount: 50 + i,
    content: `<p>${title}。请各会员单位按时办理。</p>`,
    attachments: [],
    previous: null,
    next: null,
    ...extra,
  };
}

/** 12 notices (two pages); the 3rd is pinned. */
export const publicNotices: PublicNotice[] = [
  '关于2026年度会员单位年检的通知',
  '关于举办稳评业务培训班的通知',
  '关于调整协会办公时间的公告',
  '关于征集行业优秀案例的通知',
  '关于会费缴纳的通知',
  '关于开展从业人员信息核查的通知',
  '关于专家库增补的公告',
  '关于元旦放假安排的通知',
  '关于规范评估报告格式的通知',
  '关于召开会员大会的预通知',
  '关于协会网站改版上线的公告',
  '关于防范冒用协会名义的声明',
].map((title, i) =>
  notice(i + 1, title, {
    pinned: i === 2,
    attachments: i === 0 ? [publicFileFixture('file-notice-1', '年检材料清单.pdf', 204800, 'application/pdf')] : [],
  }),
);

const LEVELS: [string, string][] = [
  ['president', '会长单位'],
  ['vice_president', '副会长单位'],
  ['director', '理事单位'],
  ['member', '会员单位'],
];

/** 14 units of four levels (two pages of 12); the first has a logo. */
export const publicMemberUnits: PublicMemberUnit[] = [
  '华信社会风险评估咨询有限公司',
  '安平稳评研究院',
  '城建工程咨询有限公司',
  '民和社会调查事务所',
  '正衡评估咨询有限公司',
  '和畅规划设计研究院',
  '致远管理咨询有限公司',
  '立信法律风险评估中心',
  '同舟社会治理研究所',
  '恒远工程项目管理有限公司',
  '明德评估咨询有限公司',
  '睿达信息咨询有限公司',
  '广和社会服务中心',
  '嘉禾发展研究院',
].map((name, i) => {
  const [memberLevel, memberLevelLabel] = LEVELS[Math.min(i, 3) === 3 ? 3 : i % 4];
  return {
    id: `unit-${i + 1}`,
    name,
    memberLevel,
    memberLevelLabel,
    memberNo: `WP-2026-${String(i + 1).padStart(3, '0')}`,
    joinDate: day(400 + i * 10),
    logo: i === 0 ? publicFileFixture('file-logo-1', '标志.png', 10240, 'image/png') : null,
    introduction: `${name}是本协会会员单位，长期从事社会稳定风险评估工作。`,
    businessScope: '社会稳定风险评估；工程咨询；社会调查。',
    address: '市高新区科技大道 100 号',
    establishedOn: '2012-05-08',
    validUntil: '2027-12-31',
    cases:
      i === 0
        ? [
            {
              id: 'case-1',
              title: '城市轨道交通三号线社会稳定风险评估',
              projectType: 'infrastructure',
              projectTypeLabel: '基础设施',
              client: '市轨道交通集团',
              completedOn: '2025-09-30',
              summary: '开展问卷调查 3000 份，识别风险点 12 个。',
            },
          ]
        : [],
    // The first unit has a credit record to show (the server's: server/credit/standing.ts).
    creditTiers:
      i === 0
        ? [
            { year: 2025, tier: 'B' as const, score: 85 },
            { year: 2024, tier: 'A' as const, score: 95 },
          ]
        : [],
    badConduct:
      i === 0
        ? [
            {
              id: 'ce-public-1',
              subjectType: 'unit' as const,
              unitId: 'unit-1',
              unitName: name,
              inWindow: true,
              practitionerName: null,
              kind: 'inspection_overdue',
              kindLabel: '逾期未参加年检',
              occurredOn: '2026-01-01',
              termUntil: '2027-01-01',
            },
          ]
        : [],
  };
});

const publicMemberUnitItems = (): PublicMemberUnitItem[] =>
  publicMemberUnits.map(({ id, name, memberLevel, memberLevelLabel, memberNo, joinDate, logo }) => ({
    id,
    name,
    memberLevel,
    memberLevelLabel,
    memberNo,
    joinDate,
    logo,
  }));

const SPECIALTIES: [string, string][] = [
  ['law', '法律'],
  ['economics', '经济'],
  ['sociology', '社会学'],
  ['urban_planning', '城市规划'],
];

/** 14 experts; specialties rotate over four fields; the first has a photo. */
export const publicExperts: PublicExpert[] = [
  '王建国',
  '李晓梅',
  '张伟',
  '刘芳',
  '陈志强',
  '杨静',
  '赵磊',
  '黄敏',
  '周涛',
  '吴婷',
  '徐明',
  '孙丽',
  '马超',
  '朱红',
].map((name, i) => {
  const picked = [SPECIALTIES[i % 4], SPECIALTIES[(i + 1) % 4]];
  return {
    id: `expert-${i + 1}`,
    name,
    gender: i % 2 ? 'female' : 'male',
    professionalTitle: 'senior',
    professionalTitleLabel: i % 3 ? '高级工程师' : '教授',
    workUnit: i % 2 ? '市社会科学院' : '市城市规划设计研究院',
    position: i % 2 ? '研究员' : '总工程师',
    specialties: picked.map(([v]) => v),
    specialtyLabels: picked.map(([, l]) => l),
    phone: `138****${String(1000 + i).slice(-4)}`,
    email: `${name.length}***@example.org`,
    introduction: `${name}，长期从事社会稳定风险评估研究。`,
    photo: i === 0 ? publicFileFixture('file-photo-1', '照片.jpg', 30720, 'image/jpeg') : null,
  };
});

export const publicCarousels: PublicCarouselItem[] = [
  {
    id: 'carousel-1',
    title: '全市社会稳定风险评估工作会议召开',
    image: publicFileFixture('file-carousel-1', '会议.jpg', 409600, 'image/jpeg'),
    link: '/FrontPage/detail/news-1',
  },
  {
    id: 'carousel-2',
    title: '稳评从业人员继续教育培训班顺利举办',
    image: publicFileFixture('file-carousel-2', '培训.jpg', 409600, 'image/jpeg'),
    link: '/FrontPage/detail/work-3',
  },
  { id: 'carousel-3', title: '协会发布《社会稳定风险评估报告编制指引》', image: null, link: null },
];

export const publicLinks: PublicFriendlyLink[] = [
  { id: 'link-1', name: '市人民政府', url: 'https://www.example.gov.cn/', logo: null },
  { id: 'link-2', name: '市发展和改革委员会', url: 'https://fgw.example.gov.cn/', logo: null },
  { id: 'link-3', name: '市司法局', url: 'https://sfj.example.gov.cn/', logo: null },
];

const sitePage = (key: string, title: string, content: string, data: PublicSitePage['data'] = {}): PublicSitePage => ({
  key,
  title,
  content,
  data,
  updatedAt: '2026-11-01T02:00:00.000Z',
});

export const publicSitePages: Record<string, PublicSitePage> = {
  footer: footerSitePage,
  about: sitePage(
    'about',
    '协会简介',
    '<p>市社会稳定风险评估行业协会成立于2015年，是由从事社会稳定风险评估的机构和人员自愿结成的行业性社会组织。</p><h2>协会宗旨</h2><p>规范行业行为，提高评估质量，服务社会治理。</p>',
  ),
  contact: sitePage('contact', '联系我们', '<p>来访请提前电话预约。</p>', {
    postalAddress: '市民中心行政服务大楼B座12层1205室',
    postcode: '310000',
    phone: '(0571) 8888 6666',
    fax: '(0571) 8888 6667',
    email: 'office@wenping.example.org',
    contactHours: '周一至周五 上午 9:00—12:00，下午 13:30—17:30（法定节假日除外）',
  }),
  disclaimer: sitePage('disclaimer', '免责声明', '<p>本网站所载内容仅供参考。</p>'),
  privacy: sitePage('privacy', '隐私保护', '<p>我们重视您的个人信息保护。</p>'),
  terms: sitePage('terms', '用户协议', '<p>请您在注册前仔细阅读本协议。</p>'),
};

/* ---------- list helpers ---------- */

/** Pinned first, then newest: the server's public order. */
function publicOrder<T extends { pinned: boolean; publishAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.publishAt.localeCompare(a.publishAt));
}


function byKeyword<T extends { title?: string; name?: string }>(items: readonly T[], url: URL): T[] {
  const keyword = url.searchParams.get('keyword')?.trim();
  return keyword ? items.filter((item) => (item.title ?? item.name ?? '').includes(keyword)) : [...items];
}

function articleItem(a: PublicArticle): PublicArticleItem {
  const { id, title, category, summary, publishAt, pinned, viewCount, cover, attachments } = a;
  return { id, title, category, summary, publishAt, pinned, viewCount, cover, attachments };
}

function noticeItem(n: PublicNotice): PublicNoticeItem {
  const { id, title, publishAt, expireAt, pinned, viewCount } = n;
  return { id, title, publishAt, expireAt, pinned, viewCount };
}

/** An item with its neighbours in its list's order. */
function withNeighbours<T extends { id: string; title: string; pinned: boolean; publishAt: string }>(
  list: readonly T[],
  item: T,
): T & { previous: { id: string; title: string } | null; next: { id: string; title: string } | null } {
  const ordered = publicOrder(list);
  const index = ordered.findIndex((x) => x.id === item.id);
  const ref = (x: T | undefined) => (x ? { id: x.id, title: x.title } : null);
  return { ...item, previous: ref(ordered[index - 1]), next: ref(ordered[index + 1]) };
}

export function publicHome(): PublicHome {
  const articles = publicOrder(publicArticles);
  return {
    carousels: publicCarousels,
    work: articles.filter((a) => a.category === 'work').slice(0, 8).map(articleItem),
    news: articles.filter((a) => a.category === 'news').slice(0, 8).map(articleItem),
    notices: publicOrder(publicNotices).slice(0, 8).map(noticeItem),
    members: publicMemberUnitItems().slice(0, 24),
    links: publicLinks,
  };
}

/* ---------- search ---------- */

function searchable(): (SearchHit & { text: string })[] {
  const categoryLabel: Record<string, string> = { work: '协会工作', news: '协会新闻', industry: '行业动态', download: '下载专区' };
  return [
    ...publicArticles.map((a) => ({
      type: 'article' as const,
      id: a.id,
      title: a.title,
      snippet: a.summary ?? '',
      url: `/FrontPage/detail/${a.id}`,
      date: a.publishAt,
      label: categoryLabel[a.category] ?? null,
      text: `${a.title} ${a.summary ?? ''}`,
    })),
    ...publicNotices.map((n) => ({
      type: 'notice' as const,
      id: n.id,
      title: n.title,
      snippet: `${n.title}。请各会员单位按时办理。`,
      url: `/FrontPage/detail/${n.id}?type=notice`,
      date: n.publishAt,
      label: '通知公告',
      text: n.title,
    })),
    ...publicMemberUnits.map((u) => ({
      type: 'unit' as const,
      id: u.id,
      title: u.name,
      snippet: u.introduction ?? '',
      url: `/FrontPage/member-unit/${u.id}`,
      date: u.joinDate,
      label: u.memberLevelLabel,
      text: `${u.name} ${u.introduction ?? ''}`,
    })),
    ...publicExperts.map((e) => ({
      type: 'expert' as const,
      id: e.id,
      title: e.name,
      snippet: e.introduction ?? '',
      url: `/FrontPage/comprehensive-information/industry-dynamics?keyword=${encodeURIComponent(e.name)}`,
      date: null,
      label: e.professionalTitleLabel,
      text: `${e.name} ${e.introduction ?? ''}`,
    })),
  ];
}

export function searchPublic(url: URL): SearchResult {
  const q = url.searchParams.get('q')?.trim() ?? '';
  const terms = q.split(/\s+/).filter(Boolean);
  const type = url.searchParams.get('type') as SearchType | null;
  const sort = url.searchParams.get('sort') ?? 'relevance';
  const matched = searchable().filter((hit) => terms.every((t) => hit.text.includes(t)));
  const counts: Record<string, number> = {};
  for (const t of SEARCH_TYPES) counts[t] = matched.filter((h) => h.type === t).length;
  let hits = type ? matched.filter((h) => h.type === type) : matched;
  hits =
    sort === 'date'
      ? [...hits].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
      : [...hits].sort((a, b) => Number(terms.every((t) => b.title.includes(t))) - Number(terms.every((t) => a.title.includes(t))));
  const page = pageOf(hits.map(({ text: _text, ...hit }) => hit), url.searchParams, 10);
  return { ...page, terms, counts };
}

/* ---------- handlers ---------- */

/** Every public call this test made: path and query, e.g. '/public/notices?current=2'. */
export const publicCalls: string[] = [];

function record(request: Request): URL {
  const url = new URL(request.url);
  publicCalls.push(`${url.pathname.slice(API_BASE.length)}${url.search}`);
  return url;
}

/** GET /public/site-pages/:key for every key of `publicSitePages`. */
export const publicSitePageHandler: HttpHandler = http.get(apiPath('/public/site-pages/:key'), ({ request, params }) => {
  record(request);
  const page = publicSitePages[String(params.key)];
  return page ? done(page) : notFound('页面');
});

export const publicContentHandlers: HttpHandler[] = [
  http.get(apiPath('/public/home'), ({ request }) => {
    record(request);
    return done(publicHome());
  }),

  http.get(apiPath('/public/articles'), ({ request }) => {
    const url = record(request);
    const category = url.searchParams.get('category');
    if (!category || !['work', 'news', 'industry', 'download'].includes(category)) return bad('栏目不正确');
    const items = publicOrder(byKeyword(publicArticles.filter((a) => a.category === category), url));
    return done(pageOf(items.map(articleItem), url.searchParams, 10));
  }),

  http.get(apiPath('/public/articles/:id'), ({ request, params }) => {
    record(request);
    const found = publicArticles.find((a) => a.id === params.id);
    if (!found) return bad(PUBLIC_GONE_MESSAGE, 404);
    return done(withNeighbours(publicArticles.filter((a) => a.category === found.category), found));
  }),

  http.get(apiPath('/public/notices'), ({ request }) => {
    const url = record(request);
    return done(pageOf(publicOrder(byKeyword(publicNotices, url)).map(noticeItem), url.searchParams, 10));
  }),

  http.get(apiPath('/public/notices/:id'), ({ request, params }) => {
    record(request);
    const found = publicNotices.find((n) => n.id === params.id);
    if (!found) return bad(PUBLIC_GONE_MESSAGE, 404);
    return done(withNeighbours(publicNotices, found));
  }),

  http.get(apiPath('/public/member-units'), ({ request }) => {
    const url = record(request);
    const level = url.searchParams.get('level');
    const units = byKeyword(publicMemberUnitItems(), url).filter((u) => !level || u.memberLevel === level);
    return done(pageOf(units, url.searchParams, 12));
  }),

  http.get(apiPath('/public/member-units/:id'), ({ request, params }) => {
    record(request);
    const found = publicMemberUnits.find((u) => u.id === params.id);
    return found ? done(found) : bad(PUBLIC_UNIT_GONE_MESSAGE, 404);
  }),

  http.get(apiPath('/public/experts'), ({ request }) => {
    const url = record(request);
    const specialty = url.searchParams.get('specialty');
    const experts = byKeyword(publicExperts, url).filter((e) => !specialty || e.specialties.includes(specialty));
    return done(pageOf(experts, url.searchParams, 12));
  }),

  http.get(apiPath('/public/search'), ({ request }) => {
    const url = record(request);
    const q = url.searchParams.get('q')?.trim();
    if (!q) return bad('搜索词不能为空');
    return done(searchPublic(url));
  }),

  publicSitePageHandler,
];

export function resetPublicContentMock(): void {
  publicCalls.length = 0;
}
