/**
 * 评审管理 against the quality-review mock (mock/expertReviews.ts): the list (columns, filters,
 * sort, the empty and the failed list), 新建评审任务, and a task's drawer walking the workflow:
 * the draw (and a pool too small, refused with the server's words, nothing drawn), a decline
 * moving the first backup up, 重新抽取 only with a reason, a score sheet with its total, the
 * expert's link, 结束评审 after a question, the draw record with its exclusions and 验证, the
 * ratings. Each step is a real click and the request it sends is checked.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ExpertReviewPage from '@/pages/Manage/expert-review';
import { answerHttpError, superAdmin } from '../../mock';
import { expertReviewCallsTo, expertReviewsDb, POOL_TOO_SMALL_MESSAGE } from '../../mock/expertReviews';
import { server } from '../../mock/server';
import { button, renderPage, rowOf, waitForRow } from './contentTestKit';


const PATH = '/Manage/expert-review';

/**
 * A button by its text, which antd spaces when it has two characters ("验 证"). Found by a
 * selector, not by role: role queries over a whole table are slow in the test DOM.
 */

/** A list (or list item) by its aria-label. */
function labelled(scope: ParentNode, tag: 'ul' | 'li', name: string): HTMLElement {
  const found = scope.querySelector(`${tag}[aria-label="${name}"]`);
  if (!found) throw new Error(`no ${tag} ${name}`);
  return found as HTMLElement;
}

/** The open task drawer (the last drawer opened). */
function taskDrawer(): HTMLElement {
  const panels = [...document.querySelectorAll('.ant-drawer-open .ant-drawer-content-wrapper')];
  const panel = panels.at(-1);
  if (!panel) throw new Error('no open drawer');
  return panel as HTMLElement;
}

/** The open modal dialog with this title. */
function dialog(title: string | RegExp): HTMLElement {
  const found = [...document.querySelectorAll('.ant-modal')].find((m) => {
    const text = m.querySelector('.ant-modal-title')?.textContent ?? '';
    return typeof title === 'string' ? text === title : title.test(text);
  });
  if (!found) throw new Error(`no dialog ${String(title)}`);
  return found as HTMLElement;
}

async function findDialog(title: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => dialog(title));
}

/** The confirmation of antd's modal.confirm (or Popconfirm) now shown. */
async function confirmPopup(okLabel: string) {
  const popup = await waitFor(() => {
    const el = [...document.querySelectorAll('.ant-popover:not(.ant-popover-hidden), .ant-modal-confirm')].at(-1);
    if (!el) throw new Error('no confirmation');
    return el as HTMLElement;
  });
  fireEvent.click(button(popup, okLabel));
}

async function openTask(id: string, account = superAdmin) {
  renderPage(<ExpertReviewPage />, `${PATH}?id=${id}`, account);
  await waitFor(() => expect(taskDrawer().querySelector('.ant-drawer-title')?.textContent).toMatch(/^评审：/));
}

