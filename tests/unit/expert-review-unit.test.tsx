/**
 * 评审管理 as a member unit sees it (项目评审), and 质量抽查 as staff run it, against the
 * quality-review mock (mock/expertReviews.ts). A unit reads its own projects' reviews only,
 * never a name: before closing "已抽取 N 名评审专家", after it 专家1…专家N with the result; it
 * verifies the draw, comments on the result, and its revised report needs a file. Staff's
 * 质量抽查: the record with its seed and sampled projects, 验证, and a new sampling sent after
 * a question.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ExpertReviewPage from '@/pages/Manage/expert-review';
import { memberUnit, superAdmin } from '../../mock';
import { expertReviewCallsTo } from '../../mock/expertReviews';
import { button, findDialog, renderPage, waitForRow } from './contentTestKit';


const PATH = '/Manage/expert-review';
/** Every name the mock's panels hold: none may reach a unit. */
const EXPERT_NAMES = ['陈守仁', '林慧敏', '潘晓岚', '蒋立新', '方婷', '钟志强', '叶青', '郭建华', '曹文静', '彭海涛'];


function lastDrawer(): HTMLElement {
  const panel = [...document.querySelectorAll('.ant-drawer-open .ant-drawer-content-wrapper')].at(-1);
  if (!panel) throw new Error('no open drawer');
  return panel as HTMLElement;
}


function card(scope: HTMLElement, title: string): HTMLElement {
  const found = [...scope.querySelectorAll('.ant-card')].find((c) => c.querySelector('.ant-card-head-title')?.textContent === title);
  if (!found) throw new Error(`no card ${title}`);
  return found as HTMLElement;
}

async function openTask(id: string, account = superAdmin) {
  renderPage(<ExpertReviewPage />, `${PATH}?id=${id}`, account);
  await waitFor(() => expect(lastDrawer().querySelector('.ant-drawer-title')?.textContent).toMatch(/^评审：/));
}

function expectNoNames(scope: HTMLElement) {
  const text = scope.textContent ?? '';
  for (const name of EXPERT_NAMES) expect(text, `${name} 不应出现`).not.toContain(name);
}

describe('项目评审 as a member unit', () => {
  it('lists its own projects’ reviews only, read only', async () => {
    renderPage(<ExpertReviewPage />, PATH, memberUnit);
    await screen.findAllByText('地铁5号线二期工程稳评');
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(screen.queryByText('农村集体经营性建设用地入市试点稳评')).toBeNull();
    expect(screen.queryByText('新建评审任务')).toBeNull();
    expect(document.querySelector('.ant-tabs')).toBeNull();
    // No unit column and no unit filter: the list is its own.
    expect(screen.queryByText('评估单位')).toBeNull();
    expect(screen.getByText('已确认 1/3')).toBeInTheDocument();
    expectNoNames(document.body);
  });

  it('before closing: the panel is drawn, its names sealed; the draw verifies', async () => {
    await openTask('rt-confirming', memberUnit);
    const drawer = lastDrawer();
    expect(within(drawer).getByText(/^已抽取 3 名评审专家/)).toBeInTheDocument();
    expect(within(drawer).getByText('评审结束前专家名单保密。')).toBeInTheDocument();
    expect(drawer.querySelector('ul[aria-label="评审专家"]')).toBeNull();
    expect(() => button(drawer, '抽取记录')).toThrow();
    expect(() => button(drawer, '重新抽取')).toThrow();
    expectNoNames(drawer);
    fireEvent.click(button(drawer, '验证'));
    expect(await within(drawer).findByText(/^验证一致/)).toBeInTheDocument();
    expect(expertReviewCallsTo('get', '/expert-draws/draw-rt-confirming-1/verify')).toHaveLength(1);
  });

  it('after closing: the result and the sheets as 专家1…专家N; a comment is sent', async () => {
    await openTask('rt-closed', memberUnit);
    const drawer = lastDrawer();
    const result = card(drawer, '评审结果');
    expect(within(result).getByText('80.3 分')).toBeInTheDocument();
    expect(within(result).getByText('修改后通过')).toBeInTheDocument();
    const seats = drawer.querySelector('ul[aria-label="评审专家"]') as HTMLElement;
    expect([...seats.querySelectorAll('li')].map((li) => li.getAttribute('aria-label'))).toEqual(['专家1', '专家2', '专家3']);
    const sheets = card(drawer, '评分表（3/3）');
    expect(within(sheets).getByText('专家1')).toBeInTheDocument();
    expect(within(sheets).getByText('90 分')).toBeInTheDocument();
    expectNoNames(drawer);
    // Read only but for what the server allows: no staff step.
    for (const staffStep of ['评价专家', '结束评审', '编辑安排', '取消评审']) expect(() => button(drawer, staffStep)).toThrow();

    fireEvent.click(button(result, '提出意见'));
    const modal = await findDialog(/评审结果提出意见$/);
    fireEvent.change(within(modal).getByPlaceholderText('对评审结论或专家意见的说明、异议'), { target: { value: '已按专家意见修改' } });
    fireEvent.click(button(modal, '提交意见'));
    await waitFor(() => expect(expertReviewCallsTo('post', '/review-tasks/rt-closed/comment')).toHaveLength(1));
    expect(expertReviewCallsTo('post', '/review-tasks/rt-closed/comment')[0].body).toEqual({ version: 9, comment: '已按专家意见修改' });
  });

  it('the revised report is asked for after 修改后通过, and needs a file', async () => {
    await openTask('rt-closed', memberUnit);
    const revision = card(lastDrawer(), '修改稿');
    expect(within(revision).getByText('待提交修改稿')).toBeInTheDocument();
    fireEvent.click(button(revision, '提交修改稿'));
    const modal = await findDialog(/^提交修改稿：/);
    fireEvent.click(button(modal, '提交修改稿'));
    expect(await within(modal).findByText('请上传修改后的评估报告')).toBeInTheDocument();
    expect(expertReviewCallsTo('post', '/review-tasks/rt-closed/revision')).toHaveLength(0);
  });
});

