/**
 * 信用记录 (src/pages/Manage/credit-records, CREDIT_PAGES.events) against mock/credit.ts: the
 * staff's list (polarity and status as tags, points coloured, 登记 and 导出 by permission, 撤销
 * only on rows whose `actions` offer it), the filters and the sort sent to the list call, the
 * empty and the failed list; 登记: the form's rules before any call, the kind's points from the
 * rules in force and a note required once they are changed, the body sent; 撤销 asks for a
 * reason; the detail drawer (source link, evidence, ratings counting it, history); a member
 * unit reads its own events and sees no staff button.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES as M } from '@common/schemas/credit';
import CreditRecordsPage from '@/pages/Manage/credit-records';
import { answerHttpError, memberUnit, server, superAdmin } from '../../mock';
import { creditCallsTo } from '../../mock/credit';
import { button, currentUrl, drawer, findDialog, hasButton, renderPage, rowOf, waitForRow } from './contentTestKit';

const PATH = '/Manage/credit-records';



/** Opens a Select (by its input) and picks the option whose text starts with `text`. */
async function pick(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  const option = await waitFor(() => {
    const el = [...document.querySelectorAll('.ant-select-item-option')].find((o) => (o.textContent ?? '').startsWith(text));
    if (!el) throw new Error(`no option ${text}`);
    return el as HTMLElement;
  });
  fireEvent.click(option);
}

const lastListQuery = () => creditCallsTo('get', '/credit-events').at(-1)?.query ?? {};

describe('信用记录: the list', () => {
  it('lists every event for staff: tags, coloured points, 登记 and 导出, 撤销 only where the row offers it', async () => {
    renderPage(<CreditRecordsPage />, PATH, superAdmin);
    await waitForRow('之江社会风险研究院有限公司');
    expect(screen.getByText('共 6 条')).toBeInTheDocument();
    // A bad-conduct record: red tag, points in red; a commendation: green and signed.
    const falseReport = rowOf('之江社会风险研究院有限公司');
    expect(within(falseReport).getByText('不良行为')).toBeInTheDocument();
    expect(within(falseReport).getByText('-30').closest('.ant-typography')).toHaveClass('ant-typography-danger');
    const commendation = screen.getByText('表彰奖励').closest('tr') as HTMLElement;
    expect(within(commendation).getByText('+5').closest('.ant-typography')).toHaveClass('ant-typography-success');
    expect(hasButton(document.body, '登记')).toBe(true);
    expect(hasButton(document.body, '导出')).toBe(true);
    // Active rows offer 撤销; the withdrawn one does not.
    expect(hasButton(falseReport, '撤销')).toBe(true);
    const withdrawn = screen.getByText('已撤销').closest('tr') as HTMLElement;
    expect(hasButton(withdrawn, '撤销')).toBe(false);
    expect(hasButton(withdrawn, '详情')).toBe(true);
  });

  it('sends the filters from the address and the sort to the list call', async () => {
    renderPage(<CreditRecordsPage />, `${PATH}?polarity=bad&status=active&kind=false_report&inTerm=true&occurredFrom=2024-01-01&occurredTo=2025-12-31`, superAdmin);
    await waitFor(() => expect(lastListQuery()).toMatchObject({ polarity: 'bad', status: 'active', kind: 'false_report', inTerm: 'true', occurredFrom: '2024-01-01', occurredTo: '2025-12-31' }));
    await waitFor(() => expect(screen.getByText('共 2 条')).toBeInTheDocument());
    fireEvent.click(screen.getAllByText('分值', { selector: '.ant-table-column-title' })[0]);
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sort: 'points,asc', polarity: 'bad' }));
    expect(currentUrl()).toContain('sort=points');
  });

  it('the practitioner filter searches registered practitioners by name and sends the one chosen', async () => {
    renderPage(<CreditRecordsPage />, PATH, superAdmin);
    await waitForRow('之江社会风险研究院有限公司');
    const form = document.querySelector('.ant-pro-query-filter') as HTMLElement;
    const picker = form.querySelector('input[aria-label="从业人员"]') as HTMLElement;
    expect(picker).not.toBeNull();
    // Only approved practitioners (and those who left) are offered: not 王待审, still pending.
    fireEvent.mouseDown(picker);
    await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].some((o) => o.textContent?.startsWith('李评估'))).toBe(true));
    expect([...document.querySelectorAll('.ant-select-item-option')].some((o) => o.textContent?.startsWith('王待审'))).toBe(false);
    await pick(picker, '李评估');
    fireEvent.click(button(form, '查询'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ practitionerId: 'practitioner-0001' }));
    await waitFor(() => expect(screen.getByText('共 1 条')).toBeInTheDocument());
    expect(currentUrl()).toContain('practitionerId=practitioner-0001');
    // The picker reads the credit pages' own list of names: no 从业人员 code is needed.
    expect(creditCallsTo('get', '/credit-events/practitioner-options').length).toBeGreaterThan(0);
  });

  it('an empty list says so; a failed one offers 重试', async () => {
    renderPage(<CreditRecordsPage />, `${PATH}?keyword=${encodeURIComponent('没有这回事')}`, superAdmin);
    expect(await screen.findByText('暂无信用记录')).toBeInTheDocument();
    server.use(answerHttpError('get', '/credit-events', 500));
    fireEvent.click(document.querySelector('.ant-pro-table-list-toolbar .anticon-reload') as HTMLElement);
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(hasButton(document.body, '重试')).toBe(true);
  });
});

