/**
 * <ResourceFormDrawer/> (src/components/ListPage/ResourceFormDrawer.tsx) over a small resource
 * of its own (/widgets, answered here): the form's rules refuse bad input before any call; a
 * new record is created with the pressed submitter, toasted, reported and the drawer closes; a
 * record is loaded into the form and saved with the version it was read at; a stale version
 * (HTTP 409) says someone else changed it and 重新加载 loads the latest; another refusal shows
 * the server's message in the drawer; a submitter behind a code shows only to its holders.
 * Nothing lost, nothing by accident: with changes, 取消, Esc, the mask, ✕, a route change and
 * leaving the site ask first (and without changes they do not); a submitter may ask first
 * (发布); with `draft`, what is typed is kept in the browser, offered back, cleared on save.
 */
import { ProFormText } from '@ant-design/pro-components';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CONFLICT_MESSAGE, maxLength, required, ResourceFormDrawer, useFormDrawer, type Submitter } from '@/components/ListPage';
import { fullPage } from '@/components/fullPageNavigation';
import { draftKey, readDraft, writeDraft } from '@/hooks/useFormDraft';
import { signOut } from '@/layouts/ManageLayout/UserMenu';
import { api } from '@/services/api';
import { limitedStaff, server } from '../../mock';
import { apiPath, bad, ok } from '../../mock/envelopes';
import { renderPage } from './contentTestKit';


interface Widget {
  id: string;
  name: string;
  version: number;
}
interface WidgetValues {
  name: string;
}

const SUBMITTERS: Submitter[] = [
  { key: 'draft', label: '保存草稿', successMessage: '草稿已保存' },
  { key: 'publish', label: '发布', code: 'content:article:publish', primary: true, successMessage: '部件已发布' },
];

/** What the server holds and received. */
const db: { widget: Widget; bodies: unknown[] } = { widget: { id: 'w1', name: '旧名称', version: 3 }, bodies: [] };

function serveWidgets(options: { conflict?: boolean; refuse?: string } = {}) {
  db.widget = { id: 'w1', name: '旧名称', version: 3 };
  db.bodies = [];
  server.use(
    http.get(apiPath('/widgets/:id'), () => HttpResponse.json(ok(db.widget))),
    http.post(apiPath('/widgets'), async ({ request }) => {
      db.bodies.push(await request.json());
      return options.refuse ? bad(options.refuse) : HttpResponse.json(ok({ id: 'w2' }));
    }),
    http.put(apiPath('/widgets/:id'), async ({ request }) => {
      const body = (await request.json()) as { name: string; version: number };
      db.bodies.push(body);
      if (options.conflict && body.version !== db.widget.version) return bad('数据已被他人修改，请刷新后重试', 409);
      db.widget = { ...db.widget, name: body.name, version: db.widget.version + 1 };
      return HttpResponse.json(ok(null));
    }),
  );
}

const saved: { id?: string; submitter: string }[] = [];

/** 发布 that says what it does first. */
const CONFIRMING: Submitter<WidgetValues>[] = [
  { key: 'publish', label: '发布', primary: true, confirm: (v) => ({ title: `确定发布「${v.name}」吗？`, content: '发布后访客即可看到。' }) },
];

function WidgetForm({ editId, draft, submitters = SUBMITTERS }: { editId?: string; draft?: boolean; submitters?: Submitter<WidgetValues>[] }) {
  const drawer = useFormDrawer();
  const { openCreate, openEdit } = drawer;
  // Opened as a page would from 新建 or a row's 编辑.
  useEffect(() => {
    if (editId) openEdit(editId);
    else openCreate();
  }, [editId, openCreate, openEdit]);
  return (
    <ResourceFormDrawer<Widget, WidgetValues>
      title="部件"
      target={drawer.target}
      onClose={drawer.close}
      onSaved={(info) => saved.push(info)}
      load={(id) => api<Widget>(`/widgets/${id}`)}
      toValues={(r) => ({ name: r.name })}
      versionOf={(r) => r.version}
      create={(values, submitter) => api('/widgets', { method: 'POST', data: { ...values, submitter } })}
      update={(id, values, version) => api(`/widgets/${id}`, { method: 'PUT', data: { ...values, version } })}
      submitters={submitters}
      draft={draft ? { resource: 'widgets' } : undefined}
    >
      <ProFormText name="name" label="名称" placeholder="部件名称" rules={[required('名称'), maxLength('名称', 10)]} />
    </ResourceFormDrawer>
  );
}

const drawerPanel = () => document.querySelector('.ant-drawer-open .ant-drawer-content-wrapper') as HTMLElement;
const type = (value: string) => fireEvent.change(within(drawerPanel()).getByPlaceholderText('部件名称'), { target: { value } });

