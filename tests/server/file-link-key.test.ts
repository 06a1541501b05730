/**
 * File links are signed with one key for every instance (README.md, "Running in production"): a
 * link minted by one app opens on another app over the same database and files, also after a
 * restart; FILE_LINK_KEY overrides the stored key, and a link signed with another key is refused.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewItem, StoredFile } from '@common/schemas/files';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { LINK_KEY_META } from '../../server/files/signedUrls';
import { md5, pngBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('file link key on %s', (dialect) => {
  let t: TestContext;
  let others: FastifyInstance[] = [];
  const otherApp = async (env: Record<string, string> = {}) => {
    const app = await buildApp({ config: loadConfig({ ...process.env, DATA_DIR: t.config.dataDir, STATIC_DIR: t.config.staticDir, LOG_LEVEL: 'silent', ...env }), db: t.db, logger: false });
    others.push(app);
    return app;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    others = [];
    await t?.close();
  });

  it('is made once and kept in the database: a link minted by one instance opens on another', async () => {
    const token = await t.login('demo_unit', DEMO_PASSWORD, 2);
    const content = pngBytes(4000);
    const stored = await upload<StoredFile>(t, token, content, { name: '现场照片.png' });
    expect(stored.body.status).toBe(1);
    const preview = await t.call<PreviewItem[]>('GET', `file/preview?fileIds=${stored.body.data.fileId}`, { token });
    const link = preview.body.data[0].url;

    const key = await t.db.kysely.selectFrom('app_meta').select('value').where('key', '=', LINK_KEY_META).execute();
    expect(key).toHaveLength(1);

    const second = await otherApp();
    const opened = await second.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(200);
    expect(md5(opened.rawPayload)).toBe(md5(content));
    // Starting again did not make another key.
    expect(await t.db.kysely.selectFrom('app_meta').select('value').where('key', '=', LINK_KEY_META).execute()).toEqual(key);
  });

  it('FILE_LINK_KEY takes precedence; a link signed with another key is refused', async () => {
    const token = await t.login('demo_unit', DEMO_PASSWORD, 2);
    const stored = await upload<StoredFile>(t, token, pngBytes(3000), { name: '另一张.png' });
    const preview = await t.call<PreviewItem[]>('GET', `file/preview?fileIds=${stored.body.data.fileId}`, { token });
    const configured = await otherApp({ FILE_LINK_KEY: 'ab'.repeat(32) });
    const refused = await configured.inject({ method: 'GET', url: preview.body.data[0].url });
    expect(refused.json()).toMatchObject({ status: 21 });
  });
});
