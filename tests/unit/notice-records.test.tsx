/**
 * 通知记录 (src/pages/Manage/notice-records) against mock/notifications.ts: the filters of the URL
 * (rule, state, channel, recipient, dates) and one typed in the search form go to the API by
 * its names; addresses masked, 查看地址 shows the whole one; 重新发送 asks, then queues the
 * record again; 导出 takes the filters; 发送通知 counts the recipients for the chosen filter,
 * asks with that count, sends the one-off notice and shows that send's records; staff who may
 * only read see none of the buttons.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as DownloadModule from '@/services/download';
import NoticeRecordsPage from '@/pages/Manage/notice-records';
import { limitedStaff } from '../../mock';
import { notificationCallsTo, notificationsDb } from '../../mock/notifications';
import { currentUrl, drawer, renderPage, rowOf, waitForRow, waitForUrl } from './contentTestKit';


const download = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('@/services/download', async (importOriginal) => {
  const actual = await importOriginal<typeof DownloadModule>();
  return {
    ...actual,
    downloadFile: async (...args: unknown[]) => {
      download.calls.push(args);
      return '通知记录.xlsx';
    },
  };
});

const PATH = '/Manage/notice-records';
const GIVEN_UP = '润和社会治理咨询有限公司';
const listCalls = () => notificationCallsTo('get', '/notice-deliveries');

/** The open Popconfirm holding `text`. */
async function popconfirm(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = [...document.querySelectorAll<HTMLElement>('.ant-popconfirm')].find((el) => el.textContent?.includes(text) && !el.closest('.ant-popover-hidden'));
    expect(found).toBeDefined();
  });
  return found as HTMLElement;
}

/** The open confirmation dialog (modal.confirm). */
async function confirmDialog(): Promise<HTMLElement> {
  const title = await screen.findByText(/^确定发送「/, { selector: '.ant-modal-confirm-title' });
  return title.closest('.ant-modal') as HTMLElement;
}

afterEach(() => {
  download.calls.length = 0;
});

