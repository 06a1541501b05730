/**
 * 新闻公告发布 (articles) against the content mock: the form refuses what the server would
 * (empty or over-long title) before any call, a create goes through the API and shows in
 * the list, destructive actions ask first, batch actions confirm and call batch-*, a stale
 * version offers to reload, and buttons follow the permission codes.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import AssociationNewsPage from '@/pages/Manage/association-news';
import { callsTo, contentDb, limitedStaff } from '../../mock';
import { renderPage, rowOf, waitForRow } from './contentTestKit';

vi.mock('@umijs/max', async (importOriginal) => (await import('./contentTestKit')).mockUmi(await importOriginal()));
vi.mock('@/components/RichTextEditor', async (importOriginal) =>
  (await import('./contentTestKit')).mockEditor(await importOriginal()),
);

const FIRST = '协会召开2026年度会员大会';
const DRAFT = '社会稳定风险评估行业培训通知';

async function openList() {
  renderPage(<AssociationNewsPage />, '/Manage/association-news');
  await waitForRow(FIRST);
}

async function openCreate() {
  await openList();
  fireEvent.click(screen.getByText('新建文章'));
  await screen.findByText('新建文章', { selector: '.ant-drawer-title' });
}

function drawer(): HTMLElement {
  const panel = document.querySelector('.ant-drawer-open .ant-drawer-content-wrapper');
  if (!panel) throw new Error('no open drawer');
  return panel as HTMLElement;
}

function setTitle(value: string) {
  fireEvent.change(within(drawer()).getByPlaceholderText('请输入文章标题'), { target: { value } });
}

async function pickCategory(label: string) {
  const select = within(drawer()).getByText('请选择栏目').closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content') ?? select);
  const option = await waitFor(() => {
    const found = document.querySelector(`.ant-select-dropdown .ant-select-item-option[title="${label}"]`);
    if (!found) throw new Error('no option yet');
    return found as HTMLElement;
  });
  fireEvent.click(option);
}

describe('文章: the form refuses bad input before any call', () => {
  it('an empty title', async () => {
    await openCreate();
    fireEvent.click(within(drawer()).getByText('保存草稿'));
    expect(await within(drawer()).findByText('请输入标题')).toBeInTheDocument();
    // The placeholder says it too: look for the message under the field.
    expect(within(drawer()).getAllByText('请选择栏目').some((el) => el.closest('.ant-form-item-explain'))).toBe(true);
    expect(await within(drawer()).findByText('请输入正文')).toBeInTheDocument();
    expect(callsTo('post', '/articles')).toHaveLength(0);
  });

  it('a title of 201 characters', async () => {
    await openCreate();
    setTitle('稳'.repeat(201));
    fireEvent.click(within(drawer()).getByText('保存草稿'));
    expect(await within(drawer()).findByText('标题不能超过 200 个字符')).toBeInTheDocument();
    expect(callsTo('post', '/articles')).toHaveLength(0);
    // 200 is allowed.
    setTitle('稳'.repeat(200));
    await waitFor(() => expect(within(drawer()).queryByText('标题不能超过 200 个字符')).toBeNull());
  });
});

describe('文章: create, delete and batch actions', () => {
  it('creates a draft through the API and lists it', async () => {
    await openCreate();
    setTitle('  协会开展稳评业务培训  ');
    await pickCategory('协会工作');
    fireEvent.change(screen.getByTestId('rich-text'), { target: { value: '<p>培训内容</p>' } });
    fireEvent.change(within(drawer()).getByPlaceholderText('选填，如：协会秘书处'), { target: { value: '秘书处' } });
    fireEvent.click(within(drawer()).getByText('保存草稿'));
    await waitFor(() => expect(callsTo('post', '/articles')).toHaveLength(1));
    expect(callsTo('post', '/articles')[0].body).toEqual({
      title: '协会开展稳评业务培训',
      category: 'work',
      summary: null,
      content: '<p>培训内容</p>',
      author: null,
      source: '秘书处',
      coverFileId: null,
      attachmentFileIds: [],
      pinned: false,
      publishAt: null,
      saveAs: 'draft',
    });
    await waitForRow('协会开展稳评业务培训');
    expect(within(rowOf('协会开展稳评业务培训')).getByText('草稿')).toBeInTheDocument();
    expect(contentDb.articles.some((a) => a.title === '协会开展稳评业务培训' && a.status === 'draft')).toBe(true);
  });

  it('delete asks first, naming the record, and calls the API only when confirmed', async () => {
    await openList();
    fireEvent.click(within(rowOf(DRAFT)).getByText('删除'));
    expect(await screen.findByText(`确定删除「${DRAFT}」吗？删除后不可恢复。`)).toBeInTheDocument();
    expect(callsTo('delete', '/articles/article-2')).toHaveLength(0);
    fireEvent.click(screen.getByText('确 定'));
    await waitFor(() => expect(callsTo('delete', '/articles/article-2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(DRAFT)).toBeNull());
    expect(contentDb.articles.some((a) => a.id === 'article-2')).toBe(false);
  });

  it('batch publish confirms with the count, then calls batch-publish with the ids', async () => {
    await openList();
    fireEvent.click(within(rowOf(DRAFT)).getByRole('checkbox'));
    fireEvent.click(within(rowOf('关于规范稳评报告编制的指导意见')).getByRole('checkbox'));
    fireEvent.click(await screen.findByText('批量发布'));
    expect(await screen.findByText('确定要发布选中的 2 条记录吗？')).toBeInTheDocument();
    expect(callsTo('post', '/articles/batch-publish')).toHaveLength(0);
    fireEvent.click(within(document.querySelector('.ant-modal-confirm') as HTMLElement).getByText('发 布'));
    await waitFor(() => expect(callsTo('post', '/articles/batch-publish')).toHaveLength(1));
    expect(callsTo('post', '/articles/batch-publish')[0].body).toEqual({ ids: ['article-2', 'article-3'] });
    expect(await screen.findByText('已发布 2 条记录')).toBeInTheDocument();
    expect(contentDb.articles.filter((a) => a.status === 'published').map((a) => a.id).sort()).toEqual([
      'article-1',
      'article-2',
      'article-3',
      'article-4',
    ]);
  });

  it('batch delete is not sent when the confirmation is cancelled', async () => {
    await openList();
    fireEvent.click(within(rowOf(DRAFT)).getByRole('checkbox'));
    fireEvent.click(await screen.findByText('批量删除'));
    expect(await screen.findByText('确定要删除选中的 1 条记录吗？')).toBeInTheDocument();
    fireEvent.click(within(document.querySelector('.ant-modal-confirm') as HTMLElement).getByText('取 消'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(callsTo('post', '/articles/batch-delete')).toHaveLength(0);
    expect(contentDb.articles).toHaveLength(4);
  });
});

describe('文章: editing', () => {
  it('loads the record, and when someone else saved first (409) offers to reload it', async () => {
    await openList();
    fireEvent.click(within(rowOf(FIRST)).getByText('编辑'));
    await screen.findByText('编辑文章', { selector: '.ant-drawer-title' });
    await waitFor(() => expect((within(drawer()).getByPlaceholderText('请输入文章标题') as HTMLInputElement).value).toBe(FIRST));
    // Someone else saves meanwhile.
    contentDb.articles = contentDb.articles.map((a) => (a.id === 'article-1' ? { ...a, title: '别人改过的标题', version: 2 } : a));
    setTitle('我的修改');
    fireEvent.click(within(drawer()).getByText('保存草稿'));
    expect(await within(drawer()).findByText('保存失败：数据已被他人修改')).toBeInTheDocument();
    expect(callsTo('put', '/articles/article-1')[0].body).toMatchObject({ title: '我的修改', version: 1 });
    fireEvent.click(within(drawer()).getByText('重新加载'));
    await waitFor(() => expect((within(drawer()).getByPlaceholderText('请输入文章标题') as HTMLInputElement).value).toBe('别人改过的标题'));
    // Saved again, now with the version just read.
    fireEvent.click(within(drawer()).getByText('保存草稿'));
    await waitFor(() => expect(callsTo('put', '/articles/article-1')).toHaveLength(2));
    expect(callsTo('put', '/articles/article-1')[1].body).toMatchObject({ version: 2 });
  });

  it('shows only what the codes allow: a viewer gets no 新建, 编辑, 删除 or selection', async () => {
    renderPage(<AssociationNewsPage />, '/Manage/association-news', limitedStaff);
    await waitForRow(FIRST);
    expect(screen.queryByText('新建文章')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
    expect(within(rowOf(FIRST)).queryByRole('checkbox')).toBeNull();
    // Nor the site pages tab (content:site-page:edit).
    expect(screen.queryByText('网站页面')).toBeNull();
  });
});
