/**
 * What the notification tests share: a real SMTP server in-process (smtp-server on a free port)
 * that records what it receives, or refuses it, or a server that drops every connection; the
 * records notices are about (units with accounts, practitioners, experts, certificates); a
 * second app on the same database (a restart, another instance); and the days of the test clock.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import type { NoticeKind } from '@common/schemas/notifications';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { beijingDay } from '@common/calendar';
import { openDatabase, type AppDb } from '../../server/db/index';
import { newAuditColumns } from '../../server/db/versioned';
import { DUE_NOTICE_FINDERS } from '../../server/notifications/kinds';
import { NotificationService } from '../../server/notifications/service';
import type { NoticeChannels } from '../../server/notifications/sender';
import { encryptPractitionerPii } from '../../server/pii';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, TEST_DATABASE_URL, type TestContext } from './helpers';

// ---- the SMTP server ----------------------------------------------------------------------------

export interface ReceivedMail {
  from: string;
  to: string[];
  messageId: string;
  /** The X-Notice-Delivery header: the delivery row's id. */
  deliveryId: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  raw: string;
}

export type SmtpBehaviour = { kind: 'accept'; delayMs?: number } | { kind: 'refuse'; code: number; message: string };

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** How many DATA commands reached it (accepted or refused). */
  attempts: number;
  behave(behaviour: SmtpBehaviour): void;
  close(): Promise<void>;
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The text/plain part of a message (multipart or not). */
function plainText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = headersOf(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return decodeBody(body, headers.get('content-transfer-encoding'));
  for (const part of body.split(`--${boundary}`)) {
    const cut = part.indexOf('\r\n\r\n');
    if (cut < 0) continue;
    const partHeaders = headersOf(part.slice(0, cut).replace(/^\r\n/, ''));
    if ((partHeaders.get('content-type') ?? '').startsWith('text/plain')) return decodeBody(part.slice(cut + 4), partHeaders.get('content-transfer-encoding'));
  }
  return '';
}

