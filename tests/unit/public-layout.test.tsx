/**
 * Reading for everyone in the public frame: a skip link first, the 长者模式 switch (a class on
 * <html> that turns the frame's CSS variables into 18 px+ text and 44 px controls, remembered in
 * localStorage and applied at module load, before the first render), and each page's document
 * title and description. The frame is plain React: no antd theme reaches its pages.
 */
import { theme } from 'antd';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASSOCIATION_NAME } from '@common/association';
import usePageMeta from '@/components/usePageMeta';
import PublicLayout from '@/layouts/PublicLayout';
import { ELDER_MODE_CLASS, ELDER_MODE_STORAGE_KEY, setElderMode } from '@/layouts/PublicLayout/elderMode';

/** Shows the antd tokens a page inside the layout would get: antd's defaults, the frame sets none. */
function TokenProbe() {
  const { token } = theme.useToken();
  return <div data-testid="tokens">{`${token.fontSize}/${token.controlHeight}`}</div>;
}

function renderLayout(children = <TokenProbe />, url = '/FrontPage/aboutUs') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <PublicLayout>{children}</PublicLayout>
    </MemoryRouter>,
  );
}

const html = () => document.documentElement;
const elderSwitch = () => screen.getByText('长者模式').closest('button')!;

afterEach(() => {
  setElderMode(false);
});

describe('长者模式', () => {
  it('switches the <html> class and the stored choice, and back; no antd theme in the frame', () => {
    renderLayout();
    expect(elderSwitch()).toHaveAttribute('aria-pressed', 'false');
    expect(html().classList.contains(ELDER_MODE_CLASS)).toBe(false);

    fireEvent.click(elderSwitch());
    expect(elderSwitch()).toHaveAttribute('aria-pressed', 'true');
    expect(html().classList.contains(ELDER_MODE_CLASS)).toBe(true);
    expect(localStorage.getItem(ELDER_MODE_STORAGE_KEY)).toBe('1');
    // The mode lives in the frame's CSS, not in an antd ConfigProvider around the page.
    expect(screen.getByTestId('tokens').textContent).toBe('14/32');

    fireEvent.click(elderSwitch());
    expect(html().classList.contains(ELDER_MODE_CLASS)).toBe(false);
    expect(localStorage.getItem(ELDER_MODE_STORAGE_KEY)).toBeNull();
  });

  it('is remembered: the next visit starts in the mode, before the first render', async () => {
    localStorage.setItem(ELDER_MODE_STORAGE_KEY, '1');
    html().classList.remove(ELDER_MODE_CLASS);
    vi.resetModules();
    // Loading the layout's module reads the choice and marks <html> (no render yet).
    const fresh = await import('@/layouts/PublicLayout/elderMode');
    expect(html().classList.contains(ELDER_MODE_CLASS)).toBe(true);
    expect(fresh.isElderMode()).toBe(true);
    fresh.setElderMode(false);
  });

  it('survives navigation (a new mount) and leaves <html> when the public frame goes', () => {
    const first = renderLayout();
    fireEvent.click(elderSwitch());
    first.unmount();
    expect(html().classList.contains(ELDER_MODE_CLASS)).toBe(false);

    renderLayout();
    expect(elderSwitch()).toHaveAttribute('aria-pressed', 'true');
    expect(html().classList.contains(ELDER_MODE_CLASS)).toBe(true);
  });

  it('follows a change made in another tab', () => {
    renderLayout();
    act(() => {
      localStorage.setItem(ELDER_MODE_STORAGE_KEY, '1');
      window.dispatchEvent(new StorageEvent('storage', { key: ELDER_MODE_STORAGE_KEY, newValue: '1' }));
    });
    expect(elderSwitch()).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('the frame', () => {
  it('a skip link is the first stop of the keyboard and moves focus to the main content', async () => {
    const user = userEvent.setup();
    renderLayout(<p>正文</p>);
    await user.tab();
    const skip = document.activeElement as HTMLElement;
    expect(skip.textContent).toBe('跳到主要内容');
    const main = document.querySelector('main')!;
    main.scrollIntoView = vi.fn();
    fireEvent.click(skip);
    expect(document.activeElement).toBe(main);
    expect(main.id).toBe(skip.getAttribute('href')!.slice(1));
  });

  it('a page names the tab and describes itself', () => {
    function Article() {
      usePageMeta({ title: '某篇文章', description: '这篇文章的摘要。' });
      return <p>正文</p>;
    }
    renderLayout(<Article />, '/FrontPage/detail/1');
    expect(document.title).toBe(`某篇文章 - ${ASSOCIATION_NAME}`);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('这篇文章的摘要。');
  });

  it('without a page of its own, the menu’s title and the site’s description', () => {
    renderLayout(<p>正文</p>, '/FrontPage/download');
    expect(document.title).toBe(`下载专区 - ${ASSOCIATION_NAME}`);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(ASSOCIATION_NAME);
  });

  it('the 栏目 button opens the column menu in a drawer (loaded on first use); a link closes it', async () => {
    const user = userEvent.setup();
    renderLayout(<p>正文</p>, '/FrontPage/aboutUs');
    const button = screen.getByRole('button', { name: '打开栏目菜单' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: '网站栏目（菜单）' })).toBeNull();
    await user.click(button);
    // The drawer's code loads on first use; on a busy machine that has taken seconds.
    const nav = await screen.findByRole('navigation', { name: '网站栏目（菜单）' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The current page is the marked entry.
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('协会简介');
    await user.click(within(nav).getByRole('link', { name: '联系我们' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
