/**
 * src/request/firstScreen.ts: the page's first GET calls are answered from the data block the
 * server wrote into index.html (server/http/spaPage.ts), once each, through the same response
 * handling; anything else goes to the API.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID } from '@common/firstScreen';
import { api } from '@/services/api';
import { resetFirstScreenAnswers } from '@/request/firstScreen';
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