export async function startSmtp(initial: SmtpBehaviour = { kind: 'accept' }): Promise<TestSmtp> {
  let behaviour = initial;
  const state = { received: [] as ReceivedMail[], attempts: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.attempts += 1;
        const current = behaviour;
        if (current.kind === 'refuse') {
          callback(Object.assign(new Error(current.message), { responseCode: current.code }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = headersOf(raw.slice(0, raw.indexOf('\r\n\r\n')));
        const done = () => {
          state.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: headers.get('message-id') ?? '',
            deliveryId: headers.get('x-notice-delivery') ?? '',
            subject: decodeWords(headers.get('subject') ?? ''),
            text: plainText(raw),
            raw,
          });
          callback();
        };
        if (current.delayMs) setTimeout(done, current.delayMs);
        else done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    get attempts() {
      return state.attempts;
    },
    behave(next) {
      behaviour = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A "mail server" that accepts each connection and drops it at once. */
export async function startDroppingServer(): Promise<{ url: string; connections: number; close(): Promise<void> }> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const SMTP_FROM = 'notice@assoc.example.cn';
export const smtpEnv = (url: string): Record<string, string> => ({ SMTP_URL: url, SMTP_FROM });

// ---- records ------------------------------------------------------------------------------------

const PASSWORD = 'Notice@2026x';

export interface TestUnit {
  id: string;
  name: string;
  accountId: string;
  login: string;
  token(): Promise<string>;
}

let seq = 0;
const next = () => {
  seq += 1;
  return `${Date.now().toString(36)}${seq}`;
};

export async function addUnit(t: TestContext, input: { name?: string; email?: string | null; phone?: string; status?: 'approved' | 'pending' } = {}): Promise<TestUnit> {
  const n = next();
  const id = randomUUID();
  const at = t.clock.now().toISOString();
  const name = input.name ?? `通知测试单位${n}`;
  await t.db.kysely
    .insertInto('member_units')
    .values({
      id,
      name,
      credit_code: `91330106${randomBytes(5).toString('hex').toUpperCase()}`,
      legal_representative: '王立',
      contact_person: '李明',
      contact_phone: input.phone ?? '0571-88886666',
      email: input.email === undefined ? `unit${n}@example.cn` : input.email,
      show_in_window: 0,
      status: input.status ?? 'approved',
      ...newAuditColumns(at),
    })
    .execute();
  const login = `nu${n}`;
  const accountId = await insertAccount(t.db.kysely, { loginAccount: login, passwordHash: await hashPassword(PASSWORD), authType: 2, name, unitId: id }, at);
  return { id, name, accountId, login, token: () => t.login(login, PASSWORD, 2) };
}

export async function addPractitioner(t: TestContext, unitId: string, input: { name?: string; email?: string | null; phone?: string | null } = {}): Promise<{ id: string; name: string; login: string; token(): Promise<string> }> {
  const n = next();
  const id = randomUUID();
  const at = t.clock.now().toISOString();
  const name = input.name ?? `从业人员${n}`;
  const idCardNo = `11010119900307${String(1000 + (seq % 9000)).slice(-4)}`;
  await t.db.kysely
    .insertInto('practitioners')
    .values({
      id,
      name,
      ...encryptPractitionerPii(t.app.pii, { idCardNo: `${idCardNo}${n}`.slice(0, 18), phone: input.phone === undefined ? '13800138000' : input.phone }),
      email: input.email === undefined ? `p${n}@example.cn` : input.email,
      unit_id: unitId,
      training_hours: 0,
      status: 'approved',
      ...newAuditColumns(at),
    })
    .execute();
  const login = `np${n}`;
  await insertAccount(t.db.kysely, { loginAccount: login, passwordHash: await hashPassword(PASSWORD), authType: 3, name, unitId, practitionerId: id }, at);
  return { id, name, login, token: () => t.login(login, PASSWORD, 3) };
}

export async function addExpert(t: TestContext, input: { name?: string; email?: string | null; phone?: string | null } = {}): Promise<string> {
  const id = randomUUID();
  await t.db.kysely
    .insertInto('experts')
    .values({
      id,
      name: input.name ?? `专家${next()}`,
      email: input.email === undefined ? `expert${next()}@example.cn` : input.email,
      phone: input.phone === undefined ? '13900139000' : input.phone,
      public: 1,
      active: 1,
      sort: 0,
      ...newAuditColumns(t.clock.now().toISOString()),
    })
    .execute();
  return id;
}

export async function addCertificate(
  t: TestContext,
  holder: { type: 'unit' | 'practitioner'; id: string; name: string; unitId: string },
  validUntil: string,
): Promise<string> {
  const id = randomUUID();
  const at = t.clock.now().toISOString();
  await t.db.kysely
    .insertInto('certificates')
    .values({
      id,
      kind: holder.type,
      number: `${holder.type === 'unit' ? 'WPDW' : 'WPRY'}${next()}`.slice(0, 30),
      holder_type: holder.type,
      holder_id: holder.id,
      holder_name: holder.name,
      unit_id: holder.unitId,
      issued_on: '2024-01-01',
      valid_until: validUntil,
      status: 'valid',
      revoked_reason: null,
      revoked_at: null,
      ...newAuditColumns(at),
    })
    .execute();
  return id;
}

// ---- days, services, instances ------------------------------------------------------------------

export const today = (t: TestContext): string => beijingDay(t.clock.now());

export function daysFrom(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function advanceDays(t: TestContext, days: number): void {
  t.clock.advanceMinutes(days * 24 * 60);
}

export function serviceOf(app: FastifyInstance, channels?: NoticeChannels): NotificationService {
  return new NotificationService(app, DUE_NOTICE_FINDERS, channels);
}

/** Scans, then sends until nothing is due. */
export async function scanAndSend(service: NotificationService): Promise<void> {
  await service.scanNow();
  await service.sendNow();
}

export interface Instance {
  app: FastifyInstance;
  db: AppDb;
  close(): Promise<void>;
}

/**
 * Another app on the same database as `t` (a restart, or a second instance): its own connection
 * (pool), the same keys, the same test clock, and the environment given.
 */
export async function anotherInstance(t: TestContext, env: Record<string, string>): Promise<Instance> {
  let db: AppDb;
  if (t.dialect === 'postgres') {
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db.kysely)).rows[0]?.schema ?? '';
    db = openDatabase({ databaseUrl: TEST_DATABASE_URL, sqliteFile: '', pgSchema: schema });
  } else {
    db = openDatabase({ databaseUrl: null, sqliteFile: t.config.sqliteFile });
  }
  const config = loadConfig({ DATA_DIR: t.config.dataDir, ADMIN_ACCOUNT, ADMIN_PASSWORD, STATIC_DIR: path.join(t.config.dataDir, 'no-dist'), LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, db, pii: t.app.pii, auditKey: t.app.auditKey, clock: t.clock.now, logger: false });
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** The deliveries of one reference (or all), as the tests read them. */
export async function deliveriesOf(db: AppDb, where: { reference?: string; kind?: NoticeKind; recipientKey?: string } = {}) {
  let q = db.kysely.selectFrom('notification_deliveries').selectAll();
  if (where.reference) q = q.where('reference', '=', where.reference);
  if (where.kind) q = q.where('kind', '=', where.kind);
  if (where.recipientKey) q = q.where('recipient_key', '=', where.recipientKey);
  return q.orderBy('created_at').orderBy('channel').execute();
}
