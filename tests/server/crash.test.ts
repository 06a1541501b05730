/**
 * Crashes (a hardness test, README.md "Tests"): the real server killed with SIGKILL
 * (server/testing/crashPoints.ts) while a file is being stored and inside a multi-row workflow
 * (opening an inspection year writes the year and a row for every unit and practitioner), then
 * started again: the database passes its integrity check, nothing of the half-done work is visible,
 * and the retried actions succeed. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteFile } from '../../server/db/sqlite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { md5, multipart, pngBytes } from './files.helpers';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, TEST_DATABASE_URL } from './helpers';
import { createPgDatabase, freePort, startServer, stopServer, type ServerProcess } from './processes';

interface Envelope<T = unknown> {
  status: number;
  message: string;
  data: T;
}

const targets = [{ dialect: 'sqlite' as const }, ...(TEST_DATABASE_URL ? [{ dialect: 'postgres' as const }] : [])];

describe.each(targets)('SIGKILL mid-work, then a restart ($dialect)', ({ dialect }) => {
  it('leaves no half-stored file and no half-opened year; the retries succeed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
    const database = dialect === 'postgres' ? await createPgDatabase(TEST_DATABASE_URL ?? '') : null;
    const port = await freePort();
    const env = { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', ADMIN_PASSWORD, PORT: String(port) };
    const base = `http://127.0.0.1:${port}/api/v1`;
    let server: ServerProcess | undefined;
    const login = async () => {
      const res = await fetch(`${base}/user/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginAccount: ADMIN_ACCOUNT, password: ADMIN_PASSWORD, authType: 1 }),
      });
      return ((await res.json()) as Envelope<{ token: string }>).data.token;
    };
    const content = pngBytes(512 * 1024);
    const fileId = randomUUID();
    const uploadFile = (token: string) => {
      const { payload, headers } = multipart([
        { name: 'fileId', value: fileId },
        { name: 'md5', value: md5(content) },
        { name: 'file', filename: '现场照片.png', content },
      ]);
      return fetch(`${base}/file/upload`, { method: 'POST', headers: { ...headers, token }, body: new Uint8Array(payload) });
    };
    const year = new Date().getFullYear() + 1;
    const openYear = (token: string) =>
      fetch(`${base}/annual-inspection-years`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify({ year, deadline: `${year}-06-30` }),
      });
    const count = async (query: string, params: unknown[]): Promise<number> => {
      if (database) {
        const c = new pg.Client({ connectionString: database.url });
        await c.connect();
        try {
          return Number((await c.query<{ n: string }>(query, params)).rows[0]?.n);
        } finally {
          await c.end();
        }
      }
      const db = openSqliteFile(path.join(dataDir, 'app.db'), { readOnly: true });
      try {
        return Number((db.prepare(query.replace(/\$\d+/g, '?')).get(...(params as (string | number)[])) as { n: number } | undefined)?.n);
      } finally {
        db.close();
      }
    };

    try {
      // The demo data first (it stores files itself), in a clean start and stop.
      server = await startServer({ ...env, SEED_DEMO: '1' }, 120_000);
      await stopServer(server, 'SIGTERM');

      // 1. Killed while storing a file: after the content is complete, before it is in place.
      server = await startServer({ ...env, CRASH_AT: 'file-before-rename' }, 120_000);
      await expect(uploadFile(await login())).rejects.toThrow();
      expect(await server.exited).toBeNull(); // killed by a signal

      // 2. Killed inside the transaction that opens an inspection year.
      server = await startServer({ ...env, CRASH_AT: 'inspection-year-before-commit' }, 120_000);
      let token = await login();
      // Nothing of the upload is visible: no stored file, no content under its MD5.
      const status = (await (await fetch(`${base}/file/upload/status/${md5(content)}`, { headers: { token } })).json()) as Envelope<{ exists: boolean }>;
      expect(status.data.exists).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'files', md5(content).slice(0, 2), md5(content)))).toBe(false);
      await expect(openYear(token)).rejects.toThrow();
      expect(await server.exited).toBeNull();

      // 3. Restarted for good.
      if (dialect === 'sqlite') {
        const db = openSqliteFile(path.join(dataDir, 'app.db'));
        try {
          expect(db.prepare('pragma integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
          expect(db.prepare('pragma foreign_key_check').all()).toEqual([]);
        } finally {
          db.close();
        }
      }
      server = await startServer(env, 120_000);
      token = await login();
      expect(await count('select count(*) as n from annual_inspection_years where year = $1', [year])).toBe(0);
      expect(await count('select count(*) as n from annual_inspections where year = $1', [year])).toBe(0);
      expect(await count("select count(*) as n from operation_logs where entity = 'annual-inspection-year' and summary like $1", [`开启${year}%`])).toBe(0);

      // The retries succeed and leave whole results.
      const opened = (await (await openYear(token)).json()) as Envelope<{ id: string }>;
      expect(opened.status, opened.message).toBe(1);
      expect(await count('select count(*) as n from annual_inspections where year = $1', [year])).toBeGreaterThan(0);
      const stored = (await (await uploadFile(token)).json()) as Envelope;
      expect(stored.status, stored.message).toBe(1);
      const download = await fetch(`${base}/file/download/${fileId}`, { headers: { token } });
      expect(md5(Buffer.from(await download.arrayBuffer()))).toBe(md5(content));
    } finally {
      await stopServer(server);
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
