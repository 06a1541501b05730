/**
 * 阿里云短信服务 (dysmsapi, API version 2017-05-25), action SendSms, with the RPC-style signature
 * its documents describe (短信服务 › 签名机制, V2 RPC signature):
 *
 *   1. the request's parameters (common and the action's, without Signature), sorted by name,
 *      each name and value percent-encoded the "POP" way (RFC 3986: only A–Z a–z 0–9 - _ . ~
 *      stay as they are; a space is %20, * is %2A, ~ stays), joined as name=value&…;
 *   2. StringToSign = METHOD & percent("/") & percent(that query);
 *   3. Signature = Base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign)).
 *
 * tests/server/notifications-sms.test.ts checks this against the documents' own example.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { SmsConfig } from '../../config';
import { SMS_TIMEOUT_MS, type SmsMessage, type SmsProvider, type SmsResult } from './smsTypes';

/** RFC 3986 percent-encoding as the POP signature wants it (encodeURIComponent leaves !'()* alone). */
export function popEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The sorted, encoded query (step 1). */
export function aliyunCanonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${popEncode(name)}=${popEncode(params[name] ?? '')}`)
    .join('&');
}

export function aliyunStringToSign(method: 'GET' | 'POST', params: Readonly<Record<string, string>>): string {
  return `${method}&${popEncode('/')}&${popEncode(aliyunCanonicalQuery(params))}`;
}

export function aliyunSignature(accessKeySecret: string, method: 'GET' | 'POST', params: Readonly<Record<string, string>>): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(aliyunStringToSign(method, params), 'utf8').digest('base64');
}

/** ISO 8601 in UTC without milliseconds, as the API wants its Timestamp. */
export const aliyunTimestamp = (at: Date): string => `${at.toISOString().slice(0, 19)}Z`;

/** Codes after which sending the same message again cannot succeed. */
const PERMANENT_CODES = new Set([
  'isv.MOBILE_NUMBER_ILLEGAL',
  'isv.TEMPLATE_MISSING_PARAMETERS',
  'isv.SMS_TEMPLATE_ILLEGAL',
  'isv.SMS_SIGNATURE_ILLEGAL',
  'isv.INVALID_PARAMETERS',
  'isv.PARAM_LENGTH_LIMIT',
  'isv.INVALID_JSON_PARAM',
  'isv.MOBILE_COUNT_OVER_LIMIT',
]);

interface AliyunAnswer {
  Code?: string;
  Message?: string;
  BizId?: string;
  RequestId?: string;
}

/** The answer's JSON, or null when it is not JSON (a proxy's error page). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isAnswer(value: unknown): value is AliyunAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The SendSms request's parameters, signed (the Signature parameter included). */
export function signedSendSmsParams(config: SmsConfig, message: SmsMessage, at: Date, nonce: string): Record<string, string> {
  const params: Record<string, string> = {
    AccessKeyId: config.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    OutId: message.deliveryId,
    PhoneNumbers: message.phone,
    RegionId: config.region,
    SignName: config.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: message.templateCode,
    TemplateParam: JSON.stringify(Object.fromEntries(message.params.map((p) => [p.name, p.value]))),
    Timestamp: aliyunTimestamp(at),
    Version: '2017-05-25',
  };
  return { ...params, Signature: aliyunSignature(config.accessKeySecret, 'POST', params) };
}

export function createAliyunSms(config: SmsConfig): SmsProvider {
  return {
    name: 'aliyun',
    async send(message): Promise<SmsResult> {
      const params = signedSendSmsParams(config, message, new Date(), randomUUID());
      const body = Object.entries(params)
        .map(([name, value]) => `${popEncode(name)}=${popEncode(value)}`)
        .join('&');
      const res = await fetch(config.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      const text = await res.text();
      const answer = parseJson(text);
      if (!isAnswer(answer)) return { ok: false, permanent: false, error: `阿里云短信 HTTP ${res.status}：${text.slice(0, 200)}` };
      if (answer.Code === 'OK' && answer.BizId) return { ok: true, messageId: answer.BizId };
      const code = answer.Code ?? `HTTP ${res.status}`;
      return { ok: false, permanent: PERMANENT_CODES.has(code), error: `阿里云短信 ${code}：${answer.Message ?? ''}` };
    },
  };
}
