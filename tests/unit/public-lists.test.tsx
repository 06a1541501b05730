/**
 * The public lists (协会工作, 协会新闻, 通知公告, 下载专区: one shared component; 会员之窗 and
 * 专家库): page, keyword and filters live in the URL, so a link, a reload or Back keeps them;
 * pinned items are marked; dates are YYYY-MM-DD; downloads show type and size and keep the
 * original name; an empty column says so.
 */
import { App } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import AssociationWorkPage from '@/pages/FrontPage/association-work';
import DownloadPage from '@/pages/FrontPage/download';
import NoticePage from '@/pages/FrontPage/notice';
import MemberUnitPage from '@/pages/FrontPage/member-unit';
import ExpertLibraryPage from '@/pages/FrontPage/comprehensive-information/industry-dynamics';
import { publicArticles, publicCalls } from '../../mock';

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <div data-testid="where">{`${location.pathname}${location.search}`}</div>
      <button type="button" onClick={() => navigate(-1)}>
        浏览器后退
      </button>
    </>
  );
}

function renderAt(url: string, page: ReactElement) {
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

/** The query of the last call to `path`. */
function lastCall(path: string): URLSearchParams {
  const call = [...publicCalls].reverse().find((c) => c.startsWith(`${path}?`) || c === path);
  expect(call, `no call to ${path}`).toBeDefined();
  return new URLSearchParams(call!.split('?')[1] ?? '');
}

describe('the shared article list', () => {
  it('a URL with ?current=2&keyword=… loads that page, and Back returns to it', async () => {
    const matching = publicArticles.filter((a) => a.category === 'work' && a.title.includes('协会'));
    expect(matching.length).toBe(11);
    renderAt(`/FrontPage/association-work?current=2&keyword=${encodeURIComponent('协会')}`, <AssociationWorkPage />);

    // Page 2 of the 11 matches holds the oldest one only.
    expect(await screen.findByText('协会召开会员单位座谈会')).toBeInTheDocument();
    const query = lastCall('/public/articles');
    expect(Object.fromEntries(query)).toEqual({ category: 'work', current: '2', keyword: '协会', pageSize: '10' });
    expect(screen.getByRole('searchbox', { name: '在协会工作中搜索' })).toHaveValue('协会');
    expect(screen.getByText(/“协会”的结果：共 11 条/)).toBeInTheDocument();
    expect(screen.getByLabelText('第 2 页')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('共 11 条，第 2 / 2 页')).toBeInTheDocument();

    // To page 1: the keyword stays, the page leaves the URL.
    fireEvent.click(screen.getByLabelText('第 1 页'));
    await waitFor(() => expect(where().search).toBe(`?keyword=${encodeURIComponent('协会')}`));
    expect(await screen.findByText('协会召开第三届理事会第五次会议')).toBeInTheDocument();
    expect(lastCall('/public/articles').get('current')).toBe('1');

    // Back: page 2 again, from the URL.
    fireEvent.click(screen.getByText('浏览器后退'));
    await waitFor(() => expect(where().searchParams.get('current')).toBe('2'));
    expect(await screen.findByText('协会召开会员单位座谈会')).toBeInTheDocument();
    expect(screen.queryByText('协会召开第三届理事会第五次会议')).toBeNull();
  });

  it('marks pinned items, writes dates as YYYY-MM-DD, and links each item to its detail page', async () => {
    renderAt('/FrontPage/association-work', <AssociationWorkPage />);
    const first = (await screen.findByText('协会召开第三届理事会第五次会议')).closest('li')!;
    expect(within(first).getByText('置顶')).toBeInTheDocument();
    expect(within(first).getByText('2026-11-19')).toBeInTheDocument();
    expect(first.querySelector('a')!.getAttribute('href')).toBe('/FrontPage/detail/work-2');
    // Then the newest, unpinned.
    const items = document.querySelectorAll('li a[href^="/FrontPage/detail/"]');
    expect(items[1].textContent).toBe('关于开展2026年度会员单位年检工作的通知');
    expect(items).toHaveLength(10);
    expect(screen.getAllByText('置顶')).toHaveLength(1);
  });

  it('a new keyword goes into the URL and starts at page 1', async () => {
    renderAt('/FrontPage/association-work?current=2', <AssociationWorkPage />);
    await screen.findByText('协会召开会员单位座谈会');
    fireEvent.change(screen.getByRole('searchbox', { name: '在协会工作中搜索' }), { target: { value: '年检' } });
    fireEvent.click(within(screen.getByRole('search', { name: '在协会工作中搜索' })).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(where().search).toBe(`?keyword=${encodeURIComponent('年检')}`));
    expect(await screen.findByText(/“年检”的结果：共 1 条/)).toBeInTheDocument();
    expect(Object.fromEntries(lastCall('/public/articles'))).toMatchObject({ keyword: '年检', current: '1' });
  });

  it('an empty result says so and offers the whole column', async () => {
    renderAt('/FrontPage/association-work?keyword=zzz', <AssociationWorkPage />);
    expect(await screen.findByText('没有找到包含“zzz”的协会工作，请换一个关键词试试。')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看全部协会工作' }));
    await waitFor(() => expect(where().search).toBe(''));
    expect(await screen.findByText('协会召开第三届理事会第五次会议')).toBeInTheDocument();
  });

  it('notices use the same list, with ?type=notice detail links', async () => {
    renderAt('/FrontPage/notice?current=2', <NoticePage />);
    const link = (await screen.findByText('关于防范冒用协会名义的声明')).closest('a')!;
    expect(link.getAttribute('href')).toBe('/FrontPage/detail/notice-12?type=notice');
    expect(Object.fromEntries(lastCall('/public/notices'))).toEqual({ current: '2', pageSize: '10' });
    expect(screen.getByRole('heading', { level: 1, name: '通知公告' })).toBeInTheDocument();
  });

  it('the download area lists each file with type and size, downloading with its original name', async () => {
    renderAt('/FrontPage/download', <DownloadPage />);
    const files = await screen.findByRole('list', { name: '会员单位入会申请材料的下载文件' });
    const rows = within(files).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('入会申请表.docx');
    expect(rows[0]).toHaveTextContent('Word · 44 KB');
    const download = within(rows[0]).getByText('下载').closest('a')!;
    expect(download.getAttribute('href')).toBe('/api/v1/file/download/file-dl-1');
    expect(download.getAttribute('download')).toBe('入会申请表.docx');
    // Word cannot be shown in the browser: no preview. A PDF can.
    expect(within(rows[0]).queryByText('预览')).toBeNull();
    expect(rows[1]).toHaveTextContent('PDF · 3.1 MB');
    expect(within(rows[1]).getByText('预览').closest('a')!.getAttribute('href')).toBe('/api/v1/file/view/file-dl-2');
    expect(lastCall('/public/articles').get('category')).toBe('download');
  });
});

describe('member window and expert library', () => {
  it('filters units by level from the URL, and a chip changes it (back to page 1)', async () => {
    renderAt('/FrontPage/member-unit?level=president&current=1', <MemberUnitPage />);
    expect(await screen.findByText('华信社会风险评估咨询有限公司')).toBeInTheDocument();
    expect(lastCall('/public/member-units').get('level')).toBe('president');
    const filters = await screen.findByRole('navigation', { name: '按会员级别筛选' });
    expect(within(filters).getByText('会长单位')).toHaveAttribute('aria-current', 'true');
    // Only presidents are listed, each with its level and member number.
    const card = screen.getByText('华信社会风险评估咨询有限公司').closest('a')!;
    expect(card.getAttribute('href')).toBe('/FrontPage/member-unit/unit-1');
    expect(card).toHaveTextContent('会员编号：WP-2026-001');
    expect(screen.queryByText('安平稳评研究院')).toBeNull();

    fireEvent.click(within(filters).getByText('副会长单位'));
    await waitFor(() => expect(where().search).toBe('?level=vice_president'));
    expect(await screen.findByText('安平稳评研究院')).toBeInTheDocument();
    expect(lastCall('/public/member-units').get('level')).toBe('vice_president');
  });

  it('shows experts with specialties and masked contacts, filtered by specialty', async () => {
    renderAt('/FrontPage/comprehensive-information/industry-dynamics?specialty=law', <ExpertLibraryPage />);
    const name = await screen.findByRole('heading', { level: 2, name: '王建国' });
    const card = name.closest('article')!;
    expect(within(card).getByRole('list', { name: '专业领域' })).toHaveTextContent('法律');
    expect(card).toHaveTextContent('138****1000');
    expect(lastCall('/public/experts').get('specialty')).toBe('law');
    // 李晓梅's fields are 经济 and 社会学.
    expect(screen.queryByText('李晓梅')).toBeNull();
    // An expert with a photo shows it with an alt text.
    expect(screen.getByAltText('王建国的照片')).toBeInTheDocument();
  });
});
