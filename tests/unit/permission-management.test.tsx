/**
 * 权限管理 against the users mock: roles with their built-in tag and counts, the codes as a
 * tree of pages and actions (create, edit, the built-in role's codes fixed), deletion asked
 * first and refused for built-in roles and roles in use, and buttons and tree nodes narrowed
 * to what the current user holds.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ALL_PERMISSION_CODES } from '@common/permissions';
import PermissionManagementPage from '@/pages/Manage/permission-management';
import { superAdmin, type FixtureAccount } from '../../mock';
import { usersCallsTo, usersDb } from '../../mock/users';
import { renderPage, rowOf, waitForRow } from './contentTestKit';


const PATH = '/Manage/permission-management';

async function openList(account: FixtureAccount = superAdmin) {
  renderPage(<PermissionManagementPage />, PATH, account);
  await waitForRow('审核员');
}

/**
 * superAdmin's session as a staff member holding only `codes`, for the page and the mock
 * server alike (the rows' `actions` are the server's answer), until the test ends.
 */
function holding(...codes: string[]): FixtureAccount {
  const held = superAdmin.user.permissions;
  superAdmin.user.permissions = codes;
  onTestFinished(() => {
    superAdmin.user.permissions = held;
  });
  return superAdmin;
}

async function openDrawer(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title' });
  return heading.closest('.ant-drawer') as HTMLElement;
}

/** The tree node (a page or an action) whose title starts with `text`. */
function node(drawer: HTMLElement, text: string): HTMLElement {
  const title = within(drawer).getAllByText((_content, el) => !!el?.classList.contains('ant-tree-title') && (el.textContent ?? '').startsWith(text));
  return title[0].closest('.ant-tree-treenode') as HTMLElement;
}

function tick(drawer: HTMLElement, text: string) {
  fireEvent.click(node(drawer, text).querySelector('.ant-tree-checkbox') as HTMLElement);
}

function isChecked(drawer: HTMLElement, text: string): boolean {
  return !!node(drawer, text).querySelector('.ant-tree-checkbox-checked');
}

function isDisabled(drawer: HTMLElement, text: string): boolean {
  return !!node(drawer, text).querySelector('.ant-tree-checkbox-disabled');
}

describe('权限管理: the list', () => {
  it('shows roles with the built-in tag, their code and how many codes and users they have', async () => {
    await openList();
    const builtIn = rowOf('超级管理员');
    expect(within(builtIn).getByText('内置')).toBeInTheDocument();
    expect(within(builtIn).getByText(`${ALL_PERMISSION_CODES.length} / ${ALL_PERMISSION_CODES.length}`)).toBeInTheDocument();
    expect(within(rowOf('新闻编辑')).getByText('news-editor')).toBeInTheDocument();
    expect(within(rowOf('审核员')).getByText(`2 / ${ALL_PERMISSION_CODES.length}`)).toBeInTheDocument();
    // A built-in role offers no 删除; the others do.
    expect(within(builtIn).queryByText('删除')).toBeNull();
    expect(within(rowOf('审核员')).getByText('删除')).toBeInTheDocument();
  });

  it('offers no 新建, 编辑 or 删除 to someone who may only view roles', async () => {
    await openList(holding('system:role:view'));
    expect(screen.queryByText('新建角色')).toBeNull();
    expect(within(rowOf('审核员')).queryByText('编辑')).toBeNull();
    expect(within(rowOf('审核员')).queryByText('删除')).toBeNull();
  });
});

