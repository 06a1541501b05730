/**
 * src/app.tsx: the initial state (the app's name, and the current user when logged in) and the
 * session bridge, rendered through Umi's own runtime plugins; src/layouts/AntdProvider.tsx:
 * antd's Chinese locale, theme and toast settings (2 s, one at a time) where antd is used; no
 * antd in Umi's runtime (the entry script every visit runs).
 *
 * This file needs an isolated module registry (vitest.config.mts): it renders Umi's whole
 * runtime, whose model store and plugin manager an earlier file would have set up already.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Button, DatePicker, Modal, Pagination, Table } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { ApplyPluginsType, useModel } from '@umijs/max';
import { getPluginManager } from '@@/core/plugin';
import * as appRuntime from '@/app';
import AntdProvider from '@/layouts/AntdProvider';
import { APP_NAME } from '@/initialState';
import { BRAND_COLOR } from '@/theme';
import { api } from '@/services/api';
import { registeredFeedback } from '@/request/feedback';
import { getCurrentUser, getToken, readLoginNotice, saveCurrentUser, setToken } from '@/storage';
import {
  answerEnvelope,
  answerHttpError,
  answerNetworkError,
  EXPIRED_TOKEN,
  failure,
  limitedStaff,
  recordRequests,
  server,
  superAdmin,
} from '../../mock';
import { noticesShown } from './toasts';

const { getInitialState, request: requestConfig } = appRuntime;

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('getInitialState', () => {
  it('without a token: only the name, and no call', async () => {
    const { handler, requests } = recordRequests('all', '/user/current');
    server.use(handler);
    await expect(getInitialState()).resolves.toEqual({ name: '市社会稳定风险评估行业协会' });
    expect(APP_NAME).toBe('市社会稳定风险评估行业协会');
    expect(requests).toHaveLength(0);
  });

  it('with a token: the current user, also stored', async () => {
    setToken(superAdmin.token);
    const state = await getInitialState();
    expect(state).toEqual({ name: APP_NAME, currentUser: superAdmin.user });
    expect(getCurrentUser()).toEqual({ ...superAdmin.user, unitId: superAdmin.user.userId });
    expect(getToken()).toBe(superAdmin.token);
  });

  it('with an expired token: quietly clears the session and keeps the name', async () => {
    setToken(EXPIRED_TOKEN);
    saveCurrentUser(limitedStaff.user);
    window.history.replaceState(null, '', '/FrontPage/notice');
    await expect(getInitialState()).resolves.toEqual({ name: APP_NAME });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('currentUser')).toBeNull();
    // No toast, and the public page stays where it is.
    await settle();
    expect(noticesShown()).toEqual([]);
    expect(window.location.pathname).toBe('/FrontPage/notice');
  });

  it('with an empty-token answer (status 21): the same', async () => {
    setToken('whatever');
    server.use(answerEnvelope('get', '/user/current', failure(21, 'token为空'), 401));
    await expect(getInitialState()).resolves.toEqual({ name: APP_NAME });
    expect(getToken()).toBeUndefined();
  });

  it.each([
    ['the network fails', answerNetworkError('get', '/user/current')],
    ['the server fails', answerHttpError('get', '/user/current', 502)],
    ['a business error', answerEnvelope('get', '/user/current', failure(10, '服务繁忙'), 503)],
  ])('when %s: keeps the stored session, quietly', async (_, handler) => {
    setToken(superAdmin.token);
    saveCurrentUser(superAdmin.user);
    server.use(handler);
    const state = await getInitialState();
    expect(state.name).toBe(APP_NAME);
    expect(state.currentUser?.userId).toBe(superAdmin.user.userId);
    expect(getToken()).toBe(superAdmin.token);
    await settle();
    expect(noticesShown()).toEqual([]);
  });

  it('when the network fails and nothing is stored: only the name', async () => {
    setToken(superAdmin.token);
    server.use(answerNetworkError('get', '/user/current'));
    await expect(getInitialState()).resolves.toEqual({ name: APP_NAME });
  });
});

describe('runtime configuration', () => {
  it('request: /api/v1, a time-out, GET, the interceptors', () => {
    expect(requestConfig.baseURL).toBe('/api/v1');
    expect(requestConfig.method).toBe('GET');
    expect(requestConfig.timeout).toBeGreaterThan(0);
    expect(requestConfig.requestInterceptors).toHaveLength(2);
    // The account gate's listener (src/request/accountGate.ts), then the error handling.
    expect(requestConfig.responseInterceptors).toHaveLength(2);
    expect(requestConfig.errorConfig).toBeUndefined();
  });

  it('gives Umi no antd runtime configuration (antd stays out of the entry)', () => {
    expect(Object.keys(appRuntime).sort()).toEqual(['getInitialState', 'innerProvider', 'render', 'request']);
  });

  it('dayjs speaks Chinese', () => {
    expect(dayjs.locale()).toBe('zh-cn');
    expect(dayjs('2026-11-22').format('dddd MMMM')).toBe('星期日 十一月');
  });
});

/** Wraps `children` exactly as Umi's renderClient does, with every runtime plugin. */
function renderApp(children: ReactNode) {
  let element: ReactNode = children;
  for (const key of ['innerProvider', 'i18nProvider', 'accessProvider', 'dataflowProvider', 'outerProvider', 'rootContainer']) {
    element = getPluginManager().applyPlugins({
      key,
      type: ApplyPluginsType.modify,
      initialValue: element,
      args: { routes: {}, history: undefined, plugin: getPluginManager() },
    }) as ReactNode;
  }
  return render(<>{element}</>);
}

