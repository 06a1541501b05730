/**
 * Account kinds and permission codes: the one home of who may do what.
 *
 * The server checks these codes on every call (see server/security/guard.ts); the front end's
 * access.ts reads the same table to narrow menus and buttons. Codes follow RuoYi's
 * `module:entity:action` shape. Only association staff (authType 1) carry codes, through
 * their roles; member units (2) and practitioners (3) are scoped by ownership instead.
 */

export const AuthType = {
  /** 协会工作人员：协会网站后台管理系统 */
  Staff: 1,
  /** 会员单位：会员单位子系统 */
  MemberUnit: 2,
  /** 从业人员 */
  Practitioner: 3,
} as const;
export type AuthType = (typeof AuthType)[keyof typeof AuthType];

export const AUTH_TYPES: readonly AuthType[] = [1, 2, 3];

/** What each authType's login screen and back-office root are called. */
export const AUTH_TYPE_TITLES: Record<AuthType, string> = {
  1: '协会网站后台管理系统',
  2: '会员单位子系统',
  3: '从业人员',
};

export function isAuthType(value: unknown): value is AuthType {
  return value === 1 || value === 2 || value === 3;
}

/** Parses `?authType=` and the like; anything else is undefined. */
export function parseAuthType(value: unknown): AuthType | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return isAuthType(n) ? n : undefined;
}

