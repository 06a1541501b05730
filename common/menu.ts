/**
 * The one table of pages: routes, titles, and the menu of each account kind (docs/domain.md,
 * "Who uses it").
 *
 * Every route's title, the public top menu, the back-office side menu, breadcrumbs, the
 * layout a path gets and who may open a back-office page all come from here. The server
 * does not read menus, but the permission codes named here are the ones it enforces.
 */
import { AuthType, type PermissionCode } from './permissions';

/** Icon names; src/layouts/icons.tsx maps each to one imported @ant-design/icons component. */
export type MenuIconName =
  | 'AlertOutlined'
  | 'StarOutlined'
  | 'HomeOutlined'
  | 'ProfileOutlined'
  | 'DashboardOutlined'
  | 'NotificationOutlined'
  | 'LinkOutlined'
  | 'BankOutlined'
  | 'TeamOutlined'
  | 'UserOutlined'
  | 'SafetyCertificateOutlined'
  | 'IdcardOutlined'
  | 'SwapOutlined'
  | 'AuditOutlined'
  | 'SoundOutlined'
  | 'PictureOutlined'
  | 'ProjectOutlined'
  | 'FileSearchOutlined'
  | 'TrophyOutlined'
  | 'KeyOutlined'
  | 'ReadOutlined'
  | 'DownloadOutlined'
  | 'PhoneOutlined'
  | 'FileTextOutlined'
  | 'SolutionOutlined'
  | 'SettingOutlined';

export type LayoutKind = 'none' | 'public' | 'manage';

export interface PageEntry {
  path: string;
  title: string;
  icon?: MenuIconName;
  /** Title shown instead of `title` to one authType (the back-office root, for instance). */
  titleByAuthType?: Partial<Record<AuthType, string>>;
  /**
   * A back-office page's subtitle for one authType, beside its title: what the page holds for
   * that kind of account (a practitioner's pages hold their own record).
   */
  subtitleByAuthType?: Partial<Record<AuthType, string>>;
  /**
   * A heading of the back office's side menu that groups its children (系统管理): no page of
   * its own, its path only names it; the children keep their own paths.
   */
  menuGroup?: true;
  hideInMenu?: boolean;
  /** A public entry hidden from the top menu that the phone's 栏目 drawer still lists. */
  inPhoneMenu?: boolean;
  /**
   * What the page holds, where the title alone does not say it: the public menu shows it as
   * the entry's tooltip and under the title in the phone's 栏目 drawer.
   */
  description?: string;
  /** Sub-pages (e.g. /FrontPage/detail/123) stay out of the menu. */
  hideChildrenInMenu?: boolean;
  /**
   * The access flag that decides: the name of a flag of src/access.ts. A boolean
   * flag is used as is, a function flag is called with this entry; false or an undefined
   * flag hides. Without one, the entry inherits its parent's decision.
   */
  access?: 'canSeeAdmin' | 'canSeeMenu' | 'isLoggedIn';
  /** Who may open it; read by the `canSeeMenu` function flag. */
  authTypes?: readonly AuthType[];
  /** The code a staff member needs (authType 1 only; other kinds are scoped by ownership). */
  permission?: PermissionCode;
  children?: readonly PageEntry[];
}

const { Staff, MemberUnit, Practitioner } = AuthType;

/** Pages that stand alone, with no shared layout. */
export const STANDALONE_PAGES: readonly PageEntry[] = [
  { path: '/login', title: '登录' },
  { path: '/register', title: '会员单位入会申请' },
  { path: '/register-guide', title: '入会指南' },
  { path: '/certificate-view', title: '证书查看' },
  // An expert's own score sheet through the personal link staff send (no account; the token
  // follows '#': server/modules/expert-reviews/links.ts LINK_PAGE).
  { path: '/expert-review-sheet', title: '专家评分' },
];

