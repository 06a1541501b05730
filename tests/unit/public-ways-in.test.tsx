/**
 * The public site's ways in: the header's service bar (会员登录, 入会指南, 入会申请, 证书查验),
 * the phone's 栏目 drawer (通知公告 and the same ways in), the footer (网站导航 and 办事服务), the
 * home page's 证书查询 box and 会员服务 tiles, the 行业动态 list with its breadcrumb, covers on
 * list rows and detail pages, and the login page offering 入会指南 to units but not to
 * practitioners.
 */
import { App } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { findPage, STANDALONE_PAGES } from '@common/menu';
import PublicLayout from '@/layouts/PublicLayout';
import HomePage from '@/pages/index';
import IndustryNewsPage from '@/pages/FrontPage/comprehensive-information/industry-news';
import DetailByIdPage from '@/pages/FrontPage/detail/$id';
import LoginPage from '@/pages/login';
import { publicArticles, publicCalls } from '../../mock';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

/** `page` at `path`, every other address shows where the app went. */
function renderAt(url: string, path: string, page: ReactElement) {
  return render(
    <App>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

function renderLayout(url = '/FrontPage/aboutUs') {
  return renderAt(
    url,
    '*',
    <PublicLayout>
      <Where />
    </PublicLayout>,
  );
}

const hrefs = (links: HTMLElement[]) => Object.fromEntries(links.map((a) => [a.textContent, a.getAttribute('href')]));

/** The ways in and where each leads: every one a standalone page of common/menu.ts. */
const WAYS_IN = {
  会员登录: '/login?authType=2',
  入会指南: '/register-guide',
  入会申请: '/register',
  证书查验: '/certificate-view',
};

describe('the header', () => {
  it('the service bar leads to 会员登录 (as a unit), 入会指南, 入会申请 and 证书查验', () => {
    renderLayout();
    const bar = screen.getByRole('navigation', { name: '会员服务' });
    // In the header, before the top menu.
    expect(bar.closest('header')).not.toBeNull();
    expect(hrefs(within(bar).getAllByRole('link'))).toEqual(WAYS_IN);
    for (const href of Object.values(WAYS_IN)) {
      const path = href.split('?')[0];
      expect(STANDALONE_PAGES.some((p) => p.path === path), path).toBe(true);
    }
  });

  it('the top menu says what 专家库 holds, and leads to 行业动态; 通知公告 stays out of it', () => {
    renderLayout();
    const menu = screen.getByRole('navigation', { name: '网站栏目' });
    const experts = within(menu).getByRole('link', { name: '专家库' });
    const described = findPage('/FrontPage/comprehensive-information/industry-dynamics')?.description;
    expect(described).toBeTruthy();
    expect(experts).toHaveAttribute('title', described);
    // A tooltip is a description as well, for screen readers.
    expect(experts).toHaveAccessibleDescription(described!);
    expect(within(menu).getByRole('link', { name: '行业动态' })).toHaveAttribute('href', '/FrontPage/comprehensive-information/industry-news');
    expect(within(menu).queryByRole('link', { name: '通知公告' })).toBeNull();
  });

  it('the phone’s 栏目 drawer lists 通知公告, what 专家库 holds, and the ways in', async () => {
    const user = userEvent.setup();
    renderLayout('/FrontPage/notice');
    await user.click(screen.getByRole('button', { name: '打开栏目菜单' }));
    // The drawer's code loads on first use; on a busy machine that has taken seconds.
    const columns = await screen.findByRole('navigation', { name: '网站栏目（菜单）' });
    const notice = within(columns).getByRole('link', { name: '通知公告' });
    expect(notice).toHaveAttribute('href', '/FrontPage/notice');
    expect(notice).toHaveAttribute('aria-current', 'page');
    expect(within(columns).getByRole('link', { name: /^行业动态/ })).toHaveAttribute('href', '/FrontPage/comprehensive-information/industry-news');
    const experts = within(columns).getByRole('link', { name: /^专家库/ });
    expect(experts).toHaveTextContent(findPage('/FrontPage/comprehensive-information/industry-dynamics')!.description!);

    // The header's bar and the drawer's list are both named 会员服务.
    const drawerServices = screen.getAllByRole('navigation', { name: '会员服务' }).find((nav) => !nav.closest('header'))!;
    expect(drawerServices).toBeDefined();
    expect(hrefs(within(drawerServices).getAllByRole('link'))).toEqual(WAYS_IN);

    await user.click(within(drawerServices).getByRole('link', { name: '入会申请' }));
    expect(screen.getByTestId('where').textContent).toBe('/register');
    // The link closed the drawer.
    expect(screen.getByRole('button', { name: '打开栏目菜单' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the footer', () => {
  it('网站导航 has 专家库 and 行业动态 apart; 办事服务 has the ways in, 通知公告 and 投诉举报', () => {
    renderLayout();
    const footer = document.querySelector('footer')!;
    const site = within(footer).getByRole('navigation', { name: '网站导航' });
    expect(within(site).getByRole('link', { name: '专家库' })).toHaveAttribute('href', '/FrontPage/comprehensive-information/industry-dynamics');
    expect(within(site).getByRole('link', { name: '行业动态' })).toHaveAttribute('href', '/FrontPage/comprehensive-information/industry-news');
    const services = within(footer).getByRole('navigation', { name: '办事服务' });
    expect(hrefs(within(services).getAllByRole('link'))).toEqual({ ...WAYS_IN, 通知公告: '/FrontPage/notice', 投诉举报: '/FrontPage/complaint' });
  });
});

describe('home page', () => {
  const renderHome = () => renderAt('/', '/', <HomePage />);
  const box = () => screen.getByRole('search', { name: '证书查询' });
  const input = () => within(box()).getByLabelText('证书编号');

  it('证书查询 opens the certificate page with the number filled in, in capitals', async () => {
    renderHome();
    fireEvent.change(input(), { target: { value: '  wpdw2024001 ' } });
    fireEvent.click(within(box()).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/certificate-view?no=WPDW2024001'));
  });

  it('证书查询 says what is wrong before leaving: nothing typed, or characters a number never has', () => {
    renderHome();
    fireEvent.click(within(box()).getByRole('button', { name: '查询' }));
    expect(within(box()).getByRole('alert')).toHaveTextContent('请输入证书编号');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription('请输入证书编号');

    fireEvent.change(input(), { target: { value: 'WPDW 2024/001' } });
    fireEvent.submit(box());
    expect(within(box()).getByRole('alert')).toHaveTextContent('证书编号只包含字母、数字和短横线');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('会员服务 leads to 入会指南, 入会申请 and 会员登录, before the home page’s content arrives', () => {
    renderHome();
    const services = screen.getByRole('heading', { level: 2, name: '会员服务' }).closest('section')!;
    const links = within(services).getAllByRole('link');
    expect(links.map((a) => [a.querySelector('span')?.textContent, a.getAttribute('href')])).toEqual([
      ['入会指南', '/register-guide'],
      ['入会申请', '/register'],
      ['会员登录', '/login?authType=2'],
    ]);
  });
});

describe('行业动态', () => {
  it('has its list: the industry articles, its breadcrumb and heading, covers sized, lazy further down', async () => {
    renderAt('/FrontPage/comprehensive-information/industry-news', '/FrontPage/comprehensive-information/industry-news', <IndustryNewsPage />);
    const h1 = await screen.findByRole('heading', { level: 1, name: '行业动态' });
    expect(h1).toBeInTheDocument();
    await screen.findByText('省内稳评行业发展动态综述');
    expect(publicCalls.some((c) => c.startsWith('/public/articles?') && new URLSearchParams(c.split('?')[1]).get('category') === 'industry')).toBe(true);

    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('行业动态')).toHaveAttribute('aria-current', 'page');

    const industry = publicArticles.filter((a) => a.category === 'industry');
    const list = screen.getByText('省内稳评行业发展动态综述').closest('ul')!;
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(industry.length);
    expect(within(items[0]).getByRole('link', { name: '省内稳评行业发展动态综述' })).toHaveAttribute('href', '/FrontPage/detail/industry-1');

    const covers = [...list.querySelectorAll<HTMLImageElement>('img')];
    expect(covers.map((img) => img.getAttribute('src'))).toEqual(
      industry.filter((a) => a.cover).map((a) => a.cover!.url),
    );
    for (const img of covers) {
      expect(img.alt).toMatch(/^封面图片：/);
      expect(img.getAttribute('width')).toBe('160');
      expect(img.getAttribute('height')).toBe('100');
    }
    // The first rows at once, the 4th row's cover when scrolled near.
    expect(covers.map((img) => img.getAttribute('loading'))).toEqual([null, null, 'lazy']);
    // A row without a cover has no picture, and its summary is not shown either.
    expect(within(items[2]).queryByRole('img')).toBeNull();
    expect(within(items[0]).getByText(industry[0].summary!)).toBeInTheDocument();
  });

  it('an industry article’s breadcrumb names its list: 首页 / 行业动态 / 正文', async () => {
    renderAt('/FrontPage/detail/industry-1', '/FrontPage/detail/:id', <DetailByIdPage />);
    await screen.findByRole('heading', { level: 1, name: '省内稳评行业发展动态综述' });
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['首页', '行业动态', '正文']);
    expect(within(crumbs).getByRole('link', { name: '行业动态' })).toHaveAttribute('href', '/FrontPage/comprehensive-information/industry-news');
    expect(screen.getByRole('link', { name: '返回行业动态列表' })).toHaveAttribute('href', '/FrontPage/comprehensive-information/industry-news');
  });

  it('the detail page shows the cover at the top, sized, with alt text, not lazily', async () => {
    renderAt('/FrontPage/detail/industry-1', '/FrontPage/detail/:id', <DetailByIdPage />);
    const article = (await screen.findByRole('heading', { level: 1, name: '省内稳评行业发展动态综述' })).closest('article')!;
    const cover = within(article).getByRole('img', { name: '封面图片：省内稳评行业发展动态综述' });
    expect(cover).toHaveAttribute('src', '/api/v1/file/view/file-cover-industry-1');
    expect(cover).toHaveAttribute('width', '960');
    expect(cover).toHaveAttribute('height', '540');
    expect(cover).not.toHaveAttribute('loading');
    // Before the text.
    expect(cover.compareDocumentPosition(within(article).getByRole('heading', { level: 2, name: '正文' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('an article without a cover shows none', async () => {
    renderAt('/FrontPage/detail/industry-3', '/FrontPage/detail/:id', <DetailByIdPage />);
    const article = (await screen.findByRole('heading', { level: 1, name: '第三方评估机构信用评价工作稳步推进' })).closest('article')!;
    expect(within(article).queryByRole('img')).toBeNull();
  });
});

describe('login page', () => {
  const renderLogin = (authType: number) => renderAt(`/login?authType=${authType}`, '/login', <LoginPage />);

  it('a unit’s login offers 入会指南', () => {
    renderLogin(2);
    expect(screen.getByRole('link', { name: '还不是会员？查看入会指南' })).toHaveAttribute('href', '/register-guide');
  });

  it('a practitioner’s login does not (their unit registers them) and says so', () => {
    renderLogin(3);
    expect(screen.queryByRole('link', { name: /入会指南/ })).toBeNull();
    expect(screen.getByText(/从业人员账号由所在会员单位登记开通/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回网站首页' })).toHaveAttribute('href', '/');
  });
});
