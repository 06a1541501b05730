/**
 * The public site's addresses (/tmp/content-api.md "Public URLs of the site") and the list
 * each kind of item belongs to, with titles from the one table of pages (common/menu.ts).
 */
import { findPage } from '@common/menu';
import { AuthType } from '@common/permissions';
import type { ArticleCategoryValue } from '@common/schemas/content';

export interface ListPlace {
  title: string;
  /** The list's address; an unknown category has none. */
  path?: string;
}

const place = (path: string): ListPlace => ({ title: findPage(path)?.title ?? '', path });

export const WORK_LIST_PATH = '/FrontPage/association-work';
export const NEWS_LIST_PATH = '/FrontPage/comprehensive-information/association-news';
export const NOTICE_LIST_PATH = '/FrontPage/notice';
export const DOWNLOAD_LIST_PATH = '/FrontPage/download';
export const MEMBER_LIST_PATH = '/FrontPage/member-unit';
export const INDUSTRY_LIST_PATH = '/FrontPage/comprehensive-information/industry-news';
export const EXPERT_LIST_PATH = '/FrontPage/comprehensive-information/industry-dynamics';
/** 投诉举报: the footer's 办事服务 and 联系我们 lead to it. */
export const COMPLAINT_PATH = '/FrontPage/complaint';

export const ARTICLE_LISTS: Record<ArticleCategoryValue, ListPlace> = {
  work: place(WORK_LIST_PATH),
  news: place(NEWS_LIST_PATH),
  industry: place(INDUSTRY_LIST_PATH),
  download: place(DOWNLOAD_LIST_PATH),
};

export const NOTICE_LIST: ListPlace = place(NOTICE_LIST_PATH);
export const MEMBER_LIST: ListPlace = place(MEMBER_LIST_PATH);

export function articleListOf(category: string): ListPlace {
  return (ARTICLE_LISTS as Record<string, ListPlace | undefined>)[category] ?? { title: '新闻资讯' };
}

export const articleHref = (id: string) => `/FrontPage/detail/${encodeURIComponent(id)}`;
export const noticeHref = (id: string) => `/FrontPage/detail/${encodeURIComponent(id)}?type=notice`;
export const memberUnitHref = (id: string) => `/FrontPage/member-unit/${encodeURIComponent(id)}`;

/**
 * The ways into the standalone pages (common/menu.ts STANDALONE_PAGES) for a unit that wants
 * to join, a member that logs in and anyone holding a certificate: the header's service bar,
 * the phone's 栏目 drawer, the footer and the home page link them.
 */
export interface WayIn {
  title: string;
  path: string;
  /** A few words on what the visitor finds there (the home page's service tiles). */
  description: string;
}

/** Members log in as a unit; the login page offers the practitioners' and staff's logins too. */
export const MEMBER_LOGIN: WayIn = {
  title: '会员登录',
  path: `/login?authType=${AuthType.MemberUnit}`,
  description: '会员单位与从业人员登录',
};
export const JOIN_GUIDE: WayIn = { title: '入会指南', path: '/register-guide', description: '入会条件、所需材料和办理流程' };
export const JOIN_APPLICATION: WayIn = { title: '入会申请', path: '/register', description: '在线填写并提交入会申请' };
export const CERTIFICATE_CHECK: WayIn = { title: '证书查验', path: '/certificate-view', description: '按编号查验证书真伪与状态' };

export const WAYS_IN: readonly WayIn[] = [MEMBER_LOGIN, JOIN_GUIDE, JOIN_APPLICATION, CERTIFICATE_CHECK];

/** The certificate page looks a number up from its `no` parameter (src/pages/certificate-view/index.tsx). */
export const certificateHref = (no: string) => `${CERTIFICATE_CHECK.path}?${new URLSearchParams({ no }).toString()}`;
