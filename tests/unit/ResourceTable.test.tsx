/**
 * <ResourceTable/> (src/components/ListPage/ResourceTable.tsx) over a small resource of its
 * own (GET /widgets, answered here): the filters start from the URL and go to the server, a
 * search writes them back; a sortable column sends `sort=field,dir`; an empty list says so; a
 * failed one says so and offers 重试; each row shows the buttons its `actions` offer (a button
 * naming no action shows on every row); a destructive one asks first, naming the record; 新建
 * needs its code; a row offering none of the batch actions cannot be selected. On a phone the
 * buttons come first (one and 更多 when a row offers more than two) and the search form starts
 * folded; narrower than 1600 px an optional column starts hidden unless the user chose it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { columnChoicesKey } from '@/components/ListPage/columnChoices';
import {
  dateRangeFilter,
  dateTimeColumn,
  deleteAction,
  editAction,
  keywordColumn,
  ResourceTable,
  type BatchAction,
  type ResourceColumn,
  type RowAction,
} from '@/components/ListPage';
import { api } from '@/services/api';
import type { Page } from '@common/schemas/common';
import { answerNetworkError, limitedStaff, server, superAdmin } from '../../mock';
import { apiPath, ok } from '../../mock/envelopes';
import { currentUrl, renderPage, rowOf, waitForRow, waitForUrl } from './contentTestKit';


/** A type alias (not an interface), so that it passes as a plain record of fields. */
type Widget = {
  id: string;
  name: string;
  state: 'draft' | 'published';
  updatedAt: string;
  actions: ('edit' | 'publish' | 'delete')[];
};

const WIDGETS: Widget[] = [
  { id: 'w1', name: '草稿部件', state: 'draft', updatedAt: '2026-11-01T02:00:00.000Z', actions: ['edit', 'publish', 'delete'] },
  { id: 'w2', name: '已发布部件', state: 'published', updatedAt: '2026-11-02T02:00:00.000Z', actions: ['edit'] },
  { id: 'w3', name: '只读部件', state: 'published', updatedAt: '2026-11-03T02:00:00.000Z', actions: [] },
];

/** The queries GET /widgets received, and the ids DELETE /widgets/:id removed. */
const seen: { queries: Record<string, string>[]; deleted: string[]; ran: string[] } = { queries: [], deleted: [], ran: [] };

function serveWidgets(rows: Widget[] = WIDGETS) {
  seen.queries = [];
  seen.deleted = [];
  seen.ran = [];
  let stored = [...rows];
  server.use(
    http.get(apiPath('/widgets'), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      seen.queries.push(query);
      const list = stored.filter((w) => (!query.state || w.state === query.state) && (!query.keyword || w.name.includes(query.keyword)));
      if (query.sort === 'updatedAt,desc') list.reverse();
      return HttpResponse.json(ok({ list, total: list.length, current: Number(query.current ?? 1), pageSize: Number(query.pageSize ?? 10) }));
    }),
    http.delete(apiPath('/widgets/:id'), ({ params }) => {
      seen.deleted.push(String(params.id));
      stored = stored.filter((w) => w.id !== params.id);
      return HttpResponse.json(ok(null));
    }),
  );
}

const lastQuery = () => seen.queries[seen.queries.length - 1] ?? {};

const columns: ResourceColumn<Widget>[] = [
  keywordColumn<Widget>('名称关键字'),
  { title: '名称', dataIndex: 'name' },
  { title: '状态', dataIndex: 'state', valueType: 'select', valueEnum: { draft: { text: '草稿' }, published: { text: '已发布' } }, filter: true },
  dateTimeColumn<Widget>('更新时间', 'updatedAt', { sorter: true }),
];

const rowActions: RowAction<Widget>[] = [
  { key: 'view', label: '查看', run: (r) => seen.ran.push(`view ${r.id}`) },
  editAction<Widget>('edit', (r) => seen.ran.push(`edit ${r.id}`)),
  { key: 'publish', label: '发布', action: 'publish', run: (r) => seen.ran.push(`publish ${r.id}`) },
  deleteAction<Widget>('delete', (id) => api(`/widgets/${id}`, { method: 'DELETE' }), (r) => r.name),
];

