/**
 * What the tests of a reviewed subject's page (项目, 业绩案例: src/components/ReviewedSubject)
 * share: the open drawer, the open dialog, the confirmation popup, and opening the list as an
 * account. The page itself renders through ./contentTestKit.
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { FixtureAccount } from '../../mock';
import { renderPage, waitForRow } from './contentTestKit';

/** The drawer that is open now (the form or the detail). */
export function drawer(): HTMLElement {
  const panel = document.querySelector('.ant-drawer-open .ant-drawer-content-wrapper');
  if (!panel) throw new Error('no open drawer');
  return panel as HTMLElement;
}

/** The dialog that is open now (the reason asked before a refusal). */
export function dialog(): HTMLElement {
  const modal = document.querySelector('.ant-modal') as HTMLElement | null;
  if (!modal) throw new Error('no dialog');
  return modal;
}

/** The confirmation popup that is open now. */
export function popconfirm(): Promise<HTMLElement> {
  return waitFor(() => {
    const el = document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)');
    if (!el) throw new Error('no popconfirm');
    return el as HTMLElement;
  });
}

/** Presses 确定 in the open confirmation popup. */
export async function confirmPopup() {
  fireEvent.click(within(await popconfirm()).getByRole('button', { name: /确\s?定/ }));
}

/** `openList(account, firstRow, url?)` for one page: renders it as the account and waits for a row. */
export function listOpener(page: () => ReactElement, path: string) {
  return async (account: FixtureAccount, firstRow: string, url = path) => {
    renderPage(page(), url, account);
    await waitForRow(firstRow);
  };
}
