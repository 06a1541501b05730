/**
 * What the public footer shows: name, address, phone, filing numbers and links. The details
 * come from the server's footer site page (useFooterInfo.ts; docs/domain.md, "site page");
 * these values are the fallback shown until it answers, or if it cannot.
 */
import { EXPERT_LIST_PATH, INDUSTRY_LIST_PATH } from '@/components/PublicContent/links';
import { ASSOCIATION_NAME } from '../brand';

export interface FooterLink {
  title: string;
  path: string;
}

export interface FooterInfo {
  associationName: string;
  postalAddress: string;
  phone: string;
  icpNumber: string;
  /** 公安备案号, when the site has one (shown with a link to its registry). */
  publicSecurityRecord?: string;
  links: readonly FooterLink[];
  copyright: string;
}

/** Site pages the footer links to through /FrontPage/detail?page=…, with their titles. */
export const SITE_PAGE_TITLES = {
  disclaimer: '免责声明',
  privacy: '隐私保护',
  terms: '用户协议',
} as const;

export const FOOTER_INFO: FooterInfo = {
  associationName: ASSOCIATION_NAME,
  postalAddress: '市政务服务中心东楼 5 层',
  phone: '000-00000000',
  icpNumber: 'ICP备00000000号-1',
  links: [
    { title: '关于协会', path: '/FrontPage/aboutUs' },
    { title: '联系我们', path: '/FrontPage/Contact' },
    { title: '会员之窗', path: '/FrontPage/member-unit' },
    // 专家库 and the 行业动态 articles each have their own list now.
    { title: '专家库', path: EXPERT_LIST_PATH },
    { title: '行业动态', path: INDUSTRY_LIST_PATH },
    { title: SITE_PAGE_TITLES.disclaimer, path: '/FrontPage/detail?page=disclaimer' },
    { title: SITE_PAGE_TITLES.privacy, path: '/FrontPage/detail?page=privacy' },
    { title: SITE_PAGE_TITLES.terms, path: '/FrontPage/detail?page=terms' },
  ],
  copyright: `版权所有 © ${new Date().getFullYear()} ${ASSOCIATION_NAME}`,
};
