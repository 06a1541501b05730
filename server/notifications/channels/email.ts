/**
 * E-mail through SMTP (nodemailer), from SMTP_URL / SMTP_FROM (server/config.ts), the
 * association's name as the sender's name. One connection per message: notices are few, and a
 * connection that broke is never reused for the next one.
 *
 * Every failure is reported for a retry (the sender backs off, then gives up): a server that
 * refuses (5xx), is busy (4xx), drops the connection or does not answer. The message's id is the
 * delivery's (`<delivery-id@sender-domain>`), so a receiving system can recognise a repeat.
 */
import nodemailer from 'nodemailer';
import { ASSOCIATION_NAME } from '@common/association';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The delivery's id: the Message-ID and the X-Notice-Delivery header. */
  deliveryId: string;
}

export interface EmailChannel {
  /** The sender's address. */
  readonly from: string;
  /** Resolves with the server's message id and answer; rejects with the server's refusal or the connection's error. */
  send(message: EmailMessage): Promise<{ messageId: string; response: string }>;
  close(): void;
}

const CONNECT_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 30_000;

export function createEmailChannel(smtpUrl: string, from: string): EmailChannel {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    // The messages are built here from templates: nothing may make nodemailer read a file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const domain = from.slice(from.lastIndexOf('@') + 1);
  return {
    from,
    async send(message) {
      const info = await transport.sendMail({
        from: { name: ASSOCIATION_NAME, address: from },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.deliveryId}@${domain}>`,
        headers: { 'X-Notice-Delivery': message.deliveryId },
      });
      return { messageId: info.messageId, response: info.response };
    },
    close() {
      transport.close();
    },
  };
}

/** What a failure says, for the record (addresses are masked by the caller): the SMTP answer or the connection's code. */
export function describeEmailError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const detail = err as Error & { responseCode?: number; response?: string; code?: string };
  if (detail.responseCode) return `SMTP ${detail.responseCode}：${detail.response ?? err.message}`;
  return `${detail.code ? `${detail.code}：` : ''}${err.message}`;
}