function WidgetList({ actions = rowActions, batch }: { actions?: RowAction<Widget>[]; batch?: BatchAction<Widget>[] }) {
  return (
    <ResourceTable<Widget>
      headerTitle="部件"
      columns={columns}
      fetch={(query) => api<Page<Widget>>('/widgets', { params: query })}
      rowActions={actions}
      batchActions={batch}
      rowName={(r) => r.name}
      create={{ code: 'content:article:edit', label: '新建部件', onClick: () => seen.ran.push('create') }}
    />
  );
}

describe('ResourceTable: the URL, the search form and the server', () => {
  it('starts from the URL’s filters and sort, and a search writes them back (page 1 left out)', async () => {
    serveWidgets();
    renderPage(<WidgetList />, '/widgets?state=published&keyword=部件&sort=updatedAt,desc&current=1');
    await waitForRow('已发布部件');
    expect(seen.queries[0]).toMatchObject({ state: 'published', keyword: '部件', sort: 'updatedAt,desc', current: '1' });
    expect((document.getElementById('keyword') as HTMLInputElement).value).toBe('部件');
    expect(screen.queryByText('草稿部件')).toBeNull();

    fireEvent.change(document.getElementById('keyword') as HTMLInputElement, { target: { value: '只读' } });
    fireEvent.click(screen.getByText('查 询'));
    await waitForUrl(/keyword=%E5%8F%AA%E8%AF%BB/);
    await waitFor(() => expect(lastQuery()).toMatchObject({ keyword: '只读', state: 'published', current: '1' }));
    expect(currentUrl()).not.toContain('current=');
    await waitFor(() => expect(screen.queryByText('已发布部件')).toBeNull());
  });

  it('a sortable column sends sort=field,dir and writes it to the URL', async () => {
    serveWidgets();
    renderPage(<WidgetList />, '/widgets');
    await waitForRow('草稿部件');
    expect(seen.queries[0].sort).toBeUndefined();
    const header = screen.getAllByText('更新时间').find((el) => el.closest('th'));
    fireEvent.click(header as HTMLElement);
    await waitFor(() => expect(lastQuery().sort).toBe('updatedAt,asc'));
    await waitForUrl(/sort=updatedAt%2Casc/);
  });

  it('an empty list says 暂无数据', async () => {
    serveWidgets([]);
    renderPage(<WidgetList />, '/widgets');
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });

  it('a failed list says so and offers 重试, which loads the rows', async () => {
    serveWidgets();
    server.use(answerNetworkError('get', '/widgets'));
    renderPage(<WidgetList />, '/widgets');
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    serveWidgets();
    fireEvent.click(screen.getByText('重试'));
    await waitForRow('草稿部件');
    expect(screen.queryByText('数据加载失败')).toBeNull();
  });
});

