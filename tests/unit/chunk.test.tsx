/**
 * Chunk-load failures (pages load on demand, with a 120 s time-out): recognised, reloaded once,
 * then a manual retry.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  AUTO_RELOAD_WINDOW_MS,
  CHUNK_LOAD_TIMEOUT_MS,
  isChunkLoadError,
  LoadErrorBoundary,
  reloadOnceForChunkError,
  RELOAD_STAMP_KEY,
  resetChunkScriptFailures,
  dropUnconfirmedPreloads,
} from '@/components/LoadError';
import { fullPage } from '@/components/fullPageNavigation';
import Loading from '@/loading';

let reload: Mock<() => void>;

function chunkError(message = 'Loading chunk 42 failed.') {
  const error = new Error(message);
  error.name = 'ChunkLoadError';
  return error;
}

function Thrower({ error }: { error: Error }): never {
  throw error;
}

beforeEach(() => {
  reload = vi.fn<() => void>();
  vi.spyOn(fullPage, 'reload').mockImplementation(reload);
  // React logs caught errors; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  resetChunkScriptFailures();
  document.querySelectorAll('script[data-webpack]').forEach((el) => el.remove());
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('isChunkLoadError', () => {
  it('recognises the messages of webpack, Vite and the browsers', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 7 failed.\n(error: /p__login.js)'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError('Loading chunk')).toBe(false);
  });
});

describe('reloadOnceForChunkError', () => {
  it('reloads once, then not again within the window', () => {
    const now = 1_000_000;
    expect(reloadOnceForChunkError(now)).toBe(true);
    expect(window.sessionStorage.getItem(RELOAD_STAMP_KEY)).toBe(String(now));
    expect(reloadOnceForChunkError(now + 1000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunkError(now + AUTO_RELOAD_WINDOW_MS + 1)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('LoadErrorBoundary', () => {
  it('reloads automatically once, and the second time shows the load error with a retry', () => {
    const first = render(
      <LoadErrorBoundary>
        <Thrower error={chunkError()} />
      </LoadErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('页面加载失败')).toBeNull();
    first.unmount();

    render(
      <LoadErrorBoundary>
        <Thrower error={chunkError()} />
      </LoadErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByText('页面加载失败')).toBeInTheDocument();
    fireEvent.click(screen.getByText('重新加载'));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('shows a calm message for other errors', () => {
    render(
      <LoadErrorBoundary>
        <Thrower error={new Error('boom')} />
      </LoadErrorBoundary>,
    );
    expect(screen.getByText('页面出错了')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('src/loading.tsx', () => {
  it('is a blank placeholder that turns into the load error after 120 s', () => {
    vi.useFakeTimers();
    render(<Loading />);
    expect(screen.queryByText('页面加载失败')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.queryByText('页面加载失败')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('页面加载失败')).toBeInTheDocument();
    expect(screen.getByText(/120 秒/)).toBeInTheDocument();
  });
});

describe('a chunk script that fails while the placeholder shows', () => {
  function failChunkScript() {
    const script = document.createElement('script');
    script.dataset.webpack = 'app:42';
    document.head.appendChild(script);
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
  }

  it('reloads once at once, without waiting for the time-out', () => {
    render(<Loading />);
    failChunkScript();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('页面加载失败')).toBeNull();
  });

  it('shows the load error when a reload just happened', () => {
    window.sessionStorage.setItem(RELOAD_STAMP_KEY, String(Date.now()));
    render(<Loading />);
    failChunkScript();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText('页面加载失败')).toBeInTheDocument();
  });

  it('ignores other failed resources', () => {
    render(<Loading />);
    const img = document.createElement('img');
    document.body.appendChild(img);
    act(() => {
      img.dispatchEvent(new Event('error'));
    });
    img.remove();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByText('页面加载失败')).toBeNull();
  });
});

describe('dropUnconfirmedPreloads', () => {
  it('removes preloaded chunk scripts whose chunk webpack has not received', () => {
    for (const key of ['app:7', 'app:8', 'app:src__pages__index']) {
      const script = document.createElement('script');
      script.dataset.webpack = key;
      document.head.appendChild(script);
    }
    const scope = { webpackChunkapp: [[[7], {}], [['src__pages__index'], {}]], other: [[[8]]] };
    expect(dropUnconfirmedPreloads(document, scope)).toEqual(['app:8']);
    const left = [...document.querySelectorAll<HTMLScriptElement>('script[data-webpack]')].map((s) => s.dataset.webpack);
    expect(left).toEqual(['app:7', 'app:src__pages__index']);
  });
});
