/**
 * 信用评价 (src/pages/Manage/credit-rating, CREDIT_PAGES.ratings) against mock/credit.ts.
 *
 * Staff: the years' ratings with state, window, tiers and objections, the steps a row's
 * `actions` offer (none that it does not); 启动年度评价, 发布公示 and 终评 each ask first, and
 * nothing is sent before the answer; a rating's drawer with its units' scores (tier filter, 导出 with it), a
 * unit's items, and 答复 of an objection (成立 needs the events to withdraw); the rules tab and
 * a new version prefilled from the one in force (A > B > C checked before any call).
 * A member unit (我的信用): its own score per year, the items behind it, 提出异议 only during 公示
 * (content required, asked first), and no staff button or tab.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { beijingYear } from '@common/calendar';
import { addCalendarDays } from '@common/credit';
import { CREDIT_MESSAGES as M } from '@common/schemas/credit';
import CreditRatingPage from '@/pages/Manage/credit-rating';
import { http, HttpResponse } from 'msw';
import { apiPath, memberUnit, server, superAdmin } from '../../mock';
import { creditCallsTo, creditDb } from '../../mock/credit';
import { beijingToday } from '../../mock/kit';
import { button, findDialog, hasButton, renderPage, rowOf, waitForRow } from './contentTestKit';

const PATH = '/Manage/credit-rating';



/** The confirmation (modal.confirm) shown last, with its title (a closed one may linger in the test DOM). */
async function findConfirm(title: RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll('.ant-modal-confirm')].reverse().find((m) => title.test(m.querySelector('.ant-modal-confirm-title')?.textContent ?? ''));
    if (!found) throw new Error(`no confirmation ${String(title)}`);
    return found as HTMLElement;
  });
}

/** The last opened drawer whose title matches. */
async function findDrawer(title: RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll('.ant-drawer-open .ant-drawer-content-wrapper')]
      .reverse()
      .find((d) => title.test(d.querySelector('.ant-drawer-title')?.textContent ?? ''));
    if (!found) throw new Error(`no drawer ${String(title)}`);
    return found as HTMLElement;
  });
}

const rating = (id: string) => {
  const found = creditDb.ratings.find((r) => r.record.id === id);
  if (!found) throw new Error(`no rating ${id}`);
  return found;
};

