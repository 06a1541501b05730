/**
 * <ResourceFormDrawer/> (src/components/ListPage/ResourceFormDrawer.tsx) over a small resource
 * of its own (/widgets, answered here): the form's rules refuse bad input before any call; a
 * new record is created with the pressed submitter, toasted, reported and the drawer closes; a
 * record is loaded into the form and saved with the version it was read at; a stale version
 * (HTTP 409) says someone else changed it and 重新加载 loads the latest; another refusal shows
 * the server's message in the drawer; a submitter behind a code shows only to its holders.
 */
import { ProFormText } from '@ant-design/pro-components';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CONFLICT_MESSAGE, maxLength, required, ResourceFormDrawer, useFormDrawer, type Submitter } from '@/components/ListPage';
import { api } from '@/services/api';
import { limitedStaff, server } from '../../mock';
import { apiPath, bad, ok } from '../../mock/envelopes';
import { renderPage } from './contentTestKit';

vi.mock('@umijs/max', async (importOriginal) => (await import('./contentTestKit')).mockUmi(await importOriginal()));

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

function WidgetForm({ editId }: { editId?: string }) {
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
      submitters={SUBMITTERS}
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
    await waitFor(() => expect(within(drawerPanel()).getByPlaceholderText('部件名称')).toHaveValue('他人的名称'));
    expect(screen.queryByText('保存失败：数据已被他人修改')).toBeNull();
    type('我的名称');
    fireEvent.click(within(drawerPanel()).getByText('保存草稿'));
    await waitFor(() => expect(db.bodies).toEqual([{ name: '我的名称', version: 3 }, { name: '我的名称', version: 4 }]));
    expect(db.widget).toMatchObject({ name: '我的名称', version: 5 });
  });
});