/** The public site's top menu, in order. */
export const PUBLIC_PAGES: readonly PageEntry[] = [
  { path: '/', title: '首页', icon: 'HomeOutlined' },
  { path: '/FrontPage/aboutUs', title: '协会简介', icon: 'ProfileOutlined' },
  { path: '/FrontPage/association-work', title: '协会工作', icon: 'SolutionOutlined' },
  // Out of the top menu; the phone's 栏目 drawer, the footer and the home page lead to it.
  { path: '/FrontPage/notice', title: '通知公告', icon: 'SoundOutlined', hideInMenu: true, inPhoneMenu: true },
  {
    path: '/FrontPage/comprehensive-information/association-news',
    title: '协会新闻',
    icon: 'ReadOutlined',
  },
  {
    // The 行业动态 articles (category industry); the older industry-dynamics path is the 专家库.
    path: '/FrontPage/comprehensive-information/industry-news',
    title: '行业动态',
    icon: 'FileTextOutlined',
    description: '行业政策、资讯与各地稳评动态',
  },
  { path: '/FrontPage/member-unit', title: '会员之窗', icon: 'BankOutlined' },
  // The final credit tiers by year, the list under 公示 and bad conduct in term (CREDIT_PAGES.public).
  {
    path: '/FrontPage/credit',
    title: '信用公示',
    icon: 'StarOutlined',
    description: '会员单位年度信用评价结果与在期不良行为记录',
  },
  {
    path: '/FrontPage/comprehensive-information/industry-dynamics',
    title: '专家库',
    icon: 'TeamOutlined',
    description: '稳评专家名录：职称、工作单位与专业领域',
  },
  { path: '/FrontPage/download', title: '下载专区', icon: 'DownloadOutlined' },
  { path: '/FrontPage/Contact', title: '联系我们', icon: 'PhoneOutlined' },
  // Out of the top menu; the footer's 办事服务, 联系我们 and the phone's 栏目 drawer lead to it.
  {
    path: '/FrontPage/complaint',
    title: '投诉举报',
    icon: 'AlertOutlined',
    hideInMenu: true,
    inPhoneMenu: true,
    description: '对会员单位及其从业人员的投诉与举报，凭编号和查询码查询办理进度',
  },
  // The results of the header's search box.
  { path: '/FrontPage/search', title: '站内搜索', hideInMenu: true },
  {
    path: '/FrontPage/detail',
    title: '详情',
    icon: 'FileTextOutlined',
    hideInMenu: true,
    hideChildrenInMenu: true,
  },
];

/**
 * The back office. Order follows the association's staff menu; the pages added to it (projects,
 * business audit, business cases, the personal centre, messages) are placed so that the
 * member-unit menu keeps its order too. The system's pages (users, roles, the audit log, online
 * users) sit last, in the 系统管理 group, apart from the association's business.
 */
