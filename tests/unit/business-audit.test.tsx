/**
 * 业务审核管理 against the business-audit mock: the queue with kind tabs and counts, each item's
 * age and missing documents, a kind without a handler listed without buttons, `?kind=`
 * narrowing the queue, a rejection that needs its reason, a batch approval of selected rows
 * (asked once more for an item missing a required document), a batch whose items fail alone
 * (shown per item at once), and the review drawer: the submitted record's fields and files,
 * what is missing, a confirmation before approving without it, the next item after a decision,
 * and a word when the list is done.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BusinessAuditPage from '@/pages/Manage/business-audit';
import { superAdmin } from '../../mock';
import { businessAuditCalls, businessAuditDb } from '../../mock/businessAudit';
import { drawer, renderPage, rowOf } from './contentTestKit';


const PATH = '/Manage/business-audit';

function dialog(): HTMLElement {
  const open = [...document.querySelectorAll('.ant-modal-wrap')].find((el) => (el as HTMLElement).style.display !== 'none');
  if (!open) throw new Error('no open dialog');
  return open as HTMLElement;
}

const statusOf = (id: string) => businessAuditDb.items.find((r) => r.item.id === id)?.status;

async function open(url = PATH) {
  renderPage(<BusinessAuditPage />, url, superAdmin);
  // 许博文 is in every queue the tests open: the list has answered.
  await screen.findAllByText('许博文');
}

function select(name: string) {
  fireEvent.click(within(rowOf(name)).getByRole('checkbox'));
}

/** Opens the review drawer on a row (its name's button found by its text: a role query over the page takes seconds in the test DOM). */
async function openDrawerOn(name: string) {
  await screen.findByText(name);
  const nameButton = within(rowOf(name)).getByText(name).closest('button');
  expect(nameButton).not.toBeNull();
  fireEvent.click(nameButton as HTMLElement);
  await waitFor(() => expect(drawer().querySelector('.ant-drawer-title')?.textContent).toContain(name));
}

/** The drawer's footer button (antd spaces two-character labels: 通 过). */
function drawerButton(label: string): HTMLElement {
  const button = [...drawer().querySelectorAll('.ant-drawer-footer button')].find((b) => b.textContent?.replace(/\s/g, '') === label);
  if (!button) throw new Error(`no ${label} in the drawer`);
  return button as HTMLElement;
}

