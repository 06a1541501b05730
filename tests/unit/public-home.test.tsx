/**
 * The home page: one request (GET /public/home); the carousel (autoplay that pauses on hover,
 * focus and the pause button, and never starts under prefers-reduced-motion; arrow keys; dots;
 * lazy images but the first; a branded panel for slides without an image); the three columns
 * with "更多" and dated links; the member strip; the friendship links.
 */
import { App } from 'antd';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicCarouselItem } from '@common/schemas/public';
import Carousel, { CAROUSEL_INTERVAL } from '@/components/PublicHome/Carousel';
import HomePage from '@/pages/index';
import { publicCalls, publicCarousels } from '../../mock';

function renderCarousel(items: readonly PublicCarouselItem[] = publicCarousels) {
  return render(
    <MemoryRouter>
      <Carousel items={items} />
    </MemoryRouter>,
  );
}

/** The number (1-based) of the slide whose dot is marked current. */
function shownSlide(): number {
  const dots = [...document.querySelectorAll('button[aria-label^="第 "]')];
  return dots.findIndex((d) => d.getAttribute('aria-current') === 'true') + 1;
}

const region = () => document.querySelector('section[aria-roledescription="轮播"]') as HTMLElement;
const button = (label: string) => document.querySelector(`button[aria-label="${label}"]`) as HTMLButtonElement;

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('carousel', () => {
  it('plays by itself, and the pause button stops it (and play resumes)', () => {
    vi.useFakeTimers();
    renderCarousel();
    expect(shownSlide()).toBe(1);
    advance(CAROUSEL_INTERVAL);
    expect(shownSlide()).toBe(2);

    fireEvent.click(button('暂停轮播'));
    expect(button('播放轮播')).not.toBeNull();
    advance(CAROUSEL_INTERVAL * 3);
    expect(shownSlide()).toBe(2);

    fireEvent.click(button('播放轮播'));
    advance(CAROUSEL_INTERVAL);
    expect(shownSlide()).toBe(3);
    advance(CAROUSEL_INTERVAL);
    expect(shownSlide()).toBe(1);
  });

  it('pauses while the pointer is over it and while focus is inside', () => {
    vi.useFakeTimers();
    renderCarousel();
    fireEvent.mouseEnter(region());
    advance(CAROUSEL_INTERVAL * 2);
    expect(shownSlide()).toBe(1);
    fireEvent.mouseLeave(region());
    advance(CAROUSEL_INTERVAL);
    expect(shownSlide()).toBe(2);

    act(() => button('下一张').focus());
    advance(CAROUSEL_INTERVAL * 2);
    expect(shownSlide()).toBe(2);
    act(() => button('下一张').blur());
    advance(CAROUSEL_INTERVAL);
    expect(shownSlide()).toBe(3);
  });

  it('does not autoplay under prefers-reduced-motion', () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList, // a stub of the two members the hook reads
    );
    renderCarousel();
    expect(button('播放轮播')).not.toBeNull();
    advance(CAROUSEL_INTERVAL * 3);
    expect(shownSlide()).toBe(1);
  });

  it('arrow keys, the buttons and the dots change slides; hidden slides leave the Tab order', () => {
    renderCarousel();
    fireEvent.click(button('暂停轮播'));
    fireEvent.keyDown(button('上一张'), { key: 'ArrowRight' });
    expect(shownSlide()).toBe(2);
    fireEvent.keyDown(button('上一张'), { key: 'ArrowLeft' });
    fireEvent.keyDown(button('上一张'), { key: 'ArrowLeft' });
    expect(shownSlide()).toBe(3);
    fireEvent.click(button('下一张'));
    expect(shownSlide()).toBe(1);
    fireEvent.click(button(`第 2 张：${publicCarousels[1].title}`));
    expect(shownSlide()).toBe(2);

    const slides = [...document.querySelectorAll('[aria-roledescription="幻灯片"]')];
    expect(slides.map((s) => s.getAttribute('aria-hidden'))).toEqual(['true', 'false', 'true']);
    expect(slides[0].querySelector('a')!.getAttribute('tabindex')).toBe('-1');
    expect(slides[1].querySelector('a')!.getAttribute('tabindex')).toBe('0');
    // Paused: the track tells screen readers about the new slide.
    expect(document.querySelector('[aria-live="polite"]')).not.toBeNull();
  });

  it('links each slide; images have alt text and a size, lazy after the first; no image shows a panel', () => {
    renderCarousel();
    const images = [...document.querySelectorAll('[aria-roledescription="幻灯片"] img[alt]:not([alt=""])')] as HTMLImageElement[];
    expect(images.map((i) => i.alt)).toEqual([publicCarousels[0].title, publicCarousels[1].title]);
    expect(images.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy']);
    expect(images.every((i) => i.getAttribute('width') && i.getAttribute('height'))).toBe(true);
    expect(images[0].closest('a')!.getAttribute('href')).toBe('/FrontPage/detail/news-1');
    // The third has no image and no link: its title on the branded panel.
    const third = document.querySelectorAll('[aria-roledescription="幻灯片"]')[2];
    expect(third.textContent).toBe(publicCarousels[2].title);
    expect(third.querySelector('a')).toBeNull();
  });

  it('one slide: no controls; none: a branded banner', () => {
    const { unmount } = renderCarousel([publicCarousels[0]]);
    expect(button('暂停轮播')).toBeNull();
    expect(button('下一张')).toBeNull();
    unmount();
    renderCarousel([]);
    expect(screen.getByText('服务社会稳定风险评估行业，促进行业规范健康发展')).toBeInTheDocument();
  });
});

describe('home page', () => {
  it('makes one request and shows the columns, the member strip and the links', async () => {
    render(
      <App>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </App>,
    );
    const work = (await screen.findByRole('heading', { level: 2, name: '协会工作' })).closest('section')!;
    expect(publicCalls).toEqual(['/public/home']);

    expect(within(work).getByText('更多').closest('a')!.getAttribute('href')).toBe('/FrontPage/association-work');
    const pinned = within(work).getByText('协会召开第三届理事会第五次会议').closest('li')!;
    expect(pinned).toHaveTextContent('置顶');
    expect(pinned).toHaveTextContent('2026-11-19');
    expect(within(work).getAllByRole('listitem')).toHaveLength(8);

    const notices = screen.getByRole('heading', { level: 2, name: '通知公告' }).closest('section')!;
    expect(within(notices).getByText('更多').closest('a')!.getAttribute('href')).toBe('/FrontPage/notice');
    expect(within(notices).getByText('关于调整协会办公时间的公告').getAttribute('href')).toBe('/FrontPage/detail/notice-3?type=notice');

    const members = screen.getByRole('heading', { level: 2, name: '会员之窗' }).closest('section')!;
    expect(within(members).getByText('华信社会风险评估咨询有限公司').closest('a')!.getAttribute('href')).toBe('/FrontPage/member-unit/unit-1');
    expect(within(members).getAllByRole('listitem')).toHaveLength(12);

    const links = screen.getByRole('heading', { level: 2, name: '友情链接' }).closest('section')!;
    expect(within(links).getByText('市人民政府').getAttribute('href')).toBe('https://www.example.gov.cn/');

    // One h1 for the page; the sections are h2.
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });
});
