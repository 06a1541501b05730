/**
 * 项目管理 against the projects mock: staff see every unit's projects with 备案 / 退回 where the
 * state allows (退回 asks for a reason first), a unit its own with 登记项目 (the form checks,
 * then sends the leader picked from its own practitioners), 提交 and 删除 on drafts, a
 * practitioner the projects they worked on (read only), and ?id= opening the detail drawer.
 * 添加成员 opens a row to fill: left empty it is dropped and never blocks 保存; with a 分工
 * written it asks for the person.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProjectManagementPage from '@/pages/Manage/project-management';
import { memberUnit, practitioner, superAdmin } from '../../mock';
import { projectCallsTo, projectsDb } from '../../mock/projects';
import { currentUrl, renderPage, rowOf, waitForRow } from './contentTestKit';
import { confirmPopup, dialog, drawer, listOpener, popconfirm } from './reviewedSubjectKit';


const PATH = '/Manage/project-management';

const openList = listOpener(() => <ProjectManagementPage />, PATH);

async function pick(container: HTMLElement, placeholder: string | RegExp, option: string) {
  const select = within(container).getByText(placeholder).closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content') ?? select);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

describe('项目管理', () => {
  it('staff see every unit’s projects and 备案 a submitted one after confirming', async () => {
    await openList(superAdmin, '城区公交线网优化调整稳评');
    expect(screen.getByText('阶梯水价调整稳评')).toBeInTheDocument();
    expect(screen.queryByText('登记项目')).toBeNull();
    const submitted = rowOf('城区公交线网优化调整稳评');
    expect(within(submitted).getByText('待备案')).toBeInTheDocument();
    expect(within(submitted).getByText('备案')).toBeInTheDocument();
    expect(within(submitted).getByText('退回')).toBeInTheDocument();
    const filed = rowOf('地铁5号线二期工程稳评');
    expect(within(filed).queryByText('备案')).toBeNull();
    expect(within(filed).queryByText('编辑')).toBeNull();
    expect(within(filed).getByText('高风险')).toBeInTheDocument();

    fireEvent.click(within(submitted).getByText('备案'));
    await confirmPopup();
    await waitFor(() => expect(projectCallsTo('post', '/projects/pj-2/file')).toHaveLength(1));
    expect(projectCallsTo('post', '/projects/pj-2/file')[0].body).toMatchObject({ version: 1 });
    await waitFor(() => expect(within(rowOf('城区公交线网优化调整稳评')).getByText('已备案')).toBeInTheDocument());
  });

  it('退回 needs a reason before anything is sent', async () => {
    await openList(superAdmin, '城区公交线网优化调整稳评');
    fireEvent.click(within(rowOf('城区公交线网优化调整稳评')).getByText('退回'));
    await screen.findByText('退回「城区公交线网优化调整稳评」修改');
    fireEvent.click(within(dialog()).getByRole('button', { name: /退\s?回/ }));
    expect(await within(dialog()).findByText('请填写退回原因')).toBeInTheDocument();
    expect(projectCallsTo('post', '/projects/pj-2/return')).toHaveLength(0);
    fireEvent.change(within(dialog()).getByPlaceholderText('如：风险调查样本量不足，请补充调查'), { target: { value: '缺少调查问卷' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /退\s?回/ }));
    await waitFor(() => expect(projectCallsTo('post', '/projects/pj-2/return')[0]?.body).toMatchObject({ reason: '缺少调查问卷', version: 1 }));
    await waitFor(() => expect(within(rowOf('城区公交线网优化调整稳评')).getByText('已退回')).toBeInTheDocument());
  });

  it('sends the filters to the list call', async () => {
    await openList(superAdmin, '地铁5号线二期工程稳评', `${PATH}?riskLevel=high&year=2026&region=${encodeURIComponent('上城')}`);
    const last = projectCallsTo('get', '/projects').at(-1);
    expect(last?.query).toMatchObject({ riskLevel: 'high', year: '2026', region: '上城' });
    expect(screen.queryByText('城区公交线网优化调整稳评')).toBeNull();
  });

  it('a unit sees its own; 登记项目 checks the form, then sends the leader from its own practitioners', async () => {
    await openList(memberUnit, '城区公交线网优化调整稳评');
    expect(screen.queryByText('阶梯水价调整稳评')).toBeNull();
    const draft = rowOf('老旧小区改造方案稳评');
    expect(within(draft).getByText('编辑')).toBeInTheDocument();
    expect(within(draft).getByText('提交')).toBeInTheDocument();
    expect(within(draft).getByText('删除')).toBeInTheDocument();
    expect(within(rowOf('城区公交线网优化调整稳评')).queryByText('编辑')).toBeNull();

    fireEvent.click(screen.getByText('登记项目'));
    await screen.findByText('新建项目', { selector: '.ant-drawer-title' });
    fireEvent.click(within(drawer()).getByText(/保\s?存/));
    expect(await within(drawer()).findByText('请输入项目名称')).toBeInTheDocument();
    expect(within(drawer()).getByText('请输入项目编号')).toBeInTheDocument();
    expect(projectCallsTo('post', '/projects')).toHaveLength(0);

    fireEvent.change(within(drawer()).getByPlaceholderText('如：某某工程社会稳定风险评估'), { target: { value: '新建道路工程稳评' } });
    fireEvent.change(within(drawer()).getByPlaceholderText('本单位的项目编号'), { target: { value: 'XJ-2026-001' } });
    await pick(drawer(), '本单位已审核通过的从业人员', '王浩然（WPRY2024003）');
    fireEvent.click(within(drawer()).getByText(/保\s?存/));
    await waitFor(() => expect(projectCallsTo('post', '/projects')).toHaveLength(1));
    expect(projectCallsTo('post', '/projects')[0].body).toMatchObject({
      name: '新建道路工程稳评',
      code: 'XJ-2026-001',
      leaderPractitionerId: 'practitioner-0003',
      members: [],
      reportFileIds: [],
    });
    await waitForRow('新建道路工程稳评');
    expect(within(rowOf('新建道路工程稳评')).getByText('草稿')).toBeInTheDocument();
  });

  it('添加成员: an untouched empty row is dropped, never blocking 保存; a row with a 分工 asks for the person', async () => {
    await openList(memberUnit, '城区公交线网优化调整稳评');
    fireEvent.click(screen.getByText('登记项目'));
    await screen.findByText('新建项目', { selector: '.ant-drawer-title' });
    fireEvent.change(within(drawer()).getByPlaceholderText('如：某某工程社会稳定风险评估'), { target: { value: '空行测试稳评' } });
    fireEvent.change(within(drawer()).getByPlaceholderText('本单位的项目编号'), { target: { value: 'KH-001' } });
    // Two rows added: one filled with a person, one left as it came.
    fireEvent.click(within(drawer()).getByText('添加成员'));
    fireEvent.click(within(drawer()).getByText('添加成员'));
    expect(within(drawer()).getByLabelText('项目成员 2')).toBeInTheDocument();
    const first = within(drawer()).getByLabelText('项目成员 1').closest('.ant-select') as HTMLElement;
    await pick(first, '选择从业人员', '王浩然（WPRY2024003）');
    // A 分工 without a person: 保存 asks for the person.
    fireEvent.change(within(drawer()).getByLabelText('成员 2 的分工'), { target: { value: '社会调查' } });
    fireEvent.click(within(drawer()).getByText(/保\s?存/));
    expect(await within(drawer()).findByText('请选择成员，或移除这一行')).toBeInTheDocument();
    expect(projectCallsTo('post', '/projects')).toHaveLength(0);
    // Cleared again, the row is empty: it is dropped and 保存 goes through.
    fireEvent.change(within(drawer()).getByLabelText('成员 2 的分工'), { target: { value: '' } });
    fireEvent.click(within(drawer()).getByText(/保\s?存/));
    await waitFor(() => expect(projectCallsTo('post', '/projects')).toHaveLength(1));
    expect(projectCallsTo('post', '/projects')[0].body).toMatchObject({ name: '空行测试稳评', members: [{ practitionerId: 'practitioner-0003', role: null }] });
  });

  it('添加成员 then 保存 at once: the empty row does not block', async () => {
    await openList(memberUnit, '城区公交线网优化调整稳评');
    fireEvent.click(screen.getByText('登记项目'));
    await screen.findByText('新建项目', { selector: '.ant-drawer-title' });
    fireEvent.change(within(drawer()).getByPlaceholderText('如：某某工程社会稳定风险评估'), { target: { value: '只点了添加成员' } });
    fireEvent.change(within(drawer()).getByPlaceholderText('本单位的项目编号'), { target: { value: 'KH-002' } });
    fireEvent.click(within(drawer()).getByText('添加成员'));
    fireEvent.click(within(drawer()).getByText(/保\s?存/));
    await waitFor(() => expect(projectCallsTo('post', '/projects')).toHaveLength(1));
    expect(projectCallsTo('post', '/projects')[0].body).toMatchObject({ name: '只点了添加成员', members: [] });
    expect(within(document.body).queryByText('请选择成员，或移除这一行')).toBeNull();
  });

  it('a unit submits a draft after confirming', async () => {
    await openList(memberUnit, '老旧小区改造方案稳评');
    fireEvent.click(within(rowOf('老旧小区改造方案稳评')).getByText('提交'));
    await confirmPopup();
    await waitFor(() => expect(projectCallsTo('post', '/projects/pj-3/submit')).toHaveLength(1));
    await waitFor(() => expect(within(rowOf('老旧小区改造方案稳评')).getByText('待备案')).toBeInTheDocument());
    expect(within(rowOf('老旧小区改造方案稳评')).queryByText('删除')).toBeNull();
  });

  it('a unit deletes a draft only after confirming', async () => {
    await openList(memberUnit, '老旧小区改造方案稳评');
    fireEvent.click(within(rowOf('老旧小区改造方案稳评')).getByText('删除'));
    const pop = await popconfirm();
    expect(within(pop).getByText('确定删除「老旧小区改造方案稳评」吗？删除后不可恢复。')).toBeInTheDocument();
    expect(projectCallsTo('delete', '/projects/pj-3')).toHaveLength(0);
    await confirmPopup();
    await waitFor(() => expect(projectCallsTo('delete', '/projects/pj-3')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('老旧小区改造方案稳评')).toBeNull());
  });

  it('a practitioner sees only the projects they worked on, read only', async () => {
    await openList(practitioner, '地铁5号线二期工程稳评');
    expect(screen.queryByText('城区公交线网优化调整稳评')).toBeNull();
    expect(screen.queryByText('登记项目')).toBeNull();
    expect(screen.queryByText('导出')).toBeNull();
    expect(within(rowOf('地铁5号线二期工程稳评')).queryByText('编辑')).toBeNull();
    expect(projectsDb.projects).toHaveLength(4);
  });

  it('?id= opens the project with its members, report and review history; closing clears it', async () => {
    renderPage(<ProjectManagementPage />, `${PATH}?id=pj-1`, superAdmin);
    await screen.findByText('项目：地铁5号线二期工程稳评');
    const panel = drawer();
    expect(within(panel).getByText('负责人')).toBeInTheDocument();
    expect(within(panel).getByText('李评估')).toBeInTheDocument();
    expect(within(panel).getByText('社会调查')).toBeInTheDocument();
    expect(within(panel).getByText('评估报告.pdf')).toBeInTheDocument();
    expect(within(panel).getByText('暂无审核记录')).toBeInTheDocument();
    // Its expert reviews: the open one drawn (no names), the closed one with its result, each linked.
    const reviews = [...panel.querySelectorAll('.ant-card')].find((c) => c.querySelector('.ant-card-head-title')?.textContent === '专家评审') as HTMLElement;
    expect(within(reviews).getByText('已抽取 3 名评审专家')).toBeInTheDocument();
    expect(within(reviews).getByText('评审得分 80.3 分')).toBeInTheDocument();
    expect(within(reviews).getByText('修改后通过')).toBeInTheDocument();
    expect(within(reviews).getByText('待提交修改稿')).toBeInTheDocument();
    expect(within(reviews).getAllByText('查看评审').map((a) => a.getAttribute('href'))).toEqual([
      '/Manage/expert-review?id=rt-confirming',
      '/Manage/expert-review?id=rt-closed',
    ]);
    fireEvent.click(document.querySelector('.ant-drawer-open .ant-drawer-close') as HTMLElement);
    await waitFor(() => expect(currentUrl()).not.toContain('id=pj-1'));
  });
});
