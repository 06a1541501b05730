/**
 * The practitioner import against hostile packages (README.md, "个人信息保护与安全"; the files are
 * made by ./hostileSheets.ts): 80 million empty shared strings, a worksheet zipped ahead of the
 * workbook's relationships that inflates to 1.2 GB, a zip-bomb part, 5 million styles, a part
 * whose declared size lies. Each is refused with its Chinese message (status 10) by a bound that
 * holds before memory or disk is spent: nothing is stored, the server keeps answering, and no
 * temporary file is written (the test's own TMPDIR, which the sheet workers inherit, holds
 * nothing afterwards but the test app's data directory and the workers' empty private ones).
 * Then the same 80-million file through a real server process: refused, and the process alive,
 * answering and still importing a good file, its memory not grown; killed, it leaves no
 * directory of its workers behind.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@common/schemas/files';
import type { PractitionerImportResult } from '@common/schemas/practitioners';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { DEMO_UNIT_ID } from '../../server/db/seed/demoAccounts';
import { NOT_A_SPREADSHEET, SHEET_READ_LIMITS } from '../../server/excel';
import { SHEET_WORKER_TMP_PREFIX, stopIdleSheetWorkers } from '../../server/excel/import';
import { idCardHash } from '../../server/pii';
import { md5, multipart, upload } from './files.helpers';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, createTestApp, dialects, TEST_DATABASE_URL, type TestContext } from './helpers';
import { bombedStrings, HOSTILE_GOOD_ID, lyingSizes, manyEmptyStrings, manyStyles, sheetBeforeRels, xlsxPackage } from './hostileSheets';
import { until } from '../waits';
import { createPgDatabase, freePort, startServer, stopServer, type ServerProcess } from './processes';

const TOO_BIG = '表格文件解压后过大';
const STRINGS_REFUSAL = `表格中的共享文本超过${SHEET_READ_LIMITS.maxSharedStrings}条`;

const files: Record<'manyStrings' | 'sheetFirst' | 'bomb' | 'styles' | 'lying', Buffer> = {
  manyStrings: Buffer.alloc(0),
  sheetFirst: Buffer.alloc(0),
  bomb: Buffer.alloc(0),
  styles: Buffer.alloc(0),
  lying: Buffer.alloc(0),
};

/**
 * Files (not directories) under `root`, recursively, except tsx's compilation cache: a worker
 * started from the TypeScript (sheetWorkerBoot.mjs) compiles it into its private temporary
 * directory (tsx-<uid>/); the compiled server's worker has none.
 */