describe('ResourceFormDrawer', () => {
  it('refuses what the form’s rules refuse, before any call', async () => {
    serveWidgets();
    renderPage(<WidgetForm />, '/widgets');
    await screen.findByText('新建部件', { selector: '.ant-drawer-title' });
    fireEvent.click(within(drawerPanel()).getByText('保存草稿'));
    expect(await within(drawerPanel()).findByText('请输入名称')).toBeInTheDocument();
    type('一个超过十个字的部件名称啊');
    fireEvent.click(within(drawerPanel()).getByText('保存草稿'));
    expect(await within(drawerPanel()).findByText('名称不能超过 10 个字符')).toBeInTheDocument();
    expect(db.bodies).toEqual([]);
  });

  it('creates with the pressed submitter, toasts, reports and closes', async () => {
    serveWidgets();
    saved.length = 0;
    renderPage(<WidgetForm />, '/widgets');
    await screen.findByText('新建部件', { selector: '.ant-drawer-title' });
    type('新部件');
    fireEvent.click(within(drawerPanel()).getByText('发 布'));
    await waitFor(() => expect(db.bodies).toEqual([{ name: '新部件', submitter: 'publish' }]));
    expect(await screen.findByText('部件已发布')).toBeInTheDocument();
    expect(saved).toEqual([{ id: undefined, submitter: 'publish' }]);
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });

  it('a submitter behind a code shows only to its holders', async () => {
    serveWidgets();
    renderPage(<WidgetForm />, '/widgets', limitedStaff);
    await screen.findByText('新建部件', { selector: '.ant-drawer-title' });
    expect(within(drawerPanel()).getByText('保存草稿')).toBeInTheDocument();
    expect(within(drawerPanel()).queryByText('发 布')).toBeNull();
  });

  it('a refusal shows the server’s message in the drawer, which stays open', async () => {
    serveWidgets({ refuse: '名称已存在' });
    renderPage(<WidgetForm />, '/widgets');
    await screen.findByText('新建部件', { selector: '.ant-drawer-title' });
    type('重名部件');
    fireEvent.click(within(drawerPanel()).getByText('保存草稿'));
    expect(await within(drawerPanel()).findByText('名称已存在')).toBeInTheDocument();
    expect(screen.getByText('新建部件', { selector: '.ant-drawer-title' })).toBeInTheDocument();
  });

  it('edits with the version read; a stale one says so and 重新加载 loads the latest', async () => {
    serveWidgets({ conflict: true });
    renderPage(<WidgetForm editId="w1" />, '/widgets');
    await screen.findByText('编辑部件', { selector: '.ant-drawer-title' });
    await waitFor(() => expect(within(drawerPanel()).getByPlaceholderText('部件名称')).toHaveValue('旧名称'));
    // Someone else saves first.
    db.widget = { ...db.widget, name: '他人的名称', version: 4 };
    type('我的名称');
    fireEvent.click(within(drawerPanel()).getByText('保存草稿'));
    expect(await within(drawerPanel()).findByText('保存失败：数据已被他人修改')).toBeInTheDocument();
    expect(within(drawerPanel()).getByText(CONFLICT_MESSAGE)).toBeInTheDocument();
    expect(db.bodies).toEqual([{ name: '我的名称', version: 3 }]);

    fireEvent.click(within(drawerPanel()).getByText('重新加载'));
    // The latest values come first, the warning goes once they are in: wait for both.
    await waitFor(() => {
      expect(within(drawerPanel()).getByPlaceholderText('部件名称')).toHaveValue('他人的名称');
      expect(screen.queryByText('保存失败：数据已被他人修改')).toBeNull();
    });
    type('我的名称');
    fireEvent.click(within(drawerPanel()).getByText('保存草稿'));
    await waitFor(() => expect(db.bodies).toEqual([{ name: '我的名称', version: 3 }, { name: '我的名称', version: 4 }]));
    expect(db.widget).toMatchObject({ name: '我的名称', version: 5 });
  });
});