/** The open confirmation (Modal.confirm) after the reason dialog. */
async function confirmDialog(): Promise<HTMLElement> {
  await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
  return document.querySelector('.ant-modal-confirm') as HTMLElement;
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
    // The documents each item misses, as the server reports them.
    expect(within(rowOf('润和社会治理咨询有限公司')).getByText('缺：资质文件')).toBeInTheDocument();
    expect(within(rowOf('赵雨桐')).getByText('缺：学历证书')).toBeInTheDocument();
    expect(within(rowOf('许博文')).getByText('齐全')).toBeInTheDocument();
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

  it('approves selected rows at once after a confirmation, asked once more for what is missing', async () => {
    await open();
    await screen.findByText('许博文');
    select('赵雨桐');
    select('许博文');
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '批量通过' }));
    await screen.findByText('通过：选中的 2 条审核');
    expect(within(dialog()).getByText('必需材料不全：「赵雨桐」缺少学历证书')).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: '确认通过' }));
    const confirm = await confirmDialog();
    expect(confirm.textContent).toContain('材料不全，仍要通过吗？');
    expect(businessAuditCalls).toHaveLength(0);
    fireEvent.click(within(confirm).getByText('仍要通过').closest('button') as HTMLElement);
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

  it('the drawer shows the practitioner’s fields and files, asks before approving without a required document, and moves to the next item', async () => {
    await open();
    await openDrawerOn('赵雨桐');
    const panel = drawer();
    // The record itself, with the labels of 从业人员管理's detail.
    expect(await within(panel).findByText('社会学')).toBeInTheDocument();
    expect(within(panel).getByText('专业')).toBeInTheDocument();
    expect(within(panel).getByText('学历证书')).toBeInTheDocument();
    expect(within(panel).getByText('缺少必需材料：学历证书')).toBeInTheDocument();
    expect(within(panel).getByText('查看记录详情').closest('a')).toHaveAttribute('href', '/Manage/employee-management?keyword=%E8%B5%B5%E9%9B%A8%E6%A1%90');

    fireEvent.click(drawerButton('通过'));
    await screen.findByText('通过：「赵雨桐」');
    expect(within(dialog()).getByText('必需材料不全：「赵雨桐」缺少学历证书')).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: '确认通过' }));
    const confirm = await confirmDialog();
    expect(confirm.textContent).toContain('材料不全，仍要通过吗？');
    expect(confirm.textContent).toContain('「赵雨桐」缺少学历证书');
    expect(businessAuditCalls).toHaveLength(0);
    fireEvent.click(within(confirm).getByText('仍要通过').closest('button') as HTMLElement);
    await waitFor(() => expect(statusOf('rv-p1')).toBe('approved'));

    // The next row of the list: 许博文, whose diploma is there (with 预览), and nothing is missing.
    await waitFor(() => expect(drawer().querySelector('.ant-drawer-title')?.textContent).toBe('从业人员登记：许博文'));
    expect(await within(drawer()).findByText('学历证书.pdf')).toBeInTheDocument();
    expect(await within(drawer()).findByLabelText('预览学历证书.pdf')).toBeInTheDocument();
    expect(within(drawer()).queryByText(/缺少必需材料/)).toBeNull();
    // The decided row left the list as it reloaded.
    await waitFor(() => expect(screen.queryByText('缺：学历证书')).toBeNull());
    expect(screen.getByText('通过：成功 1 条')).toBeInTheDocument();
  });

  it('approving with nothing missing asks no more; after the last item the drawer closes and says so', async () => {
    await open(`${PATH}?kind=practitioner`);
    await openDrawerOn('许博文');
    fireEvent.click(drawerButton('通过'));
    await screen.findByText('通过：「许博文」');
    fireEvent.click(within(dialog()).getByRole('button', { name: '确认通过' }));
    await waitFor(() => expect(statusOf('rv-p2')).toBe('approved'));
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    // Back to the one passed over: 赵雨桐.
    await waitFor(() => expect(drawer().querySelector('.ant-drawer-title')?.textContent).toBe('从业人员登记：赵雨桐'));
    fireEvent.click(drawerButton('驳回'));
    await screen.findByText('驳回：「赵雨桐」');
    fireEvent.change(within(dialog()).getByPlaceholderText('请说明原因，提交方会看到'), { target: { value: '请补充学历证书' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(statusOf('rv-p1')).toBe('rejected'));
    expect(await screen.findByText('当前列表的待审核事项已全部处理')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });

  it('the drawer shows a membership application as 会员单位管理 does, with its licence and what it misses', async () => {
    await open();
    await openDrawerOn('润和社会治理咨询有限公司');
    const panel = drawer();
    expect(await within(panel).findByText('统一社会信用代码')).toBeInTheDocument();
    expect(within(panel).getByText('营业执照.pdf')).toBeInTheDocument();
    expect(within(panel).getByText('缺少必需材料：资质文件')).toBeInTheDocument();
  });
});

describe('业务审核管理: a project filing of a unit flagged by its credit', () => {
  it('shows the flag as tags in the row and as a warning in the drawer', async () => {
    const model = businessAuditDb.items[0];
    businessAuditDb.items.push({
      ...model,
      item: {
        ...model.item,
        id: 'rv-project-flagged',
        kind: 'project',
        kindLabel: '项目备案',
        subjectType: 'project',
        subjectId: 'pj-flagged',
        subjectName: '城东旧改项目稳评',
        creditFlag: { tier: 'D', ratingYear: 2025, badConductInTerm: 2 },
      },
      status: 'pending',
      handler: null,
    });
    await open();
    await screen.findByText('城东旧改项目稳评');
    const row = rowOf('城东旧改项目稳评');
    expect(within(row).getByText('信用D级（2025年度）')).toBeInTheDocument();
    expect(within(row).getByText('不良行为在期 2 条')).toBeInTheDocument();
    // Other rows carry no flag.
    expect(within(rowOf('润和社会治理咨询有限公司')).queryByText(/信用D级|不良行为在期/)).toBeNull();
    await openDrawerOn('城东旧改项目稳评');
    expect(await within(drawer()).findByText('该单位有信用提示：信用D级（2025年度）；不良行为在期 2 条')).toBeInTheDocument();
  });
});
