/**
 * 用户管理 against the users mock: the list of all three kinds (unit, roles, lock), filters
 * from the URL and the keyword, enable/disable and unlock asked first, 查看账号 and 重置密码
 * behind the caller's own password with the new password shown once, creating a staff
 * account (its generated password shown once) and editing a unit account without roles.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import UserManagementPage from '@/pages/Manage/user-management';
import { FIXTURE_UNIT_NAME, superAdmin } from '../../mock';
import { INITIAL_PASSWORD, OTHER_UNIT_NAME, RESET_PASSWORD, usersCallsTo, usersDb } from '../../mock/users';
import { renderPage, rowOf, waitForRow } from './contentTestKit';


const PATH = '/Manage/user-management';

async function openList(url = PATH) {
  renderPage(<UserManagementPage />, url);
  await waitForRow('wangwu');
}

function dialog(): HTMLElement {
  const all = screen.getAllByRole('dialog');
  return all[all.length - 1];
}

function lastListQuery(): Record<string, string> {
  const calls = usersCallsTo('get', '/users');
  return calls[calls.length - 1]?.query ?? {};
}

async function pick(container: HTMLElement, placeholder: string, label: string) {
  const select = within(container).getByText(placeholder).closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content') ?? select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].find((el) => el.textContent === label);
    if (!found) throw new Error(`no option ${label} yet`);
    return found as HTMLElement;
  });
  fireEvent.click(option);
}

describe('用户管理: the list', () => {
  it('shows accounts of all three kinds with their unit, roles, lock and status', async () => {
    await openList();
    expect(within(rowOf('unit')).getByText('会员单位')).toBeInTheDocument();
    expect(within(rowOf('unit')).getByText(FIXTURE_UNIT_NAME)).toBeInTheDocument();
    expect(within(rowOf('practitioner')).getByText('从业人员')).toBeInTheDocument();
    expect(within(rowOf('admin')).getByText('超级管理员')).toBeInTheDocument();
    expect(within(rowOf('staff')).getByText('新闻编辑')).toBeInTheDocument();
    expect(within(rowOf('wangwu')).getByText(/^锁定至 /)).toBeInTheDocument();
    // 解锁 only where there is a lock.
    expect(within(rowOf('wangwu')).getByText('解锁')).toBeInTheDocument();
    expect(within(rowOf('staff')).queryByText('解锁')).toBeNull();
    expect(within(rowOf('zhaoliu')).getByRole('switch', { name: '用户「赵六」：已停用' })).toBeInTheDocument();
    // Your own account cannot be switched off.
    expect(within(rowOf('admin')).getByRole('switch')).toBeDisabled();
  });

  it('starts from the URL: kind and unit go to the server, and the unit select shows the name', async () => {
    renderPage(<UserManagementPage />, `${PATH}?authType=2&unitId=unit-0002`);
    await waitForRow('zhijiang');
    expect(usersCallsTo('get', '/users')[0].query).toMatchObject({ authType: '2', unitId: 'unit-0002' });
    expect(screen.queryByText('unit')).toBeNull();
    expect(screen.queryByText('wangwu')).toBeNull();
    await waitFor(() => expect(usersCallsTo('get', '/users/unit-options').map((c) => c.query)).toContainEqual({ id: 'unit-0002' }));
    await waitFor(() => expect(screen.getAllByText(OTHER_UNIT_NAME).length).toBeGreaterThanOrEqual(2));
  });

  it('finds accounts by the name of their unit', async () => {
    await openList();
    fireEvent.change(document.getElementById('keyword') as HTMLInputElement, { target: { value: '之江' } });
    fireEvent.click(screen.getByText('查 询'));
    await waitFor(() => expect(screen.queryByText('wangwu')).toBeNull());
    expect(lastListQuery()).toMatchObject({ keyword: '之江' });
    expect(screen.getByText('zhijiang')).toBeInTheDocument();
  });

  it('filters by role with the role names of /users/role-options', async () => {
    await openList();
    const form = document.querySelector('.ant-pro-query-filter') as HTMLElement;
    await pick(form, '请选择角色', '审核员');
    fireEvent.click(screen.getByText('查 询'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ roleId: 'role-auditor' }));
    await waitFor(() => expect(screen.queryByText('wangwu')).toBeNull());
    expect(document.querySelector('.ant-empty-description')).toHaveTextContent('暂无数据');
  });
});

describe('用户管理: enable, disable and unlock ask first', () => {
  it('disabling asks, then calls disable and shows the account as disabled', async () => {
    await openList();
    fireEvent.click(within(rowOf('staff')).getByRole('switch'));
    expect(await screen.findByText('确定停用「协会工作人员」吗？')).toBeInTheDocument();
    expect(usersCallsTo('post', '/users/user-staff/disable')).toHaveLength(0);
    fireEvent.click(screen.getByText('停 用'));
    await waitFor(() => expect(usersCallsTo('post', '/users/user-staff/disable')).toHaveLength(1));
    await waitFor(() => expect(within(rowOf('staff')).getByRole('switch', { name: '用户「协会工作人员」：已停用' })).toBeInTheDocument());
    expect(usersDb.users.find((u) => u.id === 'user-staff')?.enabled).toBe(false);
  });

  it('cancelling the question changes nothing', async () => {
    await openList();
    fireEvent.click(within(rowOf('zhaoliu')).getByRole('switch'));
    expect(await screen.findByText('确定启用「赵六」吗？')).toBeInTheDocument();
    fireEvent.click(screen.getByText('取 消'));
    await new Promise((r) => setTimeout(r, 50));
    expect(usersCallsTo('post', '/users/user-disabled/enable')).toHaveLength(0);
  });

  it('unlock asks, then clears the lock', async () => {
    await openList();
    fireEvent.click(within(rowOf('wangwu')).getByText('解锁'));
    expect(await screen.findByText('确定解锁「王五」吗？解锁后可立即重新登录。')).toBeInTheDocument();
    fireEvent.click(screen.getByText('确 定'));
    await waitFor(() => expect(usersCallsTo('post', '/users/user-locked/unlock')).toHaveLength(1));
    await waitFor(() => expect(within(rowOf('wangwu')).queryByText(/^锁定至 /)).toBeNull());
    expect(within(rowOf('wangwu')).queryByText('解锁')).toBeNull();
  });
});

describe('用户管理: 查看账号 and 重置密码', () => {
  it('reset asks for the caller’s own password, refuses a wrong one, then shows the new password once', async () => {
    await openList();
    fireEvent.click(within(rowOf('staff')).getByText('重置密码'));
    await screen.findByText('重置密码：协会工作人员');
    fireEvent.click(within(dialog()).getByText('确认重置'));
    expect(await within(dialog()).findByText('请输入您的登录密码')).toBeInTheDocument();
    expect(usersCallsTo('post', '/users/user-staff/reset-password')).toHaveLength(0);

    const password = within(dialog()).getByPlaceholderText('您的登录密码');
    fireEvent.change(password, { target: { value: 'not-my-password' } });
    fireEvent.click(within(dialog()).getByText('确认重置'));
    expect(await within(dialog()).findByText('当前密码不正确')).toBeInTheDocument();
    expect(screen.queryByTestId('credential-password')).toBeNull();

    fireEvent.change(password, { target: { value: superAdmin.password } });
    fireEvent.click(within(dialog()).getByText('确认重置'));
    expect(await screen.findByTestId('credential-password')).toHaveTextContent(RESET_PASSWORD);
    expect(screen.getByTestId('credential-login')).toHaveTextContent('staff');
    expect(screen.getByText('新密码只显示这一次')).toBeInTheDocument();
    expect(usersCallsTo('post', '/users/user-staff/reset-password').at(-1)?.body).toEqual({ password: superAdmin.password });

    fireEvent.click(screen.getByText('我已记下，关闭'));
    await waitFor(() => expect(screen.queryByText(RESET_PASSWORD)).toBeNull());
    // Nothing keeps it: 查看账号 shows the login name only.
    fireEvent.click(within(rowOf('staff')).getByText('查看账号'));
    await screen.findByText('查看账号：协会工作人员');
    expect(screen.queryByText(RESET_PASSWORD)).toBeNull();
  });

  it('查看账号 shows the login name after the caller’s password, and no password', async () => {
    await openList();
    fireEvent.click(within(rowOf('practitioner')).getByText('查看账号'));
    await screen.findByText('查看账号：李评估');
    fireEvent.change(within(dialog()).getByPlaceholderText('您的登录密码'), { target: { value: superAdmin.password } });
    fireEvent.click(within(dialog()).getByText('确 认'));
    expect(await screen.findByTestId('credential-login')).toHaveTextContent('practitioner');
    expect(screen.queryByTestId('credential-password')).toBeNull();
    expect(screen.queryByText('新密码只显示这一次')).toBeNull();
  });
});

describe('用户管理: the form', () => {
  it('refuses a login account with other characters, before any call', async () => {
    await openList();
    fireEvent.click(screen.getByText('新建用户'));
    await screen.findByText('新建用户', { selector: '.ant-drawer-title' });
    fireEvent.change(document.getElementById('loginAccount') as HTMLInputElement, { target: { value: '张三' } });
    fireEvent.change(document.getElementById('name') as HTMLInputElement, { target: { value: '张三' } });
    fireEvent.click(screen.getByText('保 存'));
    expect(await screen.findByText('登录账号只能包含字母、数字和 _ . @ -')).toBeInTheDocument();
    expect(usersCallsTo('post', '/users')).toHaveLength(0);
  });

  it('creates a staff account with its roles and shows the generated password once', async () => {
    await openList();
    fireEvent.click(screen.getByText('新建用户'));
    const drawer = (await screen.findByText('新建用户', { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement;
    fireEvent.change(document.getElementById('loginAccount') as HTMLInputElement, { target: { value: 'lisi' } });
    fireEvent.change(document.getElementById('name') as HTMLInputElement, { target: { value: '李四' } });
    await pick(drawer, '请选择角色（决定可见的菜单和可做的操作）', '审核员');
    fireEvent.click(screen.getByText('保 存'));
    await waitFor(() => expect(usersCallsTo('post', '/users')).toHaveLength(1));
    expect(usersCallsTo('post', '/users')[0].body).toEqual({
      loginAccount: 'lisi',
      name: '李四',
      authType: 1,
      phone: null,
      email: null,
      roleIds: ['role-auditor'],
      enabled: true,
    });
    expect(await screen.findByText('账号已创建：李四')).toBeInTheDocument();
    expect(screen.getByTestId('credential-password')).toHaveTextContent(INITIAL_PASSWORD);
    fireEvent.click(screen.getByText('我已记下，关闭'));
    await waitFor(() => expect(screen.queryByTestId('credential-password')).toBeNull());
    await waitForRow('lisi');
    expect(within(rowOf('lisi')).getByText('审核员')).toBeInTheDocument();
  });

  it('edits a unit account: its unit shows, no roles are offered or sent, the version goes along', async () => {
    await openList();
    fireEvent.click(within(rowOf('unit')).getByText('编辑'));
    const drawer = (await screen.findByText('编辑用户', { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement;
    await waitFor(() => expect((document.getElementById('name') as HTMLInputElement).value).toBe('张联络'));
    expect(within(drawer).getByText(FIXTURE_UNIT_NAME)).toBeInTheDocument();
    expect(within(drawer).queryByText('角色')).toBeNull();
    fireEvent.change(document.getElementById('name') as HTMLInputElement, { target: { value: '张联络员' } });
    fireEvent.click(screen.getByText('保 存'));
    await waitFor(() => expect(usersCallsTo('put', '/users/user-unit')).toHaveLength(1));
    expect(usersCallsTo('put', '/users/user-unit')[0].body).toEqual({ name: '张联络员', phone: null, email: null, version: 1 });
    await waitForRow('张联络员');
  });
});
