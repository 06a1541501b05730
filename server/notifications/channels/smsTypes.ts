/**
 * What an SMS adapter (./aliyun.ts, ./tencent.ts) takes and answers, apart from ./sms.ts, which
 * picks the adapter: see ./sms.ts for what the answers mean to the sender.
 */
import type { SmsConfig } from '../../config';

export interface SmsMessage {
  /** 11 digits (server/notifications/render.ts mobileNumber). */
  phone: string;
  templateCode: string;
  /** The template's variables in order: 阿里云 takes them by name, 腾讯云 by position. */
  params: readonly { name: string; value: string }[];
  /** The delivery's id, given to the provider (OutId / SessionContext). */
  deliveryId: string;
}

export type SmsResult = { ok: true; messageId: string } | { ok: false; permanent: boolean; error: string };

export interface SmsProvider {
  readonly name: SmsConfig['provider'];
  send(message: SmsMessage): Promise<SmsResult>;
}

/** How long one provider call may take. */
export const SMS_TIMEOUT_MS = 15_000;
