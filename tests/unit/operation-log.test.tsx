/**
 * 审计日志 against the operation-logs mock: rows with Chinese event, object and result words,
 * filters taken from the URL and sent as the API's names, the integrity check's two answers,
 * and 导出 only for those holding system:log:export.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as DownloadModule from '@/services/download';
import OperationLogPage from '@/pages/Manage/operation-log';
import { limitedStaff, superAdmin, type FixtureAccount } from '../../mock';
import { operationLogCalls, setVerifyResult } from '../../mock/operationLogs';
import { renderPage, rowOf, waitForRow } from './contentTestKit';


const download = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('@/services/download', async (importOriginal) => {
  const actual = await importOriginal<typeof DownloadModule>();
  return {
    ...actual,
    downloadFile: async (...args: unknown[]) => {
      download.calls.push(args);
      return '审计日志.xlsx';
    },
  };
});

const PATH = '/Manage/operation-log';

function button(text: RegExp): HTMLElement {
  const found = [...document.querySelectorAll('button')].find((b) => text.test((b.textContent ?? '').replace(/\s+/g, '')));
  if (!found) throw new Error(`no button ${String(text)}`);
  return found;
}

const listCalls = () => operationLogCalls.filter((c) => c.path === '/api/v1/operation-logs');

describe('审计日志', () => {
  it('lists events with their Chinese names, object and result', async () => {
    renderPage(<OperationLogPage />, PATH);
    await waitForRow('修改角色「新闻编辑」的权限');
    const failed = rowOf('登录失败（账号 guest，登录类型 1）：账号不存在');
    expect(within(failed).getByText('登录失败')).toBeInTheDocument();
    expect(within(failed).getByText('失败')).toBeInTheDocument();
    expect(within(failed).getByText('10.9.9.9')).toBeInTheDocument();
    expect(within(failed).getByText('匿名')).toBeInTheDocument();
    const reveal = rowOf('查看从业人员「王待审」的完整身份证号码');
    expect(within(reveal).getByText('查看完整个人信息')).toBeInTheDocument();
    expect(within(reveal).getByText('从业人员')).toBeInTheDocument();
    expect(within(reveal).getByText('张联络')).toBeInTheDocument();
  });

  it('sends the filters of the URL as the API names them', async () => {
    renderPage(<OperationLogPage />, `${PATH}?result=failure&actor=${encodeURIComponent('系统')}&fromDay=2026-11-20&toDay=2026-11-21`);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    expect(listCalls().at(-1)?.query).toMatchObject({ result: 'failure', actor: '系统', fromDay: '2026-11-20', toDay: '2026-11-21' });
  });

  it('filters by result from the URL: only the failed login shows', async () => {
    renderPage(<OperationLogPage />, `${PATH}?result=failure`);
    await waitForRow('登录失败（账号 guest，登录类型 1）：账号不存在');
    expect(screen.queryByText('修改角色「新闻编辑」的权限')).toBeNull();
  });

  it('完整性校验 says the chain is whole, or names the first row that no longer fits', async () => {
    renderPage(<OperationLogPage />, PATH);
    await waitForRow('修改角色「新闻编辑」的权限');
    fireEvent.click(button(/完整性校验/));
    expect(await screen.findByText('日志链完整（5 条）')).toBeInTheDocument();
    fireEvent.click(button(/^知道了$/));
    setVerifyResult({ ok: false, checked: 5, firstBad: { id: '3', createdAt: '2026-11-21T01:00:00.000Z', reason: '哈希不符（记录被修改）' }, checkedAt: '2026-11-23T08:00:00.000Z' });
    fireEvent.click(button(/完整性校验/));
    expect(await screen.findByText(/第 3 条.*哈希不符（记录被修改）/)).toBeInTheDocument();
    expect(screen.getAllByText('完整性校验未通过').length).toBeGreaterThan(0);
  });

  it('导出 takes the current filters; without system:log:export there is no 导出', async () => {
    renderPage(<OperationLogPage />, `${PATH}?action=login-failed`);
    await waitForRow('登录失败（账号 guest，登录类型 1）：账号不存在');
    download.calls.length = 0;
    fireEvent.click(button(/^导出$/));
    await waitFor(() => expect(download.calls).toHaveLength(1));
    expect(download.calls[0][0]).toBe('/operation-logs/export');
    expect(download.calls[0][1]).toMatchObject({ action: 'login-failed' });
    expect(download.calls[0][1]).not.toHaveProperty('current');
  });

  it('hides 导出 from staff who may only read the log', async () => {
    const reader: FixtureAccount = { ...limitedStaff, user: { ...limitedStaff.user, permissions: ['system:log:view'] } };
    renderPage(<OperationLogPage />, PATH, reader);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    expect(() => button(/^导出$/)).toThrow();
    expect(button(/完整性校验/)).toBeInTheDocument();
    expect(superAdmin.user.permissions).toContain('system:log:export');
  });
});