describe('ResourceTable: the buttons', () => {
  it('each row shows the buttons its actions offer; one naming no action shows on every row', async () => {
    serveWidgets();
    renderPage(<WidgetList />, '/widgets');
    await waitForRow('草稿部件');
    const draft = within(rowOf('草稿部件'));
    expect(draft.getByText('查看')).toBeInTheDocument();
    expect(draft.getByText('编辑')).toBeInTheDocument();
    expect(draft.getByText('发布')).toBeInTheDocument();
    expect(draft.getByText('删除')).toBeInTheDocument();
    const published = within(rowOf('已发布部件'));
    expect(published.getByText('编辑')).toBeInTheDocument();
    expect(published.queryByText('发布')).toBeNull();
    expect(published.queryByText('删除')).toBeNull();
    const readOnly = within(rowOf('只读部件'));
    expect(readOnly.getByText('查看')).toBeInTheDocument();
    expect(readOnly.queryByText('编辑')).toBeNull();

    fireEvent.click(published.getByText('编辑'));
    expect(seen.ran).toEqual(['edit w2']);
  });

  it('without any button a row offers, there is no operations column', async () => {
    serveWidgets(WIDGETS.map((w) => ({ ...w, actions: [] })));
    renderPage(<WidgetList actions={rowActions.filter((a) => a.key !== 'view')} />, '/widgets');
    await waitForRow('草稿部件');
    expect(screen.queryByText('操作')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  });

  it('a destructive one asks first, naming the record, and calls only when confirmed', async () => {
    serveWidgets();
    renderPage(<WidgetList />, '/widgets');
    await waitForRow('草稿部件');
    fireEvent.click(within(rowOf('草稿部件')).getByText('删除'));
    expect(await screen.findByText('确定删除「草稿部件」吗？删除后不可恢复。')).toBeInTheDocument();
    fireEvent.click(screen.getByText('取 消'));
    expect(seen.deleted).toEqual([]);

    fireEvent.click(within(rowOf('草稿部件')).getByText('删除'));
    fireEvent.click(await screen.findByText('确 定'));
    await waitFor(() => expect(seen.deleted).toEqual(['w1']));
    expect(await screen.findByText('已删除')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('草稿部件')).toBeNull());
  });

  it('新建 is the toolbar’s: it shows only with its code', async () => {
    serveWidgets();
    renderPage(<WidgetList />, '/widgets', superAdmin);
    await waitForRow('草稿部件');
    fireEvent.click(screen.getByText('新建部件'));
    expect(seen.ran).toEqual(['create']);
  });

  it('新建 does not show without its code', async () => {
    serveWidgets();
    renderPage(<WidgetList />, '/widgets', limitedStaff);
    await waitForRow('草稿部件');
    expect(screen.queryByText('新建部件')).toBeNull();
  });

  it('a batch that follows the rows’ actions: a row offering none cannot be selected; the page’s dialog gets the rows', async () => {
    serveWidgets();
    const opened: string[][] = [];
    const batch: BatchAction<Widget>[] = [{ key: 'publish', label: '发布', action: 'publish', open: (rows) => opened.push(rows.map((r) => r.id)) }];
    renderPage(<WidgetList batch={batch} />, '/widgets');
    await waitForRow('草稿部件');
    expect(within(rowOf('只读部件')).getByRole('checkbox')).toBeDisabled();
    expect(within(rowOf('已发布部件')).getByRole('checkbox')).toBeDisabled();
    fireEvent.click(within(rowOf('草稿部件')).getByRole('checkbox'));
    expect(screen.getByText('已选择 1 项')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '批量发布' }));
    expect(opened).toEqual([['w1']]);
  });
});

/** A screen as wide as `width` px: matchMedia answers the max-width queries ResourceTable asks. */
function screenOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])) && (!!max || !!min);
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}

/** A list with more filters than one row of the search form holds, so that it can fold. */
const filterColumns: ResourceColumn<Widget>[] = [
  ...columns,
  { title: '名称筛选', dataIndex: 'name', hideInTable: true, filter: true },
  dateRangeFilter<Widget>('更新日期', 'updatedFrom', 'updatedTo'),
];
const FilterList = () => (
  <ResourceTable<Widget> headerTitle="部件" columns={filterColumns} fetch={(query) => api<Page<Widget>>('/widgets', { params: query })} />
);

/** The header cells' texts, left to right. */
const headers = () => Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent?.trim() ?? '');

