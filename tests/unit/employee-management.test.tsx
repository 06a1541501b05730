/**
 * 从业人员管理 against the practitioners mock: masked ID numbers and phones with 查看 (the
 * whole value after the call), the actions each state allows, a unit's own list, create →
 * the account shown once, reject needing a reason, the import report table, a staff member
 * in one unit's context (breadcrumb), and a practitioner's own record with the certificate link.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import EmployeeManagementPage from '@/pages/Manage/employee-management';
import { memberUnit, practitioner, superAdmin, type FixtureAccount } from '../../mock';
import { OTHER_UNIT_NAME, practitionerCallsTo, practitionersDb } from '../../mock/practitioners';
import { renderPage, rowOf, waitForRow } from './contentTestKit';

/** The navigation model as the page sets it (unitId and breadcrumb), recorded for the assertions. */
const navigation = vi.hoisted(() => ({
  unitId: '',
  breadcrumb: [] as { breadcrumbName: string; path?: string }[],
  setUnitId(id: string) {
    navigation.unitId = id;
  },
  setBreadcrumb(steps: { breadcrumbName: string; path?: string }[]) {
    navigation.breadcrumb = steps;
  },
}));

vi.mock('@umijs/max', async (importOriginal) => {
  const kit = await import('./contentTestKit');
  const umi = kit.mockUmi(await importOriginal());
  const useModel = ((name: string) => (name === 'navigation' ? navigation : (umi.useModel as (n: string) => unknown)(name))) as typeof umi.useModel;
  return { ...umi, useModel };
});

const PATH = '/Manage/employee-management';

function drawer(): HTMLElement {
  const panel = document.querySelector('.ant-drawer-open .ant-drawer-content-wrapper');
  if (!panel) throw new Error('no open drawer');
  return panel as HTMLElement;
}

function dialog(title: string | RegExp): HTMLElement {
  const titleEl = screen.getAllByText(title).find((el) => el.closest('.ant-modal'));
  const modal = titleEl?.closest('.ant-modal') as HTMLElement | null;
  if (!modal) throw new Error(`no dialog ${String(title)}`);
  return modal;
}

async function openList(account: FixtureAccount = superAdmin, url = PATH) {
  renderPage(<EmployeeManagementPage />, url, account);
  await waitForRow('李评估');
}

