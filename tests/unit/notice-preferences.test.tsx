/**
 * 个人中心's 通知设置 tab (src/pages/Manage/profile/components/NoticePreferencesCard.tsx) against
 * mock/notifications.ts: a unit sees the masked address and the notices that may reach it, each
 * mandatory or optional; turning optional e-mails off goes to the server and says that mandatory
 * notices still come; turning them on again as well.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProfilePage from '@/pages/Manage/profile';
import { memberUnit } from '../../mock';
import { notificationCallsTo, notificationsDb } from '../../mock/notifications';
import { renderPage } from './contentTestKit';


const itemOf = (name: string) => screen.getByText(name).closest('.ant-list-item') as HTMLElement;

describe('个人中心 › 通知设置', () => {
  it('lists the notices as mandatory or optional, and turns optional e-mails off and on', async () => {
    renderPage(<ProfilePage />, '/Manage/profile', memberUnit);
    fireEvent.click(await screen.findByRole('tab', { name: '通知设置' }));
    await screen.findByText('接收邮箱：c***@example.cn');
    expect(within(itemOf('年检截止前 7 天提醒')).getByText('必要通知，始终发送')).toBeInTheDocument();
    expect(within(itemOf('证书到期前 60 天提醒')).getByText('可退订')).toBeInTheDocument();

    const toggle = screen.getByRole('switch', { name: '接收可选的邮件通知' });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(notificationCallsTo('put', '/user/notice-preferences')).toHaveLength(1));
    expect(notificationCallsTo('put', '/user/notice-preferences')[0].body).toEqual({ optionalEmails: false });
    expect(await screen.findByText(/已关闭可选的邮件通知。标为“必要通知”的仍会通过邮件发送/)).toBeInTheDocument();
    expect(notificationsDb.optedOut.has(memberUnit.user.userId)).toBe(true);
    await waitFor(() => expect(screen.getByRole('switch', { name: '接收可选的邮件通知' })).not.toBeChecked());

    fireEvent.click(screen.getByRole('switch', { name: '接收可选的邮件通知' }));
    await waitFor(() => expect(notificationCallsTo('put', '/user/notice-preferences')).toHaveLength(2));
    expect(notificationCallsTo('put', '/user/notice-preferences')[1].body).toEqual({ optionalEmails: true });
    await waitFor(() => expect(notificationsDb.optedOut.has(memberUnit.user.userId)).toBe(false));
    expect(screen.queryByText(/已关闭可选的邮件通知。/)).toBeNull();
  });
});
