/**
 * The back office's frame and its words (src/layouts/ManageLayout, ManagePageContainer): the
 * header names whom the account stands for (CurrentUser.name, a practitioner's own name) and its
 * unit, not the login; a practitioner's pages say in their subtitle that they hold the person's
 * own record; the system's pages sit in the 系统管理 group; 证书预览 opens in a new tab.
 */
import { App } from 'antd';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@common/schemas/auth';
import type * as UmiMax from '@umijs/max';
import access from '@/access';
import { ManagePageContainer } from '@/components/ListPage';
import { APP_NAME, type InitialState } from '@/initialState';
import Layout from '@/layouts';
import { practitioner, superAdmin } from '../../mock';

const state: { current: InitialState } = { current: { name: APP_NAME } };
/** The back office's frame loads lazily (its own chunk): the first look waits for it. */

vi.mock('@umijs/max', async (importOriginal) => {
  const actual = await importOriginal<typeof UmiMax>();
  return {
    ...actual,
    useModel: (name: Parameters<typeof UmiMax.useModel>[0]) => {
      if (name === '@@initialState') {
        return { initialState: state.current, loading: false, setInitialState: vi.fn(), refresh: vi.fn() };
      }
      if (name === 'navigation') return { unitId: '', breadcrumb: [], setUnitId: vi.fn(), setBreadcrumb: vi.fn() };
      return actual.useModel(name);
    },
    useAccess: () => access(state.current),
  };
});

afterEach(() => {
  state.current = { name: APP_NAME };
});

function renderAt(path: string, user: CurrentUser, page = <div>页面正文</div>) {
  state.current = { name: APP_NAME, currentUser: user };
  return render(
    <App>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="*" element={page} />
          </Route>
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

/** The side menu (ProLayout's), searched by text: a role query over the whole frame is slow in the test DOM. */
function sideMenu(): HTMLElement {
  const menu = document.querySelector('.ant-pro-sider .ant-menu-root');
  if (!menu) throw new Error('no side menu');
  return menu as HTMLElement;
}

describe('the header', () => {
  it('names the person the account stands for, with their unit in the account menu, not the login', async () => {
    const user: CurrentUser = { ...practitioner.user, name: '张明远', unitName: '正衡社会稳定风险评估咨询有限公司' };
    renderAt('/Manage/staging', user);
    const button = await screen.findByLabelText('账号菜单');
    expect(within(button).getByText('张明远')).toBeInTheDocument();
    expect(within(button).queryByText(user.loginAccount)).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByText('正衡社会稳定风险评估咨询有限公司')).toBeInTheDocument();
  });
});

describe('a page’s heading', () => {
  it('tells a practitioner that the page holds their own record; staff see the title alone', async () => {
    const page = (
      <ManagePageContainer path="/Manage/employee-management">
        <div>页面正文</div>
      </ManagePageContainer>
    );
    const { unmount } = renderAt('/Manage/employee-management', practitioner.user, page);
    const title = await screen.findByText('从业人员管理', { selector: '.ant-page-header-heading-title' });
    const heading = title.closest('.ant-page-header-heading') as HTMLElement;
    expect(within(heading).getByText(/^我的从业信息/)).toBeInTheDocument();
    unmount();

    renderAt('/Manage/employee-management', superAdmin.user, page);
    const staffTitle = await screen.findByText('从业人员管理', { selector: '.ant-page-header-heading-title' });
    expect(within(staffTitle.closest('.ant-page-header-heading') as HTMLElement).queryByText(/^我的/)).toBeNull();
  });
});

describe('the side menu', () => {
  it('keeps the system’s pages in 系统管理, apart from the business ones, opened where one of them is', async () => {
    const { unmount } = renderAt('/Manage/staging', superAdmin.user);
    await screen.findByText('页面正文');
    const business = within(sideMenu());
    expect(business.getByText('系统管理')).toBeInTheDocument();
    expect(business.getByText('业务审核管理')).toBeInTheDocument();
    // Folded away on a business page.
    expect(business.queryByText('用户管理')).toBeNull();
    unmount();

    renderAt('/Manage/user-management', superAdmin.user);
    await screen.findByText('页面正文');
    const group = within(sideMenu()).getByText('系统管理').closest('li.ant-menu-submenu') as HTMLElement;
    for (const title of ['用户管理', '权限管理', '审计日志', '在线用户']) expect(within(group).getByText(title)).toBeInTheDocument();
  });

  it('opens 证书预览, a page of its own, in a new tab', async () => {
    renderAt('/Manage/staging', superAdmin.user);
    await screen.findByText('页面正文');
    const link = within(sideMenu()).getByText('证书预览').closest('a');
    expect(link?.getAttribute('href')).toBe('/certificate-view');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
  });
});