function filesUnder(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .flatMap((e) => (e.isFile() ? [path.join(e.parentPath, e.name)] : []))
    .filter((f) => !/\/wenping-sheet-[^/]+\/tsx-\d+\//.test(f));
}

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-sheets-'));
const previousTmp = process.env.TMPDIR;

beforeAll(() => {
  files.manyStrings = manyEmptyStrings();
  files.sheetFirst = sheetBeforeRels();
  files.bomb = bombedStrings();
  files.styles = manyStyles();
  files.lying = lyingSizes();
  // Every file under 1.5 MB, as the review's were.
  for (const content of Object.values(files)) expect(content.length).toBeLessThan(1.5 * 1024 * 1024);
  // The workers started from here on make their private temporary directories under tmpRoot.
  process.env.TMPDIR = tmpRoot;
  stopIdleSheetWorkers();
});
afterAll(() => {
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  stopIdleSheetWorkers();
  fs.rmSync(tmpRoot, { recursive: true, force: true });
});

describe.each(dialects)('practitioner import of hostile packages on %s', (dialect) => {
  let t: TestContext;
  let unit: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async (table: 'practitioners' | 'accounts') =>
    Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  async function expectRefused(content: Buffer, message: string): Promise<void> {
    const before = { practitioners: await count('practitioners'), accounts: await count('accounts') };
    const uploaded = await upload<StoredFile>(t, unit, content, { name: '从业人员.xlsx' });
    expect(uploaded.body.status).toBe(1);
    const res = await t.call<PractitionerImportResult>('POST', 'practitioners/import', { token: unit, body: { fileId: uploaded.body.data.fileId } });
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe(10);
    expect(res.body.message).toContain(message);
    // Nothing stored, not even the good person in row 2.
    expect({ practitioners: await count('practitioners'), accounts: await count('accounts') }).toEqual(before);
    expect(await t.db.kysely.selectFrom('practitioners').select('id').where('id_card_hash', '=', idCardHash(t.app.pii, HOSTILE_GOOD_ID)).execute()).toHaveLength(0);
    // The server answers, and nothing was written to a temporary directory.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    expect(filesUnder(tmpRoot).filter((f) => !f.startsWith(t.config.dataDir))).toEqual([]);
  }

  it('refuses 80 million empty shared strings by their count', async () => {
    await expectRefused(files.manyStrings, STRINGS_REFUSAL);
  });

  it('refuses a worksheet zipped ahead of the relationships by what it inflates to, with no temporary file', async () => {
    await expectRefused(files.sheetFirst, `${TOO_BIG}：其中的 xl/worksheets/sheet1.xml 超出上限`);
  });

  it('refuses a zip-bomb part by its ratio', async () => {
    await expectRefused(files.bomb, `${TOO_BIG}：其中的 xl/sharedStrings.xml 超出上限`);
  });

  it('refuses 5 million styles by their count', async () => {
    await expectRefused(files.styles, `表格中的样式记录超过${SHEET_READ_LIMITS.maxStyles}条`);
  });

  it('refuses a part that inflates past the size its zip headers declare', async () => {
    await expectRefused(files.lying, NOT_A_SPREADSHEET);
  });

  it('imports the same person from a well-formed package zipped in that order', async () => {
    const uploaded = await upload<StoredFile>(t, unit, xlsxPackage({ first: ['xl/worksheets/sheet1.xml'] }), { name: '从业人员.xlsx' });
    const res = await t.call<PractitionerImportResult>('POST', 'practitioners/import', { token: unit, body: { fileId: uploaded.body.data.fileId } });
    expect(res.body.data).toMatchObject({ total: 1, created: 1, failed: 0 });
  });
});

interface Envelope<T = unknown> {
  status: number;
  message: string;
  data: T;
}

const targets = [{ dialect: 'sqlite' as const }, ...(TEST_DATABASE_URL ? [{ dialect: 'postgres' as const }] : [])];

/** The server process's peak resident memory (kB), from /proc; null where there is none. */
function peakMemoryKb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

describe.each(targets)('the 80-million-strings file through a real server process ($dialect)', ({ dialect }) => {
  it('is refused, and the process stays alive and answering, imports a good file after it and spent no memory on it', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmpRoot, 'server-data-'));
    const serverTmp = fs.mkdtempSync(path.join(tmpRoot, 'server-tmp-'));
    const database = dialect === 'postgres' ? await createPgDatabase(TEST_DATABASE_URL ?? '') : null;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api/v1`;
    let server: ServerProcess | undefined;
    try {
      server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', ADMIN_PASSWORD, PORT: String(port), SEED_DEMO: '1', TMPDIR: serverTmp }, 180_000);
      const { pid } = server.child;
      if (pid === undefined) throw new Error('no server pid');
      const login = await fetch(`${base}/user/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginAccount: ADMIN_ACCOUNT, password: ADMIN_PASSWORD, authType: 1 }),
      });
      const token = ((await login.json()) as Envelope<{ token: string }>).data.token;
      const importFile = async (content: Buffer): Promise<Envelope<PractitionerImportResult>> => {
        const fileId = randomUUID();
        const { payload, headers } = multipart([
          { name: 'fileId', value: fileId },
          { name: 'md5', value: md5(content) },
          { name: 'file', filename: '从业人员.xlsx', content },
        ]);
        const uploaded = (await (await fetch(`${base}/file/upload`, { method: 'POST', headers: { ...headers, token }, body: new Uint8Array(payload) })).json()) as Envelope;
        expect(uploaded.status).toBe(1);
        const res = await fetch(`${base}/practitioners/import`, {
          method: 'POST',
          headers: { token, 'content-type': 'application/json' },
          body: JSON.stringify({ fileId, unitId: DEMO_UNIT_ID }),
        });
        return (await res.json()) as Envelope<PractitionerImportResult>;
      };
      const health = async () => ((await (await fetch(`${base}/health`)).json()) as Envelope).status;

      const peakBefore = peakMemoryKb(pid);
      const refused = await importFile(files.manyStrings);
      expect(refused.status).toBe(10);
      expect(refused.message).toContain(STRINGS_REFUSAL);
      expect(server.child.exitCode).toBeNull();
      expect(server.child.signalCode).toBeNull();
      expect(await health()).toBe(1);
      // The strings were never held by the server's process (ExcelJS's cache grew its heap to the limit).
      const peakAfter = peakMemoryKb(pid);
      if (peakBefore !== null && peakAfter !== null) expect(peakAfter - peakBefore).toBeLessThan(100 * 1024);
      expect(filesUnder(serverTmp)).toEqual([]);

      const imported = await importFile(xlsxPackage());
      expect(imported.status).toBe(1);
      expect(imported.data).toMatchObject({ total: 1, created: 1, failed: 0 });
      expect(await health()).toBe(1);
      expect(server.child.exitCode).toBeNull();

      // Killed outright, the server cannot remove its workers' private directories: each worker,
      // its parent gone, removes its own.
      expect(fs.readdirSync(serverTmp).some((name) => name.startsWith(SHEET_WORKER_TMP_PREFIX))).toBe(true);
      await stopServer(server, 'SIGKILL');
      await until(() => fs.readdirSync(serverTmp).length === 0, "the sheet workers' private directories removed");
    } finally {
      await stopServer(server);
      await database?.drop();
    }
  });
});