const drawerOpen = () => document.querySelector('.ant-drawer-open') !== null;
/** The confirmation open now (a closed one may linger in the test DOM while it animates away). */
const question = () => [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find((el) => !/-leave/.test(el.className)) ?? null;
/** Waits for the open confirmation with this title. */
const asked = (title: string) =>
  waitFor(() => {
    const dialog = question();
    if (!dialog || !within(dialog).queryByText(title, { selector: '.ant-modal-confirm-title' })) throw new Error(`not asked: ${title}`);
    return dialog;
  });
const pressInQuestion = (label: string) => {
  const dialog = question();
  if (!dialog) throw new Error('no question asked');
  fireEvent.click(within(dialog).getByText(label));
};
const pressEsc = () => fireEvent.keyDown(drawerPanel(), { key: 'Escape', code: 'Escape', keyCode: 27 });
const clickMask = () => fireEvent.click(document.querySelector('.ant-drawer-open .ant-drawer-mask') as HTMLElement);
const clickCross = () => fireEvent.click(document.querySelector('.ant-drawer-open .ant-drawer-close') as HTMLElement);

async function openNew(options: { draft?: boolean } = {}) {
  renderPage(<WidgetForm draft={options.draft} />, '/widgets');
  await screen.findByText('新建部件', { selector: '.ant-drawer-title' });
}

describe('ResourceFormDrawer: a form with changes asks before it goes away', () => {
  const ways: [string, () => void][] = [
    ['取消', () => fireEvent.click(within(drawerPanel()).getByText('取 消'))],
    ['Esc', pressEsc],
    ['the mask', clickMask],
    ['✕', clickCross],
  ];

  it.each(ways)('without changes, %s closes at once', async (_way, close) => {
    serveWidgets();
    await openNew();
    close();
    await waitFor(() => expect(drawerOpen()).toBe(false));
    expect(question()).toBeNull();
  });

  it.each(ways)('with changes, %s asks: 继续编辑 keeps the form, 放弃修改 closes it', async (_way, close) => {
    serveWidgets();
    await openNew();
    type('写了一半');
    close();
    await asked('放弃未保存的修改？');
    // Enter keeps the typing: the focus is on 继续编辑.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('继续编辑'));
    pressInQuestion('继续编辑');
    await waitFor(() => expect(question()).toBeNull());
    expect(drawerOpen()).toBe(true);
    expect(within(drawerPanel()).getByPlaceholderText('部件名称')).toHaveValue('写了一半');

    close();
    await asked('放弃未保存的修改？');
    pressInQuestion('放弃修改');
    await waitFor(() => expect(drawerOpen()).toBe(false));
    expect(db.bodies).toEqual([]);
  });

  it('typing and deleting it again leaves nothing to lose', async () => {
    serveWidgets();
    await openNew();
    type('临时');
    type('');
    fireEvent.click(within(drawerPanel()).getByText('取 消'));
    await waitFor(() => expect(drawerOpen()).toBe(false));
    expect(question()).toBeNull();
  });

  it('an edited record loaded into the form is no change; typing is', async () => {
    serveWidgets();
    renderPage(<WidgetForm editId="w1" />, '/widgets');
    await waitFor(() => expect(within(drawerPanel()).getByPlaceholderText('部件名称')).toHaveValue('旧名称'));
    pressEsc();
    await waitFor(() => expect(drawerOpen()).toBe(false));
    expect(question()).toBeNull();
  });

  it('a route change asks while there are changes: 继续编辑 stays, 放弃修改 goes', async () => {
    serveWidgets();
    history.replace('/widgets');
    await openNew();
    type('未保存的名称');
    act(() => history.push('/Manage/notice'));
    await asked('放弃未保存的修改？');
    expect(history.location.pathname).toBe('/widgets');
    pressInQuestion('继续编辑');
    await waitFor(() => expect(question()).toBeNull());
    expect(history.location.pathname).toBe('/widgets');


    act(() => history.push('/Manage/notice'));
    await asked('放弃未保存的修改？');
    pressInQuestion('放弃修改');
    await waitFor(() => expect(history.location.pathname).toBe('/Manage/notice'));
  });

  it('the way to the login page (the session ended) is never blocked', async () => {
    serveWidgets();
    history.replace('/widgets');
    await openNew();
    type('未保存的名称');
    act(() => history.push('/login?redirect=%2Fwidgets'));
    expect(history.location.pathname).toBe('/login');
    expect(question()).toBeNull();
  });

  it('after a save, a route change goes without asking', async () => {
    serveWidgets();
    history.replace('/widgets');
    await openNew();
    type('保存的名称');
    fireEvent.click(within(drawerPanel()).getByText('保存草稿'));
    await waitFor(() => expect(drawerOpen()).toBe(false));
    act(() => history.push('/Manage/notice'));
    expect(history.location.pathname).toBe('/Manage/notice');
    expect(question()).toBeNull();
  });

  it('leaving the site (beforeunload) is questioned only while there are changes', async () => {
    serveWidgets();
    await openNew();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    type('未保存');
    expect(leave()).toBe(true);
    type('');
    await waitFor(() => expect(leave()).toBe(false));
  });

  it('a submitter that asks first: 取消 sends nothing, the OK button sends', async () => {
    serveWidgets();
    renderPage(<WidgetForm submitters={CONFIRMING} />, '/widgets');
    await screen.findByText('新建部件', { selector: '.ant-drawer-title' });
    type('公开部件');
    fireEvent.click(within(drawerPanel()).getByText('发 布'));
    expect(within(await asked('确定发布「公开部件」吗？')).getByText('发布后访客即可看到。')).toBeInTheDocument();
    pressInQuestion('取 消');
    await waitFor(() => expect(question()).toBeNull());
    expect(db.bodies).toEqual([]);
    expect(drawerOpen()).toBe(true);

    fireEvent.click(within(drawerPanel()).getByText('发 布'));
    await asked('确定发布「公开部件」吗？');
    pressInQuestion('发 布');
    await waitFor(() => expect(db.bodies).toEqual([{ name: '公开部件', submitter: 'publish' }]));
    await waitFor(() => expect(drawerOpen()).toBe(false));
  });
});

describe('ResourceFormDrawer: browser drafts', () => {
  const NEW_KEY = draftKey('user-admin', 'widgets', null);
  const EDIT_KEY = draftKey('user-admin', 'widgets', 'w1');

  it('keeps what is typed, offers it back next time (恢复), and a save removes it', async () => {
    serveWidgets();
    await openNew({ draft: true });
    type('草稿里的名称');
    await waitFor(() => expect(readDraft(NEW_KEY)?.values).toEqual({ name: '草稿里的名称' }));

    // The tab closes (or the session ends) with the drawer open; later the form opens again.
    cleanup();
    await openNew({ draft: true });
    expect(await within(drawerPanel()).findByText(/^发现未保存的草稿（\d{4}-\d{2}-\d{2} \d{2}:\d{2}）$/)).toBeInTheDocument();
    expect(within(drawerPanel()).getByPlaceholderText('部件名称')).toHaveValue('');
    fireEvent.click(within(drawerPanel()).getByText('恢 复'));
    await waitFor(() => expect(within(drawerPanel()).getByPlaceholderText('部件名称')).toHaveValue('草稿里的名称'));
    expect(within(drawerPanel()).queryByText(/发现未保存的草稿/)).toBeNull();

    // Restored changes are changes: closing asks.
    pressEsc();
    await asked('放弃未保存的修改？');
    pressInQuestion('继续编辑');

    fireEvent.click(within(drawerPanel()).getByText('保存草稿'));
    await waitFor(() => expect(db.bodies).toEqual([{ name: '草稿里的名称', submitter: 'draft' }]));
    expect(readDraft(NEW_KEY)).toBeNull();
  });

  it('丢弃 removes the offered draft; a form without one offers nothing', async () => {
    serveWidgets();
    writeDraft(NEW_KEY, { name: '旧草稿' });
    await openNew({ draft: true });
    fireEvent.click(await within(drawerPanel()).findByText('丢 弃'));
    await waitFor(() => expect(within(drawerPanel()).queryByText(/发现未保存的草稿/)).toBeNull());
    expect(readDraft(NEW_KEY)).toBeNull();

    cleanup();
    await openNew({ draft: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(drawerPanel()).queryByText(/发现未保存的草稿/)).toBeNull();
  });

  it('放弃修改 removes the draft of the discarded changes', async () => {
    serveWidgets();
    await openNew({ draft: true });
    type('不要了');
    await waitFor(() => expect(readDraft(NEW_KEY)).not.toBeNull());
    pressEsc();
    await asked('放弃未保存的修改？');
    pressInQuestion('放弃修改');
    await waitFor(() => expect(drawerOpen()).toBe(false));
    expect(readDraft(NEW_KEY)).toBeNull();
  });

  it('a restored draft of an older version is saved with that version: the newer record is not overwritten', async () => {
    serveWidgets({ conflict: true });
    writeDraft(EDIT_KEY, { name: '基于旧版本的草稿' }, 2);
    renderPage(<WidgetForm editId="w1" draft />, '/widgets');
    fireEvent.click(await within(drawerPanel()).findByText('恢 复'));
    await waitFor(() => expect(within(drawerPanel()).getByPlaceholderText('部件名称')).toHaveValue('基于旧版本的草稿'));
    fireEvent.click(within(drawerPanel()).getByText('保存草稿'));
    expect(await within(drawerPanel()).findByText(CONFLICT_MESSAGE)).toBeInTheDocument();
    expect(db.bodies).toEqual([{ name: '基于旧版本的草稿', version: 2 }]);
    expect(db.widget.name).toBe('旧名称');
  });

  it('drafts are the user’s: another user’s key holds nothing of theirs, and signing out removes them', async () => {
    const go = vi.spyOn(fullPage, 'go').mockImplementation(() => undefined);
    writeDraft(NEW_KEY, { name: '管理员的草稿' });
    writeDraft(draftKey('user-other', 'widgets', null), { name: '别人的草稿' });
    await signOut({ authType: 1, userId: 'user-admin' });
    expect(readDraft(NEW_KEY)).toBeNull();
    expect(readDraft(draftKey('user-other', 'widgets', null))?.values).toEqual({ name: '别人的草稿' });
    expect(go).toHaveBeenCalledWith('/login?authType=1');
    go.mockRestore();
  });
});