export const MANAGE_ROOT: PageEntry = {
  path: '/Manage',
  title: '后台管理',
  titleByAuthType: { [MemberUnit]: '会员单位子系统', [Practitioner]: '从业人员' },
  access: 'canSeeAdmin',
  children: [
    {
      path: '/Manage/memberInfo',
      title: '单位信息管理',
      icon: 'BankOutlined',
      access: 'canSeeMenu',
      authTypes: [MemberUnit],
    },
    {
      path: '/Manage/staging',
      title: '工作台',
      subtitleByAuthType: { [Practitioner]: '我的待办、证书与年检' },
      icon: 'DashboardOutlined',
      access: 'canSeeMenu',
      // Units and practitioners see it too: their own to-dos, certificate and inspection.
      authTypes: [Staff, MemberUnit, Practitioner],
      permission: 'workbench:view',
    },
    {
      path: '/Manage/association-news',
      title: '新闻公告发布',
      icon: 'NotificationOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff],
      permission: 'content:article:view',
    },
    {
      path: '/Manage/friendly-link',
      title: '友情链接管理',
      icon: 'LinkOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff],
      permission: 'content:link:view',
    },
    {
      path: '/Manage/member-unit-management',
      title: '会员单位管理',
      icon: 'BankOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff],
      permission: 'member:unit:view',
    },
    {
      path: '/Manage/expert-database-management',
      title: '专家库管理',
      icon: 'TeamOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff],
      permission: 'expert:view',
    },
    {
      // A menu entry that opens the standalone certificate page (证书预览 in the staff menu).
      path: '/certificate-view',
      title: '证书预览',
      icon: 'SafetyCertificateOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff],
      permission: 'certificate:view',
    },
    {
      path: '/Manage/employee-management',
      title: '从业人员管理',
      subtitleByAuthType: { [Practitioner]: '我的从业信息：本人的登记信息、审核进度与证书' },
      icon: 'IdcardOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff, MemberUnit, Practitioner],
      permission: 'member:practitioner:view',
    },
    {
      path: '/Manage/employee-unit-change',
      title: '从业人员单位变更管理',
      subtitleByAuthType: { [Practitioner]: '我的单位变更申请' },
      icon: 'SwapOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff, MemberUnit, Practitioner],
      permission: 'member:unit-change:view',
    },
    {
      path: '/Manage/annual-inspection-record',
      title: '年检管理',
      titleByAuthType: { [Staff]: '会员单位年检管理' },
      subtitleByAuthType: { [Practitioner]: '我的年检' },
      icon: 'AuditOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff, MemberUnit, Practitioner],
      permission: 'inspection:view',
    },
    {
      path: '/Manage/notice',
      title: '网站公告管理',
      icon: 'SoundOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff],
      permission: 'content:notice:view',
    },
    {
      path: '/Manage/carousel-news',
      title: '轮播新闻管理',
      icon: 'PictureOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff],
      permission: 'content:carousel:view',
    },
    {
      path: '/Manage/project-management',
      title: '项目管理',
      subtitleByAuthType: { [Practitioner]: '我参与的项目' },
      icon: 'ProjectOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff, MemberUnit, Practitioner],
      permission: 'project:view',
    },
    {
      // Review tasks, draws, score sheets and 质量抽查; a unit reads its own projects' reviews
      // (the panel's names sealed), read only.
      path: '/Manage/expert-review',
      title: '评审管理',
      titleByAuthType: { [MemberUnit]: '项目评审' },
      icon: 'AuditOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff, MemberUnit],
      permission: 'review:task:view',
    },
    {
      // Complaints from the public: staff accept, decline and conclude; the unit complained
      // about reads its own once accepted and answers in writing (投诉申辩).
      path: '/Manage/complaint',
      title: '投诉举报',
      titleByAuthType: { [MemberUnit]: '投诉申辩' },
      icon: 'AlertOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff, MemberUnit],
      permission: 'complaint:view',
    },
    {
      // Bad-conduct records and commendations (common/schemas/credit.ts CREDIT_PAGES.events); a
      // unit reads its own, read only.
      path: '/Manage/credit-records',
      title: '信用记录',
      icon: 'SafetyCertificateOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff, MemberUnit],
      permission: 'credit:view',
    },
    {
      // The yearly ratings, objections and rules (CREDIT_PAGES.ratings); a unit its own score.
      path: '/Manage/credit-rating',
      title: '信用评价',
      titleByAuthType: { [MemberUnit]: '我的信用' },
      icon: 'StarOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff, MemberUnit],
      permission: 'credit:view',
    },
    {
      path: '/Manage/business-audit',
      title: '业务审核管理',
      icon: 'FileSearchOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff],
      permission: 'review:view',
    },
    {
      path: '/Manage/performance-case',
      title: '业绩案例管理',
      icon: 'TrophyOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff, MemberUnit],
      permission: 'case:view',
    },
    {
      // Notices to people by rule (e-mail, SMS, in-site): the rules and templates, and every
      // delivery's record. Not 网站公告管理 (/Manage/notice), which publishes 通知公告.
      path: '/Manage/notice-settings',
      title: '通知设置',
      icon: 'SettingOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff],
      permission: 'notice:view',
    },
    {
      path: '/Manage/notice-records',
      title: '通知记录',
      icon: 'NotificationOutlined',
      access: 'canSeeMenu',
      authTypes: [Staff],
      permission: 'notice:view',
    },
    {
      // The system's own pages, apart from the association's business above. The group
      // inherits; each child decides for itself, and an empty group hides (src/access.ts).
      path: '/Manage/system',
      title: '系统管理',
      icon: 'SettingOutlined',
      menuGroup: true,
      children: [
        {
          path: '/Manage/user-management',
          title: '用户管理',
          icon: 'UserOutlined',
          access: 'canSeeMenu',
          authTypes: [Staff],
          permission: 'system:user:view',
        },
        {
          path: '/Manage/permission-management',
          title: '权限管理',
          icon: 'KeyOutlined',
          access: 'canSeeMenu',
          authTypes: [Staff],
          permission: 'system:role:view',
        },
        {
          // The audit trail (等保 2.0 安全审计): who did what, when, from where, with what result.
          path: '/Manage/operation-log',
          title: '审计日志',
          icon: 'FileSearchOutlined',
          access: 'canSeeMenu',
          authTypes: [Staff],
          permission: 'system:log:view',
        },
        {
          path: '/Manage/online-users',
          title: '在线用户',
          icon: 'TeamOutlined',
          access: 'canSeeMenu',
          authTypes: [Staff],
          permission: 'system:session:view',
        },
      ],
    },
    {
      // What the system holds about the caller (PIPL art. 45–47), their consents,
      // logins and sessions. Opened from the user menu, not the side menu.
      path: '/Manage/profile',
      title: '个人中心',
      icon: 'UserOutlined',
      hideInMenu: true,
      access: 'canSeeMenu',
      authTypes: [Staff, MemberUnit, Practitioner],
    },
    {
      // Decisions and reminders for the caller; the header bell links here.
      path: '/Manage/messages',
      title: '消息中心',
      icon: 'NotificationOutlined',
      hideInMenu: true,
      access: 'canSeeMenu',
      authTypes: [Staff, MemberUnit, Practitioner],
    },
  ],
};

