/**
 * src/layouts: the frame a path gets, the public header and footer, and the back office
 * (login redirect, menu by user, 403, breadcrumb root, logout, change password).
 * Umi's initial-state model and access flags are replaced by the real access() over a
 * fixture user; everything else is the real code.
 */
import { App } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CurrentUser } from '@common/schemas/auth';
import type * as UmiMax from '@umijs/max';
import access from '@/access';
import { fullPage } from '@/components/fullPageNavigation';
import { APP_NAME, type InitialState } from '@/initialState';
import type { BreadcrumbEntry } from '@/models/navigation';
import Layout from '@/layouts';
import MemberInfoPage from '@/pages/Manage/memberInfo';
import UserManagementPage from '@/pages/Manage/user-management';
import { getCurrentUser, getToken, saveCurrentUser, setToken } from '@/storage';
import { FOOTER_INFO } from '@/layouts/PublicLayout/footerInfo';
import {
  answerEnvelope,
  answerNetworkError,
  footerSitePage,
  limitedStaff,
  memberUnit,
  ok,
  server,
  superAdmin,
} from '../../mock';

const state: { current: InitialState; steps?: BreadcrumbEntry[] } = { current: { name: APP_NAME } };

vi.mock('@umijs/max', async (importOriginal) => {
  const actual = await importOriginal<typeof UmiMax>();
  return {
    ...actual,
    useModel: (name: Parameters<typeof UmiMax.useModel>[0]) => {
      if (name === '@@initialState') {
        return { initialState: state.current, loading: false, setInitialState: vi.fn(), refresh: vi.fn() };
      }
      if (name === 'navigation') return { unitId: '', breadcrumb: state.steps ?? [], setUnitId: vi.fn(), setBreadcrumb: vi.fn() };
      return actual.useModel(name);
    },
    useAccess: () => access(state.current),
  };
});

let go: Mock<(url: string) => void>;

beforeEach(() => {
  go = vi.fn<(url: string) => void>();
  vi.spyOn(fullPage, 'go').mockImplementation(go);
});