describe('信用记录: 登记', () => {
  it('checks the form before any call, defaults the points from the rules, asks a note for other points, and sends the body', async () => {
    renderPage(<CreditRecordsPage />, PATH, superAdmin);
    await waitForRow('之江社会风险研究院有限公司');
    fireEvent.click(button(document.body, '登记'));
    await screen.findByText('新建信用记录', { selector: '.ant-drawer-title' });
    const form = drawer();
    fireEvent.click(button(form, '登记'));
    expect(await within(form).findByText(M.unitRequired)).toBeInTheDocument();
    expect(within(form).getByText('请选择信用事件类型')).toBeInTheDocument();
    expect(within(form).getByText('请选择发生日期')).toBeInTheDocument();
    expect(within(form).getByText(M.descriptionRequired)).toBeInTheDocument();
    expect(creditCallsTo('post', '/credit-events')).toHaveLength(0);

    await pick(form.querySelector('input[aria-label="会员单位"]') as HTMLElement, '');
    await pick(form.querySelector('input[aria-label="类型"]') as HTMLElement, '其他违规行为');
    // The rule in force for the kind: -10 points, 12 months.
    expect(await within(form).findByText('现行规则（第 1 版）：-10 分，公示 12 个月')).toBeInTheDocument();
    const points = form.querySelector('input[aria-label="分值"]') as HTMLInputElement;
    expect(points).toHaveValue('-10');
    expect(within(form).getByText('不良行为')).toBeInTheDocument();

    const date = form.querySelector('#occurredOn') as HTMLInputElement;
    fireEvent.mouseDown(date);
    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: '2026-01-05' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(date);
    fireEvent.change(within(form).getByPlaceholderText('写明时间、事实及依据，将通知被登记单位'), { target: { value: '未按规定备案评估项目。' } });

    // Other points than the rule's need a note, and a bad-conduct record never adds.
    fireEvent.change(points, { target: { value: '5' } });
    fireEvent.click(button(form, '登记'));
    expect(await within(form).findByText(M.pointsDisagree('不良行为'))).toBeInTheDocument();
    fireEvent.change(points, { target: { value: '-15' } });
    fireEvent.click(button(form, '登记'));
    expect(await within(form).findByText(M.pointsNoteRequired)).toBeInTheDocument();
    expect(creditCallsTo('post', '/credit-events')).toHaveLength(0);
    fireEvent.change(within(form).getByPlaceholderText('说明为何不按规则计分'), { target: { value: '情节较重，按办法从重' } });
    fireEvent.click(button(form, '登记'));

    await waitFor(() => expect(creditCallsTo('post', '/credit-events')).toHaveLength(1));
    const body = creditCallsTo('post', '/credit-events')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      subjectType: 'unit',
      kind: 'violation_other',
      occurredOn: '2026-01-05',
      description: '未按规定备案评估项目。',
      fileIds: [],
      points: -15,
      pointsNote: '情节较重，按办法从重',
    });
    expect(typeof body.unitId).toBe('string');
    expect(body).not.toHaveProperty('practitionerId');
    // The server's words: the points and the term the event took.
    expect(await screen.findByText(/^已登记，计 -15 分，公示至 \d{4}-\d{2}-\d{2}，已通知相关单位$/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('共 7 条')).toBeInTheDocument());
  });

  it('sends no points when they are the rule’s, so the server’s rule applies', async () => {
    renderPage(<CreditRecordsPage />, PATH, superAdmin);
    await waitForRow('之江社会风险研究院有限公司');
    fireEvent.click(button(document.body, '登记'));
    await screen.findByText('新建信用记录', { selector: '.ant-drawer-title' });
    const form = drawer();
    await pick(form.querySelector('input[aria-label="会员单位"]') as HTMLElement, '');
    await pick(form.querySelector('input[aria-label="类型"]') as HTMLElement, '表彰奖励');
    await waitFor(() => expect(form.querySelector('input[aria-label="分值"]')).toHaveValue('5'));
    const date = form.querySelector('#occurredOn') as HTMLInputElement;
    fireEvent.mouseDown(date);
    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: '2026-02-01' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(date);
    fireEvent.change(within(form).getByPlaceholderText('写明时间、事实及依据，将通知被登记单位'), { target: { value: '年度优秀会员单位。' } });
    fireEvent.click(button(form, '登记'));
    await waitFor(() => expect(creditCallsTo('post', '/credit-events')).toHaveLength(1));
    const body = creditCallsTo('post', '/credit-events')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'commendation', description: '年度优秀会员单位。' });
    expect(body).not.toHaveProperty('points');
    expect(body).not.toHaveProperty('pointsNote');
  });
});