describe('从业人员管理', () => {
  it('staff see masked ID numbers and phones; 查看 fetches the whole value', async () => {
    await openList();
    const row = rowOf('王待审');
    expect(within(row).getByText('330102********0028')).toBeInTheDocument();
    expect(within(row).getByText('138****2074')).toBeInTheDocument();
    expect(within(row).queryByText('330102199007180028')).toBeNull();
    fireEvent.click(within(row).getByLabelText('查看王待审的完整身份证号码'));
    const value = await screen.findByTestId('revealed-value');
    expect(value).toHaveTextContent('330102199007180028');
    expect(screen.getByText(/本次查看已记入审计日志/)).toBeInTheDocument();
    expect(practitionerCallsTo('post', '/practitioners/practitioner-0002/reveal')[0].body).toEqual({ field: 'idCardNo' });
  });

  it('offers the actions each state allows, and approval reloads with the new state', async () => {
    await openList();
    const pending = rowOf('王待审');
    expect(within(pending).getByText('通过')).toBeInTheDocument();
    expect(within(pending).getByText('驳回')).toBeInTheDocument();
    expect(within(pending).getByText('删除')).toBeInTheDocument();
    expect(within(pending).queryByText('离职')).toBeNull();
    const approved = rowOf('李评估');
    expect(within(approved).getByText('离职')).toBeInTheDocument();
    expect(within(approved).queryByText('通过')).toBeNull();
    expect(within(approved).queryByText('删除')).toBeNull();
    expect(within(rowOf('赵驳回')).getByText('重新提交')).toBeInTheDocument();

    fireEvent.click(within(pending).getByText('通过'));
    fireEvent.click(await waitFor(() => within(document.querySelector('.ant-popconfirm') as HTMLElement).getByText('确 定')));
    await waitFor(() => expect(practitionerCallsTo('post', '/practitioners/practitioner-0002/approve')).toHaveLength(1));
    await waitFor(() => expect(within(rowOf('王待审')).getByText('已通过')).toBeInTheDocument());
    expect(within(rowOf('王待审')).getByText(/^WPRY2026/)).toBeInTheDocument();
  });

  it('reject needs a reason before anything is sent', async () => {
    await openList();
    fireEvent.click(within(rowOf('王待审')).getByText('驳回'));
    const modal = await waitFor(() => dialog('驳回「王待审」的登记'));
    fireEvent.click(within(modal).getByText('驳 回'));
    expect(await within(modal).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(practitionerCallsTo('post', '/practitioners/practitioner-0002/reject')).toHaveLength(0);
    fireEvent.change(within(modal).getByPlaceholderText('如：缺少学历证书扫描件'), { target: { value: '照片不清晰' } });
    fireEvent.click(within(modal).getByText('驳 回'));
    await waitFor(() => expect(practitionerCallsTo('post', '/practitioners/practitioner-0002/reject')[0]?.body).toMatchObject({ reason: '照片不清晰' }));
    await waitFor(() => expect(within(rowOf('王待审')).getByText('已驳回')).toBeInTheDocument());
  });

  it('a unit sees its own; creating shows the login account and initial password once', async () => {
    await openList(memberUnit);
    expect(screen.queryByText('钱外单位')).toBeNull();
    // A unit reveals its own practitioners' values.
    expect(within(rowOf('王待审')).getByLabelText('查看王待审的完整手机号码')).toBeInTheDocument();
    fireEvent.click(screen.getByText('新增从业人员'));
    await screen.findByText('新建从业人员', { selector: '.ant-drawer-title' });
    // The form's own checks first.
    fireEvent.change(within(drawer()).getByPlaceholderText('与身份证一致'), { target: { value: '周新人' } });
    fireEvent.change(within(drawer()).getByPlaceholderText('18位居民身份证号码'), { target: { value: '110105194912310021' } });
    fireEvent.click(within(drawer()).getByText('保 存'));
    expect(await within(drawer()).findByText('身份证号码校验位不正确')).toBeInTheDocument();
    expect(practitionerCallsTo('post', '/practitioners')).toHaveLength(0);
    fireEvent.change(within(drawer()).getByPlaceholderText('18位居民身份证号码'), { target: { value: '11010519491231002x' } });
    fireEvent.change(within(drawer()).getByPlaceholderText('11位手机号码'), { target: { value: '13912345678' } });
    fireEvent.click(within(drawer()).getByText('保 存'));
    await waitFor(() => expect(practitionerCallsTo('post', '/practitioners')).toHaveLength(1));
    expect(practitionerCallsTo('post', '/practitioners')[0].body).toMatchObject({ name: '周新人', idCardNo: '11010519491231002X', phone: '13912345678' });
    expect(practitionerCallsTo('post', '/practitioners')[0].body).not.toHaveProperty('unitId');
    expect(await screen.findByTestId('account-login')).toHaveTextContent('ry20000001');
    expect(screen.getByTestId('account-password')).toHaveTextContent('Init@1Pw9xK');
    expect(screen.getByText('初始密码只显示这一次')).toBeInTheDocument();
    fireEvent.click(screen.getByText('我已记下，关闭'));
    await waitForRow('周新人');
    expect(within(rowOf('周新人')).getByText('110105********002X')).toBeInTheDocument();
  });

  it('imports an uploaded sheet and shows the row-by-row report with the new accounts', async () => {
    await openList(memberUnit);
    fireEvent.click(screen.getByText('导入'));
    const modal = await waitFor(() => dialog('导入从业人员'));
    expect(within(modal).getByText('开始导入').closest('button') as HTMLElement).toBeDisabled();
    const input = modal.querySelector('input[type=file]') as HTMLInputElement;
    const sheet = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], '从业人员.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await userEvent.setup({ applyAccept: false }).upload(input, sheet);
    await waitFor(() => expect(within(modal).getByText('开始导入').closest('button') as HTMLElement).toBeEnabled());
    fireEvent.click(within(modal).getByText('开始导入').closest('button') as HTMLElement);
    expect(await within(modal).findByText('共 4 行：成功导入 2 行，失败 2 行')).toBeInTheDocument();
    const failed = within(modal).getByText('失败的行').closest('.ant-table-wrapper') as HTMLElement;
    const row3 = within(failed).getByText('3').closest('tr') as HTMLElement;
    expect(row3).toHaveTextContent('身份证号码校验位不正确');
    expect(row3).toHaveTextContent('手机号码不正确');
    expect(within(failed).getByText('身份证号码与第2行重复')).toBeInTheDocument();
    const accounts = within(modal).getByText('已生成的登录账号').closest('.ant-table-wrapper') as HTMLElement;
    expect(within(accounts).getByText('ry10000002')).toBeInTheDocument();
    expect(within(accounts).getByText('Imp@Pass2a9Kx')).toBeInTheDocument();
    expect(practitionerCallsTo('post', '/practitioners/import')[0].body).toMatchObject({ fileId: expect.any(String) });
    expect(practitionerCallsTo('post', '/practitioners/import')[0].body).not.toHaveProperty('unitId');
  });

  it("staff in a unit's context see its practitioners and its name in the breadcrumb", async () => {
    renderPage(<EmployeeManagementPage />, `${PATH}?unitId=unit-0002`, superAdmin);
    await waitForRow('钱外单位');
    expect(screen.queryByText('李评估')).toBeNull();
    await waitFor(() => expect(navigation.breadcrumb).toEqual([{ breadcrumbName: OTHER_UNIT_NAME }]));
    expect(navigation.unitId).toBe('unit-0002');
    expect(screen.getByText(`正在查看「${OTHER_UNIT_NAME}」的从业人员`)).toBeInTheDocument();
    expect(practitionerCallsTo('get', '/practitioners').at(-1)?.query).toMatchObject({ unitId: 'unit-0002' });
  });

  it('a practitioner sees their own record whole, with the certificate and its link', async () => {
    renderPage(<EmployeeManagementPage />, PATH, practitioner);
    expect(await screen.findByText('330106198503120014')).toBeInTheDocument();
    expect(screen.getByText('13857102037')).toBeInTheDocument();
    expect(screen.queryByText('查看')).toBeNull();
    expect(screen.getAllByText('WPRY2024001').length).toBeGreaterThan(0);
    expect(screen.getByText('有效')).toBeInTheDocument();
    expect(screen.getByText('打开证书页面（可打印）').closest('a')).toHaveAttribute('href', '/certificate-view?no=WPRY2024001');
    expect(practitionersDb.records.length).toBe(5);
  });
});
