/**
 * 在线用户 (src/pages/Manage/online-users) against the mock: who is online with kind, unit,
 * device and address; the keyword and the kind go to the server; 强制下线 is asked first,
 * then the row goes; the caller's own session is marked and offers no forced logout; without
 * system:session:revoke there is no 强制下线. And 登录会话 (src/components/AccountSessions):
 * the caller's own sessions, this one marked, another ended after a confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import OnlineUsersPage from '@/pages/Manage/online-users';
import AccountSessions from '@/components/AccountSessions';
import { memberUnit, recordRequests, server, superAdmin } from '../../mock';
import { ok } from '../../mock/envelopes';
import { renderPage, rowOf, waitForRow } from './contentTestKit';


const PATH = '/Manage/online-users';

/**
 * superAdmin holding only the view code until the test ends, for the page and the mock server
 * alike (a row's 强制下线 is the server's `actions`).
 */
function viewerOnly() {
  const held = superAdmin.user.permissions;
  superAdmin.user.permissions = ['system:session:view'];
  onTestFinished(() => {
    superAdmin.user.permissions = held;
  });
  return superAdmin;
}

describe('在线用户', () => {
  it('lists who is online with kind, unit, device and address; the own session is marked', async () => {
    renderPage(<OnlineUsersPage />, PATH);
    await waitForRow('10.0.0.3');
    const unitRows = screen.getAllByText('unit').map((el) => el.closest('tr') as HTMLElement);
    expect(unitRows).toHaveLength(2);
    const unitRow = unitRows[0];
    expect(within(unitRow).getByText('会员单位')).toBeInTheDocument();
    expect(within(unitRow).getByText('示例社会稳定风险评估咨询有限公司')).toBeInTheDocument();
    expect(within(unitRow).getByText('Chrome 120 · Windows')).toBeInTheDocument();
    expect(within(unitRow).getByText('10.0.0.3')).toBeInTheDocument();
    const own = screen.getByText('本人当前会话').closest('tr') as HTMLElement;
    expect(within(own).getByText('admin')).toBeInTheDocument();
    expect(within(own).queryByText('强制下线')).toBeNull();
  });

  it('sends the keyword and the kind to the server', async () => {
    const { handler, requests } = recordRequests('get', '/sessions', ok({ list: [], total: 0, current: 1, pageSize: 10 }));
    server.use(handler);
    renderPage(<OnlineUsersPage />, `${PATH}?authType=3&keyword=${encodeURIComponent('李')}`);
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    const query = new URL(requests[0].url).searchParams;
    expect(query.get('authType')).toBe('3');
    expect(query.get('keyword')).toBe('李');
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });

  it('forces a logout after asking, and the row goes', async () => {
    renderPage(<OnlineUsersPage />, PATH);
    await waitForRow('10.0.0.4');
    const before = screen.getAllByText('practitioner').length;
    const row = rowOf('10.0.0.4');
    fireEvent.click(within(row).getByText('强制下线'));
    expect(await screen.findByText(/确定强制「李评估（practitioner）」下线吗/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已强制李评估下线')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('practitioner').length).toBe(before - 1));
    expect(screen.queryByText('10.0.0.4')).toBeNull();
  });

  it('offers no forced logout without system:session:revoke', async () => {
    renderPage(<OnlineUsersPage />, PATH, viewerOnly());
    await waitForRow('10.0.0.4');
    expect(screen.queryByText('强制下线')).toBeNull();
  });
});

describe('登录会话 (AccountSessions)', () => {
  it('lists the caller’s sessions, marks this one, and ends another after asking', async () => {
    renderPage(<AccountSessions />, '/Manage/profile', memberUnit);
    expect(await screen.findByText('当前设备')).toBeInTheDocument();
    const here = screen.getByText('当前设备').closest('tr') as HTMLElement;
    expect(within(here).getByText('Chrome 120 · Windows')).toBeInTheDocument();
    expect(within(here).getByText('退出登录')).toBeInTheDocument();
    const phone = rowOf('微信 8 · Android');
    expect(within(phone).getByText('10.0.1.3')).toBeInTheDocument();
    fireEvent.click(within(phone).getByRole('button', { name: '结束会话 微信 8 · Android' }));
    expect(await screen.findByText('确定结束「微信 8 · Android」上的会话吗？')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^结\s*束$/ }));
    expect(await screen.findByText('已结束该会话')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('微信 8 · Android')).toBeNull());
    expect(screen.getByText('当前设备')).toBeInTheDocument();
  });

  it('offers 重试 when the list cannot load', async () => {
    const { answerNetworkError } = await import('../../mock');
    server.use(answerNetworkError('get', '/user/sessions'));
    renderPage(<AccountSessions />, '/Manage/profile', memberUnit);
    expect(await screen.findByText('会话列表加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