/** The back office's pages (the entries of its menu groups in their place, not the groups). */
export const MANAGE_PAGES: readonly PageEntry[] = (MANAGE_ROOT.children ?? []).flatMap((entry) =>
  entry.menuGroup ? (entry.children ?? []) : [entry],
);

/** Every page, for title look-ups. */
export const ALL_PAGES: readonly PageEntry[] = [...STANDALONE_PAGES, ...PUBLIC_PAGES, MANAGE_ROOT, ...MANAGE_PAGES];

/** The title the not-found page shows. */
export const NOT_FOUND_TITLE = '页面不存在';
export const FORBIDDEN_TITLE = '无权访问';

/** Any path containing /Manage is the back office; five pages stand alone, without a layout. */
export function layoutOf(pathname: string): LayoutKind {
  if (pathname.includes('/Manage')) return 'manage';
  if (STANDALONE_PAGES.some((p) => pathname === p.path || pathname.startsWith(`${p.path}/`))) {
    return 'none';
  }
  return 'public';
}

export function entryTitle(entry: PageEntry, authType?: number): string {
  return (authType && entry.titleByAuthType?.[authType as AuthType]) || entry.title;
}

/** A back-office page's subtitle for this authType, if it has one. */
export function entrySubtitle(entry: PageEntry, authType?: number): string | undefined {
  return authType ? entry.subtitleByAuthType?.[authType as AuthType] : undefined;
}

/**
 * The entry a path belongs to: an exact match, else the longest entry the path lies under
 * (so /FrontPage/detail/12 belongs to /FrontPage/detail). `/` matches only itself.
 */
export function findPage(pathname: string): PageEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: PageEntry | undefined;
  for (const entry of ALL_PAGES) {
    if (entry.path === path) return entry;
    if (entry.path !== '/' && path.startsWith(`${entry.path}/`)) {
      if (!best || entry.path.length > best.path.length) best = entry;
    }
  }
  return best;
}

/** Whether one user may open one back-office entry: the rule behind the `canSeeMenu` flag. */
export function canOpenEntry(
  user: { authType: number; permissions?: readonly string[] } | null | undefined,
  entry: Pick<PageEntry, 'authTypes' | 'permission'>,
): boolean {
  if (!entry.authTypes) return true;
  if (!user || !entry.authTypes.includes(user.authType as AuthType)) return false;
  if (user.authType === AuthType.Staff && entry.permission) {
    return !!user.permissions?.includes(entry.permission);
  }
  return true;
}
