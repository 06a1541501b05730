/**
 * The e2e server's mail: a real SMTP server (smtp-server on a free port) started by
 * globalSetup.ts, which the server sends to through SMTP_URL, and a small HTTP door to it, since
 * the journeys run in other processes than globalSetup: GET /received lists the messages that
 * arrived (recipients, subject, the delivery's id), POST /refuse-once {address} makes the next
 * message to that address be refused at RCPT TO (550) once, as a mail server rejecting a
 * recipient for a while.
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    mailboxURL: string;
  }
}

export interface ReceivedNotice {
  to: string[];
  subject: string;
  /** The X-Notice-Delivery header: the delivery record's id. */
  deliveryId: string;
}

export interface Mailbox {
  /** SMTP_URL and SMTP_FROM for the server. */
  env: Record<string, string>;
  /** The HTTP door's address. */
  url: string;
  close(): Promise<void>;
}

/** An encoded-word header (=?UTF-8?B?…?= or Q) as text. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

function header(raw: string, name: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? decodeHeader(line.slice(name.length + 1).trim()) : '';
}

export async function startMailbox(): Promise<Mailbox> {
  const refuseOnce = new Set<string>();
  const received: ReceivedNotice[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (!refuseOnce.delete(to)) return callback();
      return callback(Object.assign(new Error(`Mailbox ${to} unavailable`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: header(raw, 'Subject'), deliveryId: header(raw, 'X-Notice-Delivery') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpAddress = smtp.server.address();
  const smtpPort = typeof smtpAddress === 'object' && smtpAddress ? smtpAddress.port : 0;

  const door = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/received') return answer(200, received);
    if (req.method === 'POST' && req.url === '/refuse-once') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const { address } = JSON.parse(body) as { address: string };
        refuseOnce.add(address.toLowerCase());
        answer(200, { ok: true });
      });
      return undefined;
    }
    return answer(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve));
  const doorAddress = door.address();
  const doorPort = typeof doorAddress === 'object' && doorAddress ? doorAddress.port : 0;
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SMTP_FROM: 'notice@e2e.example.cn' },
    url: `http://127.0.0.1:${doorPort}`,
    close: async () => {
      await new Promise<void>((resolve) => door.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** For the journeys: what the SMTP server received so far. */
export async function receivedMail(): Promise<ReceivedNotice[]> {
  const res = await fetch(`${inject('mailboxURL')}/received`);
  return (await res.json()) as ReceivedNotice[];
}

/** For the journeys: the next message to `address` is refused once (550 at RCPT TO). */
export async function refuseOnce(address: string): Promise<void> {
  await fetch(`${inject('mailboxURL')}/refuse-once`, { method: 'POST', body: JSON.stringify({ address }) });
}
