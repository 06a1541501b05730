/**
 * Every route of common/menu.ts is a real page with its title from that table, and the
 * public pages stay light: their import graph never reaches pro-components or the back office.
 */
import fs from 'node:fs';
import path from 'node:path';
import { App } from 'antd';
import { render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entryTitle, findPage, MANAGE_PAGES, NOT_FOUND_TITLE, PUBLIC_PAGES, STANDALONE_PAGES } from '@common/menu';
import type { CurrentUser } from '@common/schemas/auth';
import type * as UmiMax from '@umijs/max';
import access from '@/access';
import { APP_NAME, type InitialState } from '@/initialState';
import type { BreadcrumbEntry } from '@/models/navigation';
import { memberUnit, publicSitePageHandler, server, superAdmin } from '../../mock';

const state: { current: InitialState; steps?: BreadcrumbEntry[] } = { current: { name: APP_NAME } };

vi.mock('@umijs/max', async (importOriginal) => {
  const actual = await importOriginal<typeof UmiMax>();
  return {
    ...actual,
    useModel: (name: Parameters<typeof UmiMax.useModel>[0]) => {
      if (name === '@@initialState') {
        return { initialState: state.current, loading: false, setInitialState: vi.fn(), refresh: vi.fn() };
      }
      if (name === 'navigation') return { unitId: '', breadcrumb: state.steps ?? [], setUnitId: vi.fn(), setBreadcrumb: vi.fn() };
      return actual.useModel(name);
    },
    useAccess: () => access(state.current),
  };
});

afterEach(() => {
  state.current = { name: APP_NAME };
  state.steps = undefined;
});

const root = path.resolve(__dirname, '../..');
const pagesDir = path.join(root, 'src/pages');

/** The page module of a route, as Umi's convention routing finds it. */
function pageFile(route: string): string {
  return route === '/' ? path.join(pagesDir, 'index.tsx') : path.join(pagesDir, route.slice(1), 'index.tsx');
}

async function loadPage(route: string): Promise<ComponentType> {
  const relative = path.relative(path.join(root, 'src'), pageFile(route)).replace(/\\/g, '/');
  const mod = (await import(/* @vite-ignore */ `@/${relative.replace(/\.tsx$/, '')}`)) as { default: ComponentType };
  return mod.default;
}

function renderPage(Page: ComponentType, route: string, user?: CurrentUser) {
  state.current = { name: APP_NAME, currentUser: user };
  return render(
    <App>
      <MemoryRouter initialEntries={[route]}>
        <Page />
      </MemoryRouter>
    </App>,
  );
}

const manageRoutes = MANAGE_PAGES.filter((e) => e.path.startsWith('/Manage/'));

describe('every route has its page file', () => {
  it.each([...STANDALONE_PAGES, ...PUBLIC_PAGES, ...manageRoutes].map((e) => e.path))('%s', (route) => {
    expect(fs.existsSync(pageFile(route))).toBe(true);
  });

  it('src/pages holds route files, and helpers only in components/ folders that Umi skips', () => {
    const stray: string[] = [];
    const helpers: string[] = [];
    const visit = (dir: string) => {
      for (const name of fs.readdirSync(dir)) {
        const full = path.join(dir, name);
        if (fs.statSync(full).isDirectory()) visit(full);
        else if (/\.tsx?$/.test(name) && name !== 'index.tsx' && full !== path.join(pagesDir, '404.tsx')) {
          (/[\\/]components[\\/]/.test(path.relative(pagesDir, full)) ? helpers : stray).push(path.relative(root, full));
        }
      }
    };
    visit(pagesDir);
    expect(stray).toEqual([]);
    if (helpers.length > 0) {
      // Umi makes every .ts/.tsx under src/pages a route unless conventionRoutes.exclude says otherwise.
      const config = fs.readFileSync(path.join(root, '.umirc.ts'), 'utf8');
      expect(config, `${helpers.join(', ')} would become routes`).toMatch(/conventionRoutes[\s\S]*exclude[\s\S]*components/);
    }
  });

  it('the back office has its twenty-six pages, the index and the not-found page', () => {
    // The sixteen management pages, 评审管理, 通知设置, 通知记录, 投诉举报, 信用记录 and 信用评价,
    // plus the audit log, online users, personal centre, messages.
    expect(manageRoutes).toHaveLength(26);
    expect(fs.existsSync(path.join(pagesDir, 'Manage/index.tsx'))).toBe(true);
    expect(fs.existsSync(path.join(pagesDir, '404.tsx'))).toBe(true);
  });
});

