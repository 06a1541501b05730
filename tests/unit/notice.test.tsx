/**
 * 网站公告管理 against the content mock: the list with its 已过期 state, a failed list with
 * 重试, the form's date rule (失效时间 after 发布时间), a create round trip, and 发布 that
 * first says what becomes public, when, and until when.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import NoticePage from '@/pages/Manage/notice';
import { answerNetworkError, callsTo, contentDb, server } from '../../mock';
import { renderPage, waitForRow } from './contentTestKit';

vi.mock('@/components/RichTextEditor', async (importOriginal) =>
  (await import('./contentTestKit')).mockEditor(await importOriginal()),
);

async function openCreate() {
  renderPage(<NoticePage />, '/Manage/notice');
  await waitForRow('国庆假期办公安排');
  fireEvent.click(screen.getByText('新建公告'));
  await screen.findByText('新建公告', { selector: '.ant-drawer-title' });
}

/** Types a time into an antd DatePicker and confirms it with Enter (as a keyboard user would). */
function typeDate(id: string, text: string) {
  const input = document.getElementById(id) as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

describe('网站公告管理', () => {
  it('lists notices with their state, 已过期 included', async () => {
    renderPage(<NoticePage />, '/Manage/notice');
    await waitForRow('国庆假期办公安排');
    expect(screen.getAllByText('已过期').length).toBeGreaterThan(0);
    expect(screen.getAllByText('草稿').length).toBeGreaterThan(0);
  });

  it('a failed list does not crash: it says so and offers 重试, which loads the rows', async () => {
    server.use(answerNetworkError('get', '/notices'));
    renderPage(<NoticePage />, '/Manage/notice');
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    server.resetHandlers();
    fireEvent.click(screen.getByText('重试'));
    await waitForRow('国庆假期办公安排');
    expect(screen.queryByText('数据加载失败')).toBeNull();
  });

  it('refuses an expiry before the publishing time, in Chinese, and sends nothing', async () => {
    await openCreate();
    fireEvent.change(document.getElementById('title') as HTMLInputElement, { target: { value: '停电通知' } });
    fireEvent.change(screen.getByTestId('rich-text'), { target: { value: '<p>周六停电</p>' } });
    typeDate('publishAt', '2030-05-02 10:00');
    typeDate('expireAt', '2030-05-01 10:00');
    expect((document.getElementById('expireAt') as HTMLInputElement).value).toBe('2030-05-01 10:00');
    fireEvent.click(screen.getByText('发 布'));
    expect(await screen.findByText('失效时间必须晚于发布时间')).toBeInTheDocument();
    expect(callsTo('post', '/notices')).toHaveLength(0);
  });

  it('creates a notice as a draft through the API', async () => {
    await openCreate();
    fireEvent.change(document.getElementById('title') as HTMLInputElement, { target: { value: '停电通知' } });
    fireEvent.change(screen.getByTestId('rich-text'), { target: { value: '<p>周六停电</p>' } });
    fireEvent.click(screen.getByText('保存草稿'));
    await waitFor(() => expect(callsTo('post', '/notices')).toHaveLength(1));
    expect(callsTo('post', '/notices')[0].body).toMatchObject({ title: '停电通知', content: '<p>周六停电</p>', saveAs: 'draft', pinned: false });
    expect(contentDb.notices[0]).toMatchObject({ title: '停电通知', status: 'draft' });
    // The drawer closes and the list shows the new record.
    await waitForRow('停电通知');
    const row = screen.getByText('停电通知').closest('tr') as HTMLElement;
    expect(within(row).getByText('草稿')).toBeInTheDocument();
  });

  it('发布 asks first: what becomes public, from when and until when', async () => {
    await openCreate();
    fireEvent.change(document.getElementById('title') as HTMLInputElement, { target: { value: '停电通知' } });
    fireEvent.change(screen.getByTestId('rich-text'), { target: { value: '<p>周六停电</p>' } });
    typeDate('publishAt', '2030-05-02 10:00');
    typeDate('expireAt', '2030-05-09 10:00');
    fireEvent.click(screen.getByText('发 布'));
    const box = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find((el) => !/-leave/.test(el.className));
      if (!found) throw new Error('not asked');
      return found;
    });
    expect(within(box).getByText('确定发布公告「停电通知」吗？', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(
      within(box).getByText('发布后，该公告将于 2030-05-02 10:00 自动对访客公开（定时发布，网站显示发布日期 2030-05-02），至 2030-05-09 10:00 失效。'),
    ).toBeInTheDocument();
    expect(callsTo('post', '/notices')).toHaveLength(0);
    fireEvent.click(within(box).getByText('发 布'));
    await waitFor(() => expect(callsTo('post', '/notices')).toHaveLength(1));
    expect(callsTo('post', '/notices')[0].body).toMatchObject({ saveAs: 'publish', title: '停电通知' });
  });
});
