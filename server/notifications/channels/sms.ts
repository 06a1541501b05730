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
 *
 * The message, the answer and the adapter's shape are in ./smsTypes.ts, which the adapters import
 * (this file imports the adapters, so they cannot import it back).
 */
import type { SmsConfig } from '../../config';
import { createAliyunSms } from './aliyun';
import type { SmsProvider } from './smsTypes';
import { createTencentSms } from './tencent';

export function createSmsProvider(config: SmsConfig): SmsProvider {
  return config.provider === 'aliyun' ? createAliyunSms(config) : createTencentSms(config);
}