describe('质量抽查 (staff with review:sample)', () => {
  it('a sampling’s record shows the seed and the sampled projects; 验证 recomputes it', async () => {
    renderPage(<ExpertReviewPage />, `${PATH}?tab=sampling`, superAdmin);
    await waitForRow('2025-01-01 至 2025-12-31');
    expect(screen.getByText('按比例 10%')).toBeInTheDocument();
    fireEvent.click(button(document.body, '抽查记录'));
    const drawer = await waitFor(() => {
      const d = lastDrawer();
      if (!within(d).queryByText('a'.repeat(64))) throw new Error('not loaded');
      return d;
    });
    expect(within(drawer).getByText(/农村集体经营性建设用地入市试点稳评/)).toBeInTheDocument();
    fireEvent.click(button(drawer, '验证本次抽查'));
    expect(await within(drawer).findByText(/^验证一致/)).toBeInTheDocument();
    expect(expertReviewCallsTo('get', '/quality-samples/qs-1/verify')).toHaveLength(1);
  });

  it('质量抽查 asks first, then sends the period, the share and the tasks’ settings', async () => {
    renderPage(<ExpertReviewPage />, `${PATH}?tab=sampling`, superAdmin);
    await waitForRow('2025-01-01 至 2025-12-31');
    fireEvent.click(button(document.body, '质量抽查'));
    const form = await waitFor(() => {
      const d = lastDrawer();
      if (!within(d).queryByText('新建质量抽查')) throw new Error('not yet');
      return d;
    });
    const date = document.getElementById('reviewOn') as HTMLInputElement;
    fireEvent.mouseDown(date);
    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: '2026-12-28' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(date);
    fireEvent.change(within(form).getByPlaceholderText('现场监督抽取的人员姓名'), { target: { value: '赵明' } });
    fireEvent.click(button(form, '抽取'));
    const question = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.ant-modal-confirm');
      if (!el) throw new Error('no question yet');
      return el;
    });
    expect(question.textContent).toContain('确定进行质量抽查吗？');
    expect(expertReviewCallsTo('post', '/quality-samples')).toHaveLength(0);
    fireEvent.click(button(question, '抽取'));
    await waitFor(() => expect(expertReviewCallsTo('post', '/quality-samples')).toHaveLength(1));
    const body = expertReviewCallsTo('post', '/quality-samples')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ sharePercent: 10, reviewOn: '2026-12-28', supervisor: '赵明', panelSize: 5, backupCount: 2 });
    expect(body.from).toMatch(/^\d{4}-01-01$/);
    expect(body).not.toHaveProperty('count');
    // The new record opens.
    await waitFor(() => expect(lastDrawer().querySelector('.ant-drawer-title')?.textContent).toBe('质量抽查记录'));
  });
});
