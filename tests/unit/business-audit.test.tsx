/**
 * 业务审核管理 against the business-audit mock: the queue with kind tabs and counts, each item's
 * age, a kind without a handler listed without buttons, `?kind=` narrowing the queue, a
 * rejection that needs its reason, a batch approval of selected rows, a batch whose items fail
 * alone (shown per item at once), and the detail drawer with the history and the record's link.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import BusinessAuditPage from '@/pages/Manage/business-audit';
import { superAdmin } from '../../mock';
import { businessAuditCalls, businessAuditDb } from '../../mock/businessAudit';
import { renderPage, rowOf } from './contentTestKit';

vi.mock('@umijs/max', async (importOriginal) => (await import('./contentTestKit')).mockUmi(await importOriginal()));

const PATH = '/Manage/business-audit';

function dialog(): HTMLElement {
  const open = [...document.querySelectorAll('.ant-modal-wrap')].find((el) => (el as HTMLElement).style.display !== 'none');
  if (!open) throw new Error('no open dialog');
  return open as HTMLElement;
}

const statusOf = (id: string) => businessAuditDb.items.find((r) => r.item.id === id)?.status;

async function open(url = PATH) {
  renderPage(<BusinessAuditPage />, url, superAdmin);
  await screen.findAllByText('许博文', undefined, { timeout: 5000 }).catch(() => undefined);
}

function select(name: string) {
  fireEvent.click(within(rowOf(name)).getByRole('checkbox'));
}

describe('业务审核管理', () => {
  it('lists the queue oldest first with kind tabs, counts and age; a kind without a handler has no buttons', async () => {
    await open();
    expect(await screen.findByText('共 5 条')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '全部（5）' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '从业人员登记（2）' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '个人信息删除请求（1）' })).toBeInTheDocument();
    const names = [...document.querySelectorAll('tbody tr')].map((tr) => tr.textContent ?? '');
    expect(names[1]).toContain('润和社会治理咨询有限公司');
    expect(within(rowOf('润和社会治理咨询有限公司')).getByText('13 天')).toBeInTheDocument();
    const noHandler = rowOf('个人信息删除请求：李评估');
    expect(within(noHandler).queryByText('通过')).toBeNull();
    expect(within(noHandler).getByRole('checkbox')).toBeDisabled();
    expect(within(rowOf('2026年度年检：示例社会稳定风险评估咨询有限公司')).getByText('退回修改')).toBeInTheDocument();
  });

  it('?kind= narrows the queue to one kind (the workbench links there)', async () => {
    await open(`${PATH}?kind=practitioner`);
    await waitFor(() => expect(screen.getByText('共 2 条')).toBeInTheDocument());
    expect(screen.getByRole('tab', { name: '从业人员登记（2）', selected: true })).toBeInTheDocument();
    expect(screen.queryByText('润和社会治理咨询有限公司')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '全部（5）' }));
    expect(await screen.findByText('润和社会治理咨询有限公司')).toBeInTheDocument();
    expect(screen.getByTestId('where').textContent).toBe(PATH);
  });

  it('a rejection needs a reason; the result shows at once and the row leaves the queue', async () => {
    await open();
    await screen.findByText('润和社会治理咨询有限公司');
    fireEvent.click(within(rowOf('润和社会治理咨询有限公司')).getByText('驳回'));
    await screen.findByText('驳回：「润和社会治理咨询有限公司」');
    fireEvent.click(within(dialog()).getByRole('button', { name: '确认驳回' }));
    expect(await within(dialog()).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(businessAuditCalls).toHaveLength(0);
    fireEvent.change(within(dialog()).getByPlaceholderText('请说明原因，提交方会看到'), { target: { value: '营业执照已过期' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(statusOf('rv-reg')).toBe('rejected'));
    expect(businessAuditCalls[0]).toEqual({ reviewIds: ['rv-reg'], action: 'reject', reason: '营业执照已过期' });
    expect(await screen.findByText('驳回：成功 1 条')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: '润和社会治理咨询有限公司' })).toBeNull());
    expect(screen.getByText('共 4 条')).toBeInTheDocument();
  });

  it('approves selected rows at once after a confirmation', async () => {
    await open();
    await screen.findByText('许博文');
    select('赵雨桐');
    select('许博文');
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '批量通过' }));
    await screen.findByText('通过：选中的 2 条审核');
    fireEvent.click(within(dialog()).getByRole('button', { name: '确认通过' }));
    await waitFor(() => expect(statusOf('rv-p1')).toBe('approved'));
    expect(statusOf('rv-p2')).toBe('approved');
    expect(await screen.findByText('通过：成功 2 条')).toBeInTheDocument();
  });

  it('a batch reports each item: one the kind does not take fails alone', async () => {
    await open();
    await screen.findByText('润和社会治理咨询有限公司');
    select('润和社会治理咨询有限公司');
    select('2026年度年检：示例社会稳定风险评估咨询有限公司');
    fireEvent.click(screen.getByRole('button', { name: '批量退回修改' }));
    await screen.findByText('退回修改：选中的 2 条审核');
    fireEvent.change(within(dialog()).getByPlaceholderText('请说明原因，提交方会看到'), { target: { value: '请补充培训记录' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '确认退回修改' }));
    expect(await screen.findByText('退回修改：成功 1 条，失败 1 条')).toBeInTheDocument();
    expect(screen.getByText('「入会申请」不能退回修改，可选：通过、驳回')).toBeInTheDocument();
    expect(statusOf('rv-ai')).toBe('returned');
    expect(statusOf('rv-reg')).toBe('pending');
  });

  it('the drawer shows the subject’s history and the link to its record, and decides from there', async () => {
    await open();
    // The name's button found by its text: a role query here takes seconds in jsdom (it computes
    // the styles of every candidate through the page's many CSS-in-JS sheets).
    await screen.findByText('赵雨桐');
    const nameButton = within(rowOf('赵雨桐')).getByText('赵雨桐').closest('button');
    expect(nameButton).not.toBeNull();
    fireEvent.click(nameButton as HTMLElement);
    expect(await screen.findByText('审核历史')).toBeInTheDocument();
    expect(screen.getByText('意见：材料不全，请补充')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看记录详情' })).toHaveAttribute('href', '/Manage/employee-management?keyword=%E8%B5%B5%E9%9B%A8%E6%A1%90');
    const drawer = screen.getByText('审核历史').closest('.ant-drawer') as HTMLElement;
    fireEvent.click(within(drawer).getByRole('button', { name: '通 过' }));
    await screen.findByText('通过：「赵雨桐」');
    fireEvent.click(within(dialog()).getByRole('button', { name: '确认通过' }));
    await waitFor(() => expect(statusOf('rv-p1')).toBe('approved'));
  });
});