function WhoAmI() {
  const { initialState } = useModel('@@initialState');
  return <p>当前用户：{initialState?.currentUser?.name ?? '未登录'}</p>;
}

describe('the app as Umi renders it', () => {
  it('shows antd components in Chinese under AntdProvider', async () => {
    renderApp(
      <AntdProvider>
        <WhoAmI />
        <Pagination total={50} showSizeChanger showQuickJumper />
        <DatePicker open />
        <Table columns={[{ title: '名称', dataIndex: 'name' }]} dataSource={[]} />
        <Modal open title="确认">
          内容
        </Modal>
      </AntdProvider>,
    );
    await screen.findByText('当前用户：未登录');
    expect(screen.getByText('10 条/页')).toBeInTheDocument();
    expect(screen.getByText(/跳至/)).toBeInTheDocument();
    expect(screen.getAllByPlaceholderText('请选择日期').length).toBeGreaterThan(0);
    expect(screen.getByText('今天')).toBeInTheDocument();
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /确\s*定/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    for (const english of ['items/page', 'Go to', 'Select date', 'Today', 'No data', 'Cancel', 'OK']) {
      expect(text).not.toContain(english);
    }
  });

  it('loads the current user into the initial state', async () => {
    setToken(superAdmin.token);
    renderApp(<WhoAmI />);
    expect(await screen.findByText('当前用户：系统管理员')).toBeInTheDocument();
  });

  it('uses the theme: the brand colour on a primary button', async () => {
    renderApp(
      <AntdProvider>
        <WhoAmI />
        <Button type="primary">保存</Button>
      </AntdProvider>,
    );
    await screen.findByText('当前用户：未登录');
    // The rules as antd wrote them (tests/unit/setup.ts keeps them unparsed, as innerHTML).
    const styles = [...document.querySelectorAll('style')].map((style) => style.innerHTML).join('\n');
    expect(styles.toLowerCase()).toContain(BRAND_COLOR);
  });

  it("shows request errors through AntdProvider's App: one toast at a time", async () => {
    renderApp(
      <AntdProvider>
        <WhoAmI />
      </AntdProvider>,
    );
    await screen.findByText('当前用户：未登录');
    // <AppBridge/> has registered App.useApp()'s instances in place of the static ones.
    await waitFor(() => expect(registeredFeedback()).toBeDefined());
    server.use(
      answerEnvelope('get', '/one', failure(10, '第一个错误')),
      answerEnvelope('get', '/two', failure(10, '第二个错误')),
    );
    await act(async () => {
      await api('/one').catch(() => undefined);
      await api('/two').catch(() => undefined);
    });
    expect(await screen.findByText('第二个错误')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('第一个错误')).not.toBeInTheDocument());
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1);
  });

  it('a token error logs out of the running app', async () => {
    setToken(superAdmin.token);
    window.history.replaceState(null, '', '/Manage/staging');
    renderApp(<WhoAmI />);
    await screen.findByText('当前用户：系统管理员');
    server.use(answerEnvelope('get', '/things', failure(20, 'token无效或已过期'), 401));
    await act(async () => {
      await api('/things').catch(() => undefined);
    });
    expect(await screen.findByText('当前用户：未登录')).toBeInTheDocument();
    expect(readLoginNotice()).toBe('token无效或已过期，请重新登录');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/login?authType=1&redirect=%2FManage%2Fstaging');
    expect(getToken()).toBeUndefined();
    expect(getCurrentUser()).toBeUndefined();
  });
});