describe('通知记录', () => {
  it('sends the URL filters by the API names and shows what they select', async () => {
    renderPage(<NoticeRecordsPage />, `${PATH}?ruleId=rule-cert-7&state=unconfigured&channel=sms&fromDay=2026-11-01&toDay=2026-11-30`);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    expect(listCalls().at(-1)?.query).toMatchObject({ ruleId: 'rule-cert-7', state: 'unconfigured', channel: 'sms', fromDay: '2026-11-01', toDay: '2026-11-30' });
    const row = rowOf('未配置短信通道');
    expect(within(row).getByText('未配置通道')).toBeInTheDocument();
    expect(within(row).getByText('逾期补发')).toBeInTheDocument();
    expect(screen.queryByText(GIVEN_UP)).toBeNull();
    // The rule filter offers the rules by name.
    expect(screen.getAllByText('证书到期前 7 天提醒').length).toBeGreaterThan(0);
  });

  it('a recipient typed in the search form filters by name', async () => {
    renderPage(<NoticeRecordsPage />, PATH);
    await waitForRow(GIVEN_UP);
    fireEvent.change(screen.getByPlaceholderText('名称，或完整的邮箱地址、手机号'), { target: { value: '润和' } });
    fireEvent.click(screen.getByText('查 询'));
    await waitForUrl(/recipient=/);
    await waitFor(() => expect(listCalls().at(-1)?.query).toMatchObject({ recipient: '润和' }));
    await waitFor(() => expect(screen.queryByText('c***@example.cn')).toBeNull());
    expect(screen.getByText(GIVEN_UP)).toBeInTheDocument();
  });

  it('shows addresses masked; 查看地址 shows the whole one through the audited call', async () => {
    renderPage(<NoticeRecordsPage />, PATH);
    await waitForRow(GIVEN_UP);
    const row = rowOf(GIVEN_UP);
    expect(within(row).getByText('r***@example.cn')).toBeInTheDocument();
    expect(screen.queryByText(/runhe@example\.cn/)).toBeNull();
    fireEvent.click(within(row).getByText('查看地址'));
    expect(await screen.findByText(/runhe@example\.cn（本次查看已记入审计日志）/)).toBeInTheDocument();
    expect(notificationCallsTo('post', '/notice-deliveries/delivery-2/reveal')).toHaveLength(1);
  });

  it('重新发送 asks first, then queues the given-up record again', async () => {
    renderPage(<NoticeRecordsPage />, PATH);
    await waitForRow(GIVEN_UP);
    // Only failed, given-up or unconfigured records offer it.
    expect(within(rowOf('c***@example.cn')).queryByText('重新发送')).toBeNull();
    fireEvent.click(within(rowOf(GIVEN_UP)).getByText('重新发送'));
    const question = await popconfirm(`给${GIVEN_UP}吗`);
    expect(notificationCallsTo('post', '/notice-deliveries/delivery-2/resend')).toHaveLength(0);
    fireEvent.click(within(question).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(notificationCallsTo('post', '/notice-deliveries/delivery-2/resend')).toHaveLength(1));
    await waitFor(() => expect(within(rowOf(GIVEN_UP)).getByText('待发送')).toBeInTheDocument());
    expect(notificationsDb.deliveries.find((d) => d.id === 'delivery-2')?.resentCount).toBe(1);
  });

  it('导出 takes the list filters', async () => {
    renderPage(<NoticeRecordsPage />, `${PATH}?state=given_up`);
    await waitForRow(GIVEN_UP);
    fireEvent.click(screen.getByText('导出 Excel'));
    await waitFor(() => expect(download.calls).toHaveLength(1));
    expect(download.calls[0][0]).toBe('/notice-deliveries/export');
    expect(download.calls[0][1]).toMatchObject({ state: 'given_up' });
  });

  it('发送通知: counts the recipients of the chosen filter, asks with that count, sends and shows the send', async () => {
    renderPage(<NoticeRecordsPage />, PATH);
    await waitForRow(GIVEN_UP);
    fireEvent.click(screen.getByText('发送通知'));
    await screen.findByText('新建临时通知', { selector: '.ant-drawer-title' });
    const preview = await within(drawer()).findByTestId('one-off-preview');
    await waitFor(() => expect(preview.textContent).toMatch(/将发送给 2 家会员单位/));
    expect(preview.textContent).toContain('润和社会治理咨询有限公司');
    expect(notificationCallsTo('post', '/notice-deliveries/one-off/preview').at(-1)?.body).toEqual({ audience: 'unit' });

    fireEvent.click(within(drawer()).getByText('从业人员'));
    await waitFor(() => expect(within(drawer()).getByTestId('one-off-preview').textContent).toMatch(/将发送给 1 名从业人员/));
    expect(notificationCallsTo('post', '/notice-deliveries/one-off/preview').at(-1)?.body).toEqual({ audience: 'practitioner' });

    fireEvent.change(within(drawer()).getByLabelText('通知标题'), { target: { value: '关于参加年度培训的通知' } });
    fireEvent.change(within(drawer()).getByLabelText('通知内容'), { target: { value: '请于 12 月 10 日前报名。' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: '发 送' }));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('站内消息、电子邮件发送给 1 个从业人员');
    expect(notificationCallsTo('post', '/notice-deliveries/one-off')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '发 送' }));
    await waitFor(() => expect(notificationCallsTo('post', '/notice-deliveries/one-off')).toHaveLength(1));
    expect(notificationCallsTo('post', '/notice-deliveries/one-off')[0].body).toEqual({
      audience: 'practitioner',
      title: '关于参加年度培训的通知',
      body: '请于 12 月 10 日前报名。',
      channels: ['site', 'email'],
      mandatory: false,
    });
    await waitForUrl(/reference=one_off%3Amock-/);
    await waitFor(() => expect(listCalls().at(-1)?.query.reference).toMatch(/^one_off:mock-/));
    expect(currentUrl()).toContain(PATH);
  });

  it('staff who may only read see no 查看地址, 重新发送, 导出 or 发送通知', async () => {
    // The mock answers by the fixture account of the token: limitedStaff reads notices for this test.
    limitedStaff.user.permissions.push('notice:view');
    try {
      renderPage(<NoticeRecordsPage />, PATH, limitedStaff);
      await waitForRow(GIVEN_UP);
      expect(screen.queryByText('查看地址')).toBeNull();
      expect(screen.queryByText('重新发送')).toBeNull();
      expect(screen.queryByText('导出 Excel')).toBeNull();
      expect(screen.queryByText('发送通知')).toBeNull();
    } finally {
      limitedStaff.user.permissions.pop();
    }
  });
});