describe('信用评价 (staff): the years', () => {
  it('lists the ratings with state, rules version, window, tiers and objections; only the steps each row offers', async () => {
    renderPage(<CreditRatingPage />, PATH, superAdmin);
    await waitForRow('2025年度');
    const y2025 = rowOf('2025年度');
    expect(within(y2025).getByText('公示中')).toBeInTheDocument();
    expect(within(y2025).getByText('第 1 版')).toBeInTheDocument();
    expect(within(y2025).getByText(`${addCalendarDays(beijingToday(), -2)} 至 ${addCalendarDays(beijingToday(), 4)}`)).toBeInTheDocument();
    expect(within(y2025).getByText('待答复 1')).toBeInTheDocument();
    expect(within(y2025).getByText(M.publicityNotOver(addCalendarDays(beijingToday(), 4)))).toBeInTheDocument();
    // 公示 not over, an objection pending: no 终评; nothing to recompute or publicize.
    for (const step of ['终评', '发布公示', '重新计算']) expect(hasButton(y2025, step)).toBe(false);
    expect(hasButton(y2025, '导出')).toBe(true);
    expect(within(rowOf('2024年度')).getByText('终评')).toBeInTheDocument();
    expect(hasButton(document.body, '启动年度评价')).toBe(true);
    expect([...document.querySelectorAll('.ant-tabs-tab')].map((t) => t.textContent)).toEqual(['年度评价', '评价规则']);
  });

  it('启动年度评价 names the rules version first; nothing is sent before the answer', async () => {
    const year = beijingYear();
    renderPage(<CreditRatingPage />, PATH, superAdmin);
    await waitForRow('2025年度');
    fireEvent.click(button(document.body, '启动年度评价'));
    const dialog = await findDialog(/^启动年度信用评价$/);
    expect(await within(dialog).findByText('将按现行第 1 版规则评价')).toBeInTheDocument();
    fireEvent.mouseDown(dialog.querySelector('input[aria-label="评价年度"]') as HTMLElement);
    fireEvent.click(await waitFor(() => {
      const option = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === `${year}年度`);
      if (!option) throw new Error('no option');
      return option as HTMLElement;
    }));
    fireEvent.click(button(dialog, '下一步'));
    const question = await findConfirm(new RegExp(`^按第 1 版规则启动${year}年度信用评价？$`));
    expect(within(question).getByText(/基础分 100；A 级 ≥ 90，B 级 75–89，C 级 60–74，D 级 < 60/)).toBeInTheDocument();
    expect(creditCallsTo('post', '/credit-ratings')).toHaveLength(0);
    fireEvent.click(button(question, '启动'));
    await waitFor(() => expect(creditCallsTo('post', '/credit-ratings')).toHaveLength(1));
    expect(creditCallsTo('post', '/credit-ratings')[0].body).toEqual({ year });
    expect(await screen.findByText(M.ratingStarted(year, 4))).toBeInTheDocument();
    // The new year opens at once, in 初评, with its steps.
    const panel = await findDrawer(new RegExp(`^${year}年度信用评价$`));
    await waitFor(() => expect(hasButton(panel, '发布公示')).toBe(true));
    expect(hasButton(panel, '重新计算')).toBe(true);
    expect(hasButton(panel, '终评')).toBe(false);
  });

  it('发布公示 asks first, saying it becomes public on /FrontPage/credit for 7 days; 取消 sends nothing', async () => {
    Object.assign(rating('cr-2025').record, { status: 'initial', publicityFrom: null, publicityUntil: null });
    creditDb.objections = [];
    renderPage(<CreditRatingPage />, PATH, superAdmin);
    await waitForRow('2025年度');
    const row = rowOf('2025年度');
    expect(hasButton(row, '重新计算')).toBe(true);
    fireEvent.click(button(row, '发布公示'));
    let question = await findConfirm(/^发布2025年度初评结果公示？$/);
    expect(question.textContent).toContain('/FrontPage/credit');
    expect(question.textContent).toContain('7 天');
    fireEvent.click(button(question, '取消'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(creditCallsTo('post', '/credit-ratings/cr-2025/publicize')).toHaveLength(0);

    const before = document.querySelectorAll('.ant-modal-confirm').length;
    fireEvent.click(button(rowOf('2025年度'), '发布公示'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBeGreaterThan(before));
    question = await findConfirm(/^发布2025年度初评结果公示？$/);
    fireEvent.click(button(question, '发布公示'));
    await waitFor(() => expect(creditCallsTo('post', '/credit-ratings/cr-2025/publicize')).toHaveLength(1));
    expect(creditCallsTo('post', '/credit-ratings/cr-2025/publicize')[0].body).toEqual({ version: 2 });
    expect(await screen.findByText(/^已发布公示：/)).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('2025年度')).getByText('公示中')).toBeInTheDocument());
    expect(hasButton(rowOf('2025年度'), '发布公示')).toBe(false);
  });

  it('终评 shows once the window is over and every objection answered, and asks first (locked afterwards)', async () => {
    Object.assign(rating('cr-2025').record, { publicityFrom: addCalendarDays(beijingToday(), -9), publicityUntil: addCalendarDays(beijingToday(), -3) });
    creditDb.objections = [];
    renderPage(<CreditRatingPage />, PATH, superAdmin);
    await waitForRow('2025年度');
    fireEvent.click(button(rowOf('2025年度'), '终评'));
    const question = await findConfirm(/^2025年度信用评价终评？$/);
    expect(question.textContent).toContain('锁定');
    expect(creditCallsTo('post', '/credit-ratings/cr-2025/finalize')).toHaveLength(0);
    fireEvent.click(button(question, '终评'));
    await waitFor(() => expect(creditCallsTo('post', '/credit-ratings/cr-2025/finalize')).toHaveLength(1));
    expect(creditCallsTo('post', '/credit-ratings/cr-2025/finalize')[0].body).toEqual({ version: 2 });
    await waitFor(() => expect(within(rowOf('2025年度')).getByText('终评')).toBeInTheDocument());
    expect(hasButton(rowOf('2025年度'), '终评')).toBe(false);
  });
});

