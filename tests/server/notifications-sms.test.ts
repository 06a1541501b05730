/**
 * The SMS adapters (server/notifications/channels): each provider's request signing checked
 * against the example in the provider's own document, then real HTTP calls from the sender to a
 * local server that plays the provider and verifies the signature with its own implementation
 * of the documented algorithm (itself checked against the same example first): a valid request
 * is sent, a wrong secret is refused by the "provider" and retried, a permanent refusal (an
 * invalid number) ends the record at once. SQLite and PostgreSQL.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { NoticeTemplateRecord } from '@common/schemas/notifications';
import { aliyunSignature, aliyunStringToSign } from '../../server/notifications/channels/aliyun';
import { tc3Sign } from '../../server/notifications/channels/tencent';
import { enqueueNotice } from '../../server/notifications/enqueue';
import { createTestApp, dialects, type TestContext } from './helpers';
import { addUnit, anotherInstance, deliveriesOf, serviceOf } from './notifications.helpers';

// ---- the documents' examples ---------------------------------------------------------------------

/**
 * 阿里云 短信服务 API 文档 › HTTP 协议及签名 › 签名机制 (help.aliyun.com/document_detail/56189.html):
 * the example request's parameters, its StringToSign, and its signature with AccessKeySecret
 * "testSecret" (key "testSecret&").
 */
const ALIYUN_DOC = {
  params: {
    AccessKeyId: 'testId',
    Action: 'SendSms',
    Format: 'XML',
    OutId: '123',
    PhoneNumbers: '15300000001',
    RegionId: 'cn-hangzhou',
    SignName: '阿里云短信测试专用',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
    SignatureVersion: '1.0',
    TemplateCode: 'SMS_71390007',
    TemplateParam: '{"customer":"test"}',
    Timestamp: '2017-07-12T02:42:19Z',
    Version: '2017-05-25',
  },
  secret: 'testSecret',
  stringToSign:
    'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25',
  signature: 'zJDF+Lrzhj/ThnlvIToysFRq6t4=',
};

/**
 * 腾讯云 API 3.0 › 签名方法 v3 (cloud.tencent.com/document/api/382/52072, the SMS product's copy of
 * the common page): the worked example, a DescribeInstances call to cvm.tencentcloudapi.com at
 * timestamp 1551113065 with the documented (masked) SecretId and SecretKey.
 */
const TENCENT_DOC = {
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
  service: 'cvm',
  host: 'cvm.tencentcloudapi.com',
  timestamp: 1551113065,
  payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  canonicalRequest:
    'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
  stringToSign: 'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
  signature: '2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
  authorization:
    'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
};

// ---- the "providers": their own signature checks, written from the documents -------------------

