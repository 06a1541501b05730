/**
 * The header bell against the messages mock: the unread count, the latest messages in a popover
 * (each a link to its record; opening one marks it read), 全部已读, the way to the message centre,
 * and the minute's poll that brings a new message in without a reload; the message centre's list.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MessageBell, { MESSAGE_POLL_MS } from '@/components/MessageBell';
import MessagesPage from '@/pages/Manage/messages';
import { setToken } from '@/storage';
import { memberUnit, superAdmin, type FixtureAccount } from '../../mock';
import { messagesDb } from '../../mock/messages';
import { renderPage } from './contentTestKit';


function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function renderBell(account: FixtureAccount = superAdmin) {
  setToken(account.token);
  return render(
    <App>
      <MemoryRouter initialEntries={['/Manage/staging']}>
        <MessageBell />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

const bell = () => screen.getByRole('button', { name: /^消息/ });
const where = () => screen.getByTestId('where').textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe('MessageBell', () => {
  it('shows the unread count and the latest messages; opening one goes to its record and marks it read', async () => {
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('消息，2 条未读'));
    fireEvent.click(bell());
    const popover = (await screen.findByText('新的入会申请：润和社会治理咨询有限公司')).closest('.ant-popover') as HTMLElement;
    expect(within(popover).getByText('系统维护通知')).toBeInTheDocument();
    expect(within(popover).getByText('消息（2 条未读）')).toBeInTheDocument();

    fireEvent.click(within(popover).getByText('新的入会申请：润和社会治理咨询有限公司'));
    await waitFor(() => expect(where()).toBe('/Manage/business-audit?kind=registration'));
    await waitFor(() => expect(messagesDb.boxes.get(superAdmin.user.userId)?.find((m) => m.id === 'msg-a3')?.readAt).not.toBeNull());
    await waitFor(() => expect(bell()).toHaveAccessibleName('消息，1 条未读'));
  });

  it('全部已读 clears the count; 查看全部消息 opens the message centre', async () => {
    renderBell(memberUnit);
    await waitFor(() => expect(bell()).toHaveAccessibleName('消息，1 条未读'));
    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('消息'));
    expect(messagesDb.boxes.get(memberUnit.user.userId)?.every((m) => m.readAt)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '查看全部消息' }));
    await waitFor(() => expect(where()).toBe('/Manage/messages'));
  });

  it('polls the summary every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderBell(memberUnit);
    await waitFor(() => expect(bell()).toHaveAccessibleName('消息，1 条未读'));
    messagesDb.boxes.get(memberUnit.user.userId)?.unshift({
      id: 'msg-new',
      kind: 'decision',
      title: '年检已通过',
      body: null,
      link: '/Manage/annual-inspection-record',
      createdAt: '2026-11-21T02:00:00.000Z',
      readAt: null,
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MESSAGE_POLL_MS + 100);
    });
    await waitFor(() => expect(bell()).toHaveAccessibleName('消息，2 条未读'));
  });
});

describe('消息中心', () => {
  it('lists the caller’s messages, narrows to the unread, marks one and all read', async () => {
    renderPage(<MessagesPage />, '/Manage/messages', superAdmin);
    expect(await screen.findByText('系统维护通知')).toBeInTheDocument();
    expect(screen.getByText('本周六 22:00 起系统维护两小时。')).toBeInTheDocument();
    fireEvent.click(screen.getByText('未读消息'));
    await waitFor(() => expect(screen.queryByText('系统维护通知')).toBeNull());
    expect(screen.getAllByRole('button', { name: '标为已读' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: '标为已读' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByRole('button', { name: '标为已读' })).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    expect(await screen.findByText('没有未读消息')).toBeInTheDocument();
    expect(messagesDb.boxes.get(superAdmin.user.userId)?.every((m) => m.readAt)).toBe(true);
  });
});
