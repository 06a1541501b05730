/**
 * SMS through a provider: a template the provider approved (its code) and the values of its
 * variables, to one mainland mobile number. Two adapters, chosen by SMS_PROVIDER
 * (server/config.ts): 阿里云短信服务 (./aliyun.ts) and 腾讯云短信 (./tencent.ts), each signing
 * its requests as the provider documents.
 *
 * An adapter answers sent (with the provider's id), or refused: `permanent` when no retry can
 * help (a number the provider says is invalid, a template or signature it does not accept), so
 * the sender stops at once; otherwise the sender retries with its back-off. A network failure
 * throws, and is retried too.
 */
import type { SmsConfig } from '../../config';
import { createAliyunSms } from './aliyun';
import { createTencentSms } from './tencent';

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

export function createSmsProvider(config: SmsConfig): SmsProvider {
  return config.provider === 'aliyun' ? createAliyunSms(config) : createTencentSms(config);
}
