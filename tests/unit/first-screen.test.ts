/**
 * src/request/firstScreen.ts: the page's first GET calls are answered from the data block the
 * server wrote into index.html (server/http/spaPage.ts), once each, through the same response
 * handling; anything else goes to the API.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { FIRST_SCREEN_DATA_ID } from '@common/firstScreen';
import { useApiRequest } from '@/hooks/useApiRequest';
import { api } from '@/services/api';
import { peekFirstScreenData, resetFirstScreenAnswers, useFirstScreenPlugin } from '@/request/firstScreen';
import { ApiError } from '@/requestErrors';
import { failure, ok, recordRequests, server } from '../../mock';

function pageWith(data: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_SCREEN_DATA_ID;
  block.textContent = typeof data === 'string' ? data : JSON.stringify(data);
  document.body.append(block);
  resetFirstScreenAnswers();
}

afterEach(() => {
  document.getElementById(FIRST_SCREEN_DATA_ID)?.remove();
  resetFirstScreenAnswers();
});

describe('first-screen answers', () => {
  it('answers the first GET of a path from the page, then asks the API', async () => {
    pageWith({ '/api/v1/public/home': ok({ from: 'page' }) });
    const { handler, requests } = recordRequests('get', '/public/home', ok({ from: 'api' }));
    server.use(handler);
    await expect(api('/public/home')).resolves.toEqual({ from: 'page' });
    expect(requests).toHaveLength(0);
    await expect(api('/public/home')).resolves.toEqual({ from: 'api' });
    expect(requests).toHaveLength(1);
  });

  it('leaves calls with a query, other methods and other paths to the API', async () => {
    pageWith({ '/api/v1/public/articles': ok({ from: 'page' }), '/api/v1/public/home': ok({ from: 'page' }) });
    const list = recordRequests('get', '/public/articles', ok({ from: 'api' }));
    const post = recordRequests('post', '/public/home', ok({ from: 'api' }));
    server.use(list.handler, post.handler);
    await expect(api('/public/articles', { params: { current: 2 } })).resolves.toEqual({ from: 'api' });
    await expect(api('/public/home', { method: 'POST', data: {} })).resolves.toEqual({ from: 'api' });
    expect(list.requests).toHaveLength(1);
    expect(post.requests).toHaveLength(1);
  });

  it('passes the answer through the envelope handling', async () => {
    pageWith({ '/api/v1/public/home': failure(10, '首页暂不可用') });
    await expect(api('/public/home', { skipErrorHandler: true })).rejects.toBeInstanceOf(ApiError);
  });

  it('ignores a broken block', async () => {
    pageWith('{"not json');
    const { handler, requests } = recordRequests('get', '/public/home', ok({ from: 'api' }));
    server.use(handler);
    await expect(api('/public/home')).resolves.toEqual({ from: 'api' });
    expect(requests).toHaveLength(1);
  });
});

/** What the page keeps: the API's answer, or the page's block shaped by the plugin's `select`. */
interface HomeShape {
  from: string;
  shaped?: boolean;
}

describe('useFirstScreenPlugin', () => {
  function useHome() {
    const plugin = useFirstScreenPlugin('/public/home', (home: { from: string }): HomeShape => ({ ...home, shaped: true }));
    return useApiRequest(() => api<HomeShape>('/public/home'), {}, [plugin]);
  }

  it('starts the request with the answer, shaped, and makes no call; the next run asks the API', async () => {
    pageWith({ '/api/v1/public/home': ok({ from: 'page' }) });
    const { handler, requests } = recordRequests('get', '/public/home', ok({ from: 'api' }));
    server.use(handler);
    const { result, rerender } = renderHook(() => useHome());
    // The first render already has it.
    expect(result.current.data).toEqual({ from: 'page', shaped: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(0);
    // Not loading, from the next render on (the plugin causes none itself).
    rerender();
    expect(result.current.loading).toBe(false);
    expect(result.current.data).toEqual({ from: 'page', shaped: true });
    // Used up: a refresh goes to the API.
    expect(peekFirstScreenData('/public/home')).toBeUndefined();
    result.current.refresh();
    await waitFor(() => expect(result.current.data).toEqual({ from: 'api' }));
    expect(requests).toHaveLength(1);
  });

  it('changes nothing without an answer: the request runs as usual', async () => {
    const { handler, requests } = recordRequests('get', '/public/home', ok({ from: 'api' }));
    server.use(handler);
    const { result } = renderHook(() => useHome());
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toEqual({ from: 'api' }));
    expect(requests).toHaveLength(1);
  });

  it('ignores a failed answer', () => {
    pageWith({ '/api/v1/public/home': failure(10, '首页暂不可用') });
    expect(peekFirstScreenData('/public/home')).toBeUndefined();
  });
});