describe('ResourceTable on a phone (375 px)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('puts the buttons first: a row shows one and 更多 when it offers more than two, all of them when two', async () => {
    screenOf(375);
    serveWidgets();
    renderPage(<WidgetList />, '/widgets');
    await waitForRow('草稿部件');
    expect(headers()[0]).toBe('操作');
    expect(headers().indexOf('名称')).toBeGreaterThan(0);

    const draft = rowOf('草稿部件');
    const firstCell = draft.querySelector('td') as HTMLElement;
    expect(within(firstCell).getByText('查看')).toBeInTheDocument();
    expect(within(firstCell).getByText('更多')).toBeInTheDocument();
    expect(within(draft).queryByText('编辑')).toBeNull();
    const published = rowOf('已发布部件');
    expect(within(published.querySelector('td') as HTMLElement).getByText('编辑')).toBeInTheDocument();
    expect(within(published).queryByText('更多')).toBeNull();
  });

  it('更多 holds the rest of a row’s buttons; one that asks first asks in a dialog naming the record', async () => {
    screenOf(375);
    serveWidgets();
    renderPage(<WidgetList />, '/widgets');
    await waitForRow('草稿部件');
    const firstCell = rowOf('草稿部件').querySelector('td') as HTMLElement;
    fireEvent.click(within(firstCell).getByText('更多'));
    fireEvent.click(await screen.findByText('删除'));
    expect((await screen.findAllByText('确定删除「草稿部件」吗？删除后不可恢复。')).length).toBeGreaterThan(0);
    expect(seen.deleted).toEqual([]);
    fireEvent.click(screen.getByText('确 定'));
    await waitFor(() => expect(seen.deleted).toEqual(['w1']));
  });

  it('starts with the search form folded, unless the URL brings filters', async () => {
    screenOf(375);
    serveWidgets();
    const { unmount } = renderPage(<FilterList />, '/widgets');
    await waitForRow('草稿部件');
    expect(screen.getByText('展开')).toBeInTheDocument();
    expect(screen.queryByText('收起')).toBeNull();
    unmount();

    serveWidgets();
    renderPage(<FilterList />, '/widgets?state=draft');
    await waitForRow('草稿部件');
    expect(screen.getByText('收起')).toBeInTheDocument();
  });

  it('on a wide screen keeps the buttons in the last column, every one in its row, and the form open', async () => {
    screenOf(1920);
    serveWidgets();
    renderPage(<WidgetList />, '/widgets');
    await waitForRow('草稿部件');
    expect(headers().at(-1)).toBe('操作');
    const draft = within(rowOf('草稿部件'));
    for (const label of ['查看', '编辑', '发布', '删除']) expect(draft.getByText(label)).toBeInTheDocument();
    expect(draft.queryByText('更多')).toBeNull();
  });

  it('on a wide screen starts with the search form open', async () => {
    screenOf(1920);
    serveWidgets();
    renderPage(<FilterList />, '/widgets');
    await waitForRow('草稿部件');
    expect(screen.getByText('收起')).toBeInTheDocument();
    expect(screen.queryByText('展开')).toBeNull();
  });
});

describe('ResourceTable: columns a list can do without', () => {
  const withOptional: ResourceColumn<Widget>[] = columns.map((c) => (c.dataIndex === 'updatedAt' ? { ...c, optional: true } : c));
  const OptionalList = () => (
    <ResourceTable<Widget> headerTitle="部件" columns={withOptional} fetch={(query) => api<Page<Widget>>('/widgets', { params: query })} />
  );

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hides an optional column below 1600 px, shows it on a wider screen', async () => {
    screenOf(1440);
    serveWidgets();
    const { unmount } = renderPage(<OptionalList />, '/widgets');
    await waitForRow('草稿部件');
    expect(headers()).toContain('名称');
    expect(headers()).not.toContain('更新时间');
    unmount();

    screenOf(1920);
    serveWidgets();
    renderPage(<OptionalList />, '/widgets');
    await waitForRow('草稿部件');
    expect(headers()).toContain('更新时间');
  });

  it('follows the user’s choice kept for this list (列设置), and only that user’s', async () => {
    screenOf(1440);
    serveWidgets();
    localStorage.setItem(columnChoicesKey(superAdmin.user.userId, '/widgets', '部件'), JSON.stringify({ updatedAt: true, name: false }));
    const { unmount } = renderPage(<OptionalList />, '/widgets', superAdmin);
    // The 名称 column is hidden by that choice: wait for the rows instead.
    await waitFor(() => expect(document.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(3));
    expect(headers()).toContain('更新时间');
    expect(headers()).not.toContain('名称');
    unmount();

    serveWidgets();
    renderPage(<OptionalList />, '/widgets', limitedStaff);
    await waitForRow('草稿部件');
    expect(headers()).toContain('名称');
    expect(headers()).not.toContain('更新时间');
  });
});
