/**
 * 新闻公告发布 (articles) against the content mock: the form refuses what the server would
 * (empty or over-long title) before any call, a create goes through the API and shows in
 * the list, destructive actions ask first, batch actions confirm and call batch-*, a stale
 * version offers to reload, and buttons follow the permission codes. Nothing becomes public by
 * accident: 发布 (the form's, a row's, a batch's) asks first and says what becomes public and
 * when; the preview shows the date the public page will show, and a 375 px phone frame.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import AssociationNewsPage from '@/pages/Manage/association-news';
import { callsTo, contentDb, limitedStaff } from '../../mock';
import { renderPage, rowOf, waitForRow } from './contentTestKit';

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

/** The confirmation open now with this title (a closed one may linger in the test DOM). */
function confirmation(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const box = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find(
      (el) => !/-leave/.test(el.className) && el.querySelector('.ant-modal-confirm-title')?.textContent === title,
    );
    if (!box) throw new Error(`not asked: ${title}`);
    return box;
  });
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

  it('batch publish says which become public and when, then calls batch-publish with the ids', async () => {
    await openList();
    fireEvent.click(within(rowOf(DRAFT)).getByRole('checkbox'));
    fireEvent.click(within(rowOf('关于规范稳评报告编制的指导意见')).getByRole('checkbox'));
    fireEvent.click(await screen.findByText('批量发布'));
    const box = await confirmation('确定发布选中的 2 条文章吗？');
    expect(within(box).getByText(/^「社会稳定风险评估行业培训通知」、「关于规范稳评报告编制的指导意见」发布后立即对访客公开，发布时间为发布的时刻/)).toBeInTheDocument();
    expect(callsTo('post', '/articles/batch-publish')).toHaveLength(0);
    fireEvent.click(within(box).getByText('发 布'));
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

describe('文章: publishing asks first, saying what becomes public and when', () => {
  it('the form’s 发布: now, or at the time set; 取消 sends nothing', async () => {
    await openCreate();
    setTitle('年度工作总结');
    await pickCategory('协会工作');
    fireEvent.change(screen.getByTestId('rich-text'), { target: { value: '<p>总结</p>' } });
    fireEvent.click(within(drawer()).getByText('发 布'));
    let box = await confirmation('确定发布文章「年度工作总结」吗？');
    const today = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    expect(within(box).getByText(`发布后，该文章立即对访客公开，发布时间为发布的时刻（网站显示发布日期 ${today}）。`)).toBeInTheDocument();
    fireEvent.click(within(box).getByText('取 消'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(callsTo('post', '/articles')).toHaveLength(0);

    // A time in the future: scheduled, and said so.
    fireEvent.click(within(drawer()).getByText('指定时间'));
    const input = (await waitFor(() => {
      const el = document.getElementById('publishAt');
      if (!el) throw new Error('no time field yet');
      return el;
    })) as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2030-05-02 10:00' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(input);
    fireEvent.click(within(drawer()).getByText('发 布'));
    box = await confirmation('确定发布文章「年度工作总结」吗？');
    expect(within(box).getByText('发布后，该文章将于 2030-05-02 10:00 自动对访客公开（定时发布，网站显示发布日期 2030-05-02）。')).toBeInTheDocument();
    fireEvent.click(within(box).getByText('发 布'));
    await waitFor(() => expect(callsTo('post', '/articles')).toHaveLength(1));
    expect(callsTo('post', '/articles')[0].body).toMatchObject({ saveAs: 'publish', publishAt: new Date('2030-05-02T10:00:00').toISOString() });
  });

  it('a row’s 发布 names the article and when it becomes public, and calls only when confirmed', async () => {
    await openList();
    fireEvent.click(within(rowOf(DRAFT)).getByText('发布'));
    expect(await screen.findByText('确定发布文章「社会稳定风险评估行业培训通知」吗？')).toBeInTheDocument();
    expect(screen.getByText(/^发布后，该文章立即对访客公开，发布时间为发布的时刻/)).toBeInTheDocument();
    expect(callsTo('post', '/articles/article-2/publish')).toHaveLength(0);
    fireEvent.click(screen.getByText('确 定'));
    await waitFor(() => expect(callsTo('post', '/articles/article-2/publish')).toHaveLength(1));
  });

  it('the preview shows the date the public page will show, and a 375 px phone frame', async () => {
    await openCreate();
    setTitle('预览的文章');
    fireEvent.change(screen.getByTestId('rich-text'), { target: { value: '<p>预览正文</p>' } });
    fireEvent.change(within(drawer()).getByPlaceholderText('选填，如：协会秘书处'), { target: { value: '秘书处' } });
    fireEvent.click(within(drawer()).getByText('预览'));
    const modal = await waitFor(() => {
      const el = [...document.querySelectorAll<HTMLElement>('.ant-modal')].find((m) => m.querySelector('.ant-modal-title')?.textContent === '预览');
      if (!el) throw new Error('no preview yet');
      return el;
    });
    const today = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    expect(await within(modal).findByText(`来源：秘书处 发布日期：${today}`)).toBeInTheDocument();
    expect(within(modal).getByText(/^发布后，这篇文章立即对访客公开，发布时间为发布的时刻/)).toBeInTheDocument();
    expect(await within(modal).findByText('预览正文')).toBeInTheDocument();
    expect(within(modal).queryByTestId('phone-frame')).toBeNull();
    fireEvent.click(within(modal).getByText('手机（375 px）'));
    const frame = await within(modal).findByTestId('phone-frame');
    expect(frame.style.width).toBe('375px');
    expect(within(frame).getByText('预览的文章')).toBeInTheDocument();
    expect(within(frame).getByText('预览正文')).toBeInTheDocument();
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
