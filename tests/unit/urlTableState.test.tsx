/**
 * The list pages keep their state in the URL: the rules (parse/write), the hook (writes with
 * replace, keeps other keys, notices navigation), and a real list (the articles tab): a URL
 * with parameters starts the table there, and paging or searching writes the URL.
 */
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromProSort, parseTableQuery, useUrlTableState, writeTableQuery } from '@/components/ListPage';
import AssociationNewsPage from '@/pages/Manage/association-news';
import { callsTo } from '../../mock';
import { currentUrl, renderPage, waitForRow, waitForUrl } from './contentTestKit';

vi.mock('@/components/RichTextEditor', async (importOriginal) =>
  (await import('./contentTestKit')).mockEditor(await importOriginal()),
);

const OPTIONS = { filterKeys: ['keyword', 'state', 'publishFrom', 'publishTo'], sortFields: ['publishAt', 'updatedAt'] };

describe('the URL rules', () => {
  it('reads paging, a known sort and the owned filters; ignores the rest and bad values', () => {
    const q = parseTableQuery(new URLSearchParams('current=3&pageSize=20&sort=publishAt,desc&state=draft&tab=pages&x=1'), OPTIONS);
    expect(q).toEqual({ current: 3, pageSize: 20, sort: { field: 'publishAt', order: 'desc' }, filters: { state: 'draft' } });
    const bad = parseTableQuery(new URLSearchParams('current=-1&pageSize=1000&sort=password,desc'), OPTIONS);
    expect(bad).toEqual({ current: 1, pageSize: 10, sort: undefined, filters: {} });
  });

  it('writes only what differs from the defaults and keeps keys it does not own', () => {
    const next = writeTableQuery(
      new URLSearchParams('tab=pages&state=offline&current=4'),
      { current: 1, pageSize: 10, sort: { field: 'updatedAt', order: 'asc' }, filters: { keyword: '年检' } },
      OPTIONS,
    );
    expect(Object.fromEntries(next)).toEqual({ tab: 'pages', keyword: '年检', sort: 'updatedAt,asc' });
  });

  it("maps ProTable's sorter to sort=field,dir", () => {
    expect(fromProSort({ viewCount: 'descend' })).toEqual({ field: 'viewCount', order: 'desc' });
    expect(fromProSort({ publishAt: null, title: 'ascend' })).toEqual({ field: 'title', order: 'asc' });
    expect(fromProSort({})).toBeUndefined();
  });
});

describe('useUrlTableState', () => {
  function setup(url: string) {
    const seen: { location: string; navigate?: ReturnType<typeof useNavigate> } = { location: '' };
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
    const view = renderHook(
      () => {
        const location = useLocation();
        seen.location = `${location.pathname}${location.search}`;
        seen.navigate = useNavigate();
        return useUrlTableState(OPTIONS);
      },
      { wrapper },
    );
    return { ...view, seen };
  }

  it('starts from the URL and writes changes into it', () => {
    const { result, seen } = setup('/Manage/notice?tab=x&state=draft&current=2');
    expect(result.current.state).toMatchObject({ current: 2, filters: { state: 'draft' } });
    act(() => result.current.write({ current: 1, pageSize: 20, filters: { state: 'published', keyword: '通知' } }));
    expect(seen.location).toBe('/Manage/notice?tab=x&keyword=%E9%80%9A%E7%9F%A5&state=published&pageSize=20');
    expect(result.current.state).toMatchObject({ current: 1, pageSize: 20, filters: { state: 'published', keyword: '通知' } });
    // Our own write is not navigation: the table is not started over.
    expect(result.current.generation).toBe(0);
  });

  it('notices navigation to other parameters (Back, a menu link) so the table starts over', () => {
    const { result, seen } = setup('/Manage/notice?state=draft');
    act(() => seen.navigate?.('/Manage/notice'));
    expect(result.current.generation).toBe(1);
    expect(result.current.state.filters).toEqual({});
  });
});

describe('a list page and its URL', () => {
  it('a URL with parameters starts the table there: the request, the form and the rows', async () => {
    renderPage(<AssociationNewsPage />, '/Manage/association-news?state=draft&keyword=培训&sort=updatedAt,desc');
    await waitForRow('社会稳定风险评估行业培训通知');
    // The first request already carries the URL's state.
    expect(callsTo('get', '/articles')[0].query).toMatchObject({ state: 'draft', keyword: '培训', sort: 'updatedAt,desc' });
    expect((document.getElementById('keyword') as HTMLInputElement).value).toBe('培训');
    expect(screen.queryByText('协会召开2026年度会员大会')).toBeNull();
    expect(lastListQuery()).toMatchObject({ state: 'draft', keyword: '培训', sort: 'updatedAt,desc', current: '1' });
  });

  it('paging and searching write the URL', async () => {
    renderPage(<AssociationNewsPage />, '/Manage/association-news?pageSize=2');
    await waitForRow('协会召开2026年度会员大会');
    fireEvent.click(screen.getByTitle('2'));
    await waitForUrl(/current=2/);
    expect(currentUrl()).toContain('pageSize=2');
    await waitFor(() => expect(lastListQuery()).toMatchObject({ current: '2', pageSize: '2' }));

    fireEvent.change(document.getElementById('keyword') as HTMLInputElement, { target: { value: '年度' } });
    fireEvent.click(screen.getByText('查 询'));
    await waitForUrl(/keyword=%E5%B9%B4%E5%BA%A6/);
    // A new search starts at page 1, which the URL leaves out.
    expect(currentUrl()).not.toContain('current=');
    await waitFor(() => expect(lastListQuery()).toMatchObject({ keyword: '年度', current: '1' }));
  });
});

/** The query of the last GET /articles, as the server received it. */
function lastListQuery(): Record<string, string> {
  const calls = callsTo('get', '/articles');
  return calls[calls.length - 1]?.query ?? {};
}
