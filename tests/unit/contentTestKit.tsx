/**
 * What the back-office page tests share (tests/unit/<page>.test.tsx, named after the page's
 * folder under src/pages/Manage, and the ListPage component tests): a logged-in fixture
 * user behind Umi's own model and access providers (its initial state, the navigation model,
 * the access flags), the page rendered in a router with a probe that shows the URL, and a
 * textarea in place of wangEditor (which the test DOM cannot run).
 *
 * renderPage needs no mock of '@umijs/max', so a page test shares its worker's module registry
 * (vitest.config.mts: a file with vi.mock runs isolated, paying the import of antd and the app
 * again). A test of a page with the rich-text editor mocks that module itself (hoisted per file):
 *
 *   vi.mock('@/components/RichTextEditor', async (io) => (await import('./contentTestKit')).mockEditor(await io()));
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type * as UmiMax from '@umijs/max';
// From Umi's generated files, not '@umijs/max': a file that still mocks '@umijs/max' imports
// this kit from its mock's factory, and importing the mocked module here would wait for itself.
import { AccessContext } from '@@/plugin-access/context';
import { Provider as ModelProvider } from '@@/plugin-model';
import type * as EditorModule from '@/components/RichTextEditor';
import type { RichTextEditorProps } from '@/components/RichTextEditor';
import access from '@/access';
import { APP_NAME, type InitialState } from '@/initialState';
import useNavigation from '@/models/navigation';
import { setToken } from '@/storage';
import { superAdmin, type FixtureAccount } from '../../mock';

export const session: { account: FixtureAccount } = { account: superAdmin };

function initialState(): InitialState {
  return { name: APP_NAME, currentUser: session.account.user };
}

/** Umi's initial-state model, answering the fixture user at once (read on each render). */
function useFixtureInitialState() {
  return { initialState: initialState(), loading: false, error: undefined, refresh: async () => undefined, setInitialState: async () => undefined };
}

const MODELS = { '@@initialState': useFixtureInitialState, navigation: useNavigation };

/** What Umi's runtime puts around every page: the models, then the access flags of the user. */
function UmiProviders({ children }: { children: ReactElement }) {
  return (
    <ModelProvider models={MODELS}>
      <AccessContext.Provider value={access(initialState())}>{children}</AccessContext.Provider>
    </ModelProvider>
  );
}

/**
 * For the tests that render without renderPage and mock '@umijs/max' instead (their files run
 * with a registry of their own): the same fixture user through useModel and useAccess.
 */
export function mockUmi(actual: typeof UmiMax): typeof UmiMax {
  return {
    ...actual,
    useModel: ((name: string) => {
      if (name === '@@initialState') {
        return { initialState: initialState(), loading: false, setInitialState: () => undefined, refresh: () => undefined };
      }
      return (actual.useModel as (n: string) => unknown)(name);
    }) as typeof UmiMax.useModel,
    useAccess: (() => access(initialState())) as typeof UmiMax.useAccess,
  };
}

/** A plain textarea that keeps the editor's contract (value/onChange of HTML). */
function EditorStub({ value, onChange, id, placeholder }: RichTextEditorProps) {
  return (
    <textarea
      id={id}
      data-testid="rich-text"
      placeholder={placeholder}
      value={value ?? ''}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

export function mockEditor(actual: typeof EditorModule): typeof EditorModule {
  return { ...actual, default: EditorStub };
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

/** Renders `page` at `url` as `account` (logged in: its token is stored). */
export function renderPage(page: ReactElement, url: string, account: FixtureAccount = superAdmin) {
  session.account = account;
  setToken(account.token);
  const path = url.split('?')[0];
  return render(
    <UmiProviders>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route
              path={path}
              element={
                <>
                  {page}
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </App>
    </UmiProviders>,
  );
}

/** The URL the router shows now. */
export function currentUrl(): string {
  return screen.getByTestId('where').textContent ?? '';
}

/** Waits until the table shows this text (its first request answered). */
export async function waitForRow(text: string) {
  await screen.findByText(text);
}

export async function waitForUrl(pattern: RegExp) {
  await waitFor(() => expect(currentUrl()).toMatch(pattern));
}

/** The table row that holds `text`. */
export function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row as HTMLElement;
}

/** The open drawer's panel (a page's form drawer). */
export function drawer(): HTMLElement {
  const panel = document.querySelector('.ant-drawer-open .ant-drawer-content-wrapper');
  if (!panel) throw new Error('no open drawer');
  return panel as HTMLElement;
}

/** A button by its text (antd spaces two-character labels: "撤 销"). */
export function button(scope: ParentNode, label: string): HTMLElement {
  const pattern = new RegExp(`^${label.split('').join('\\s?')}$`);
  const found = [...scope.querySelectorAll('button')].find((b) => pattern.test((b.textContent ?? '').trim()));
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

export const hasButton = (scope: ParentNode, label: string): boolean => {
  try {
    button(scope, label);
    return true;
  } catch {
    return false;
  }
};

/** The open modal dialog whose title is `title` (or matches it). */
export async function findDialog(title: string | RegExp): Promise<HTMLElement> {
  return waitFor(
    () => {
      const found = [...document.querySelectorAll('.ant-modal')].find((m) => {
        const text = m.querySelector('.ant-modal-title')?.textContent ?? '';
        return typeof title === 'string' ? text === title : title.test(text);
      });
      if (!found) throw new Error(`no dialog ${String(title)}`);
      return found as HTMLElement;
    },
  );
}

/** Types into the open drawer's field with this placeholder. */
export function typeInDrawer(placeholder: string, value: string) {
  fireEvent.change(within(drawer()).getByPlaceholderText(placeholder), { target: { value } });
}

/** Renders a list page, waits for one of its rows and opens its 新建 drawer (`createLabel`). */
export async function openCreateDrawer(page: ReactElement, url: string, row: string, createLabel: string) {
  renderPage(page, url);
  await waitForRow(row);
  fireEvent.click(screen.getByText(createLabel));
  await screen.findByText(createLabel, { selector: '.ant-drawer-title' });
}
