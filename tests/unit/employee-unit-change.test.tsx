/**
 * 从业人员单位变更管理 against the unit-changes mock: the staff list with every change and its
 * state, 审批通过 behind a confirmation that names the move, a member unit's 放行 of an outgoing
 * change (the row shows the next state at once), the detail with its history, and a
 * practitioner's request form (its own checks first, then the round trip with the release letter).
 */
import { randomBytes } from 'node:crypto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import EmployeeUnitChangePage from '@/pages/Manage/employee-unit-change';
import { memberUnit, practitioner, seedFileRecord, storedFile, superAdmin, type FixtureAccount } from '../../mock';
import { RELEASE_LETTER, unitChangeCallsTo, unitChangesDb } from '../../mock/unitChanges';
import { renderPage } from './contentTestKit';


const PATH = '/Manage/employee-unit-change';

async function openList(account: FixtureAccount, firstRow: string) {
  renderPage(<EmployeeUnitChangePage />, PATH, account);
  await screen.findAllByText(firstRow);
}

/** The table row of a practitioner (their name shows twice when they asked themselves: 从业人员 and 申请人). */
function rowOf(name: string): HTMLElement {
  const row = screen.getAllByText(name).map((el) => el.closest('tr')).find(Boolean);
  if (!row) throw new Error(`no row holds ${name}`);
  return row as HTMLElement;
}

function dialog(): HTMLElement {
  const open = [...document.querySelectorAll('.ant-modal-wrap')].find((el) => (el as HTMLElement).style.display !== 'none');
  if (!open) throw new Error('no open dialog');
  return open as HTMLElement;
}