describe('public pages show their title', () => {
  beforeEach(() => {
    server.use(publicSitePageHandler);
  });

  // Each public page names itself at once (h1 or breadcrumb) and has exactly one h1 once loaded.
  it.each(PUBLIC_PAGES.filter((p) => p.path !== '/').map((p) => [p.path, p.title]))('%s: %s', async (route, title) => {
    renderPage(await loadPage(route), route);
    expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    expect(screen.queryByText('栏目内容建设中，敬请期待。')).toBeNull();
    await waitFor(() => expect(document.querySelectorAll('h1')).toHaveLength(1));
  });

  it('the detail page names the site page the footer links to', async () => {
    renderPage(await loadPage('/FrontPage/detail'), '/FrontPage/detail?page=disclaimer');
    expect(screen.getByRole('heading', { level: 1, name: '免责声明' })).toBeInTheDocument();
    expect(await screen.findByText('本网站所载内容仅供参考。')).toBeInTheDocument();
  });

  it('the home page', async () => {
    renderPage(await loadPage('/'), '/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(APP_NAME);
    // The DOM of the tests gives a span no display of its own, so the name may carry a space.
    const more = await screen.findByRole('link', { name: /^更多\s?协会工作$/ });
    expect(more.getAttribute('href')).toBe('/FrontPage/association-work');
  });
});

describe('standalone pages show their title', () => {
  it('入会指南 lists the conditions, the materials, the steps and leads to the application', async () => {
    renderPage(await loadPage('/register-guide'), '/register-guide');
    expect(screen.getByRole('heading', { level: 1, name: '入会指南' })).toBeInTheDocument();
    for (const heading of ['入会条件', '所需材料', '办理流程', '办理时限']) expect(screen.getByText(heading)).toBeInTheDocument();
    expect(screen.getByText(/大学专科及以上学历的专职从业人员不少于 3 人/)).toBeInTheDocument();
    expect(screen.getByText('立即申请入会').closest('a')?.getAttribute('href')).toBe('/register');
    expect(screen.getByText('已有账号，登录会员单位子系统').closest('a')?.getAttribute('href')).toBe('/login?authType=2');
    expect(screen.queryByText(/敬请期待/)).toBeNull();
  });

  it.each(STANDALONE_PAGES.filter((p) => p.path !== '/login').map((p) => [p.path, p.title]))(
    '%s: %s',
    async (route, title) => {
      renderPage(await loadPage(route), route);
      expect(screen.getByText(title)).toBeInTheDocument();
      expect(screen.getByText('返回首页')).toBeInTheDocument();
    },
  );

  it('the not-found page', async () => {
    const NotFound = ((await import('@/pages/404')) as { default: ComponentType }).default;
    renderPage(NotFound, '/nowhere');
    expect(screen.getByText(NOT_FOUND_TITLE)).toBeInTheDocument();
  });
});

describe('back-office pages show their title', () => {
  it.each(manageRoutes.map((e) => [e.path, entryTitle(e, 1)]))('%s: %s', async (route, title) => {
    renderPage(await loadPage(route), route, superAdmin.user);
    expect((await screen.findAllByText(title)).length).toBeGreaterThan(0);
    // Every back-office page is built: none says its module comes later.
    expect(screen.queryByText('功能模块建设中')).toBeNull();
    expect(screen.queryByText(/的其余功能将在后续版本中上线/)).toBeNull();
  });

  it('titles follow the authType', async () => {
    const route = '/Manage/annual-inspection-record';
    renderPage(await loadPage(route), route, memberUnit.user);
    expect(screen.getAllByText(entryTitle(findPage(route)!, 2)).length).toBeGreaterThan(0);
    expect(screen.queryByText('会员单位年检管理')).toBeNull();
  });

  it('/Manage opens the first page of the user’s menu', async () => {
    const ManageIndex = await loadPage('/Manage');
    function Where() {
      return <div data-testid="where">{useLocation().pathname}</div>;
    }
    state.current = { name: APP_NAME, currentUser: memberUnit.user };
    render(
      <MemoryRouter initialEntries={['/Manage']}>
        <Routes>
          <Route path="/Manage" element={<ManageIndex />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('where').textContent).toBe('/Manage/memberInfo');
  });
});

describe('public pages stay light', () => {
  const FORBIDDEN = [/@ant-design\/pro-components/, /ManageLayout/, /PagePlaceholder\/ManagePagePlaceholder/];

  /** Relative and '@/' imports of one file, resolved to files. */
  function importsOf(file: string): string[] {
    const source = fs.readFileSync(file, 'utf8');
    const specs = [...source.matchAll(/^\s*import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    const found: string[] = [];
    for (const spec of specs) {
      if (FORBIDDEN.some((re) => re.test(spec))) throw new Error(`${path.relative(root, file)} imports ${spec}`);
      let base: string | undefined;
      if (spec.startsWith('.')) base = path.resolve(path.dirname(file), spec);
      else if (spec.startsWith('@/')) base = path.join(root, 'src', spec.slice(2));
      else if (spec.startsWith('@common/')) base = path.join(root, 'common', spec.slice(8));
      if (!base) continue;
      const candidate = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (candidate) found.push(candidate);
    }
    return found;
  }

  function walk(entry: string) {
    const seen = new Set<string>();
    const queue = [entry];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...importsOf(file));
    }
    return seen;
  }

  it.each([
    ...PUBLIC_PAGES.map((p) => pageFile(p.path)),
    ...STANDALONE_PAGES.map((p) => pageFile(p.path)),
    path.join(pagesDir, '404.tsx'),
    path.join(root, 'src/layouts/PublicLayout/index.tsx'),
  ])('%s', (entry) => {
    expect(() => walk(entry)).not.toThrow();
  });

  it('the layout switch loads the back office (ProLayout in antd\'s providers) lazily', () => {
    const source = fs.readFileSync(path.join(root, 'src/layouts/index.tsx'), 'utf8');
    expect(source).toMatch(/lazy\(\(\) => import\('\.\/ManageShell'\)\)/);
    expect(source).not.toMatch(/^import .*(ManageShell|ManageLayout|AntdProvider)/m);
    const shell = fs.readFileSync(path.join(root, 'src/layouts/ManageShell.tsx'), 'utf8');
    expect(shell).toMatch(/^import ManageLayout from '\.\/ManageLayout';/m);
  });
});
