/**
 * 信用公示 (src/pages/FrontPage/credit) and the member window's unit page against
 * mock/credit.ts and mock/publicContent.ts: the years the server offers and the year shown (公示中
 * with its window, or 终评), the units in a captioned table, the search and the year in the
 * address and the calls; the bad-conduct records in term with their search; only what the
 * server gives (nothing of a year it does not list, no points, no evidence); the empty and the
 * failed states; a unit's page with its last final tiers and its bad conduct in term.
 */
import { App } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '@common/credit';
import type { Page } from '@common/schemas/common';
import type { PublicBadConductItem, PublicCreditRatings } from '@common/schemas/credit';
import CreditPublicPage from '@/pages/FrontPage/credit';
import MemberUnitDetailPage from '@/pages/FrontPage/member-unit/$id';
import { answerEnvelope, answerHttpError, ok, server } from '../../mock';
import { creditCallsTo, creditDb } from '../../mock/credit';
import { beijingToday } from '../../mock/kit';

const PATH = '/FrontPage/credit';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(url: string, page: ReactElement, route = '*') {
  return render(
    <App>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path={route}
            element={
              <>
                {page}
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

const where = () => new URL(screen.getByTestId('where').textContent ?? '', 'http://x');
const lastQuery = (path: string) => creditCallsTo('get', path).at(-1)?.query ?? {};
const ratingsTable = () => screen.getByRole('table', { name: /年度会员单位信用评价/ });
const badTable = () => screen.getByRole('table', { name: /公示期内的不良行为记录/ });

describe('信用公示', () => {
  it('shows the latest year the server offers: 公示中 with its window, its units best first, one h1 and two h2', async () => {
    renderAt(PATH, <CreditPublicPage />);
    expect(screen.getByRole('heading', { level: 1, name: '信用公示' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '2025年度（公示中）' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: '2024年度' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText(new RegExp(`公示期为 ${addCalendarDays(beijingToday(), -2)} 至 ${addCalendarDays(beijingToday(), 4)}`))).toBeInTheDocument();
    const rows = within(await waitFor(ratingsTable)).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual(['安和工程咨询有限公司', '钱塘公共政策研究中心', '示例社会稳定风险评估咨询有限公司', '之江社会风险研究院有限公司']);
    const zhijiang = rows[3];
    expect(within(zhijiang).getByText('70')).toBeInTheDocument();
    expect(within(zhijiang).getByText('C 级（一般）')).toBeInTheDocument();
    expect(within(zhijiang).getByRole('link', { name: '之江社会风险研究院有限公司' })).toHaveAttribute('href', '/FrontPage/member-unit/unit-0002');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['年度信用评价结果', '不良行为记录']);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('a year chosen and a name searched live in the address and go to the call', async () => {
    renderAt(`${PATH}?year=2024`, <CreditPublicPage />);
    await waitFor(() => expect(lastQuery('/public/credit/ratings')).toMatchObject({ year: '2024' }));
    expect(await screen.findByText(/2024年度信用评价已于 2025-01-20 终评/)).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: '按单位名称搜索信用评价结果' });
    fireEvent.change(search, { target: { value: '钱塘' } });
    fireEvent.submit(search.closest('form') as HTMLFormElement);
    await waitFor(() => expect(lastQuery('/public/credit/ratings')).toMatchObject({ year: '2024', keyword: '钱塘' }));
    expect(where().searchParams.get('keyword')).toBe('钱塘');
    await waitFor(() => expect(within(ratingsTable()).getAllByRole('row')).toHaveLength(2));
    // 钱塘's false report of 2024 counted in that year.
    expect(within(ratingsTable()).getByText('70')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: '2025年度（公示中）' }));
    await waitFor(() => expect(where().searchParams.get('year')).toBe('2025'));
    expect(where().searchParams.get('keyword')).toBe('钱塘');
  });

  it('lists the bad conduct in term, newest first, and searches it by name', async () => {
    renderAt(PATH, <CreditPublicPage />);
    const table = await waitFor(badTable);
    const rows = within(table).getAllByRole('row').slice(1);
    // The mock's bad conduct still in term (its dates follow today), never a commendation or a withdrawn one.
    const inTerm = creditDb.events.filter((e) => e.record.status === 'active' && e.record.polarity === 'bad' && e.record.termUntil >= beijingToday());
    expect(rows).toHaveLength(inTerm.length);
    expect(within(rows[0]).getByText('年检不合格')).toBeInTheDocument();
    expect(within(table).queryByText('表彰奖励')).toBeNull();
    const search = screen.getByRole('searchbox', { name: '按单位或从业人员姓名搜索不良行为记录' });
    fireEvent.change(search, { target: { value: '之江' } });
    fireEvent.submit(search.closest('form') as HTMLFormElement);
    await waitFor(() => expect(lastQuery('/public/credit/bad-conduct')).toMatchObject({ keyword: '之江' }));
    await waitFor(() => expect(within(badTable()).getAllByRole('row')).toHaveLength(2));
    expect(within(badTable()).getByText('出具虚假评估报告')).toBeInTheDocument();
    expect(where().searchParams.get('bk')).toBe('之江');
  });

  it('shows only what the server gives: its years, its units, no points or evidence of bad conduct', async () => {
    const ratings: PublicCreditRatings = {
      years: [{ year: 2023, status: 'final', publicityFrom: '2024-01-02', publicityUntil: '2024-01-08', finalizedAt: '2024-01-10T02:00:00.000Z' }],
      rating: { year: 2023, status: 'final', publicityFrom: '2024-01-02', publicityUntil: '2024-01-08', finalizedAt: '2024-01-10T02:00:00.000Z' },
      list: [{ unitId: 'u-x', unitName: '不在会员之窗的单位', inWindow: false, score: 58, tier: 'D' }],
      total: 1,
      current: 1,
      pageSize: 20,
    };
    const bad: Page<PublicBadConductItem> = {
      list: [
        {
          id: 'b-1',
          subjectType: 'unit',
          unitId: 'u-x',
          unitName: '不在会员之窗的单位',
          inWindow: false,
          practitionerName: null,
          kind: 'false_report',
          kindLabel: '出具虚假评估报告',
          occurredOn: '2023-05-01',
          termUntil: '2026-12-31',
        },
      ],
      total: 1,
      current: 1,
      pageSize: 20,
    };
    server.use(answerEnvelope('get', '/public/credit/ratings', ok(ratings)), answerEnvelope('get', '/public/credit/bad-conduct', ok(bad)));
    renderAt(PATH, <CreditPublicPage />);
    const table = await waitFor(ratingsTable);
    expect(screen.getAllByRole('link', { name: /年度/ }).map((a) => a.textContent)).toEqual(['2023年度']);
    expect(within(table).getByText('D 级（较差）')).toBeInTheDocument();
    // A unit outside the window is named, not linked.
    expect(within(table).queryByRole('link')).toBeNull();
    const badRows = within(await waitFor(badTable)).getAllByRole('row');
    expect(badRows).toHaveLength(2);
    expect(within(badRows[1]).getByText('2023-05-01')).toBeInTheDocument();
    expect(within(badRows[1]).getByText('2026-12-31')).toBeInTheDocument();
    expect(within(badRows[1]).getByText('—')).toBeInTheDocument();
    expect(within(badTable()).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['会员单位', '从业人员', '不良行为', '发生日期', '公示期至']);
    expect(within(badTable()).queryByText(/分|证明材料/)).toBeNull();
  });

  it('says when nothing is public yet, and when a load failed offers to load again', async () => {
    server.use(
      answerEnvelope('get', '/public/credit/ratings', ok({ years: [], rating: null, list: [], total: 0, current: 1, pageSize: 20 })),
      answerEnvelope('get', '/public/credit/bad-conduct', ok({ list: [], total: 0, current: 1, pageSize: 20 })),
    );
    renderAt(PATH, <CreditPublicPage />);
    expect(await screen.findByText('暂无已公示的年度信用评价结果。')).toBeInTheDocument();
    expect(await screen.findByText('目前没有公示期内的不良行为记录。')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('searchbox', { name: '按单位名称搜索信用评价结果' })).toBeNull();
  });

  it('a failed load says so and loads again', async () => {
    server.use(answerHttpError('get', '/public/credit/ratings', 500));
    renderAt(PATH, <CreditPublicPage />);
    expect(await screen.findByText('信用评价结果加载失败，请检查网络后重试。')).toBeInTheDocument();
    server.resetHandlers();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(ratingsTable);
  });
});

describe('会员之窗: a unit’s credit', () => {
  it('shows its last final tiers and its bad conduct in term, with the way to 信用公示', async () => {
    renderAt('/FrontPage/member-unit/unit-1', <MemberUnitDetailPage />, '/FrontPage/member-unit/:id');
    const tiers = await screen.findByRole('list', { name: '近三年终评信用等级' });
    expect(within(tiers).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['2025年度B 级（良好）85 分', '2024年度A 级（优秀）95 分']);
    const section = screen.getByRole('heading', { level: 2, name: '不良行为记录' }).closest('section') as HTMLElement;
    expect(within(section).getByText('逾期未参加年检')).toBeInTheDocument();
    expect(within(section).getByText('公示期至：2027-01-01')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: '查看全部会员单位的信用公示' })).toHaveAttribute('href', '/FrontPage/credit');
  });

  it('a unit without any says so', async () => {
    renderAt('/FrontPage/member-unit/unit-2', <MemberUnitDetailPage />, '/FrontPage/member-unit/:id');
    expect(await screen.findByText('该单位暂无已终评的年度信用评价结果。')).toBeInTheDocument();
    expect(screen.getByText('该单位目前没有公示期内的不良行为记录。')).toBeInTheDocument();
  });
});
