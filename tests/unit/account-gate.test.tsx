/**
 * The account gate in the back office (README.md, "个人信息保护与安全"; src/layouts/ManageLayout,
 * src/request/accountGate.ts): a forced password change (must change, or a staff password expired)
 * opens the change form that cannot be closed, before any page; a practitioner who never confirmed
 * the sensitive-data notice gets the full-screen consent step, with 同意 and 不同意并退出; and a
 * call refused with status 22–24 during work takes the user to the right step.
 */
import { App } from 'antd';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CurrentUser } from '@common/schemas/auth';
import { ApiStatus, PASSWORD_CHANGE_REQUIRED_MESSAGE, passwordExpiredMessage } from '@common/schemas/common';
import { SENSITIVE_PI_CONSENT_TITLE } from '@common/consentTexts';
import type * as UmiMax from '@umijs/max';
import access from '@/access';
import { fullPage } from '@/components/fullPageNavigation';
import { APP_NAME, type InitialState } from '@/initialState';
import Layout from '@/layouts';
import { ownSessions } from '@/services/sessions';
import { setToken } from '@/storage';
import { answerEnvelope, failure, practitioner, recordRequests, server, superAdmin } from '../../mock';
import { ok } from '../../mock/envelopes';

const state: { current: InitialState } = { current: { name: APP_NAME } };

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

let go: Mock<(url: string) => void>;

beforeEach(() => {
  go = vi.fn<(url: string) => void>();
  vi.spyOn(fullPage, 'go').mockImplementation(go);
});

afterEach(() => {
  vi.restoreAllMocks();
  state.current = { name: APP_NAME };
});

function renderAt(path: string, user: CurrentUser) {
  state.current = { name: APP_NAME, currentUser: user };
  return render(
    <App>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="*" element={<div>页面正文</div>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

describe('the forced password change', () => {
  it('opens before any page and cannot be closed; 退出登录 is the other way out', async () => {
    setToken(superAdmin.token);
    renderAt('/Manage/staging', { ...superAdmin.user, mustChangePassword: true });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('请修改密码');
    expect(screen.getAllByText(/初始密码或已被重置的密码/).length).toBeGreaterThan(0);
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(screen.queryByText('页面正文')).toBeNull();
    // The rule shows beside the new password.
    expect(screen.getByText(/^密码规则：/)).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/login?authType=1'));
  });

  it('says so when a staff password has expired', async () => {
    setToken(superAdmin.token);
    renderAt('/Manage/staging', { ...superAdmin.user, passwordExpired: true });
    expect(await screen.findByRole('dialog')).toHaveTextContent('请修改密码');
    expect(screen.getAllByText(/已超过规定天数未修改/).length).toBeGreaterThan(0);
  });

  it('is opened by a call the server refuses with status 22 or 23, with the server’s words', async () => {
    setToken(superAdmin.token);
    renderAt('/Manage/staging', superAdmin.user);
    expect(await screen.findByText('页面正文')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    server.use(answerEnvelope('get', '/user/sessions', failure(ApiStatus.PasswordExpired, passwordExpiredMessage(90)), 403));
    await act(async () => {
      await ownSessions().catch(() => undefined);
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('请修改密码');
    expect(screen.getAllByText(passwordExpiredMessage(90)).length).toBeGreaterThan(0);
    expect(screen.queryByText('页面正文')).toBeNull();
  });
});

describe('the first-login consent', () => {
  const pending = { ...practitioner.user, consentRequired: true };

  it('shows the notice full-screen before anything else; 同意 records it', async () => {
    setToken(practitioner.token);
    const { handler, requests } = recordRequests('post', '/user/consents/sensitive-pi', ok(null, '已记录您的同意'));
    server.use(handler);
    renderAt('/Manage/employee-management', pending);
    expect(await screen.findByRole('heading', { name: SENSITIVE_PI_CONSENT_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/身份证号码、本人照片/)).toBeInTheDocument();
    expect(screen.queryByText('页面正文')).toBeNull();
    expect(screen.queryByText(practitioner.user.name)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^同\s*意$/ }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(await requests[0].json()).toEqual({ version: expect.any(String) });
    expect(await screen.findByText('已记录您的同意')).toBeInTheDocument();
  });

  it('不同意并退出 logs out', async () => {
    setToken(practitioner.token);
    renderAt('/Manage/employee-management', pending);
    fireEvent.click(await screen.findByRole('button', { name: '不同意并退出' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/login?authType=3'));
  });

  it('comes after the forced password change when both apply', async () => {
    setToken(practitioner.token);
    renderAt('/Manage/employee-management', { ...pending, mustChangePassword: true });
    expect(await screen.findByRole('dialog')).toHaveTextContent('请修改密码');
    expect(screen.queryByRole('heading', { name: SENSITIVE_PI_CONSENT_TITLE })).toBeNull();
  });

  it('is opened by a call refused with status 24', async () => {
    setToken(practitioner.token);
    renderAt('/Manage/employee-management', practitioner.user);
    expect(await screen.findByText('页面正文')).toBeInTheDocument();
    server.use(answerEnvelope('get', '/user/sessions', failure(ApiStatus.ConsentRequired, '请先阅读并确认个人信息处理说明'), 403));
    await act(async () => {
      await ownSessions().catch(() => undefined);
    });
    expect(await screen.findByRole('heading', { name: SENSITIVE_PI_CONSENT_TITLE })).toBeInTheDocument();
  });
});

it('PASSWORD_CHANGE_REQUIRED_MESSAGE is the server’s word for status 22', () => {
  expect(PASSWORD_CHANGE_REQUIRED_MESSAGE).toBe('请先修改密码');
});
