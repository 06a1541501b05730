/** /login: title per authType, Chinese validation, a real call through the msw mock. */
import { App } from 'antd';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fullPage } from '@/components/fullPageNavigation';
import LoginPage from '@/pages/login';
import { loginTarget, safeRedirect } from '@/components/session/loginTarget';
import { getCurrentUser, getToken, readLoginNotice, rememberLoginNotice } from '@/storage';
import { LOGIN_FAILED_MESSAGE, memberUnit, practitioner, superAdmin } from '../../mock';

let go: Mock<(url: string) => void>;

beforeEach(() => {
  go = vi.fn<(url: string) => void>();
  vi.spyOn(fullPage, 'go').mockImplementation(go);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderLogin(search: string) {
  return render(
    <App>
      <MemoryRouter initialEntries={[`/login${search}`]}>
        <LoginPage />
      </MemoryRouter>
    </App>,
  );
}

function fillAndSubmit(account: string, password: string) {
  fireEvent.change(screen.getByPlaceholderText('登录账号'), { target: { value: account } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByText('登录'));
}

describe('login page', () => {
  it.each([
    ['?authType=1', '协会网站后台管理系统'],
    ['?authType=2', '会员单位子系统'],
    ['?authType=3', '从业人员'],
    ['?authType=9', '协会网站后台管理系统'],
    ['', '协会网站后台管理系统'],
  ])('%s shows %s', (search, title) => {
    renderLogin(search);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
  });

  it('says why the last session ended until the person logs in, once', () => {
    rememberLoginNotice('token无效或已过期，请重新登录');
    const { unmount } = renderLogin('?authType=1');
    expect(screen.getByRole('status')).toHaveTextContent('token无效或已过期，请重新登录');
    expect(readLoginNotice()).toBeUndefined();
    unmount();
    renderLogin('?authType=1');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers the other kinds of login and the registration guide', () => {
    renderLogin('?authType=2');
    expect(screen.getByText('协会网站后台管理系统登录').getAttribute('href')).toBe('/login?authType=1');
    expect(screen.getByText('从业人员登录').getAttribute('href')).toBe('/login?authType=3');
    expect(screen.getByText('还不是会员？查看入会指南').getAttribute('href')).toBe('/register-guide');
  });

  it('says in Chinese what is missing', async () => {
    renderLogin('?authType=1');
    fireEvent.click(screen.getByText('登录'));
    expect(await screen.findByText('请输入登录账号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('stores the session and loads the first page of the user’s menu', async () => {
    renderLogin('?authType=2');
    fillAndSubmit(memberUnit.user.loginAccount, memberUnit.password);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/Manage/memberInfo'));
    expect(getToken()).toBe(memberUnit.token);
    expect(getCurrentUser()?.userId).toBe(memberUnit.user.userId);
  });

  it('follows a safe redirect', async () => {
    renderLogin(`?authType=1&redirect=${encodeURIComponent('/Manage/notice?page=2')}`);
    fillAndSubmit(superAdmin.user.loginAccount, superAdmin.password);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/Manage/notice?page=2'));
  });

  it('shows the server’s message when the login fails', async () => {
    renderLogin('?authType=3');
    fillAndSubmit(practitioner.user.loginAccount, 'wrong-password1');
    expect((await screen.findAllByText(LOGIN_FAILED_MESSAGE)).length).toBeGreaterThan(0);
    expect(getToken()).toBeUndefined();
    expect(go).not.toHaveBeenCalled();
  });
});

describe('loginTarget', () => {
  it('accepts only single-slash paths of this site', () => {
    expect(safeRedirect('/Manage/notice')).toBe('/Manage/notice');
    expect(safeRedirect('//evil.example/x')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('/login?authType=2')).toBeUndefined();
    expect(safeRedirect('')).toBeUndefined();
    expect(safeRedirect(null)).toBeUndefined();
  });

  it('falls back to the first page of the menu', () => {
    expect(loginTarget(superAdmin.user, '//evil.example')).toBe('/Manage/staging');
    expect(loginTarget(practitioner.user, null)).toBe('/Manage/staging');
    expect(loginTarget({ ...superAdmin.user, permissions: [] }, null)).toBe('/Manage');
  });
});
