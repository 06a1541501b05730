/**
 * src/access.ts: the access flags (canSeeAdmin, canSeeMenu, …) and the menu filter behind every
 * back-office menu.
 */
import { describe, expect, it } from 'vitest';
import { entryTitle, type PageEntry } from '@common/menu';
import type { CurrentUser } from '@common/schemas/auth';
import access, {
  canOpenManagePath,
  filterMenu,
  firstAccessiblePath,
  manageEntryChain,
  manageMenuFor,
  NO_ACCESS_STATE_NAME,
} from '@/access';
import { APP_NAME } from '@/initialState';
import { limitedStaff, memberUnit, practitioner, superAdmin } from '../../mock';

function menuTitles(user: CurrentUser | undefined): string[] {
  // What the side menu lists (the personal centre and messages are reached from the header).
  return manageMenuFor(access({ name: APP_NAME, currentUser: user }))
    .filter((e) => !e.hideInMenu)
    .map((e) => entryTitle(e, user?.authType));
}

/** The pages a menu group of the user's side menu holds. */
function groupTitles(user: CurrentUser | undefined, group: string): string[] | undefined {
  const entry = manageMenuFor(access({ name: APP_NAME, currentUser: user })).find((e) => e.title === group);
  return entry?.children?.map((e) => entryTitle(e, user?.authType));
}

describe('access flags', () => {
  it('canSeeAdmin: true when the initial state exists and is not named dontHaveAccess', () => {
    expect(access({ name: APP_NAME }).canSeeAdmin).toBe(true);
    expect(access({ name: NO_ACCESS_STATE_NAME }).canSeeAdmin).toBe(false);
    expect(access(undefined).canSeeAdmin).toBe(false);
    expect(access(null).canSeeAdmin).toBe(false);
  });

  it('names the kind of the logged-in user', () => {
    const staff = access({ name: APP_NAME, currentUser: superAdmin.user });
    expect(staff).toMatchObject({ isLoggedIn: true, isStaff: true, isMemberUnit: false, isPractitioner: false });
    const unit = access({ name: APP_NAME, currentUser: memberUnit.user });
    expect(unit).toMatchObject({ isLoggedIn: true, isStaff: false, isMemberUnit: true, isPractitioner: false });
    const person = access({ name: APP_NAME, currentUser: practitioner.user });
    expect(person).toMatchObject({ isStaff: false, isMemberUnit: false, isPractitioner: true });
    expect(access({ name: APP_NAME })).toMatchObject({ isLoggedIn: false, isStaff: false });
  });

  it('can(code) follows the staff member’s permission codes; other kinds hold none', () => {
    const limited = access({ name: APP_NAME, currentUser: limitedStaff.user });
    expect(limited.can('workbench:view')).toBe(true);
    expect(limited.can('member:unit:approve')).toBe(false);
    expect(access({ name: APP_NAME, currentUser: superAdmin.user }).can('member:unit:approve')).toBe(true);
    expect(access({ name: APP_NAME, currentUser: memberUnit.user }).can('member:unit:view')).toBe(false);
  });

  it('canSeeMenu is a function flag evaluated per entry', () => {
    const flags = access({ name: APP_NAME, currentUser: memberUnit.user });
    expect(flags.canSeeMenu({ authTypes: [2] })).toBe(true);
    expect(flags.canSeeMenu({ authTypes: [1] })).toBe(false);
    expect(flags.canSeeMenu({})).toBe(true);
  });
});