describe('信用评价 (staff): a rating’s drawer', () => {
  it('lists the units’ scores with a tier filter, exports what the filter shows, and a unit’s every item behind its score', async () => {
    renderPage(<CreditRatingPage />, `${PATH}?id=cr-2025`, superAdmin);
    const panel = await findDrawer(/^2025年度信用评价$/);
    await within(panel).findByText('之江社会风险研究院有限公司');
    expect(within(panel).getByText('共 4 家')).toBeInTheDocument();
    fireEvent.mouseDown(panel.querySelector('input[aria-label="按等级筛选"]') as HTMLElement);
    fireEvent.click(await waitFor(() => {
      const option = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === 'C 级（一般）');
      if (!option) throw new Error('no option');
      return option as HTMLElement;
    }));
    await waitFor(() => expect(creditCallsTo('get', '/credit-ratings/cr-2025/units').at(-1)?.query).toMatchObject({ tier: 'C' }));
    await waitFor(() => expect(within(panel).getByText('共 1 家')).toBeInTheDocument());
    // The export takes what the list shows: the tier filter goes with it. the test DOM's XHR cannot
    // receive a blob through msw (mock/README.md): see the request, answer nothing.
    const exports: URL[] = [];
    server.use(
      http.get(apiPath('/credit-ratings/:id/export'), ({ request }) => {
        exports.push(new URL(request.url));
        return HttpResponse.error();
      }),
    );
    fireEvent.click(button(panel, '导出筛选结果'));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0].pathname).toBe(apiPath('/credit-ratings/cr-2025/export'));
    expect(exports[0].searchParams.get('tier')).toBe('C');
    expect(exports[0].searchParams.has('current')).toBe(false);
    fireEvent.click(within(panel).getByText('之江社会风险研究院有限公司'));
    const unit = await findDrawer(/^之江社会风险研究院有限公司 · 2025年度得分$/);
    expect(await within(unit).findByText('出具虚假评估报告')).toBeInTheDocument();
    expect(within(unit).getByText('-30')).toBeInTheDocument();
    expect(within(unit).getByText('70')).toBeInTheDocument();
    expect(within(unit).getByText('异议内容')).toBeInTheDocument();
  });

  it('答复: 成立 needs the events to withdraw; the answer goes with the version after a last question', async () => {
    renderPage(<CreditRatingPage />, `${PATH}?id=cr-2025`, superAdmin);
    const panel = await findDrawer(/^2025年度信用评价$/);
    fireEvent.click(await within(panel).findByText('异议（待答复 1）'));
    const answer = await waitFor(() => button(panel, '答复'));
    fireEvent.click(answer);
    const dialog = await findDialog(/^答复「之江社会风险研究院有限公司」对2025年度评价的异议$/);
    expect(within(dialog).getByText('虚假报告的认定依据不足，请求撤销该记录。')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('异议成立（撤销所选信用记录并重算得分）'));
    fireEvent.change(within(dialog).getByPlaceholderText('写明核查情况和结论，将通知该单位'), { target: { value: '经核查，问卷原始记录完整，撤销该记录。' } });
    fireEvent.click(button(dialog, '提交答复'));
    expect(await within(dialog).findByText(M.upheldNeedsEvents)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText(/出具虚假评估报告 -30 分/));
    fireEvent.click(button(dialog, '提交答复'));
    const question = await findConfirm(/^提交答复？$/);
    expect(creditCallsTo('post', '/credit-objections/co-1/answer')).toHaveLength(0);
    fireEvent.click(button(question, '提交答复'));
    await waitFor(() => expect(creditCallsTo('post', '/credit-objections/co-1/answer')).toHaveLength(1));
    expect(creditCallsTo('post', '/credit-objections/co-1/answer')[0].body).toEqual({
      version: 0,
      decision: 'upheld',
      answer: '经核查，问卷原始记录完整，撤销该记录。',
      withdrawEventIds: ['ce-5'],
    });
    expect(await screen.findByText('异议成立，该单位得分改为 100 分（A 级），已通知该单位')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByText('异议成立')).toBeInTheDocument());
  });
});

