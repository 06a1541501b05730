/**
 * 个人中心 against the profile mock: a practitioner's own record with the ID number and phone
 * whole, certificates, logins with their result, the 会话 tab; withdrawing the sensitive-data
 * consent (asked first, with what follows); a unit's record with the way to correct it;
 * 下载我的数据; and the deletion requests for staff who handle them (a reason to refuse).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as DownloadModule from '@/services/download';
import { PROFILE_MESSAGES } from '@common/schemas/profile';
import ProfilePage from '@/pages/Manage/profile';
import { answerEnvelope, failure, limitedStaff, memberUnit, practitioner, server, superAdmin } from '../../mock';
import { PRACTITIONER_ID_CARD, PRACTITIONER_PHONE, profileCalls } from '../../mock/profile';
import { renderPage } from './contentTestKit';


const download = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('@/services/download', async (importOriginal) => {
  const actual = await importOriginal<typeof DownloadModule>();
  return {
    ...actual,
    downloadFile: async (...args: unknown[]) => {
      download.calls.push(args);
      return '个人数据-practitioner-2026-11-23.json';
    },
  };
});

const PATH = '/Manage/profile';

function tab(name: RegExp | string) {
  const label = screen.getAllByText(name).find((el) => el.closest('.ant-tabs-tab'));
  if (!label) throw new Error(`no tab ${String(name)}`);
  fireEvent.click(label);
}

/** The open modal (confirm or form) as an element; role queries are slow in the test DOM. */
async function openModal(): Promise<HTMLElement> {
  return waitFor(() => {
    const modal = document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
    if (!modal) throw new Error('no open modal');
    return modal as HTMLElement;
  });
}

function button(container: HTMLElement | Document, text: RegExp): HTMLElement {
  const found = [...container.querySelectorAll('button')].find((b) => text.test((b.textContent ?? '').replace(/\s+/g, '')));
  if (!found) throw new Error(`no button ${String(text)}`);
  return found;
}

describe('个人中心', () => {
  it('shows a practitioner their own record whole, certificates, logins and sessions', async () => {
    renderPage(<ProfilePage />, PATH, practitioner);
    expect(await screen.findByText(PRACTITIONER_ID_CARD)).toBeInTheDocument();
    expect(screen.getByText(PRACTITIONER_PHONE)).toBeInTheDocument();
    expect(screen.getByText('本人从业人员信息')).toBeInTheDocument();
    expect(screen.getByTestId('correct-link').getAttribute('href')).toBe('/Manage/employee-management');
    expect(screen.queryByText('本单位信息')).toBeNull();

    tab(/证书/);
    expect(await screen.findByText('WPRY2024001')).toBeInTheDocument();
    expect(screen.getByText('WPRY2024001').closest('a')?.getAttribute('href')).toBe('/certificate-view?no=WPRY2024001');

    tab('登录记录');
    expect(await screen.findByText('10.6.6.6')).toBeInTheDocument();
    const failed = screen.getByText('10.6.6.6').closest('tr') as HTMLElement;
    expect(within(failed).getByText('失败')).toBeInTheDocument();
    expect(within(failed).getByText('登录失败')).toBeInTheDocument();

    tab('会话');
    expect(await screen.findByText('当前设备')).toBeInTheDocument();
  });

  it('withdrawing the sensitive-data consent asks first, then shows the pending deletion request', async () => {
    renderPage(<ProfilePage />, PATH, practitioner);
    await screen.findByText(PRACTITIONER_ID_CARD);
    tab('同意记录');
    fireEvent.click(await waitFor(() => button(document, /^撤回同意$/)));
    const dialog = await openModal();
    expect(within(dialog).getByText(/证书将被注销/)).toBeInTheDocument();
    expect(within(dialog).getByText(/登录账号将被停用/)).toBeInTheDocument();
    expect(profileCalls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(button(dialog, /^确认撤回$/));
    await waitFor(() => expect(profileCalls.filter((c) => c.path.endsWith('/sensitive-pi/withdraw'))).toHaveLength(1));
    expect(await screen.findByText(PROFILE_MESSAGES.withdrawn)).toBeInTheDocument();
    expect(await screen.findByText(/您的删除请求已于/)).toBeInTheDocument();
    expect(screen.getByText(/已于 .* 撤回/)).toBeInTheDocument();
    expect(() => button(document, /^撤回同意$/)).toThrow();
  });

  it('shows a unit its own record with the way to correct it, and no withdraw button', async () => {
    renderPage(<ProfilePage />, PATH, memberUnit);
    expect(await screen.findByText('本单位信息')).toBeInTheDocument();
    expect(screen.getByText('91330100MA2H000001')).toBeInTheDocument();
    expect(screen.getByTestId('correct-link').getAttribute('href')).toBe('/Manage/memberInfo');
    tab('同意记录');
    expect(await screen.findByText('《用户协议》《隐私政策》')).toBeInTheDocument();
    expect(() => button(document, /^撤回同意$/)).toThrow();
  });

  it('下载我的数据 downloads the export', async () => {
    renderPage(<ProfilePage />, PATH, practitioner);
    await screen.findByText(PRACTITIONER_ID_CARD);
    download.calls.length = 0;
    fireEvent.click(button(document, /下载我的数据/));
    await waitFor(() => expect(download.calls).toHaveLength(1));
    expect(download.calls[0][0]).toBe('/user/profile/export');
    expect(await screen.findByText(/已下载 个人数据-practitioner/)).toBeInTheDocument();
  });

  it('says so when the data cannot be loaded, and retries', async () => {
    server.use(answerEnvelope('get', '/user/profile', failure(10, '服务暂不可用'), 400));
    renderPage(<ProfilePage />, PATH, memberUnit);
    expect(await screen.findByText('个人信息加载失败')).toBeInTheDocument();
    server.resetHandlers();
    fireEvent.click(button(document, /重试/));
    expect(await screen.findByText('本单位信息')).toBeInTheDocument();
  });

  it('staff who handle personal data see the deletion requests; refusing needs a reason', async () => {
    renderPage(<ProfilePage />, PATH, superAdmin);
    await screen.findByText('账号信息');
    tab('个人信息删除请求');
    expect(await screen.findByText('孙撤回')).toBeInTheDocument();
    fireEvent.click(button(document, /^不予删除$/));
    const dialog = await openModal();
    fireEvent.click(button(dialog, /^确定$/));
    expect(await within(dialog).findByText('请填写不予删除的理由')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByPlaceholderText(/档案管理规定/), { target: { value: '须保存至证书有效期届满' } });
    fireEvent.click(button(dialog, /^确定$/));
    await waitFor(() => expect(profileCalls.find((c) => c.path.endsWith('/practitioner-0009/reject'))?.body).toEqual({ reason: '须保存至证书有效期届满' }));
    expect(await screen.findByText('暂无待处理的删除请求')).toBeInTheDocument();
  });

  it('staff without the permission do not see the deletion requests', async () => {
    renderPage(<ProfilePage />, PATH, limitedStaff);
    await screen.findByText('账号信息');
    expect(screen.queryByText('个人信息删除请求')).toBeNull();
  });
});