afterEach(() => {
  vi.restoreAllMocks();
  state.current = { name: APP_NAME };
  state.steps = undefined;
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(path: string, user?: CurrentUser) {
  state.current = { name: APP_NAME, currentUser: user };
  return render(
    <App>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="/Manage/memberInfo" element={<MemberInfoPage />} />
            <Route path="/Manage/user-management" element={<UserManagementPage />} />
            <Route path="*" element={<div>页面正文</div>} />
          </Route>
          <Route path="/login" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

describe('layout switch', () => {
  it('standalone pages get no frame', () => {
    renderAt('/register-guide');
    expect(screen.getByText('页面正文')).toBeInTheDocument();
    expect(screen.queryByText('关于协会')).toBeNull();
  });

  it('public pages get the header menu and the footer', () => {
    renderAt('/FrontPage/aboutUs');
    expect(screen.getByText('页面正文')).toBeInTheDocument();
    const topMenu = screen.getByRole('navigation', { name: '网站栏目' });
    for (const title of ['首页', '协会简介', '协会工作', '协会新闻', '行业动态', '会员之窗', '专家库', '下载专区', '联系我们']) {
      expect(within(topMenu).getAllByText(title).length).toBeGreaterThan(0);
    }
    // Hidden from the top menu (the footer and the phone's drawer lead to 通知公告).
    expect(within(topMenu).queryByText('通知公告')).toBeNull();
    expect(screen.queryByText('详情')).toBeNull();
    const links: Record<string, string> = {
      关于协会: '/FrontPage/aboutUs',
      联系我们: '/FrontPage/Contact',
      会员之窗: '/FrontPage/member-unit',
      专家库: '/FrontPage/comprehensive-information/industry-dynamics',
      行业动态: '/FrontPage/comprehensive-information/industry-news',
      免责声明: '/FrontPage/detail?page=disclaimer',
      隐私保护: '/FrontPage/detail?page=privacy',
      用户协议: '/FrontPage/detail?page=terms',
    };
    const footer = document.querySelector('footer');
    expect(footer).not.toBeNull();
    for (const [text, href] of Object.entries(links)) {
      const link = [...footer!.querySelectorAll('a')].find((a) => a.textContent === text);
      expect(link, text).toBeDefined();
      expect(link!.getAttribute('href')).toBe(href);
    }
    expect(footer!.textContent).toContain(APP_NAME);
    expect(footer!.textContent).toContain('备案号');
    // The logo and the name lead home.
    const brand = screen.getByAltText('协会标志').closest('a');
    expect(brand?.getAttribute('href')).toBe('/');
  });

  it('the footer shows the details staff keep in the footer site page', async () => {
    server.use(
      answerEnvelope('get', '/public/site-pages/footer', ok({ ...footerSitePage, data: { ...footerSitePage.data, phone: '(0571) 1234 5678' } })),
    );
    renderAt('/FrontPage/aboutUs');
    const footer = document.querySelector('footer')!;
    await waitFor(() => expect(footer.textContent).toContain('(0571) 1234 5678'));
    expect(footer.textContent).toContain(footerSitePage.data.icpNumber);
    expect(footer.textContent).toContain(footerSitePage.data.postalAddress);
  });

  it('the footer keeps its built-in details, quietly, when the server cannot answer', async () => {
    server.use(answerNetworkError('get', '/public/site-pages/footer'));
    renderAt('/FrontPage/aboutUs');
    const footer = document.querySelector('footer')!;
    await waitFor(() => expect(footer.textContent).toContain(FOOTER_INFO.phone));
    await new Promise((r) => setTimeout(r, 50));
    expect(footer.textContent).toContain(FOOTER_INFO.icpNumber);
    expect(screen.queryByText('网络异常')).toBeNull();
  });

  it('names the page in the browser tab', () => {
    renderAt('/FrontPage/download');
    expect(document.title).toBe(`下载专区 - ${APP_NAME}`);
  });

  it('highlights the current page in the top menu', () => {
    renderAt('/FrontPage/Contact');
    const selected = screen.getByRole('navigation', { name: '网站栏目' }).querySelectorAll('[aria-current="page"]');
    expect([...selected].map((item) => item.textContent)).toEqual(['联系我们']);
  });

  it('/Manage without a user goes to /login?authType=1, keeping the page to come back to', async () => {
    renderAt('/Manage/staging?page=2');
    // The first /Manage render of this file imports the lazy back-office layout, which took over
    // findBy's default second once on a busy two-core machine.
    const where = new URL((await screen.findByTestId('where')).textContent ?? '', 'http://x');
    expect(where.pathname).toBe('/login');
    expect(where.searchParams.get('authType')).toBe('1');
    expect(where.searchParams.get('redirect')).toBe('/Manage/staging?page=2');
  });
});

describe('back office', () => {
  it('shows the staff menu, the name and the page', async () => {
    renderAt('/Manage/staging', superAdmin.user);
    expect(await screen.findByText('页面正文')).toBeInTheDocument();
    for (const title of ['工作台', '新闻公告发布', '系统管理', '会员单位年检管理', '业绩案例管理']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(screen.getByText(superAdmin.user.name)).toBeInTheDocument();
    expect(screen.getAllByText(APP_NAME).length).toBeGreaterThan(0);
  });

  it('the logo and name above the side menu lead to the home page', async () => {
    renderAt('/Manage/staging', superAdmin.user);
    const header = (await screen.findAllByText(APP_NAME)).find((el) => el.tagName === 'H1');
    expect(header).toBeDefined();
    fireEvent.click(header!);
    expect(await screen.findByText('关于协会')).toBeInTheDocument();
  });

  it('narrows a staff role’s menu and answers 403 to a page it lacks', async () => {
    renderAt('/Manage/user-management', limitedStaff.user);
    expect(await screen.findByText('无权访问')).toBeInTheDocument();
    expect(screen.queryByText('用户管理')).toBeNull();
    expect(screen.getAllByText('工作台').length).toBeGreaterThan(0);
    expect(screen.getAllByText('新闻公告发布').length).toBeGreaterThan(0);
    expect(screen.queryByText('权限管理')).toBeNull();
  });

  it('renames the breadcrumb root for a member unit', async () => {
    renderAt('/Manage/memberInfo', memberUnit.user);
    expect(await screen.findByText('会员单位子系统')).toBeInTheDocument();
    expect(screen.getAllByText('单位信息管理').length).toBeGreaterThan(0);
    // The unit's own menu: no staff pages; the personal centre and messages live in the header.
    expect(screen.queryByText('会员单位管理')).toBeNull();
    expect(screen.getByRole('menu').textContent).not.toMatch(/个人中心|消息中心/);
  });

  it('appends the steps a page puts in the navigation model', async () => {
    state.steps = [{ breadcrumbName: '示例单位', path: '/Manage/member-unit-management/u1' }, { breadcrumbName: '编辑' }];
    renderAt('/Manage/memberInfo', memberUnit.user);
    expect(await screen.findByText('示例单位')).toBeInTheDocument();
    expect(screen.getByText('示例单位').closest('a')?.getAttribute('href')).toBe('/Manage/member-unit-management/u1');
    expect(screen.getByText('编辑')).toBeInTheDocument();
  });

  it('logs out on the server, clears the session and opens the login of the same kind', async () => {
    setToken(memberUnit.token);
    saveCurrentUser(memberUnit.user);
    renderAt('/Manage/memberInfo', memberUnit.user);
    fireEvent.click(await screen.findByText(memberUnit.user.name));
    fireEvent.click(await screen.findByText('退出登录'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/login?authType=2'));
    expect(getToken()).toBeUndefined();
    expect(getCurrentUser()).toBeUndefined();
  });

  it('changes the password with Chinese validation messages', async () => {
    setToken(superAdmin.token);
    renderAt('/Manage/staging', superAdmin.user);
    fireEvent.click(await screen.findByText(superAdmin.user.name));
    fireEvent.click(await screen.findByText('修改密码'));
    fireEvent.click(await screen.findByText('确 定'));
    expect(await screen.findByText('请输入原密码')).toBeInTheDocument();
    expect(screen.getByText('请输入新密码')).toBeInTheDocument();
    expect(screen.getByText('请再次输入新密码')).toBeInTheDocument();

    fireEvent.change(screen.getByPlaceholderText('请输入原密码'), { target: { value: superAdmin.password } });
    fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: 'short' } });
    fireEvent.change(screen.getByPlaceholderText('请再次输入新密码'), { target: { value: 'other' } });
    // Validation and the toast's antd module (src/request/staticFeedback.ts) may take over a second on a loaded machine.
    expect(await screen.findByText('密码长度应为8至64位')).toBeInTheDocument();
    expect(await screen.findByText('两次输入的新密码不一致')).toBeInTheDocument();

    fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: 'Harbor-Lamp-2026' } });
    fireEvent.change(screen.getByPlaceholderText('请再次输入新密码'), { target: { value: 'Harbor-Lamp-2026' } });
    fireEvent.click(screen.getByText('确 定'));
    expect(await screen.findByText('密码修改成功，下次登录请使用新密码')).toBeInTheDocument();
  });
});