describe('信用记录: 撤销 and the detail', () => {
  it('撤销 asks for a reason first, then sends it with the version and the row shows 已撤销', async () => {
    renderPage(<CreditRecordsPage />, PATH, superAdmin);
    await waitForRow('之江社会风险研究院有限公司');
    fireEvent.click(button(rowOf('之江社会风险研究院有限公司'), '撤销'));
    const dialog = await findDialog(/^撤销「之江社会风险研究院有限公司」的出具虚假评估报告记录$/);
    fireEvent.click(button(dialog, '撤销'));
    expect(await within(dialog).findByText('请填写撤销原因')).toBeInTheDocument();
    expect(creditCallsTo('post', '/credit-events/ce-5/withdraw')).toHaveLength(0);
    fireEvent.change(within(dialog).getByPlaceholderText('如：经复核，该事项证据不足'), { target: { value: '经复核证据不足' } });
    fireEvent.click(button(dialog, '撤销'));
    await waitFor(() => expect(creditCallsTo('post', '/credit-events/ce-5/withdraw')).toHaveLength(1));
    expect(creditCallsTo('post', '/credit-events/ce-5/withdraw')[0].body).toEqual({ version: 0, reason: '经复核证据不足' });
    // The server's words: the 2025 score of the unit was computed again.
    expect(await screen.findByText('已撤销，2025年度评价中该单位得分已重算')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('之江社会风险研究院有限公司')).getByText('已撤销')).toBeInTheDocument());
    expect(hasButton(rowOf('之江社会风险研究院有限公司'), '撤销')).toBe(false);
  });

  it('?id= opens an event: its source linked, the years counting it, its history', async () => {
    renderPage(<CreditRecordsPage />, `${PATH}?id=ce-3`, superAdmin);
    await waitFor(() => expect(document.querySelector('.ant-drawer-open .ant-drawer-title')?.textContent).toMatch(/^信用记录：/));
    const panel = drawer();
    await within(panel).findByText('年检不通过：培训学时不足。');
    expect(within(panel).getByText('年检（查看来源记录）').closest('a')?.getAttribute('href')).toBe('/Manage/annual-inspection-record?id=insp-1');
    expect(within(panel).getByText('系统自动记录（年检）')).toBeInTheDocument();
    expect(within(panel).getByText('未上传证明材料')).toBeInTheDocument();
    expect(hasButton(panel, '撤销')).toBe(true);
  });

  it('a withdrawn event shows who withdrew it and why, and offers no 撤销', async () => {
    renderPage(<CreditRecordsPage />, `${PATH}?id=ce-4`, superAdmin);
    const panel = await waitFor(() => {
      const p = drawer();
      if (!within(p).queryByText('原因：经复核已补办备案。')) throw new Error('not yet');
      return p;
    });
    expect(within(panel).getByText('撤销（系统管理员）')).toBeInTheDocument();
    expect(hasButton(panel, '撤销')).toBe(false);
  });

  it('an event counted in a rating links to the unit’s score in that year', async () => {
    renderPage(<CreditRecordsPage />, `${PATH}?id=ce-1`, superAdmin);
    const link = await waitFor(() => {
      const a = within(drawer()).getByText('2025年度').closest('a');
      if (!a) throw new Error('not yet');
      return a;
    });
    expect(link.getAttribute('href')).toBe('/Manage/credit-rating?id=cr-2025&unitId=unit-0001');
  });
});

describe('信用记录: a member unit', () => {
  it('reads its own events only, with no 登记, 导出, 撤销 or unit filter', async () => {
    renderPage(<CreditRecordsPage />, PATH, memberUnit);
    await waitFor(() => expect(screen.getByText('共 4 条')).toBeInTheDocument());
    expect(screen.getByText('本单位信用记录')).toBeInTheDocument();
    expect(screen.queryByText('之江社会风险研究院有限公司')).toBeNull();
    expect(hasButton(document.body, '登记')).toBe(false);
    expect(hasButton(document.body, '导出')).toBe(false);
    expect(hasButton(document.body, '撤销')).toBe(false);
    expect(hasButton(document.body, '详情')).toBe(true);
    expect(screen.queryByText('会员单位', { selector: '.ant-table-column-title' })).toBeNull();
  });
});
