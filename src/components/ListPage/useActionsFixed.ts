import { useEffect, useState } from 'react';

/** antd's md breakpoint: tablets and up. */
const WIDE = '(min-width: 768px)';

function wide(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches;
}

/**
 * Where a list's 操作 column sits: fixed at the right edge from tablet width up, so that the
 * buttons stay in reach while the table scrolls sideways; on a phone it scrolls with the row,
 * since a fixed column there would cover the whole screen and hide what the buttons act on.
 * Known at the first render (ProTable keeps the columns it first saw), and followed on resize.
 */
export function useActionsFixed(): 'right' | undefined {
  const [isWide, setWide] = useState(wide);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(WIDE);
    const follow = () => setWide(query.matches);
    query.addEventListener?.('change', follow);
    return () => query.removeEventListener?.('change', follow);
  }, []);
  return isWide ? 'right' : undefined;
}
