import path from 'node:path';
import { defineConfig } from '@umijs/max';

export default defineConfig({
  alias: { '@common': path.resolve(__dirname, 'common') },
  antd: {},
  access: {},
  model: {},
  initialState: {},
  request: {},
  layout: false,
  mock: false,
  esbuildMinifyIIFE: true,
  npmClient: 'npm',
});
