/**
 * prefers-reduced-motion: antd's pages drop their animations (src/layouts/AntdProvider.tsx), and
 * follow the system's setting while open.
 */
import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import AntdProvider from '@/layouts/AntdProvider';

const QUERY = '(prefers-reduced-motion: reduce)';
const original = window.matchMedia;

/** A system whose motion setting the test changes, with the listeners the page registered. */
function systemMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === QUERY && state.reduce;
    },
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      state.reduce = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function Motion() {
  const { token } = theme.useToken();
  return <span>{token.motion ? '有动画' : '无动画'}</span>;
}

afterEach(() => {
  window.matchMedia = original;
});

describe('AntdProvider and prefers-reduced-motion', () => {
  it('keeps antd’s animations when the system does not ask for less motion', () => {
    systemMotion(false);
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByText('有动画')).toBeInTheDocument();
  });

  it('turns them off when it does, and back on when the setting changes', () => {
    const system = systemMotion(true);
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByText('无动画')).toBeInTheDocument();
    system.set(false);
    expect(screen.getByText('有动画')).toBeInTheDocument();
  });
});
