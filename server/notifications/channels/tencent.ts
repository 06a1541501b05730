/**
 * 腾讯云短信 (API 3.0, sms 2021-01-11), action SendSms, signed with TC3-HMAC-SHA256 as its
 * documents describe (API 3.0 › 签名方法 v3):
 *
 *   CanonicalRequest = POST \n / \n (empty query) \n content-type:…\nhost:…\n \n content-type;host \n hex(SHA256(payload))
 *   StringToSign     = TC3-HMAC-SHA256 \n timestamp \n <UTC date>/sms/tc3_request \n hex(SHA256(CanonicalRequest))
 *   key              = HMAC(HMAC(HMAC("TC3" + SecretKey, date), service), "tc3_request")
 *   Signature        = hex(HMAC-SHA256(key, StringToSign))
 *   Authorization    = TC3-HMAC-SHA256 Credential=<SecretId>/<scope>, SignedHeaders=content-type;host, Signature=<…>
 *
 * tests/server/notifications-sms.test.ts checks this against the documents' own example.
 */
import { createHash, createHmac } from 'node:crypto';
import type { SmsConfig } from '../../config';
import { SMS_TIMEOUT_MS, type SmsMessage, type SmsProvider, type SmsResult } from './smsTypes';

export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';
const SMS_VERSION = '2021-01-11';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  /** The Host header as sent (with the port when it is not the default one). */
  host: string;
  payload: string;
  /** Seconds since 1970. */
  timestamp: number;
  contentType?: string;
}

export interface Tc3Signature {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  authorization: string;
}

export function tc3Sign(input: Tc3Input): Tc3Signature {
  const contentType = input.contentType ?? TC3_CONTENT_TYPE;
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = ['POST', '/', '', `content-type:${contentType}\nhost:${input.host}\n`, 'content-type;host', sha256Hex(input.payload)].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return {
    canonicalRequest,
    stringToSign,
    signature,
    authorization: `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
  };
}

/** Codes after which sending the same message again cannot succeed. */
const PERMANENT_CODES = new Set([
  'InvalidParameterValue.IncorrectPhoneNumber',
  'InvalidParameterValue.TemplateParameterFormatError',
  'InvalidParameterValue.TemplateParameterLengthLimit',
  'FailedOperation.TemplateIncorrectOrUnapproved',
  'FailedOperation.SignatureIncorrectOrUnapproved',
  'FailedOperation.PhoneNumberInBlacklist',
  'UnauthorizedOperation.SmsSdkAppIdVerifyFail',
]);

interface SendStatus {
  SerialNo?: string;
  Code?: string;
  Message?: string;
}

interface TencentAnswer {
  Response?: { SendStatusSet?: SendStatus[]; Error?: { Code?: string; Message?: string }; RequestId?: string };
}

/** The answer's JSON, or null when it is not JSON (a proxy's error page). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isAnswer(value: unknown): value is TencentAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request body SendSms takes for one message. */
export function sendSmsPayload(config: SmsConfig, message: SmsMessage): string {
  return JSON.stringify({
    PhoneNumberSet: [`+86${message.phone}`],
    SmsSdkAppId: config.sdkAppId ?? '',
    SignName: config.signName,
    TemplateId: message.templateCode,
    TemplateParamSet: message.params.map((p) => p.value),
    SessionContext: message.deliveryId,
  });
}

export function createTencentSms(config: SmsConfig): SmsProvider {
  const host = new URL(config.endpoint).host;
  return {
    name: 'tencent',
    async send(message): Promise<SmsResult> {
      const payload = sendSmsPayload(config, message);
      const timestamp = Math.floor(Date.now() / 1000);
      const { authorization } = tc3Sign({ secretId: config.accessKeyId, secretKey: config.accessKeySecret, service: 'sms', host, payload, timestamp });
      const res = await fetch(config.endpoint, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': TC3_CONTENT_TYPE,
          'x-tc-action': 'SendSms',
          'x-tc-timestamp': String(timestamp),
          'x-tc-version': SMS_VERSION,
          'x-tc-region': config.region,
        },
        body: payload,
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      const text = await res.text();
      const answer = parseJson(text);
      const response = isAnswer(answer) ? answer.Response : undefined;
      if (!response) return { ok: false, permanent: false, error: `腾讯云短信 HTTP ${res.status}：${text.slice(0, 200)}` };
      if (response.Error) {
        const code = response.Error.Code ?? `HTTP ${res.status}`;
        return { ok: false, permanent: PERMANENT_CODES.has(code), error: `腾讯云短信 ${code}：${response.Error.Message ?? ''}` };
      }
      const status = response.SendStatusSet?.[0];
      if (status?.Code === 'Ok' && status.SerialNo) return { ok: true, messageId: status.SerialNo };
      const code = status?.Code ?? '无发送结果';
      return { ok: false, permanent: PERMANENT_CODES.has(code), error: `腾讯云短信 ${code}：${status?.Message ?? ''}` };
    },
  };
}