/** Permission codes with their Chinese names, grouped as the permission-management page shows them. */
export const PERMISSION_GROUPS = [
  {
    group: '工作台',
    items: [{ code: 'workbench:view', name: '查看工作台' }],
  },
  {
    group: '会员单位',
    items: [
      { code: 'member:unit:view', name: '查看会员单位' },
      { code: 'member:unit:edit', name: '编辑会员单位' },
      { code: 'member:unit:approve', name: '审核会员单位' },
      { code: 'member:unit:delete', name: '注销会员单位' },
      { code: 'member:unit:export', name: '导出会员单位' },
    ],
  },
  {
    group: '从业人员',
    items: [
      { code: 'member:practitioner:view', name: '查看从业人员' },
      { code: 'member:practitioner:edit', name: '编辑从业人员' },
      { code: 'member:practitioner:approve', name: '审核从业人员' },
      { code: 'member:practitioner:delete', name: '删除从业人员' },
      { code: 'member:practitioner:export', name: '导出从业人员' },
      { code: 'member:practitioner:import', name: '导入从业人员' },
      { code: 'member:practitioner:reveal', name: '查看完整身份证号码和手机号码（留痕）' },
      { code: 'member:practitioner:export-sensitive', name: '导出完整身份证号码（留痕）' },
    ],
  },
  {
    group: '从业人员单位变更',
    items: [
      { code: 'member:unit-change:view', name: '查看单位变更' },
      { code: 'member:unit-change:approve', name: '审批单位变更' },
    ],
  },
  {
    group: '专家库',
    items: [
      { code: 'expert:view', name: '查看专家' },
      { code: 'expert:edit', name: '编辑专家' },
      { code: 'expert:delete', name: '删除专家' },
      { code: 'expert:export', name: '导出专家' },
    ],
  },
  {
    group: '新闻公告',
    items: [
      { code: 'content:article:view', name: '查看文章' },
      { code: 'content:article:edit', name: '编辑文章' },
      { code: 'content:article:publish', name: '发布/下线文章' },
      { code: 'content:article:delete', name: '删除文章' },
    ],
  },
  {
    group: '网站公告',
    items: [
      { code: 'content:notice:view', name: '查看公告' },
      { code: 'content:notice:edit', name: '编辑/发布公告' },
      { code: 'content:notice:delete', name: '删除公告' },
    ],
  },
  {
    group: '轮播新闻',
    items: [
      { code: 'content:carousel:view', name: '查看轮播' },
      { code: 'content:carousel:edit', name: '编辑轮播' },
      { code: 'content:carousel:delete', name: '删除轮播' },
    ],
  },
  {
    group: '友情链接',
    items: [
      { code: 'content:link:view', name: '查看友情链接' },
      { code: 'content:link:edit', name: '编辑友情链接' },
      { code: 'content:link:delete', name: '删除友情链接' },
    ],
  },
  {
    group: '网站页面',
    items: [{ code: 'content:site-page:edit', name: '编辑网站页面（协会简介、联系我们、页脚）' }],
  },
  {
    group: '项目',
    items: [
      { code: 'project:view', name: '查看项目' },
      { code: 'project:review', name: '审核项目（备案/退回）' },
      { code: 'project:export', name: '导出项目' },
    ],
  },
  {
    group: '年检',
    items: [
      { code: 'inspection:view', name: '查看年检' },
      { code: 'inspection:review', name: '审核年检' },
      { code: 'inspection:manage', name: '开启年检年度' },
      { code: 'inspection:export', name: '导出年检' },
    ],
  },
  {
    group: '业务审核',
    items: [
      { code: 'review:view', name: '查看审核队列' },
      { code: 'review:decide', name: '审核决定' },
    ],
  },
  {
    group: '评审与质量抽查',
    items: [
      { code: 'review:task:view', name: '查看评审任务' },
      { code: 'review:task:export', name: '导出评审任务' },
      { code: 'review:manage', name: '管理评审任务（新建、记录专家答复、生成专家链接、结束评审、确认修改稿）' },
      { code: 'review:draw', name: '抽取评审专家（含重新抽取、补抽）' },
      { code: 'review:draw:view', name: '评审结束前查看抽取结果与专家姓名' },
      { code: 'review:score', name: '录入评分表、评价专家' },
      { code: 'review:sample', name: '质量抽查（抽取备案项目）' },
    ],
  },
  {
    // Notices to people (e-mail, SMS, in-site) by rule; not 网站公告 (content:notice:*) above.
    group: '通知发送',
    items: [
      { code: 'notice:view', name: '查看通知设置与通知记录' },
      { code: 'notice:manage', name: '管理通知（编辑通知规则与模板、重发、发送临时通知；接收发送日报）' },
      { code: 'notice:reveal', name: '查看通知记录中完整的邮箱地址和手机号码（留痕）' },
      { code: 'notice:export', name: '导出通知记录' },
    ],
  },
  {
    group: '投诉举报',
    items: [
      { code: 'complaint:view', name: '查看投诉举报' },
      { code: 'complaint:handle', name: '办理投诉举报（受理、不予受理、办结）' },
      { code: 'complaint:reveal', name: '查看投诉人完整手机号码（留痕）' },
      { code: 'complaint:export', name: '导出投诉举报' },
    ],
  },
  {
    group: '信用管理',
    items: [
      { code: 'credit:view', name: '查看信用记录与信用评价' },
      { code: 'credit:event:edit', name: '登记、撤销不良行为记录与表彰' },
      { code: 'credit:rule:edit', name: '修订信用评价规则（生成新版本）' },
      { code: 'credit:rating:manage', name: '开展年度信用评价（启动初评、公示、答复异议、终评）' },
      { code: 'credit:export', name: '导出信用记录与信用评价' },
    ],
  },
  {
    group: '业绩案例',
    items: [
      { code: 'case:view', name: '查看业绩案例' },
      { code: 'case:review', name: '审核业绩案例' },
    ],
  },
  {
    group: '证书',
    items: [
      { code: 'certificate:view', name: '查看证书' },
      { code: 'certificate:revoke', name: '吊销证书' },
    ],
  },
  {
    group: '用户管理',
    items: [
      { code: 'system:user:view', name: '查看用户' },
      { code: 'system:user:edit', name: '新增/编辑用户' },
      { code: 'system:user:enable', name: '启用/停用用户' },
      { code: 'system:user:reset-password', name: '查看账号/重置密码' },
    ],
  },
  {
    group: '权限管理',
    items: [
      { code: 'system:role:view', name: '查看角色' },
      { code: 'system:role:edit', name: '新增/编辑角色' },
      { code: 'system:role:delete', name: '删除角色' },
    ],
  },
  {
    group: '系统',
    items: [
      { code: 'system:log:view', name: '查看审计日志（操作日志）并校验其完整性' },
      { code: 'system:log:export', name: '导出审计日志' },
      { code: 'system:session:view', name: '查看在线用户' },
      { code: 'system:session:revoke', name: '强制下线' },
      { code: 'system:personal-data:handle', name: '处理个人信息删除请求' },
      { code: 'system:file:upload', name: '上传文件' },
    ],
  },
] as const;

