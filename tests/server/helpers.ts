/**
 * Builds the real app on a real, fresh database for each test file (or test):
 * - SQLite: always, a new file in a temp dir.
 * - PostgreSQL: when TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/postgres),
 *   a fresh schema, dropped afterwards, in this worker's own database on that server (made by
 *   globalSetup.ts; the role needs CREATEDB).
 * Use `describe.each(dialects)` so every case runs on every available database.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { SENSITIVE_PI_CONSENT_KIND, SENSITIVE_PI_CONSENT_VERSION } from '@common/consentTexts';
import type { CurrentUser } from '@common/schemas/auth';
import type { ApiEnvelope } from '@common/schemas/common';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type AppDb, type DialectName } from '../../server/db/index';
import { migrateToLatest } from '../../server/db/migrations/index';
import { seedDemo } from '../../server/db/seed/demo';
import { seedBase } from '../../server/db/seed/index';
import { loadFieldCipher } from '../../server/pii/keys';
import { loadAuditKey } from '../../server/audit/key';
import { workerDatabaseUrl } from './workerDatabase';

const baseDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || null;
/** This worker's database (see globalSetup.ts), or null when PostgreSQL is not being tested. */
export const TEST_DATABASE_URL = baseDatabaseUrl ? workerDatabaseUrl(baseDatabaseUrl) : null;
export const dialects: DialectName[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const ADMIN_ACCOUNT = 'admin';
export const ADMIN_PASSWORD = 'Admin@12345';

/** A clock the test moves by hand. */
export class TestClock {
  private current = Date.now();
  now = (): Date => new Date(this.current);
  advanceMinutes(minutes: number): void {
    this.current += minutes * 60_000;
  }
}

export interface TestContext {
  app: FastifyInstance;
  db: AppDb;
  config: Config;
  clock: TestClock;
  dialect: DialectName;
  /** Calls the API (path relative to /api/v1) and returns HTTP status and the envelope. */
  call<T = unknown>(method: string, url: string, options?: CallOptions): Promise<CallResult<T>>;
  /**
   * Logs in and returns a token ready for work: an account that would first have to change its
   * generated password or confirm the first-login consent (the account gate,
   * server/security/accountGate.ts) is marked as having done so, as its owner would at first login.
   * Pass `{ asIs: true }` (or call POST user/auth/login yourself) to test the gate itself.
   */
  login(loginAccount: string, password: string, authType?: 1 | 2 | 3, options?: { asIs?: boolean }): Promise<string>;
  adminToken(): Promise<string>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is (e.g. broken JSON) with content-type application/json. */
  rawBody?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T> {
  statusCode: number;
  body: ApiEnvelope<T>;
  headers: Record<string, unknown>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  plugins?: FastifyPluginAsync[];
  /** Also run the demo seed (demo_staff, demo_unit, demo_practitioner / DEMO_PASSWORD of server/db/seed/demoAccounts.ts). */
  demo?: boolean;
  /** Fastify logger options (default: silent, or debug when TEST_LOG is set). */
  logger?: FastifyServerOptions['logger'];
}

/** What a person does at first login (change the generated password, confirm the consent), done directly. */
async function passAccountGate(db: AppDb, user: CurrentUser, now: Date): Promise<void> {
  if (user.mustChangePassword) {
    await db.kysely.updateTable('accounts').set({ must_change_password: 0 }).where('id', '=', user.userId).execute();
  }
  if (user.consentRequired) {
    await db.kysely
      .insertInto('consents')
      .values({
        id: randomUUID(),
        account_id: user.userId,
        kind: SENSITIVE_PI_CONSENT_KIND,
        versions: JSON.stringify({ notice: SENSITIVE_PI_CONSENT_VERSION }),
        agreed_at: now.toISOString(),
        ip: null,
        user_agent: null,
        withdrawn_at: null,
      })
      .execute();
  }
}

export async function openTestDatabase(dialect: DialectName): Promise<{ db: AppDb; dataDir: string; dispose(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-server-test-'));
  if (dialect === 'sqlite') {
    const db = openDatabase({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
    return {
      db,
      dataDir,
      dispose: async () => {
        await db.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = openDatabase({ databaseUrl: TEST_DATABASE_URL, sqliteFile: '', pgSchema: schema });
  return {
    db,
    dataDir,
    dispose: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestApp(dialect: DialectName, options: TestAppOptions = {}): Promise<TestContext> {
  const { db, dataDir, dispose } = await openTestDatabase(dialect);
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_ACCOUNT,
    ADMIN_PASSWORD,
    STATIC_DIR: path.join(dataDir, 'no-dist'),
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const clock = new TestClock();
  // `npm test` sets TEST_LOG_FILE: every app of the server suite logs at trace level there, and
  // scripts/scan-logs.mjs then searches the whole log for passwords, tokens, ID numbers and phones.
  const logStream = process.env.TEST_LOG_FILE && !options.logger ? fs.createWriteStream(process.env.TEST_LOG_FILE, { flags: 'a' }) : null;
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(db);
    await seedBase(db.kysely, { adminAccount: config.adminAccount, adminPassword: config.adminPassword });
    const pii = await loadFieldCipher(config, db.kysely);
    if (options.demo) await seedDemo(db.kysely, new Date(), { dataDir, pii, audit: { key: await loadAuditKey(config, db.kysely), dialect } });
    app = await buildApp({
      config,
      db,
      pii,
      clock: clock.now,
      logger: options.logger ?? (logStream ? { level: 'trace', stream: logStream } : process.env.TEST_LOG ? { level: 'debug' } : false),
      plugins: options.plugins,
    });
  } catch (err) {
    await dispose();
    throw err;
  }
  const ready = app;

  const call = async <T>(method: string, url: string, o: CallOptions = {}): Promise<CallResult<T>> => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token !== undefined) headers.token = o.token;
    let payload: string | undefined;
    if (o.rawBody !== undefined) {
      payload = o.rawBody;
      headers['content-type'] = 'application/json';
    } else if (o.body !== undefined) {
      payload = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    const res = await ready.inject({
      method: method as 'GET',
      url: url.startsWith('/') ? url : `/api/v1/${url}`,
      headers,
      payload,
      remoteAddress: o.ip ?? '127.0.0.1',
    });
    let body: ApiEnvelope<T>;
    try {
      body = res.json<ApiEnvelope<T>>();
    } catch {
      throw new Error(`non-JSON response ${res.statusCode}: ${res.body.slice(0, 200)}`);
    }
    return { statusCode: res.statusCode, body, headers: res.headers };
  };

  let ipCounter = 0;
  const login = async (loginAccount: string, password: string, authType: 1 | 2 | 3 = 1, loginOptions: { asIs?: boolean } = {}) => {
    // A fresh address per login, so that the per-address rate limit does not trip in long files.
    ipCounter += 1;
    const res = await call<{ token: string; currentUser: CurrentUser }>('POST', 'user/auth/login', {
      body: { loginAccount, password, authType },
      ip: `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
    });
    if (res.body.status !== 1) throw new Error(`login ${loginAccount} failed: ${res.body.message}`);
    const { currentUser } = res.body.data;
    if (!loginOptions.asIs) await passAccountGate(db, currentUser, clock.now());
    return res.body.data.token;
  };

  return {
    app: ready,
    db,
    config,
    clock,
    dialect,
    call,
    login,
    adminToken: () => login(ADMIN_ACCOUNT, ADMIN_PASSWORD, 1),
    close: async () => {
      await ready.close();
      await dispose();
      logStream?.end();
    },
  };
}
