/**
 * 业绩案例管理 against the cases mock: staff see every unit's cases with 通过 / 驳回 on pending
 * ones (驳回 asks for a reason first) and 导出; a unit its own with 新增案例 (the form checks,
 * then sends the fields and the public switch), 编辑 and 删除; ?id= opens the detail.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PerformanceCasePage from '@/pages/Manage/performance-case';
import { memberUnit, superAdmin } from '../../mock';
import { caseCallsTo } from '../../mock/cases';
import { renderPage, rowOf, waitForRow } from './contentTestKit';
import { confirmPopup, dialog, drawer, listOpener } from './reviewedSubjectKit';


const PATH = '/Manage/performance-case';

const openList = listOpener(() => <PerformanceCasePage />, PATH);

describe('业绩案例管理', () => {
  it('staff see every unit’s cases and approve a pending one after confirming', async () => {
    await openList(superAdmin, '垃圾焚烧发电厂扩建工程稳评');
    expect(screen.getByText('招商推介会风险评估')).toBeInTheDocument();
    expect(screen.queryByText('新增案例')).toBeNull();
    expect(screen.getByText('导出')).toBeInTheDocument();
    const pending = rowOf('垃圾焚烧发电厂扩建工程稳评');
    expect(within(pending).getByText('待审核')).toBeInTheDocument();
    expect(within(pending).getByText('不公开')).toBeInTheDocument();
    expect(within(pending).queryByText('编辑')).toBeNull();
    expect(within(rowOf('城东新城旧城改造项目稳评')).queryByText('通过')).toBeNull();

    fireEvent.click(within(pending).getByText('通过'));
    await confirmPopup();
    await waitFor(() => expect(caseCallsTo('post', '/cases/cs-2/approve')).toHaveLength(1));
    expect(caseCallsTo('post', '/cases/cs-2/approve')[0].body).toMatchObject({ version: 1 });
    await waitFor(() => expect(within(rowOf('垃圾焚烧发电厂扩建工程稳评')).getByText('已通过')).toBeInTheDocument());
  });

  it('驳回 needs a reason before anything is sent', async () => {
    await openList(superAdmin, '垃圾焚烧发电厂扩建工程稳评');
    fireEvent.click(within(rowOf('垃圾焚烧发电厂扩建工程稳评')).getByText('驳回'));
    await screen.findByText('驳回「垃圾焚烧发电厂扩建工程稳评」');
    fireEvent.click(within(dialog()).getByRole('button', { name: /驳\s?回/ }));
    expect(await within(dialog()).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(caseCallsTo('post', '/cases/cs-2/reject')).toHaveLength(0);
    fireEvent.change(within(dialog()).getByPlaceholderText('如：未提供委托合同及评估报告'), { target: { value: '缺少委托合同' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /驳\s?回/ }));
    await waitFor(() => expect(caseCallsTo('post', '/cases/cs-2/reject')[0]?.body).toMatchObject({ reason: '缺少委托合同' }));
    await waitFor(() => expect(within(rowOf('垃圾焚烧发电厂扩建工程稳评')).getByText('已驳回')).toBeInTheDocument());
  });

  it('a unit sees its own; 新增案例 checks the form, then sends the case as pending', async () => {
    await openList(memberUnit, '城东新城旧城改造项目稳评');
    expect(screen.queryByText('招商推介会风险评估')).toBeNull();
    expect(screen.queryByText('导出')).toBeNull();
    expect(within(rowOf('城东新城旧城改造项目稳评')).getByText('编辑')).toBeInTheDocument();
    expect(within(rowOf('城东新城旧城改造项目稳评')).getByText('删除')).toBeInTheDocument();

    fireEvent.click(screen.getByText('新增案例'));
    await screen.findByText('新建业绩案例', { selector: '.ant-drawer-title' });
    const save = () => fireEvent.click(within(drawer()).getByRole('button', { name: '保存并提交审核' }));
    save();
    expect(await within(drawer()).findByText('请输入案例名称')).toBeInTheDocument();
    expect(caseCallsTo('post', '/cases')).toHaveLength(0);
    fireEvent.change(within(drawer()).getByPlaceholderText('如：某某项目社会稳定风险评估'), { target: { value: '滨江新区规划稳评' } });
    fireEvent.change(within(drawer()).getByPlaceholderText('评估主体 / 委托单位'), { target: { value: '滨江区人民政府' } });
    save();
    await waitFor(() => expect(caseCallsTo('post', '/cases')).toHaveLength(1));
    expect(caseCallsTo('post', '/cases')[0].body).toMatchObject({ title: '滨江新区规划稳评', client: '滨江区人民政府', public: true, fileIds: [] });
    await waitForRow('滨江新区规划稳评');
    expect(within(rowOf('滨江新区规划稳评')).getByText('待审核')).toBeInTheDocument();
  });

  it('a unit edits an approved case with its version (back to pending) and deletes after confirming', async () => {
    await openList(memberUnit, '城东新城旧城改造项目稳评');
    fireEvent.click(within(rowOf('城东新城旧城改造项目稳评')).getByText('编辑'));
    await screen.findByText('编辑业绩案例', { selector: '.ant-drawer-title' });
    expect(await within(drawer()).findByText(/该案例已审核通过/)).toBeInTheDocument();
    const title = within(drawer()).getByPlaceholderText('如：某某项目社会稳定风险评估');
    await waitFor(() => expect(title).toHaveValue('城东新城旧城改造项目稳评'));
    fireEvent.change(title, { target: { value: '城东新城旧城改造项目稳评（修订）' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: '保存并提交审核' }));
    await waitFor(() => expect(caseCallsTo('put', '/cases/cs-1')).toHaveLength(1));
    expect(caseCallsTo('put', '/cases/cs-1')[0].body).toMatchObject({ title: '城东新城旧城改造项目稳评（修订）', version: 1, public: true });
    await waitForRow('城东新城旧城改造项目稳评（修订）');
    expect(within(rowOf('城东新城旧城改造项目稳评（修订）')).getByText('待审核')).toBeInTheDocument();

    fireEvent.click(within(rowOf('城东新城旧城改造项目稳评（修订）')).getByText('删除'));
    await confirmPopup();
    await waitFor(() => expect(caseCallsTo('delete', '/cases/cs-1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('城东新城旧城改造项目稳评（修订）')).toBeNull());
  });

  it('?id= opens the case with its reason and state', async () => {
    renderPage(<PerformanceCasePage />, `${PATH}?id=cs-3`, superAdmin);
    await screen.findByText('业绩案例：招商推介会风险评估');
    expect(within(drawer()).getByText('不属于稳评业绩')).toBeInTheDocument();
    expect(within(drawer()).getByText('暂无审核记录')).toBeInTheDocument();
  });
});
