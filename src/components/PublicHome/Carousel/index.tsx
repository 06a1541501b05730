/**
 * The home page's carousel, written here rather than pulled in (a slider library would weigh
 * more than the page). WAI-ARIA APG carousel pattern:
 *
 * - slides in a CSS scroll-snap track: swiping is the browser's own; buttons and keys scroll it;
 * - prev / next buttons, one dot per slide (aria-current on the shown one), a pause/play button;
 * - autoplay every `interval` ms that pauses while the pointer is over it or focus is in it, and
 *   never starts by itself under prefers-reduced-motion (moving content must be stoppable);
 * - ← and → change slides when focus is inside; off-screen slides are hidden from screen
 *   readers and the Tab order; the track is a polite live region while not rotating;
 * - images keep a fixed aspect ratio (object-fit: cover) so nothing jumps; all but the first
 *   load lazily; a slide without an image shows a branded panel with its title.
 */
import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from '@umijs/max';
import type { PublicCarouselItem } from '@common/schemas/public';
import { isExternalUrl, isSitePath } from '@/components/PublicContent/format';
import { Icon } from '@/components/PublicContent/icons/Icon';
import CARET_RIGHT_ICON from '@/components/PublicContent/icons/caret-right';
import LEFT_ICON from '@/components/PublicContent/icons/left';
import PAUSE_ICON from '@/components/PublicContent/icons/pause';
import RIGHT_ICON from '@/components/PublicContent/icons/right';
import { LOGO_URL } from '@/layouts/brand';
import usePrefersReducedMotion from '@/hooks/usePrefersReducedMotion';
import styles from './index.less';

export const CAROUSEL_INTERVAL = 6000;

interface CarouselProps {
  items: readonly PublicCarouselItem[];
  /** The region's name for screen readers. */
  label?: string;
  interval?: number;
}

function SlideLink({ link, tabIndex, children }: { link: string | null; tabIndex: number; children: ReactNode }) {
  if (link && isSitePath(link)) {
    return (
      <Link to={link} className={styles.slideLink} tabIndex={tabIndex}>
        {children}
      </Link>
    );
  }
  if (link && isExternalUrl(link)) {
    return (
      <a href={link} className={styles.slideLink} tabIndex={tabIndex}>
        {children}
      </a>
    );
  }
  return <div className={styles.slideLink}>{children}</div>;
}

export default function Carousel({ items, label = '图片新闻', interval = CAROUSEL_INTERVAL }: CarouselProps) {
  const count = items.length;
  const [index, setIndex] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  // null until the visitor presses pause/play: then their choice wins over the system setting.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const playing = chosen ?? !reducedMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = playing && !hovered && !focused && count > 1;
  const trackRef = useRef<HTMLDivElement>(null);
  const settle = useRef<number | undefined>(undefined);

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  // One timer per slide shown: any change of slide (button, key, swipe) restarts the wait.
  useEffect(() => {
    if (!rotating) return undefined;
    const timer = window.setTimeout(() => go(index + 1), interval);
    return () => window.clearTimeout(timer);
  }, [rotating, index, interval, go]);

  // The track follows the index (buttons, keys, autoplay).
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const left = index * track.clientWidth;
    if (Math.abs(track.scrollLeft - left) < 2) return;
    if (typeof track.scrollTo === 'function') track.scrollTo({ left, behavior: reducedMotion ? 'auto' : 'smooth' });
    else track.scrollLeft = left;
  }, [index, reducedMotion]);

  useEffect(() => () => window.clearTimeout(settle.current), []);

  // The index follows the track once a swipe (or a smooth scroll) comes to rest.
  const onScroll = () => {
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(() => {
      const track = trackRef.current;
      if (!track || !track.clientWidth) return;
      const shown = Math.round(track.scrollLeft / track.clientWidth);
      if (shown !== index && shown >= 0 && shown < count) setIndex(shown);
    }, 120);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + (event.key === 'ArrowLeft' ? -1 : 1));
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  if (count === 0) {
    return (
      <section className={styles.carousel} aria-label={label}>
        <div className={`${styles.slide} ${styles.placeholder}`}>
          <img src={LOGO_URL} alt="" className={styles.watermark} />
          <p className={styles.placeholderTitle}>服务社会稳定风险评估行业，促进行业规范健康发展</p>
        </div>
      </section>
    );
  }

  return (
    <section
      className={styles.carousel}
      aria-roledescription="轮播"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <div className={styles.track} ref={trackRef} onScroll={onScroll} aria-live={rotating ? 'off' : 'polite'}>
        {items.map((item, i) => {
          const shown = i === index;
          return (
            <div
              key={item.id}
              className={styles.slide}
              role="group"
              aria-roledescription="幻灯片"
              aria-label={`第 ${i + 1} 张，共 ${count} 张`}
              aria-hidden={!shown}
            >
              <SlideLink link={item.link} tabIndex={shown ? 0 : -1}>
                {item.image ? (
                  <>
                    <img
                      src={item.image.url}
                      alt={item.title}
                      width={1200}
                      height={450}
                      loading={i === 0 ? 'eager' : 'lazy'}
                      fetchPriority={i === 0 ? 'high' : undefined}
                      decoding="async"
                      className={styles.image}
                    />
                    {/* The alt text already names the link; the caption is for eyes. */}
                    <span className={styles.caption} aria-hidden>
                      {item.title}
                    </span>
                  </>
                ) : (
                  <span className={styles.placeholder}>
                    <img src={LOGO_URL} alt="" className={styles.watermark} />
                    <span className={styles.placeholderTitle}>{item.title}</span>
                  </span>
                )}
              </SlideLink>
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            onClick={() => setChosen(!playing)}
            aria-label={playing ? '暂停轮播' : '播放轮播'}
          >
            <Icon shape={playing ? PAUSE_ICON : CARET_RIGHT_ICON} />
          </button>
          <button type="button" className={styles.control} onClick={() => go(index - 1)} aria-label="上一张">
            <Icon shape={LEFT_ICON} />
          </button>
          <ul className={styles.dots} aria-label="选择幻灯片">
            {items.map((item, i) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={`第 ${i + 1} 张：${item.title}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}
                >
                  <span aria-hidden className={styles.dotMark} />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={styles.control} onClick={() => go(index + 1)} aria-label="下一张">
            <Icon shape={RIGHT_ICON} />
          </button>
        </div>
      )}
    </section>
  );
}