describe('从业人员单位变更管理', () => {
  it('shows staff every change with its state, and approves one after a confirmation that names the move', async () => {
    await openList(superAdmin, '孙佳慧');
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
    expect(within(rowOf('王浩然')).getByText('待原单位放行')).toBeInTheDocument();
    expect(within(rowOf('李评估')).getByText('已驳回')).toBeInTheDocument();
    const released = rowOf('孙佳慧');
    expect(within(released).getByText('待协会审批')).toBeInTheDocument();
    expect(within(released).getByText('WPRY2024010')).toBeInTheDocument();
    // Staff cannot approve before the release: that row offers 驳回 only.
    expect(within(rowOf('王浩然')).queryByText('审批通过')).toBeNull();
    expect(within(rowOf('王浩然')).getByText('驳回')).toBeInTheDocument();

    fireEvent.click(within(released).getByText('审批通过'));
    const title = await screen.findByText('审批通过：孙佳慧：之江社会风险研究院有限公司 → 示例社会稳定风险评估咨询有限公司');
    expect(title).toBeInTheDocument();
    expect(within(dialog()).getByText(/所在单位、登录账号和证书将一并转入「示例社会稳定风险评估咨询有限公司」/)).toBeInTheDocument();
    fireEvent.change(within(dialog()).getByPlaceholderText('选填'), { target: { value: '材料齐全' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '审批通过' }));
    await waitFor(() => expect(unitChangeCallsTo('post', '/unit-changes/uc-2/approve')).toHaveLength(1));
    expect(unitChangeCallsTo('post', '/unit-changes/uc-2/approve')[0].body).toEqual({ version: 1, comment: '材料齐全' });
    // The list reloads: the row shows the new state and no more actions.
    await waitFor(() => expect(within(rowOf('孙佳慧')).getByText('已通过')).toBeInTheDocument());
    expect(within(rowOf('孙佳慧')).queryByText('审批通过')).toBeNull();
  });

  it('a rejection needs a reason before anything is sent', async () => {
    await openList(superAdmin, '王浩然');
    fireEvent.click(within(rowOf('王浩然')).getByText('驳回'));
    await screen.findByText(/^驳回申请：王浩然/);
    fireEvent.click(within(dialog()).getByRole('button', { name: '驳 回' }));
    expect(await within(dialog()).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(unitChangeCallsTo('post', '/unit-changes/uc-1/reject')).toHaveLength(0);
    fireEvent.change(within(dialog()).getByPlaceholderText('请说明驳回原因'), { target: { value: '材料不全' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '驳 回' }));
    await waitFor(() => expect(unitChangesDb.changes.find((c) => c.record.id === 'uc-1')?.record.status).toBe('rejected'));
    await waitFor(() => expect(within(rowOf('王浩然')).getByText('已驳回')).toBeInTheDocument());
  });

  it('a member unit releases an outgoing change; incoming ones show no release', async () => {
    await openList(memberUnit, '王浩然');
    expect(screen.getByText('发起调入申请')).toBeInTheDocument();
    const outgoing = rowOf('王浩然');
    expect(within(outgoing).getByText('调出申请')).toBeInTheDocument();
    const incoming = rowOf('孙佳慧');
    expect(within(incoming).getByText('调入申请')).toBeInTheDocument();
    expect(within(incoming).queryByText('放行')).toBeNull();

    fireEvent.click(within(outgoing).getByText('放行'));
    await screen.findByText('放行：王浩然：示例社会稳定风险评估咨询有限公司 → 安和工程咨询有限公司');
    fireEvent.change(within(dialog()).getByPlaceholderText('选填'), { target: { value: '同意放行' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '确认放行' }));
    await waitFor(() => expect(unitChangeCallsTo('post', '/unit-changes/uc-1/release')).toHaveLength(1));
    expect(unitChangeCallsTo('post', '/unit-changes/uc-1/release')[0].body).toEqual({ version: 0, comment: '同意放行' });
    await waitFor(() => expect(within(rowOf('王浩然')).getByText('待协会审批')).toBeInTheDocument());
    expect(within(rowOf('王浩然')).queryByText('放行')).toBeNull();
  });

  it('opens the detail with the whole history and the release letter', async () => {
    seedFileRecord({ ...storedFile, fileId: RELEASE_LETTER.fileId, name: RELEASE_LETTER.name });
    await openList(memberUnit, '孙佳慧');
    fireEvent.click(within(rowOf('孙佳慧')).getByText('详情'));
    const drawer = (await screen.findByText('单位变更详情')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('原单位放行')).toBeInTheDocument();
    expect(within(drawer).getByText('提交申请')).toBeInTheDocument();
    expect(within(drawer).getByText('同意放行，在研项目已完成交接。')).toBeInTheDocument();
    expect(within(drawer).getByText('等待协会审批')).toBeInTheDocument();
    expect(within(drawer).getByText('放行函.pdf')).toBeInTheDocument();
    const download = await within(drawer).findByRole('link', { name: /下载/ });
    expect(download.getAttribute('href')).toMatch(/\/api\/v1\/file\/download\//);
  });

  it('a practitioner asks to move: the form checks first, then sends the unit, reason and release letter', async () => {
    await openList(practitioner, '李评估');
    // Only their own changes.
    expect(screen.getByText('共 1 条')).toBeInTheDocument();
    fireEvent.click(screen.getByText('申请变更单位'));
    await screen.findByText('申请变更单位', { selector: '.ant-modal-title' });
    fireEvent.click(within(dialog()).getByRole('button', { name: '提交申请' }));
    expect(await within(dialog()).findByText('请选择调入单位')).toBeInTheDocument();
    expect(within(dialog()).getByText('请填写变更原因')).toBeInTheDocument();
    expect(within(dialog()).getByText('请上传放行函')).toBeInTheDocument();
    expect(unitChangeCallsTo('post', '/unit-changes')).toHaveLength(0);

    // The unit list leaves out the practitioner's own unit.
    const select = within(dialog()).getByText(/输入单位名称搜索/).closest('.ant-select') as HTMLElement;
    fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content') ?? select);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].find((el) => el.textContent === '之江社会风险研究院有限公司');
      if (!found) throw new Error('no option yet');
      return found as HTMLElement;
    });
    const options = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((el) => el.textContent);
    expect(options).not.toContain('示例社会稳定风险评估咨询有限公司');
    fireEvent.click(option);
    fireEvent.change(within(dialog()).getByPlaceholderText('如：已与新单位签订劳动合同'), { target: { value: '已签订劳动合同' } });
    const input = dialog().querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.setup({ applyAccept: false }).upload(input, new File([new Uint8Array(randomBytes(4096))], '放行函.pdf', { type: 'application/pdf' }));
    await within(dialog()).findByRole('link', { name: '放行函.pdf' });

    fireEvent.click(within(dialog()).getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(unitChangeCallsTo('post', '/unit-changes')).toHaveLength(1));
    const body = unitChangeCallsTo('post', '/unit-changes')[0].body as { toUnitId: string; reason: string; releaseLetterFileIds: string[] };
    expect(body).toMatchObject({ toUnitId: 'mu-zhijiang', reason: '已签订劳动合同' });
    expect(body.releaseLetterFileIds).toHaveLength(1);
    // The list reloads with the new request, waiting for the old unit, which the practitioner may withdraw.
    await waitFor(() => expect(screen.getByText('共 2 条')).toBeInTheDocument());
    const row = screen.getByText('待原单位放行').closest('tr') as HTMLElement;
    expect(within(row).getByText('之江社会风险研究院有限公司')).toBeInTheDocument();
    expect(within(row).getByText('待原单位放行')).toBeInTheDocument();
    expect(within(row).getByText('撤回')).toBeInTheDocument();
  });

  it('a unit asks to take someone in: a wrong ID number is caught before any call', async () => {
    await openList(memberUnit, '王浩然');
    fireEvent.click(screen.getByText('发起调入申请'));
    await screen.findByText('发起调入申请', { selector: '.ant-modal-title' });
    fireEvent.change(within(dialog()).getByPlaceholderText('与登记信息一致的姓名'), { target: { value: '孙佳慧' } });
    fireEvent.change(within(dialog()).getByPlaceholderText('18 位身份证号码'), { target: { value: '330381199108080202' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '提交申请' }));
    expect(await within(dialog()).findByText('身份证号码校验位不正确')).toBeInTheDocument();
    expect(unitChangeCallsTo('post', '/unit-changes')).toHaveLength(0);
  });
});