describe('权限管理: the codes as a tree', () => {
  it('creates a role from ticked pages and actions', async () => {
    await openList();
    fireEvent.click(screen.getByText('新建角色'));
    const drawer = await openDrawer('新建角色');
    fireEvent.change(document.getElementById('code') as HTMLInputElement, { target: { value: 'unit-reviewer' } });
    fireEvent.change(document.getElementById('name') as HTMLInputElement, { target: { value: '会员审核专员' } });
    // A whole page (all its actions), and one action of another page.
    tick(drawer, '会员单位');
    tick(drawer, '查看工作台');
    expect(isChecked(drawer, '审核会员单位')).toBe(true);
    expect(within(drawer).getByText(`已选 6 / ${ALL_PERMISSION_CODES.length} 项`)).toBeInTheDocument();
    fireEvent.click(within(drawer).getByText('保 存'));
    await waitFor(() => expect(usersCallsTo('post', '/roles')).toHaveLength(1));
    expect(usersCallsTo('post', '/roles')[0].body).toEqual({
      code: 'unit-reviewer',
      name: '会员审核专员',
      description: null,
      permissions: ['workbench:view', 'member:unit:view', 'member:unit:edit', 'member:unit:approve', 'member:unit:delete', 'member:unit:export'],
    });
    await waitForRow('会员审核专员');
    expect(within(rowOf('会员审核专员')).getByText(`6 / ${ALL_PERMISSION_CODES.length}`)).toBeInTheDocument();
  });

  it('refuses a bad role code before any call', async () => {
    await openList();
    fireEvent.click(screen.getByText('新建角色'));
    const drawer = await openDrawer('新建角色');
    fireEvent.change(document.getElementById('code') as HTMLInputElement, { target: { value: 'Bad Code' } });
    fireEvent.change(document.getElementById('name') as HTMLInputElement, { target: { value: '坏' } });
    fireEvent.click(within(drawer).getByText('保 存'));
    expect(await within(drawer).findByText(/^角色编码以小写字母开头/)).toBeInTheDocument();
    expect(usersCallsTo('post', '/roles')).toHaveLength(0);
  });

  it('edits a role: its codes show ticked, a change is saved with the version', async () => {
    await openList();
    fireEvent.click(within(rowOf('审核员')).getByText('编辑'));
    const drawer = await openDrawer('编辑角色');
    await waitFor(() => expect(isChecked(drawer, '审核会员单位')).toBe(true));
    expect(isChecked(drawer, '查看会员单位')).toBe(true);
    expect(isChecked(drawer, '编辑会员单位')).toBe(false);
    tick(drawer, '审核会员单位');
    tick(drawer, '查看审核队列');
    fireEvent.click(within(drawer).getByText('保 存'));
    await waitFor(() => expect(usersCallsTo('put', '/roles/role-auditor')).toHaveLength(1));
    expect(usersCallsTo('put', '/roles/role-auditor')[0].body).toEqual({
      name: '审核员',
      description: null,
      permissions: ['member:unit:view', 'review:view'],
      version: 0,
    });
    expect(usersDb.roles.find((r) => r.id === 'role-auditor')?.permissions).toEqual(['member:unit:view', 'review:view']);
  });

  it('keeps the built-in role’s codes: the tree is fixed and no codes are sent', async () => {
    await openList();
    fireEvent.click(within(rowOf('超级管理员')).getByText('编辑'));
    const drawer = await openDrawer('编辑角色');
    expect(await within(drawer).findByText('内置角色的权限由系统设定，不能修改；内置角色不能删除。')).toBeInTheDocument();
    await waitFor(() => expect(isChecked(drawer, '查看工作台')).toBe(true));
    expect(isDisabled(drawer, '查看工作台')).toBe(true);
    fireEvent.change(document.getElementById('description') as HTMLTextAreaElement, { target: { value: '全部权限' } });
    fireEvent.click(within(drawer).getByText('保 存'));
    await waitFor(() => expect(usersCallsTo('put', '/roles/role-super')).toHaveLength(1));
    expect(usersCallsTo('put', '/roles/role-super')[0].body).toEqual({ name: '超级管理员', description: '全部权限', version: 0 });
  });

  it('lets a role editor tick only the codes they hold', async () => {
    await openList(holding('system:role:view', 'system:role:edit', 'workbench:view'));
    fireEvent.click(screen.getByText('新建角色'));
    const drawer = await openDrawer('新建角色');
    expect(isDisabled(drawer, '查看工作台')).toBe(false);
    expect(isDisabled(drawer, '查看会员单位')).toBe(true);
    expect(isDisabled(drawer, '会员单位')).toBe(true);
  });
});

describe('权限管理: deleting', () => {
  it('asks first, and deletes a role nobody holds', async () => {
    await openList();
    fireEvent.click(within(rowOf('审核员')).getByText('删除'));
    expect(await screen.findByText('确定删除「审核员」吗？删除后不可恢复。')).toBeInTheDocument();
    expect(usersCallsTo('delete', '/roles/role-auditor')).toHaveLength(0);
    fireEvent.click(screen.getByText('确 定'));
    await waitFor(() => expect(usersCallsTo('delete', '/roles/role-auditor')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('审核员')).toBeNull());
  });

  it('a role still held is refused with the server’s reason and stays', async () => {
    await openList();
    fireEvent.click(within(rowOf('新闻编辑')).getByText('删除'));
    fireEvent.click(await screen.findByText('确 定'));
    expect(await screen.findByText('该角色已分配给1个用户，不能删除')).toBeInTheDocument();
    expect(screen.getByText('新闻编辑')).toBeInTheDocument();
    expect(usersDb.roles.some((r) => r.id === 'role-news')).toBe(true);
  });
});
