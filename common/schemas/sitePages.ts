/**
 * Site pages (docs/domain.md, "Records and their states"): about us, contact, footer, disclaimer,
 * privacy, and the user agreement (用户协议, 'terms') that registration asks to accept. Staff edit
 * them; the public site reads them. The keys and the structured fields live here so that the seed,
 * the server and the public layout agree.
 */
import Type, { type Static } from 'typebox';

export const SITE_PAGE_KEYS = ['about', 'contact', 'footer', 'disclaimer', 'privacy', 'terms'] as const;
export type SitePageKey = (typeof SITE_PAGE_KEYS)[number];

export const SitePageKeyParams = Type.Object(
  { key: Type.Union(SITE_PAGE_KEYS.map((k) => Type.Literal(k)), { title: '页面' }) },
  { additionalProperties: false },
);

/** Structured fields of the footer and contact pages; the other pages have none. */
export const SitePageData = Type.Object({
  associationName: Type.Optional(Type.String({ maxLength: 100, title: '协会名称' })),
  postalAddress: Type.Optional(Type.String({ maxLength: 200, title: '通讯地址' })),
  postcode: Type.Optional(Type.String({ maxLength: 20, title: '邮政编码' })),
  phone: Type.Optional(Type.String({ maxLength: 50, title: '联系电话' })),
  fax: Type.Optional(Type.String({ maxLength: 50, title: '传真' })),
  email: Type.Optional(Type.String({ maxLength: 100, title: '电子邮箱' })),
  contactHours: Type.Optional(Type.String({ maxLength: 200, title: '办公时间' })),
  icpNumber: Type.Optional(Type.String({ maxLength: 100, title: 'ICP备案号' })),
  publicSecurityRecord: Type.Optional(Type.String({ maxLength: 100, title: '公安备案号' })),
  copyright: Type.Optional(Type.String({ maxLength: 200, title: '版权信息' })),
}, { additionalProperties: false });
export type SitePageData = Static<typeof SitePageData>;

export const PublicSitePage = Type.Object({
  key: Type.String(),
  title: Type.String(),
  /** Sanitised HTML (sanitised when staff save it). */
  content: Type.String(),
  data: SitePageData,
  updatedAt: Type.String(),
});
export type PublicSitePage = Static<typeof PublicSitePage>;
