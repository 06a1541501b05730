/**
 * 轮播新闻管理 (src/pages/Manage/carousel-news) against the content mock: a link the server
 * refuses (javascript:) is refused in the form with its Chinese message, a good one goes
 * through, and editing keeps an article link as the article picked. Putting a slide on the
 * public home page asks first: saving with 启用 on, and the 启用 switch.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import CarouselNewsPage from '@/pages/Manage/carousel-news';
import { callsTo } from '../../mock';
import { drawer, openCreateDrawer, renderPage, rowOf, typeInDrawer, waitForRow } from './contentTestKit';

/** The open confirmation with this title; presses `button` in it. */
async function answer(title: string, button: string) {
  const box = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find(
      (el) => !/-leave/.test(el.className) && el.querySelector('.ant-modal-confirm-title')?.textContent === title,
    );
    if (!found) throw new Error(`not asked: ${title}`);
    return found;
  });
  fireEvent.click(within(box).getByText(button));
  return box;
}

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
    // 启用 is on: saving puts it on the home page, so it asks first.
    const box = await answer('确定保存并启用轮播「培训报名」吗？', '保存并启用');
    expect(within(box).getByText('启用后，它将立即在网站首页的轮播中对访客展示。')).toBeInTheDocument();
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
    await answer('确定保存并启用轮播「年度会员大会胜利召开」吗？', '保存并启用');
    await waitFor(() => expect(callsTo('put', '/carousels/carousel-1')).toHaveLength(1));
    expect(callsTo('put', '/carousels/carousel-1')[0].body).toMatchObject({ link: '/FrontPage/detail/article-1', version: 1 });
  });

  it('the 启用 switch asks first; 取消 leaves it off', async () => {
    renderPage(<CarouselNewsPage />, '/Manage/carousel-news');
    await waitForRow('稳评行业培训火热报名中');
    const toggle = () => fireEvent.click(within(rowOf('稳评行业培训火热报名中')).getByRole('switch'));
    toggle();
    await answer('确定启用轮播「稳评行业培训火热报名中」吗？', '取 消');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(callsTo('post', '/carousels/carousel-2/enable')).toHaveLength(0);
    toggle();
    await answer('确定启用轮播「稳评行业培训火热报名中」吗？', '启 用');
    await waitFor(() => expect(callsTo('post', '/carousels/carousel-2/enable')).toHaveLength(1));
    expect(await screen.findByText('已启用轮播「稳评行业培训火热报名中」')).toBeInTheDocument();
  });
});