/** RFC 3986 as the POP signature wants it (the verifier's own, not the adapter's). */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function aliyunVerifierSignature(secret: string, method: string, params: Record<string, string>): string {
  const query = Object.entries(params)
    .filter(([k]) => k !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .join('&');
  return createHmac('sha1', `${secret}&`).update(`${method}&${rfc3986('/')}&${rfc3986(query)}`).digest('base64');
}

function tc3VerifierSignature(secretKey: string, service: string, host: string, contentType: string, payload: string, timestamp: number): string {
  const hash = (s: string) => createHash('sha256').update(s).digest('hex');
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const canonical = `POST\n/\n\ncontent-type:${contentType}\nhost:${host}\n\ncontent-type;host\n${hash(payload)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${hash(canonical)}`;
  const mac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();
  return createHmac('sha256', mac(mac(mac(`TC3${secretKey}`, date), service), 'tc3_request')).update(toSign).digest('hex');
}

type Answer = 'ok' | 'invalid-number';

interface FakeProvider {
  endpoint: string;
  requests: { params: Record<string, string>; verified: boolean }[];
  answer: Answer;
  close(): Promise<void>;
}

async function listen(handler: (req: http.IncomingMessage, body: string) => { status: number; json: unknown }): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { status, json } = handler(req, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { endpoint: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const KEY_ID = 'LTAI-notice-test';
const SECRET = 'notice-test-secret';

async function fakeAliyun(): Promise<FakeProvider> {
  const state: Pick<FakeProvider, 'requests' | 'answer'> = { requests: [], answer: 'ok' };
  const nonces = new Set<string>();
  const server = await listen((req, body) => {
    const params = Object.fromEntries(new URLSearchParams(body));
    const fresh = !nonces.has(params.SignatureNonce ?? '');
    nonces.add(params.SignatureNonce ?? '');
    const verified =
      req.method === 'POST' && params.AccessKeyId === KEY_ID && fresh && params.Signature === aliyunVerifierSignature(SECRET, 'POST', params);
    state.requests.push({ params, verified });
    if (!verified) return { status: 400, json: { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.', RequestId: 'r' } };
    if (state.answer === 'invalid-number') return { status: 200, json: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号', RequestId: 'r' } };
    return { status: 200, json: { Code: 'OK', Message: 'OK', BizId: `biz-${state.requests.length}`, RequestId: 'r' } };
  });
  return {
    endpoint: server.endpoint,
    get requests() {
      return state.requests;
    },
    get answer() {
      return state.answer;
    },
    set answer(value: Answer) {
      state.answer = value;
    },
    close: server.close,
  };
}

async function fakeTencent(): Promise<FakeProvider> {
  const state: Pick<FakeProvider, 'requests' | 'answer'> = { requests: [], answer: 'ok' };
  const server = await listen((req, body) => {
    const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
    const timestamp = Number(req.headers['x-tc-timestamp']);
    const verified =
      !!auth &&
      auth[1] === KEY_ID &&
      req.headers['x-tc-action'] === 'SendSms' &&
      req.headers['x-tc-version'] === '2021-01-11' &&
      auth[3] === tc3VerifierSignature(SECRET, 'sms', req.headers.host ?? '', req.headers['content-type'] ?? '', body, timestamp);
    const parsed: unknown = JSON.parse(body);
    const params = typeof parsed === 'object' && parsed !== null ? Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, JSON.stringify(v)])) : {};
    state.requests.push({ params, verified });
    if (!verified) return { status: 200, json: { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'r' } } };
    if (state.answer === 'invalid-number') {
      return { status: 200, json: { Response: { SendStatusSet: [{ SerialNo: '', Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: '手机号格式错误' }], RequestId: 'r' } } };
    }
    return { status: 200, json: { Response: { SendStatusSet: [{ SerialNo: `serial-${state.requests.length}`, Code: 'Ok', Message: 'send success' }], RequestId: 'r' } } };
  });
  return {
    endpoint: server.endpoint,
    get requests() {
      return state.requests;
    },
    get answer() {
      return state.answer;
    },
    set answer(value: Answer) {
      state.answer = value;
    },
    close: server.close,
  };
}

describe('the providers\' documented signing examples', () => {
  it('阿里云: StringToSign and Signature of the documents\' SendSms example', () => {
    expect(aliyunStringToSign('GET', ALIYUN_DOC.params)).toBe(ALIYUN_DOC.stringToSign);
    expect(aliyunSignature(ALIYUN_DOC.secret, 'GET', ALIYUN_DOC.params)).toBe(ALIYUN_DOC.signature);
    // The fake provider's own check agrees with the document too.
    expect(aliyunVerifierSignature(ALIYUN_DOC.secret, 'GET', ALIYUN_DOC.params)).toBe(ALIYUN_DOC.signature);
    // One changed parameter, another signature.
    expect(aliyunSignature(ALIYUN_DOC.secret, 'GET', { ...ALIYUN_DOC.params, PhoneNumbers: '15300000002' })).not.toBe(ALIYUN_DOC.signature);
  });

  it('腾讯云: canonical request, string to sign, signature and Authorization of the documents\' v3 example', () => {
    const signed = tc3Sign({ secretId: TENCENT_DOC.secretId, secretKey: TENCENT_DOC.secretKey, service: TENCENT_DOC.service, host: TENCENT_DOC.host, payload: TENCENT_DOC.payload, timestamp: TENCENT_DOC.timestamp });
    expect(signed.canonicalRequest).toBe(TENCENT_DOC.canonicalRequest);
    expect(signed.stringToSign).toBe(TENCENT_DOC.stringToSign);
    expect(signed.signature).toBe(TENCENT_DOC.signature);
    expect(signed.authorization).toBe(TENCENT_DOC.authorization);
    expect(tc3VerifierSignature(TENCENT_DOC.secretKey, TENCENT_DOC.service, TENCENT_DOC.host, 'application/json; charset=utf-8', TENCENT_DOC.payload, TENCENT_DOC.timestamp)).toBe(TENCENT_DOC.signature);
  });
});

describe.each(dialects)('SMS through the providers\' HTTP APIs (%s)', (dialect) => {
  let t: TestContext;
  let aliyun: FakeProvider;
  let tencent: FakeProvider;

  const smsEnv = (provider: 'aliyun' | 'tencent', endpoint: string, secret = SECRET): Record<string, string> => ({
    SMS_PROVIDER: provider,
    SMS_ACCESS_KEY_ID: KEY_ID,
    SMS_ACCESS_KEY_SECRET: secret,
    SMS_SIGN_NAME: '稳评协会',
    SMS_SDK_APP_ID: '1400000000',
    SMS_ENDPOINT: endpoint,
  });

  /** Queues a one-off SMS to a unit with a mobile phone; returns the row's reference. */
  const queueSms = async (reference: string, phone = '13800138000') => {
    const unit = await addUnit(t, { phone, email: null });
    await t.db.kysely.transaction().execute((trx) =>
      enqueueNotice(trx, { rule: 'one_off', reference, recipients: [{ type: 'unit', id: unit.id }], params: { title: '年检材料补交', body: '正文' }, channels: ['sms'] }, { now: t.clock.now() }),
    );
    return reference;
  };
  const rowOf = async (reference: string) => (await deliveriesOf(t.db, { reference }))[0];

  beforeAll(async () => {
    aliyun = await fakeAliyun();
    tencent = await fakeTencent();
    t = await createTestApp(dialect, { env: smsEnv('aliyun', aliyun.endpoint) });
    // The provider-approved template code and its variable, set as staff would in 通知设置.
    const token = await t.adminToken();
    const templates = await t.call<Page<NoticeTemplateRecord>>('GET', 'notice-templates?keyword=one_off', { token });
    const oneOff = templates.body.data.list.find((x) => x.code === 'one_off');
    if (!oneOff) throw new Error('no one_off template');
    const saved = await t.call('PUT', `notice-templates/${oneOff.id}`, {
      token,
      body: { name: oneOff.name, subject: oneOff.subject, textBody: oneOff.textBody, htmlBody: oneOff.htmlBody, smsTemplateCode: 'SMS_12345678', smsParams: ['title'], version: oneOff.version },
    });
    expect(saved.body.status, saved.body.message).toBe(1);
  });
  afterAll(async () => {
    await t?.close();
    await aliyun?.close();
    await tencent?.close();
  });

  it('阿里云: a signed SendSms the provider accepts; its BizId is kept', async () => {
    const reference = await queueSms('sms:aliyun-ok');
    await serviceOf(t.app).sendNow();
    const row = await rowOf(reference);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, address_masked: '138****8000' });
    const request = aliyun.requests.at(-1);
    expect(request?.verified).toBe(true);
    expect(request?.params).toMatchObject({
      Action: 'SendSms',
      PhoneNumbers: '13800138000',
      SignName: '稳评协会',
      TemplateCode: 'SMS_12345678',
      TemplateParam: '{"title":"年检材料补交"}',
      OutId: row?.id,
    });
    expect(row?.provider_message_id).toBe(`biz-${aliyun.requests.length}`);
  });

  it('阿里云: a wrong secret is refused by the provider and retried; an invalid number ends at once', async () => {
    const reference = await queueSms('sms:aliyun-wrong');
    const wrong = await anotherInstance(t, smsEnv('aliyun', aliyun.endpoint, 'not-the-secret'));
    try {
      await serviceOf(wrong.app).sendNow();
    } finally {
      await wrong.close();
    }
    expect(aliyun.requests.at(-1)?.verified).toBe(false);
    expect(await rowOf(reference)).toMatchObject({ state: 'retrying', attempts: 1 });
    expect((await rowOf(reference))?.last_error).toContain('SignatureDoesNotMatch');
    // With the right secret, the retry goes through.
    t.clock.advanceMinutes(1);
    await serviceOf(t.app).sendNow();
    expect(await rowOf(reference)).toMatchObject({ state: 'sent', attempts: 2 });

    aliyun.answer = 'invalid-number';
    try {
      const bad = await queueSms('sms:aliyun-illegal', '13900000000');
      await serviceOf(t.app).sendNow();
      expect(await rowOf(bad)).toMatchObject({ state: 'failed', attempts: 1 });
      expect((await rowOf(bad))?.last_error).toContain('isv.MOBILE_NUMBER_ILLEGAL');
    } finally {
      aliyun.answer = 'ok';
    }
  });

  it('腾讯云: a TC3-signed SendSms the provider accepts; a wrong secret is refused and retried; an invalid number ends', async () => {
    const instance = await anotherInstance(t, smsEnv('tencent', tencent.endpoint));
    const wrong = await anotherInstance(t, smsEnv('tencent', tencent.endpoint, 'not-the-secret'));
    try {
      const ok = await queueSms('sms:tencent-ok');
      await serviceOf(instance.app).sendNow();
      const row = await rowOf(ok);
      expect(row).toMatchObject({ state: 'sent', attempts: 1 });
      const request = tencent.requests.at(-1);
      expect(request?.verified).toBe(true);
      expect(request?.params).toMatchObject({
        PhoneNumberSet: '["+8613800138000"]',
        SmsSdkAppId: '"1400000000"',
        SignName: '"稳评协会"',
        TemplateId: '"SMS_12345678"',
        TemplateParamSet: '["年检材料补交"]',
        SessionContext: JSON.stringify(row?.id),
      });
      expect(row?.provider_message_id).toBe(`serial-${tencent.requests.length}`);

      const refused = await queueSms('sms:tencent-wrong');
      await serviceOf(wrong.app).sendNow();
      expect(tencent.requests.at(-1)?.verified).toBe(false);
      expect(await rowOf(refused)).toMatchObject({ state: 'retrying' });
      expect((await rowOf(refused))?.last_error).toContain('AuthFailure.SignatureFailure');

      tencent.answer = 'invalid-number';
      const bad = await queueSms('sms:tencent-illegal', '13900000001');
      await serviceOf(instance.app).sendNow();
      expect(await rowOf(bad)).toMatchObject({ state: 'failed' });
      expect((await rowOf(bad))?.last_error).toContain('InvalidParameterValue.IncorrectPhoneNumber');
    } finally {
      tencent.answer = 'ok';
      await instance.close();
      await wrong.close();
    }
  });
});
