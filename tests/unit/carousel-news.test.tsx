/**
 * 轮播新闻管理 (src/pages/Manage/carousel-news) against the content mock: a link the server
 * refuses (javascript:) is refused in the form with its Chinese message, a good one goes
 * through, and editing keeps an article link as the article picked.
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import CarouselNewsPage from '@/pages/Manage/carousel-news';
import { callsTo } from '../../mock';
import { drawer, openCreateDrawer, renderPage, rowOf, typeInDrawer, waitForRow } from './contentTestKit';

vi.mock('@umijs/max', async (importOriginal) => (await import('./contentTestKit')).mockUmi(await importOriginal()));
vi.mock('@/components/RichTextEditor', async (importOriginal) =>
  (await import('./contentTestKit')).mockEditor(await importOriginal()),
);

describe('轮播', () => {
  const openCreate = () => openCreateDrawer(<CarouselNewsPage />, '/Manage/carousel-news', '年度会员大会胜利召开', '新建轮播');

  it('refuses a javascript: link in the form, then saves an https:// one', async () => {
    await openCreate();
    typeInDrawer('轮播图上显示的标题', '培训报名');
    fireEvent.click(within(drawer()).getByText('外部网址'));
    const url = await within(drawer()).findByPlaceholderText('https://');
    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(drawer()).getByText('保 存'));
    expect(await within(drawer()).findByText('链接必须以 http:// 或 https:// 开头')).toBeInTheDocument();
    expect(callsTo('post', '/carousels')).toHaveLength(0);

    fireEvent.change(url, { target: { value: 'https://example.org/signup' } });
    fireEvent.click(within(drawer()).getByText('保 存'));
    await waitFor(() => expect(callsTo('post', '/carousels')).toHaveLength(1));
    expect(callsTo('post', '/carousels')[0].body).toMatchObject({
      title: '培训报名',
      imageFileId: null,
      link: 'https://example.org/signup',
      showFrom: null,
      showUntil: null,
      enabled: true,
    });
    await waitForRow('培训报名');
  });

  it('editing keeps an article link as the article picked (stored as /FrontPage/detail/<id>)', async () => {
    renderPage(<CarouselNewsPage />, '/Manage/carousel-news');
    await waitForRow('年度会员大会胜利召开');
    fireEvent.click(within(rowOf('年度会员大会胜利召开')).getByText('编辑'));
    // The picker names the saved article by its title.
    expect(await within(drawer()).findByText('协会召开2026年度会员大会')).toBeInTheDocument();
    fireEvent.click(within(drawer()).getByText('保 存'));
    await waitFor(() => expect(callsTo('put', '/carousels/carousel-1')).toHaveLength(1));
    expect(callsTo('put', '/carousels/carousel-1')[0].body).toMatchObject({ link: '/FrontPage/detail/article-1', version: 1 });
  });
});