export type PermissionCode = (typeof PERMISSION_GROUPS)[number]['items'][number]['code'];

export const ALL_PERMISSION_CODES: readonly PermissionCode[] = PERMISSION_GROUPS.flatMap((g) =>
  g.items.map((i) => i.code),
);

const PERMISSION_NAMES = new Map<string, string>(
  PERMISSION_GROUPS.flatMap((g) => g.items.map((i) => [i.code, i.name] as const)),
);

export function isPermissionCode(code: string): code is PermissionCode {
  return PERMISSION_NAMES.has(code);
}

export function permissionName(code: string): string {
  return PERMISSION_NAMES.get(code) ?? code;
}

/** The built-in role that holds every code; it cannot be edited or deleted. */
export const SUPER_ADMIN_ROLE_CODE = 'super-admin';

/**
 * The three administrator roles of 等保 2.0 (separation of duties), built in and kept to these
 * codes at every start: the system administrator keeps accounts and settings but cannot read
 * the audit trail; the security administrator keeps roles and permissions and sessions; the
 * audit administrator reads and exports the audit trail and nothing else.
 */
export const SEPARATED_ADMIN_ROLES = [
  {
    code: 'system-admin',
    name: '系统管理员',
    description: '内置角色：管理账号与系统设置；不能查看或清除审计日志',
    permissions: ['system:user:view', 'system:user:edit', 'system:user:enable', 'system:user:reset-password', 'system:file:upload', 'content:site-page:edit'],
  },
  {
    code: 'security-admin',
    name: '安全管理员',
    description: '内置角色：管理角色与权限、在线会话；不能管理账号或查看审计日志',
    permissions: ['system:role:view', 'system:role:edit', 'system:role:delete', 'system:session:view', 'system:session:revoke'],
  },
  {
    code: 'audit-admin',
    name: '审计管理员',
    description: '内置角色：只能查看、导出审计日志并校验其完整性',
    permissions: ['system:log:view', 'system:log:export'],
  },
] as const satisfies readonly { code: string; name: string; description: string; permissions: readonly PermissionCode[] }[];

/**
 * The one check both sides use: may this user do `code`?
 * Staff need the code through a role; other authTypes never hold staff codes.
 */
export function hasPermission(
  user: { authType: number; permissions?: readonly string[] } | null | undefined,
  code: PermissionCode,
): boolean {
  if (!user || user.authType !== AuthType.Staff) return false;
  return !!user.permissions?.includes(code);
}

/**
 * Who manages the accounts of each kind, beyond the system:user:* code of the route: a member
 * unit's account acts as that unit and a practitioner's as that person, so only the holders of
 * member-unit or practitioner management may create, bind, edit, enable, disable, unlock or
 * reset them (server/modules/users, server/security/loginAccount.ts). Otherwise the user
 * administrator (系统管理员) could make themselves any unit and read what the unit reads, past
 * the practitioner codes and the separation of the three administrators.
 */
export const ACCOUNT_KIND_MANAGER: Record<AuthType, PermissionCode | null> = {
  1: null,
  2: 'member:unit:edit',
  3: 'member:practitioner:edit',
};

/** Whether `user` may manage accounts of `authType` (the user code aside); false for an unknown kind. */
export function canManageAccountKind(user: Parameters<typeof hasPermission>[0], authType: number): boolean {
  if (!isAuthType(authType)) return false;
  const code = ACCOUNT_KIND_MANAGER[authType];
  return code === null || hasPermission(user, code);
}

/** The refusal when `user` may not manage accounts of `authType`, or null. */
export function accountKindRefusal(user: Parameters<typeof hasPermission>[0], authType: number): string | null {
  if (canManageAccountKind(user, authType)) return null;
  const code = isAuthType(authType) ? ACCOUNT_KIND_MANAGER[authType] : null;
  const kind = authType === AuthType.MemberUnit ? '会员单位' : '从业人员';
  return code ? `只有具有“${permissionName(code)}”权限的工作人员可以新增或管理${kind}账号` : '账号类型不正确';
}