describe('信用评价 (staff): the rules', () => {
  it('lists the versions and makes a new one from the one in force, checking A > B > C first', async () => {
    renderPage(<CreditRatingPage />, `${PATH}?tab=rules`, superAdmin);
    expect(await screen.findByText('第 1 版')).toBeInTheDocument();
    expect(screen.getByText('现行')).toBeInTheDocument();
    expect(screen.getByText('评价年度：2024年度、2025年度')).toBeInTheDocument();
    fireEvent.click(button(document.body, '修订规则（新版本）'));
    const panel = await findDrawer(/^修订信用评价规则（基于第 1 版）$/);
    expect(panel.querySelector('input[aria-label="基础分"]')).toHaveValue('100');
    expect(panel.querySelector('input[aria-label="出具虚假评估报告的分值"]')).toHaveValue('-30');
    fireEvent.change(panel.querySelector('input[aria-label="A 级分数线"]') as HTMLElement, { target: { value: '70' } });
    fireEvent.click(button(panel, '生成新版本'));
    expect((await within(panel).findAllByText(M.tiersOrder)).length).toBeGreaterThan(0);
    expect(creditCallsTo('post', '/credit-rules')).toHaveLength(0);
    fireEvent.change(panel.querySelector('input[aria-label="A 级分数线"]') as HTMLElement, { target: { value: '92' } });
    fireEvent.change(panel.querySelector('input[aria-label="出具虚假评估报告的分值"]') as HTMLElement, { target: { value: '-40' } });
    await waitFor(() => expect(within(panel).queryByText(M.tiersOrder)).toBeNull());
    fireEvent.click(button(panel, '生成新版本'));
    const question = await findConfirm(/^生成第 2 版信用评价规则？$/);
    expect(question.textContent).toContain('2024、2025年度');
    fireEvent.click(button(question, '生成新版本'));
    await waitFor(() => expect(creditCallsTo('post', '/credit-rules')).toHaveLength(1));
    const body = creditCallsTo('post', '/credit-rules')[0].body as { basedOnVersionNo: number; tiers: object; kinds: { kind: string; points: number }[] };
    expect(body.basedOnVersionNo).toBe(1);
    expect(body.tiers).toEqual({ A: 92, B: 75, C: 60 });
    expect(body.kinds.find((k) => k.kind === 'false_report')?.points).toBe(-40);
    expect(await screen.findByText('第 2 版')).toBeInTheDocument();
  });
});

describe('我的信用 (a member unit)', () => {
  it('shows its own score per year and no staff button or tab', async () => {
    renderPage(<CreditRatingPage />, PATH, memberUnit);
    await waitForRow('2025年度');
    expect(screen.getByText('本单位各年度信用评价')).toBeInTheDocument();
    const own2025 = rating('cr-2025').units.find((u) => u.unitId === memberUnit.user.unitId);
    expect(within(rowOf('2025年度')).getByText(String(own2025?.score))).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-tabs-tab')).toHaveLength(0);
    for (const staffButton of ['启动年度评价', '重新计算', '发布公示', '终评', '导出']) expect(hasButton(document.body, staffButton)).toBe(false);
    expect(hasButton(rowOf('2025年度'), '查看明细')).toBe(true);
  });

  it('files its objection during 公示: every item shown, the content required, asked first', async () => {
    renderPage(<CreditRatingPage />, `${PATH}?id=cr-2025`, memberUnit);
    const panel = await findDrawer(/· 2025年度得分$/);
    expect(await within(panel).findByText('其他违规行为')).toBeInTheDocument();
    expect(within(panel).getByText('表彰奖励')).toBeInTheDocument();
    fireEvent.click(await waitFor(() => button(panel, '提出异议')));
    const dialog = await findDialog(/^对2025年度信用评价提出异议$/);
    fireEvent.click(button(dialog, '提交异议'));
    expect(await within(dialog).findByText(M.objectionContentRequired)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('异议内容'), { target: { value: '2025-12-10 的记录与事实不符。' } });
    fireEvent.click(button(dialog, '提交异议'));
    const question = await findConfirm(/^提交对2025年度信用评价的异议？$/);
    expect(creditCallsTo('post', '/credit-ratings/cr-2025/objections')).toHaveLength(0);
    fireEvent.click(button(question, '提交异议'));
    await waitFor(() => expect(creditCallsTo('post', '/credit-ratings/cr-2025/objections')).toHaveLength(1));
    expect(creditCallsTo('post', '/credit-ratings/cr-2025/objections')[0].body).toEqual({ content: '2025-12-10 的记录与事实不符。', fileIds: [] });
    // Reloaded: the objection pending, no second one.
    await waitFor(() => expect(within(panel).getByText('待答复')).toBeInTheDocument());
    expect(hasButton(panel, '提出异议')).toBe(false);
  });

  it('offers no objection outside 公示 (a final year)', async () => {
    renderPage(<CreditRatingPage />, `${PATH}?id=cr-2024`, memberUnit);
    const panel = await findDrawer(/· 2024年度得分$/);
    await within(panel).findByText('计分明细', { exact: false });
    expect(within(panel).getAllByText('终评').length).toBeGreaterThan(0);
    expect(hasButton(panel, '提出异议')).toBe(false);
    expect(creditCallsTo('get', `/credit-ratings/cr-2024/units/${memberUnit.user.unitId}`)).toHaveLength(1);
  });
});
