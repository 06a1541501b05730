/**
 * 友情链接管理 (src/pages/Manage/friendly-link) against the content mock: an address the
 * server refuses (ftp://) is refused in the form with its Chinese message, a good one goes
 * through, and the row switch disables a link.
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import FriendlyLinkPage from '@/pages/Manage/friendly-link';
import { callsTo, contentDb } from '../../mock';
import { drawer, openCreateDrawer, renderPage, rowOf, typeInDrawer, waitForRow } from './contentTestKit';

vi.mock('@/components/RichTextEditor', async (importOriginal) =>
  (await import('./contentTestKit')).mockEditor(await importOriginal()),
);

describe('友情链接', () => {
  const openCreate = () => openCreateDrawer(<FriendlyLinkPage />, '/Manage/friendly-link', '市人民政府', '新建友情链接');

  it('refuses an ftp:// address in the form, then saves an https:// one', async () => {
    await openCreate();
    typeInDrawer('如：市人民政府', '省档案馆');
    typeInDrawer('https://', 'ftp://files.example.org');
    fireEvent.click(within(drawer()).getByText('保 存'));
    expect(await within(drawer()).findByText('网址必须以 http:// 或 https:// 开头')).toBeInTheDocument();
    expect(callsTo('post', '/friendly-links')).toHaveLength(0);

    typeInDrawer('https://', 'https://www.example-archives.gov.cn');
    await waitFor(() => expect(within(drawer()).queryByText('网址必须以 http:// 或 https:// 开头')).toBeNull());
    fireEvent.click(within(drawer()).getByText('保 存'));
    await waitFor(() => expect(callsTo('post', '/friendly-links')).toHaveLength(1));
    expect(callsTo('post', '/friendly-links')[0].body).toEqual({
      name: '省档案馆',
      url: 'https://www.example-archives.gov.cn',
      logoFileId: null,
      enabled: true,
    });
    await waitForRow('省档案馆');
  });

  it('the row switch disables a link through the API', async () => {
    renderPage(<FriendlyLinkPage />, '/Manage/friendly-link');
    await waitForRow('市人民政府');
    fireEvent.click(within(rowOf('市人民政府')).getByRole('switch'));
    await waitFor(() => expect(callsTo('post', '/friendly-links/link-1/disable')).toHaveLength(1));
    await waitFor(() => expect(contentDb.links.find((l) => l.id === 'link-1')?.enabled).toBe(false));
  });
});