describe('back-office menu by authType (common/menu.ts; docs/domain.md, "Who uses it")', () => {
  it('association staff with every code', () => {
    expect(menuTitles(superAdmin.user)).toEqual([
      '工作台',
      '新闻公告发布',
      '友情链接管理',
      '会员单位管理',
      '专家库管理',
      '证书预览',
      '从业人员管理',
      '从业人员单位变更管理',
      '会员单位年检管理',
      '网站公告管理',
      '轮播新闻管理',
      '项目管理',
      '评审管理',
      '投诉举报',
      '信用记录',
      '信用评价',
      '业务审核管理',
      '业绩案例管理',
      '通知设置',
      '通知记录',
      '系统管理',
    ]);
  });

  it('groups the system’s pages under 系统管理, apart from the business, at their own paths', () => {
    expect(groupTitles(superAdmin.user, '系统管理')).toEqual(['用户管理', '权限管理', '审计日志', '在线用户']);
    const chain = manageEntryChain('/Manage/user-management')?.map((e) => e.title);
    expect(chain).toEqual(['后台管理', '系统管理', '用户管理']);
    expect(manageEntryChain('/Manage/operation-log')?.map((e) => e.path)).toEqual(['/Manage', '/Manage/system', '/Manage/operation-log']);
    // The group is no page of its own.
    expect(manageEntryChain('/Manage/system')).toBeUndefined();
    const flags = access({ name: APP_NAME, currentUser: superAdmin.user });
    expect(canOpenManagePath('/Manage/online-users', flags)).toBe(true);
  });

  it('shows 系统管理 with the pages a staff role grants, and not at all without one', () => {
    const auditor = { ...limitedStaff.user, permissions: ['workbench:view', 'system:log:view'] };
    expect(menuTitles(auditor)).toEqual(['工作台', '系统管理']);
    expect(groupTitles(auditor, '系统管理')).toEqual(['审计日志']);
    const auditorFlags = access({ name: APP_NAME, currentUser: auditor });
    expect(canOpenManagePath('/Manage/operation-log', auditorFlags)).toBe(true);
    expect(canOpenManagePath('/Manage/user-management', auditorFlags)).toBe(false);
    expect(firstAccessiblePath({ ...auditor, permissions: ['system:log:view'] })).toBe('/Manage/operation-log');
    expect(groupTitles(limitedStaff.user, '系统管理')).toBeUndefined();
  });

  it('member unit', () => {
    expect(menuTitles(memberUnit.user)).toEqual([
      '单位信息管理',
      '工作台',
      '从业人员管理',
      '从业人员单位变更管理',
      '年检管理',
      '项目管理',
      '项目评审',
      '投诉申辩',
      '信用记录',
      '我的信用',
      '业绩案例管理',
    ]);
  });

  it('practitioner', () => {
    expect(menuTitles(practitioner.user)).toEqual(['工作台', '从业人员管理', '从业人员单位变更管理', '年检管理', '项目管理']);
  });

  it('any other authType, or nobody, gets no back-office items', () => {
    const stranger = { ...superAdmin.user, authType: 4 } as unknown as CurrentUser;
    expect(menuTitles(stranger)).toEqual([]);
    expect(menuTitles(undefined)).toEqual([]);
  });

  it('a staff role narrows the menu to its codes', () => {
    expect(menuTitles(limitedStaff.user)).toEqual(['工作台', '新闻公告发布']);
  });

  it('a staff member without the code: entry hidden, direct URL refused', () => {
    const flags = access({ name: APP_NAME, currentUser: limitedStaff.user });
    expect(canOpenManagePath('/Manage/user-management', flags)).toBe(false);
    expect(canOpenManagePath('/Manage/staging', flags)).toBe(true);
    expect(canOpenManagePath('/Manage/association-news/edit/1', flags)).toBe(true);
    // Another kind's page is refused too.
    expect(canOpenManagePath('/Manage/memberInfo', flags)).toBe(false);
    // An unknown path is left to the not-found page.
    expect(canOpenManagePath('/Manage/no-such-page', flags)).toBe(true);
  });

  it('the whole back office is closed when canSeeAdmin is false', () => {
    const flags = access({ name: NO_ACCESS_STATE_NAME, currentUser: superAdmin.user });
    expect(manageMenuFor(flags)).toEqual([]);
    expect(canOpenManagePath('/Manage/staging', flags)).toBe(false);
  });
});

describe('filterMenu (flags, inheritance, empty parents)', () => {
  const tree: PageEntry[] = [
    {
      path: '/a',
      title: 'A',
      access: 'canSeeAdmin',
      children: [
        { path: '/a/inherit', title: 'inherits A' },
        { path: '/a/hidden', title: 'flag false', access: 'isLoggedIn' },
      ],
    },
    {
      path: '/b',
      title: 'B',
      children: [
        { path: '/b/x', title: 'hidden x', access: 'isLoggedIn' },
        { path: '/b/y', title: 'hidden y', access: 'isLoggedIn' },
      ],
    },
    { path: '/c', title: 'undefined flag', access: 'canSeeMenu' },
    { path: '/d', title: 'no access field' },
    { path: '/e', title: 'closed parent', access: 'isLoggedIn', children: [{ path: '/e/1', title: 'E1' }] },
  ];
  const paths = (entries: PageEntry[]): string[] =>
    entries.flatMap((e) => [e.path, ...paths(e.children ? [...e.children] : [])]);

  it('boolean flags decide, children inherit, empty parents and undefined flags hide', () => {
    const shown = filterMenu(tree, { canSeeAdmin: true, isLoggedIn: false });
    expect(paths(shown)).toEqual(['/a', '/a/inherit', '/d']);
  });

  it('a closed parent hides children that have no flag of their own', () => {
    const shown = filterMenu(tree, { canSeeAdmin: false, isLoggedIn: false });
    expect(paths(shown)).toEqual(['/d']);
  });

  it('function flags are called with the entry', () => {
    const seen: string[] = [];
    const shown = filterMenu(tree, {
      canSeeAdmin: true,
      isLoggedIn: true,
      canSeeMenu: (entry: PageEntry) => {
        seen.push(entry.path);
        return true;
      },
    });
    expect(seen).toEqual(['/c']);
    expect(paths(shown)).toContain('/c');
    expect(paths(shown)).toContain('/b/y');
  });

  it('a flag that is neither boolean nor function hides', () => {
    expect(filterMenu([{ path: '/z', title: 'Z', access: 'isLoggedIn' }], { isLoggedIn: 'yes' })).toEqual([]);
  });
});

describe('firstAccessiblePath', () => {
  it('is the first page of each user’s menu', () => {
    expect(firstAccessiblePath(superAdmin.user)).toBe('/Manage/staging');
    expect(firstAccessiblePath(memberUnit.user)).toBe('/Manage/memberInfo');
    expect(firstAccessiblePath(practitioner.user)).toBe('/Manage/staging');
    expect(firstAccessiblePath({ ...limitedStaff.user, permissions: ['content:link:view'] })).toBe(
      '/Manage/friendly-link',
    );
  });

  it('is undefined for a user whose menu is empty', () => {
    expect(firstAccessiblePath({ ...limitedStaff.user, permissions: [] })).toBeUndefined();
    expect(firstAccessiblePath(undefined)).toBeUndefined();
  });
});
