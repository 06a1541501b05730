import { useEffect, useState } from 'react';

/** Below antd's md breakpoint: a phone. */
const PHONE = '(max-width: 767.98px)';
/** Below antd's xxl breakpoint: a laptop or a 1440 px desktop, where a list's secondary columns start hidden. */
const BELOW_XXL = '(max-width: 1599.98px)';

/**
 * What the list knows of the screen. Each question asks whether the screen is *narrower* than
 * a breakpoint, so that where no width is known (no matchMedia, or one that matches nothing,
 * as in the test DOM) the list shows as on a wide screen, in full.
 */
export interface ScreenWidth {
  /** A phone: the 操作 column comes first and compact, the search form starts collapsed. */
  phone: boolean;
  /** Narrower than 1600 px: columns marked `optional` start hidden (列设置 brings them back). */
  belowXxl: boolean;
}

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

function current(): ScreenWidth {
  return { phone: matches(PHONE), belowXxl: matches(BELOW_XXL) };
}

/** The screen's width class, known at the first render and followed on resize and rotation. */
export function useScreenWidth(): ScreenWidth {
  const [screen, setScreen] = useState(current);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const queries = [window.matchMedia(PHONE), window.matchMedia(BELOW_XXL)];
    const follow = () =>
      setScreen((before) => {
        const next = current();
        return next.phone === before.phone && next.belowXxl === before.belowXxl ? before : next;
      });
    queries.forEach((q) => q.addEventListener?.('change', follow));
    return () => queries.forEach((q) => q.removeEventListener?.('change', follow));
  }, []);
  return screen;
}