describe('评审管理: the list', () => {
  it('lists the tasks with their project, unit, panel, result and status; a task’s panel reads as counts', async () => {
    renderPage(<ExpertReviewPage />, PATH, superAdmin);
    await waitForRow('农村集体经营性建设用地入市试点稳评');
    expect(screen.getByText('共 5 条')).toBeInTheDocument();
    const awaiting = rowOf('农村集体经营性建设用地入市试点稳评');
    expect(within(awaiting).getByText('待抽取', { selector: '.ant-badge-status-text' })).toBeInTheDocument();
    const confirming = screen.getAllByText('地铁5号线二期工程稳评').map((el) => el.closest('tr') as HTMLElement);
    expect(confirming.some((row) => within(row).queryByText('已确认 1/3'))).toBe(true);
    const closed = confirming.find((row) => within(row).queryByText('已结束'));
    expect(closed).toBeDefined();
    expect(within(closed as HTMLElement).getByText('80.3 分')).toBeInTheDocument();
    expect(within(closed as HTMLElement).getByText('修改后通过')).toBeInTheDocument();
    // Staff open tasks (review:manage) and see the 质量抽查 tab (review:sample).
    expect(button(document.body, '新建评审任务')).toBeInTheDocument();
    expect([...document.querySelectorAll('.ant-tabs-tab')].map((t) => t.textContent)).toEqual(['评审任务', '质量抽查']);
  });

  it('sends the status filter and the sort to the list call', async () => {
    renderPage(<ExpertReviewPage />, `${PATH}?status=closed`, superAdmin);
    await waitFor(() => expect(expertReviewCallsTo('get', '/review-tasks').some((c) => c.query.status === 'closed')).toBe(true));
    await waitFor(() => expect(screen.getByText('共 1 条')).toBeInTheDocument());
    // The sortable header (a fixed column makes the table render its header twice).
    fireEvent.click(screen.getAllByText('评审日期', { selector: '.ant-table-column-title' })[0]);
    await waitFor(() => expect(expertReviewCallsTo('get', '/review-tasks').some((c) => c.query.sort === 'reviewOn,asc' && c.query.status === 'closed')).toBe(true));
  });

  it('an empty list says so; a failed one offers 重试', async () => {
    renderPage(<ExpertReviewPage />, `${PATH}?keyword=${encodeURIComponent('没有这个项目')}`, superAdmin);
    expect(await screen.findByText('暂无评审任务')).toBeInTheDocument();
    server.use(answerHttpError('get', '/review-tasks', 500));
    fireEvent.click(document.querySelector('.ant-pro-table-list-toolbar .anticon-reload') as HTMLElement);
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(button(document.body, '重试')).toBeInTheDocument();
  });
});

