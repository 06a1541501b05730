/**
 * Site search: the header box opens /FrontPage/search?q=; results have tabs by type with the
 * server's counts, sorting, paging, and the server's `terms` marked with <mark> built as React
 * elements (search text is never HTML); an empty query or no hits says so helpfully.
 */
import { App } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@common/schemas/public';
import PublicLayout from '@/layouts/PublicLayout';
import SearchPage from '@/pages/FrontPage/search';
import { highlight, matchRanges } from '@/pages/FrontPage/search/components/highlight';
import { answerEnvelope, ok, publicCalls, server } from '../../mock';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(url: string, page: ReactElement = <SearchPage />) {
  return render(
    <App>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="*"
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
const lastSearch = () => new URLSearchParams([...publicCalls].reverse().find((c) => c.startsWith('/public/search?'))!.split('?')[1]);

describe('highlight', () => {
  it('merges overlapping and adjacent pieces into one mark, case-insensitively', () => {
    expect(matchRanges('社会稳定风险评估报告', ['风险', '险评', '评估'])).toEqual([[4, 8]]);
    expect(matchRanges('Abc abc', ['ABC'])).toEqual([
      [0, 3],
      [4, 7],
    ]);
    expect(matchRanges('没有命中', ['稳评'])).toEqual([]);
    expect(highlight('无', [])).toEqual(['无']);
  });
});

describe('search page', () => {
  it('shows hits with the terms marked, tabs with counts, and switches tabs through the URL', async () => {
    renderAt(`/FrontPage/search?q=${encodeURIComponent('年检')}`);
    expect(await screen.findByText('“年检”共找到 3 条结果')).toBeInTheDocument();
    // Each tab says how many hits of its type the server counted.
    // (CSS queries: role queries over antd are slow in the test DOM.)
    const tabs = [...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
    expect(tabs).toEqual(['全部（3）', '新闻资讯（2）', '通知公告（1）', '会员单位（0）', '专家（0）']);
    const marks = [...document.querySelectorAll('mark')];
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks.map((m) => m.textContent))).toEqual(new Set(['年检']));
    const hit = document.querySelector<HTMLAnchorElement>('a[href="/FrontPage/detail/work-1"]')!;
    expect(hit.textContent).toBe('关于开展2026年度会员单位年检工作的通知');
    expect(hit.querySelector('mark')?.textContent).toBe('年检');
    expect(hit.closest('li')).toHaveTextContent('2026-11-20');

    const noticeTab = () => [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === '通知公告（1）')!;
    fireEvent.click(noticeTab());
    await waitFor(() => expect(where().searchParams.get('type')).toBe('notice'));
    await waitFor(() => expect(lastSearch().get('type')).toBe('notice'));
    await waitFor(() => expect(document.querySelector('a[href="/FrontPage/detail/work-1"]')).toBeNull());
    const notice = document.querySelector('a[href="/FrontPage/detail/notice-1?type=notice"]');
    expect(notice?.textContent).toBe('关于2026年度会员单位年检的通知');
    expect(noticeTab()).toHaveAttribute('aria-selected', 'true');
  });

  it('sorts by time through the URL', async () => {
    renderAt(`/FrontPage/search?q=${encodeURIComponent('协会')}&current=2`);
    await screen.findByText(/“协会”共找到/);
    fireEvent.click(screen.getByLabelText('时间'));
    await waitFor(() => expect(where().search).toBe(`?q=${encodeURIComponent('协会')}&sort=date`));
    await waitFor(() => expect(lastSearch().get('sort')).toBe('date'));
    expect(lastSearch().get('current')).toBe('1');
  });

  it('never renders search text as HTML', async () => {
    const evil: SearchResult = {
      list: [
        {
          type: 'article',
          id: 'x',
          title: '<img src=x onerror="alert(1)">稳评',
          snippet: '<b>粗体</b> 稳评 <script>alert(1)</script>',
          url: '/FrontPage/detail/x',
          date: null,
          label: null,
        },
      ],
      total: 1,
      current: 1,
      pageSize: 10,
      terms: ['稳评'],
      counts: { article: 1, notice: 0, unit: 0, expert: 0 },
    };
    server.use(answerEnvelope('get', '/public/search', ok(evil)));
    renderAt(`/FrontPage/search?q=${encodeURIComponent('稳评')}`);
    await screen.findByText(/<b>粗体<\/b>/);
    const link = document.querySelector('a[href="/FrontPage/detail/x"]')!;
    expect(link.textContent).toBe('<img src=x onerror="alert(1)">稳评');
    expect(link.querySelector('img')).toBeNull();
    expect(document.querySelector('main b, li b, li script')).toBeNull();
    expect(screen.getByText(/<b>粗体<\/b>/)).toBeInTheDocument();
    expect(link.querySelector('mark')?.textContent).toBe('稳评');
  });

  it('an empty query asks for words (and sends nothing); no hits offer suggestions', async () => {
    const { unmount } = renderAt('/FrontPage/search');
    expect(screen.getByText('请输入要查找的词语，可搜索新闻资讯、通知公告、会员单位和专家。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '稳评' }).getAttribute('href')).toBe(`/FrontPage/search?q=${encodeURIComponent('稳评')}`);
    await new Promise((r) => setTimeout(r, 30));
    expect(publicCalls).toEqual([]);
    unmount();

    renderAt('/FrontPage/search?q=xyz');
    expect(await screen.findByText('没有找到与“xyz”相关的内容。')).toBeInTheDocument();
    expect(screen.getByText('建议您：')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '通知公告' }).getAttribute('href')).toBe('/FrontPage/notice');
  });

  it('the header’s search box opens the results page with q', async () => {
    renderAt('/FrontPage/notice', <PublicLayout>{null}</PublicLayout>);
    const header = screen.getByRole('search', { name: '站内搜索' });
    fireEvent.change(within(header).getByRole('searchbox'), { target: { value: ' 稳评 ' } });
    fireEvent.submit(header);
    await waitFor(() => expect(where().pathname).toBe('/FrontPage/search'));
    expect(where().searchParams.get('q')).toBe('稳评');
  });
});
