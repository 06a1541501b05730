import path from 'node:path';
import { defineConfig } from '@umijs/max';
import { ASSOCIATION_NAME } from './common/association';
import proxy from './config/proxy';
import { BROWSER_TARGETS } from './config/targets';

export default defineConfig({
  alias: { '@common': path.resolve(__dirname, 'common') },
  // The plugin without `configProvider`/`appConfig`: it would wrap the whole app, public pages
  // included, in antd's ConfigProvider and <App> and so put antd in the entry script that every
  // visit runs. src/layouts/AntdProvider.tsx renders them (AA theme, zh_CN, toasts 2 s / at most
  // 1) around the back office and the antd pages only.
  antd: {},
  access: {},
  model: {},
  // The light placeholder (src/loading.tsx) shows while the initial state loads.
  initialState: { loading: '@/loading' },
  request: {},
  layout: false,
  // Page folders keep their own components/; those are not routes.
  conventionRoutes: { exclude: [/\/components\//] },
  favicons: ['/favicon.ico'],
  // mock/ holds msw handlers for tests, not Umi mock files; `npm run dev` proxies /api.
  mock: false,
  proxy,
  title: ASSOCIATION_NAME,
  // Umi's default viewport forbids zooming (user-scalable=no): readers must be able to zoom.
  metas: [
    { name: 'viewport', content: 'width=device-width, initial-scale=1' },
    {
      name: 'description',
      content: `${ASSOCIATION_NAME}官方网站：协会简介、协会工作与新闻、通知公告、会员之窗、专家库、下载专区与站内搜索。`,
    },
  ],
  // Content-hashed file names (umi.1a2b3c4d.js): the server and nginx cache them for a year,
  // and a new release can never be mixed with an old cached entry file.
  hash: true,
  esbuildMinifyIIFE: true,
  // config/targets.ts. Polyfills: the stable standard only, for those targets (Umi's default
  // `core-js` also polyfilled 176 proposals nothing here uses), and not in the entry:
  // src/polyfills.ts, loaded before the first render only by a browser that lacks part of it
  // (src/app.tsx `render`). The entry keeps Umi's regenerator runtime alone.
  targets: BROWSER_TARGETS,
  polyfill: { imports: [] },
  // Titles are set by the pages themselves (usePageMeta, the layouts); react-helmet-async unused.
  helmet: false,
  // Umi provides a Buffer polyfill (25 KB) to every module that names `Buffer`; in this app
  // only lodash (its own guarded local) and axios (behind a Blob check) do, so the entry
  // carried it for nothing. `process` stays provided.
  chainWebpack(memo) {
    memo.plugin('node-polyfill-provider').tap((args: unknown[]) => {
      const provided = (args[0] ?? {}) as Record<string, unknown>;
      return [{ process: provided.process }];
    });
  },
  npmClient: 'npm',
});