describe('评审管理: 新建评审任务', () => {
  it('picks a filed project and sends the panel’s rules, the date and the supervisor', async () => {
    // The fixture's one filed project has an open task: close that one first.
    const busy = expertReviewsDb.tasks.find((t) => t.record.id === 'rt-confirming');
    if (busy) busy.record.status = 'cancelled';
    renderPage(<ExpertReviewPage />, PATH, superAdmin);
    await waitForRow('农村集体经营性建设用地入市试点稳评');
    fireEvent.click(button(document.body, '新建评审任务'));
    const form = await waitFor(() => {
      const d = taskDrawer();
      if (!within(d).queryByText('新建评审任务')) throw new Error('not yet');
      return d;
    });
    // The form's own rules first: nothing is sent without a project and a supervisor.
    fireEvent.click(button(form, '保存'));
    expect(await within(form).findByText('请选择已备案的项目')).toBeInTheDocument();
    expect(within(form).getByText('请输入监督人')).toBeInTheDocument();
    expect(expertReviewCallsTo('post', '/review-tasks')).toHaveLength(0);

    const picker = form.querySelector('input[aria-label="评审项目"]') as HTMLElement;
    fireEvent.mouseDown(picker);
    const option = await waitFor(() => {
      const el = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent?.startsWith('地铁5号线二期工程稳评'));
      if (!el) throw new Error('no option yet');
      return el as HTMLElement;
    });
    fireEvent.click(option);
    // The review day, typed and confirmed with Enter as a keyboard user would.
    const date = document.getElementById('reviewOn') as HTMLInputElement;
    fireEvent.mouseDown(date);
    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: '2026-12-20' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(date);
    fireEvent.change(within(form).getByPlaceholderText('现场监督抽取的人员姓名'), { target: { value: '赵明' } });
    fireEvent.change(within(form).getByPlaceholderText('如：协会三楼会议室'), { target: { value: '协会三楼会议室' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(expertReviewCallsTo('post', '/review-tasks')).toHaveLength(1));
    expect(expertReviewCallsTo('post', '/review-tasks')[0].body).toEqual({
      projectId: 'pj-1',
      reason: 'application',
      reviewOn: '2026-12-20',
      reviewTime: null,
      place: '协会三楼会议室',
      online: false,
      panelSize: 5,
      backupCount: 2,
      requiredCategories: [],
      wantedSpecialties: [],
      supervisor: '赵明',
      note: null,
    });
    expect(await screen.findByText('评审任务已保存')).toBeInTheDocument();
  });
});

describe('评审管理: the draw', () => {
  it('抽取专家 draws the panel: the seats appear with the names (review:draw:view)', async () => {
    await openTask('rt-awaiting');
    expect(within(taskDrawer()).getByText('尚未抽取专家')).toBeInTheDocument();
    fireEvent.click(button(taskDrawer(), '抽取专家'));
    const modal = await findDialog(/^抽取专家：/);
    expect(within(modal).getByText('赵明')).toBeInTheDocument();
    fireEvent.click(button(modal, '抽取专家'));
    await waitFor(() => expect(expertReviewCallsTo('post', '/review-tasks/rt-awaiting/draw')).toHaveLength(1));
    expect(expertReviewCallsTo('post', '/review-tasks/rt-awaiting/draw')[0].body).toEqual({ version: 1 });
    const seats = await waitFor(() => labelled(taskDrawer(), 'ul', '评审专家'));
    expect(seats.querySelectorAll('li')).toHaveLength(3);
    expect(within(seats).getByText('专家1（陈守仁）')).toBeInTheDocument();
    expect(labelled(taskDrawer(), 'ul', '备选专家')).toBeInTheDocument();
    // The round is listed with its counts.
    expect(within(taskDrawer()).getByText(/^第 1 轮 · 首次抽取/)).toBeInTheDocument();
  });

  it('a pool too small is refused with the server’s words; nothing is drawn', async () => {
    await openTask('rt-small');
    fireEvent.click(button(taskDrawer(), '抽取专家'));
    const modal = await findDialog(/^抽取专家：/);
    fireEvent.click(button(modal, '抽取专家'));
    expect(await within(modal).findByText(POOL_TOO_SMALL_MESSAGE)).toBeInTheDocument();
    expect(within(modal).getByText('未能抽取，未记录任何抽取结果')).toBeInTheDocument();
    fireEvent.click(button(modal, '取消'));
    expect(within(taskDrawer()).getByText('尚未抽取专家')).toBeInTheDocument();
    expect(expertReviewsDb.tasks.find((t) => t.record.id === 'rt-small')?.draws).toHaveLength(0);
  });

  it('重新抽取 needs a reason and is a new round', async () => {
    await openTask('rt-confirming');
    fireEvent.click(button(taskDrawer(), '重新抽取'));
    const modal = await findDialog(/^重新抽取：/);
    fireEvent.click(button(modal, '重新抽取'));
    expect(await within(modal).findByText('请填写重新抽取原因')).toBeInTheDocument();
    expect(expertReviewCallsTo('post', '/review-tasks/rt-confirming/draw')).toHaveLength(0);
    fireEvent.change(within(modal).getByPlaceholderText(/评审时间调整/), { target: { value: '评审时间调整' } });
    fireEvent.click(button(modal, '重新抽取'));
    await waitFor(() => expect(expertReviewCallsTo('post', '/review-tasks/rt-confirming/draw')).toHaveLength(1));
    expect(expertReviewCallsTo('post', '/review-tasks/rt-confirming/draw')[0].body).toEqual({ version: 3, reason: '评审时间调整' });
    expect(await within(taskDrawer()).findByText(/^第 2 轮 · 重新抽取/)).toBeInTheDocument();
  });

  it('the draw record groups the exclusions by reason and 验证 says it matches', async () => {
    await openTask('rt-confirming');
    fireEvent.click(button(taskDrawer(), '抽取记录'));
    const modal = await findDialog('抽取记录');
    expect(await within(modal).findByText('停用：1 名')).toBeInTheDocument();
    expect(within(modal).getByText('申报的利害关系：1 名')).toBeInTheDocument();
    expect(within(modal).getByText('本年度评审已达上限：1 名')).toBeInTheDocument();
    expect(within(modal).getByText('d'.repeat(64))).toBeInTheDocument();
    expect(within(modal).getByText(/^专家库：可抽取 10 名，回避 3 名/)).toBeInTheDocument();
    fireEvent.click(button(modal, '验证本次抽取'));
    expect(await within(modal).findByText(/^验证一致/)).toBeInTheDocument();
    expect(expertReviewCallsTo('get', '/expert-draws/draw-rt-confirming-1/verify')).toHaveLength(1);
  });
});

describe('评审管理: answers, sheets, close', () => {
  it('a decline asks for a reason and moves the first backup up', async () => {
    await openTask('rt-confirming');
    const seats = labelled(taskDrawer(), 'ul', '评审专家');
    const second = labelled(seats, 'li', '专家2（潘晓岚）');
    fireEvent.click(button(second, '婉拒'));
    const modal = await findDialog('记录专家2（潘晓岚）婉拒');
    fireEvent.click(button(modal, '记录婉拒'));
    expect(await within(modal).findByText('请选择婉拒原因')).toBeInTheDocument();
    fireEvent.click(within(modal).getByText('时间冲突'));
    fireEvent.change(within(modal).getByPlaceholderText(/当天已有其他评审安排/), { target: { value: '外地出差' } });
    fireEvent.click(button(modal, '记录婉拒'));
    await waitFor(() => expect(expertReviewCallsTo('post', '/review-tasks/rt-confirming/responses')).toHaveLength(1));
    const sent = expertReviewCallsTo('post', '/review-tasks/rt-confirming/responses')[0].body as { seatId: string; answer: string; reason: string; version: number };
    expect(sent).toMatchObject({ answer: 'declined', reason: '时间冲突：外地出差', version: 3 });
    // The first backup (钟志强) now holds seat 2, waiting for an answer; 潘晓岚 is among the ended seats.
    await waitFor(() => expect(within(labelled(taskDrawer(), 'ul', '评审专家')).getByText('专家2（钟志强）')).toBeInTheDocument());
    expect(within(labelled(taskDrawer(), 'ul', '已结束的席位')).getByText(/潘晓岚/)).toBeInTheDocument();
  });

  it('a score sheet adds up as it is typed and is sent on the rubric', async () => {
    await openTask('rt-scoring');
    const seats = labelled(taskDrawer(), 'ul', '评审专家');
    fireEvent.click(button(labelled(seats, 'li', '专家2（蒋立新）'), '录入评分表'));
    const modal = await findDialog('评分表：专家2（蒋立新）');
    const points = [18, 22, 17, 16, 12];
    const inputs = [...modal.querySelectorAll<HTMLInputElement>('input[role="spinbutton"]')];
    expect(inputs).toHaveLength(5);
    points.forEach((p, i) => fireEvent.change(inputs[i], { target: { value: String(p) } }));
    await waitFor(() => expect(within(modal).getByTestId('sheet-total')).toHaveTextContent('85 / 100 分'));
    fireEvent.click(within(modal).getByLabelText('修改后通过'));
    fireEvent.change(within(modal).getByPlaceholderText('主要问题与修改建议'), { target: { value: '补充调查样本' } });
    fireEvent.click(button(modal, '保存评分表'));
    await waitFor(() => expect(expertReviewCallsTo('post', '/review-tasks/rt-scoring/sheets')).toHaveLength(1));
    expect(expertReviewCallsTo('post', '/review-tasks/rt-scoring/sheets')[0].body).toMatchObject({
      version: 6,
      conclusion: 'revise',
      comments: '补充调查样本',
      scores: [
        { criterion: 'procedure', points: 18 },
        { criterion: 'investigation', points: 22 },
        { criterion: 'estimation', points: 17 },
        { criterion: 'measures', points: 16 },
        { criterion: 'report', points: 12 },
      ],
    });
    expect(await within(taskDrawer()).findByText('评分表（2/3）')).toBeInTheDocument();
  });

  it('a sheet needs every criterion; a point over a criterion’s maximum is held at the maximum', async () => {
    await openTask('rt-scoring');
    const seats = labelled(taskDrawer(), 'ul', '评审专家');
    fireEvent.click(button(labelled(seats, 'li', '专家3（叶青）'), '录入评分表'));
    const modal = await findDialog('评分表：专家3（叶青）');
    const inputs = [...modal.querySelectorAll<HTMLInputElement>('input[role="spinbutton"]')];
    [30, 20, 20, 20].forEach((p, i) => {
      fireEvent.change(inputs[i], { target: { value: String(p) } });
      fireEvent.blur(inputs[i]);
    });
    fireEvent.click(within(modal).getByLabelText('通过'));
    fireEvent.click(button(modal, '保存评分表'));
    expect(await within(modal).findByText('请给「报告规范与结论明确」打分')).toBeInTheDocument();
    expect(expertReviewCallsTo('post', '/review-tasks/rt-scoring/sheets')).toHaveLength(0);
    await waitFor(() => expect(inputs[0].value).toBe('20'));
    fireEvent.change(inputs[4], { target: { value: '15' } });
    await waitFor(() => expect(within(modal).getByTestId('sheet-total')).toHaveTextContent('95 / 100 分'));
    fireEvent.click(button(modal, '保存评分表'));
    await waitFor(() => expect(expertReviewCallsTo('post', '/review-tasks/rt-scoring/sheets')).toHaveLength(1));
    const body = expertReviewCallsTo('post', '/review-tasks/rt-scoring/sheets')[0].body as { scores: { criterion: string; points: number }[] };
    expect(body.scores[0]).toEqual({ criterion: 'procedure', points: 20 });
  });

  it('the expert’s link is made for a seat and shown once with its address', async () => {
    await openTask('rt-scoring');
    const seats = labelled(taskDrawer(), 'ul', '评审专家');
    fireEvent.click(button(labelled(seats, 'li', '专家1（林慧敏）'), '评分链接'));
    const modal = await findDialog('评分链接：专家1（林慧敏）');
    fireEvent.click(button(modal, '生成链接'));
    const address = await waitFor(() => {
      const input = modal.querySelector<HTMLInputElement>('input[aria-label="评分链接"]');
      if (!input) throw new Error('no link yet');
      return input;
    });
    expect(address.value).toMatch(/\/expert-review-sheet#[A-Za-z0-9_-]{20,}$/);
    expect(within(modal).getByText('链接已生成，评审结束前有效')).toBeInTheDocument();
    expect(expertReviewCallsTo('post', '/review-tasks/rt-scoring/links')[0].body).toMatchObject({ seatId: 'rt-scoring-s1-1', version: 6 });
  });

  it('结束评审 asks first, then shows the panel’s result', async () => {
    const scoring = expertReviewsDb.tasks.find((t) => t.record.id === 'rt-scoring');
    if (!scoring) throw new Error('no rt-scoring');
    // Every seat has its sheet: 85, 80, 75.
    scoring.sheets = scoring.seats.slice(0, 3).map((s, i) => ({
      seatId: s.id,
      scores: [{ criterion: 'procedure', points: 20 - i }],
      total: 85 - i * 5,
      comments: null,
      conclusion: i === 2 ? 'revise' : 'pass',
      source: 'staff',
    }));
    await openTask('rt-scoring');
    fireEvent.click(button(taskDrawer(), '结束评审'));
    const question = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.ant-modal-confirm');
      if (!el) throw new Error('no question yet');
      return el;
    });
    expect(within(question).getByText(/结束后按评分规则计算评审得分和结论/)).toBeInTheDocument();
    // Nothing is sent before the answer.
    expect(expertReviewCallsTo('post', '/review-tasks/rt-scoring/close')).toHaveLength(0);
    await confirmPopup('结束评审');
    await waitFor(() => expect(expertReviewCallsTo('post', '/review-tasks/rt-scoring/close')).toHaveLength(1));
    const result = await waitFor(() => {
      const card = [...taskDrawer().querySelectorAll('.ant-card')].find((c) => c.querySelector('.ant-card-head-title')?.textContent === '评审结果');
      if (!card) throw new Error('no result yet');
      return card as HTMLElement;
    });
    expect(within(result).getByText('80 分')).toBeInTheDocument();
    expect(within(result).getByText('通过')).toBeInTheDocument();
  });

  it('after closing, staff rate the panel 1–5', async () => {
    await openTask('rt-closed');
    fireEvent.click(button(taskDrawer(), '评价专家'));
    const modal = await findDialog('评价评审专家');
    const stars = [...modal.querySelectorAll<HTMLElement>('[role="radio"]')];
    // 3 experts × 5 stars: four stars to the first.
    fireEvent.click(stars[3]);
    fireEvent.change(within(modal).getAllByPlaceholderText('评价说明（选填）')[0], { target: { value: '意见中肯' } });
    fireEvent.click(button(modal, '保存评价'));
    await waitFor(() => expect(expertReviewCallsTo('post', '/review-tasks/rt-closed/ratings')).toHaveLength(1));
    expect(expertReviewCallsTo('post', '/review-tasks/rt-closed/ratings')[0].body).toEqual({
      version: 9,
      ratings: [{ seatId: 'rt-closed-s1-1', rating: 4, comment: '意见中肯' }],
    });
  });
});
