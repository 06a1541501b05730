/**
 * Whether the visitor asked the system for less motion (and follows changes while open): the
 * public carousel never starts by itself then, and antd's pages drop their animations
 * (src/layouts/AntdProvider.tsx).
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function media(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

export default function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !!media()?.matches,
    () => false,
  );
}
