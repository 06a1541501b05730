/**
 * buildApp: the Fastify instance with every plugin, the envelope and error mapping, the
 * guard, the API modules and the static SPA. Kept thin: the parts live in their modules.
 *
 * For a module author (server/modules/<resource>/), the import paths:
 *   BizError, errors.*        server/http/errors.ts       throw to answer `{status:10,...}` (or 20/21/30)
 *   ok(data)                  server/http/envelope.ts     wrap a handler's result
 *   RouteAccess, requireUser, server/security/guard.ts  `config: { access: {...} }` on every route;
 *   assertSameUnit, ...                                   ownership checks for authTypes 2 and 3
 *   logOperation              server/oplog.ts             one operation_logs row, in your transaction
 *   Db, DbOrTrx, row types    server/db/index.ts          `app.db` is the Kysely instance; `app.clock()` is now
 *   Config                    server/config.ts            `app.appConfig` (uploadMaxBytes, dataDir, ...)
 * Register a new module by adding its plugin to `apiModules` in server/modules/index.ts (the
 * module's shape is described there); routes there are prefixed with /api/v1.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { EMPTY_BODY_MESSAGE } from '@common/messages';
import { API_BASE, ApiStatus, INTERNAL_ERROR_MESSAGE } from '@common/schemas/common';
import { DOCS_PREFIX, installGuard, isApiPath } from './security/guard';
import type { Config } from './config';
import type { AppDb, Db, DialectName } from './db/index';
import { fail } from './http/envelope';
import { BizError } from './http/errors';
import { ReadCache } from './http/readCache';
import { createSpaPage, type SpaPage } from './http/spaPage';
import { ViewCounter } from './content/views';
import { shareReadCacheClears } from './http/readCacheSync';
import { validatorCompiler } from './http/validation';
import { apiModules } from './modules/index';
import { crawlerRoutes } from './modules/public-home/routes';
import type { FieldCipher } from './pii/cipher';
import { loadFieldCipher } from './pii/keys';
import { loadAuditKey } from './audit/key';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: DialectName;
    appConfig: Config;
    /** The current time; injectable so that tests can move it (idle expiry, lock-out). */
    clock: () => Date;
    /** Encrypts and decrypts personal information (server/pii); read ID numbers and phones only through it. */
    pii: FieldCipher;
    /** The key of the audit trail's hash chain (server/audit). */
    auditKey: Buffer;
    /** Short-lived cache of expensive back-office reads, cleared by every write (server/http/readCache.ts). */
    readCache: ReadCache;
    /** Views of articles and notices, queued and written every few seconds (server/content/views.ts). */
    views: ViewCounter;
    /** `draining` once the process is stopping: GET /health then tells a proxy to send no more. */
    lifecycle: { draining: boolean };
  }
}

export interface BuildAppOptions {
  config: Config;
  db: AppDb;
  /** Fastify logger options; false silences (tests). Defaults to JSON at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  clock?: () => Date;
  /** The personal-information cipher; loaded (and checked against the database) when omitted. */
  pii?: FieldCipher;
  /** The audit chain's key; loaded (or created) when omitted. */
  auditKey?: Buffer;
  /** Extra plugins registered after the API modules (tests use it to probe the guard). */
  plugins?: FastifyPluginAsync[];
}

/**
 * Never log secrets or personal information (tests/server/log-redaction.test.ts): tokens,
 * cookies, passwords, ID numbers
 * and phones, wherever a log call could carry them. Request URLs are logged without their query
 * string (a list filtered by an ID number would otherwise write it to the log).
 */
export const LOG_REDACT_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  // @fastify/multipart logs the request headers at trace level.
  'busboyOptions.headers.token',
  'busboyOptions.headers.authorization',
  'busboyOptions.headers.cookie',
  '*.headers.token',
  '*.headers.authorization',
  '*.headers.cookie',
  'password',
  '*.password',
  'oldPassword',
  'newPassword',
  'initialPassword',
  '*.initialPassword',
  'token',
  '*.token',
  'idCardNo',
  '*.idCardNo',
  'phone',
  '*.phone',
  'contactPhone',
  '*.contactPhone',
];

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The request as logged: method, path (query replaced by "?…"), host, address. */
export function serializeRequest(req: LoggedRequest) {
  const q = req.url.indexOf('?');
  return {
    method: req.method,
    url: q < 0 ? req.url : `${req.url.slice(0, q)}?…`,
    hostname: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Applies the redaction and the request serializer to whatever logger options a caller gives. */
export function safeLoggerOptions(logger: FastifyServerOptions['logger'], level: string): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base = logger === true || logger === undefined ? { level } : logger;
  if (typeof base !== 'object' || base === null) return base;
  return { ...base, redact: LOG_REDACT_PATHS, serializers: { ...('serializers' in base ? base.serializers : {}), req: serializeRequest } };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Fastify's `trustProxy` from TRUST_PROXY (server/config.ts). Never `true`: that believes the
 * first X-Forwarded-For entry, which the client wrote, and every per-address limit and the audit
 * trail's address would be the client's choice. A number of hops is given as a function, because
 * Fastify takes a bare number as trusting nobody: the connection's peer and the hops - 1 addresses
 * next to it are proxies, the address before them is the client's (nginx appends the address it
 * saw, so with one hop that is the request.ip).
 */
export function trustProxyOption(trust: number | readonly string[]): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return [...trust];
  if (trust <= 0) return false;
  return (_address: string, hop: number) => hop < trust;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: safeLoggerOptions(options.logger, config.logLevel),
    trustProxy: trustProxyOption(config.trustProxy),
    // One log line per request (the onResponse hook below) instead of Fastify's two: half the
    // logging per request.
    logController: new LogController({ disableRequestLogging: true }),
    // Errors met before routing (a path that is not valid percent-encoded UTF-8): our envelope too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.code(400).send(fail(ApiStatus.BusinessError, error.code === 'FST_ERR_BAD_URL' ? '请求地址无效' : '请求无效'));
    },
    // Accept the caller's x-request-id when it looks like one; otherwise make our own.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', options.db.kysely);
  app.decorate('dialect', options.db.dialect);
  app.decorate('appConfig', config);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('pii', options.pii ?? (await loadFieldCipher(config, options.db.kysely)));
  app.decorate('auditKey', options.auditKey ?? (await loadAuditKey(config, options.db.kysely)));

  app.decorate('readCache', new ReadCache());
  app.decorate('views', new ViewCounter(app.db, app.clock, app.log));
  app.views.start();
  // Queued views are written before the database closes (server/index.ts closes it after the app).
  app.addHook('onClose', async () => app.views.stop());
  app.decorate('lifecycle', { draining: false });
  // Whatever a request changed is seen by the next read in this process: cleared before the
  // answer leaves (the change is committed by then), so a read the client sends after it can
  // never find the old value.
  // Other instances on the same PostgreSQL are told too (server/http/readCacheSync.ts).
  const tellOtherInstances = await shareReadCacheClears(app);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      app.readCache.clear();
      await tellOtherInstances();
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(handleError);
  installGuard(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-request-id', request.id);
    // The API documentation's UI sets its own policy (hashes of its scripts); every other
    // response gets ours.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    for (const [name, value] of SECURITY_HEADERS) reply.header(name, value);
  });

  // Brotli at quality 4 for answers made per request: about gzip's speed with smaller output
  // (zlib's default, 11, is meant for files compressed once and costs ~50× the CPU).
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerDocs(app);

  for (const module of apiModules) await app.register(module, { prefix: API_BASE });
  await app.register(crawlerRoutes);
  for (const plugin of options.plugins ?? []) await app.register(plugin);

  const staticEnabled = fs.existsSync(path.join(config.staticDir, 'index.html'));
  const spaPage = staticEnabled ? createSpaPage(app, config.staticDir) : undefined;
  if (spaPage) await registerSpa(app, config.staticDir, spaPage);
  app.setNotFoundHandler((request, reply) => handleNotFound(request, reply, spaPage));

  await app.ready();
  return app;
}

/**
 * What a page of ours may load (等保 2.0; tests/server/security-headers.test.ts): scripts only
 * from this origin,
 * never inline, no eval, nothing from another origin, never framed. 'wasm-unsafe-eval' lets
 * the MD5 worker compile its WebAssembly (src/components/FileUpload/md5Core.ts; it allows
 * compiling WebAssembly only, not eval of JavaScript). Styles may be inline because antd
 * writes its CSS-in-JS as <style> elements; images and the MD5 worker may come from blob:
 * (previews of files being uploaded, the hashing worker), images and fonts from data: URLs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: readonly [string, string][] = [
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
  ['x-frame-options', 'DENY'],
  ['cross-origin-opener-policy', 'same-origin'],
];

async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '稳评行业协会门户与后台 API',
        description: '每个 JSON 响应都是 {status, success, message, data}；status 1 成功，10 业务错误，20/21 token 无效/为空，30 无权限。',
        version: '1',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
      security: [{ token: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  app.get(
    `${API_BASE}/openapi.json`,
    { config: { access: { public: true } }, schema: { hide: true } },
    async () => app.swagger(),
  );
}

/** umi's hashed file names: umi.3f2a1b.js, p__Manage__staging__index.8ab3.async.js, logo.a1b2c3d4.png */
const HASHED_ASSET = /\.(?=[0-9a-f]*\d)[0-9a-f]{4,32}(\.async|\.chunk)?\.[a-z0-9]+$/i;

export function cacheControlFor(filePath: string): string {
  // The build's precompressed copies (umi.3f2a1b.js.br) are cached as the file they stand for.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (name === 'index.html') return 'no-cache';
  if (HASHED_ASSET.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

async function registerSpa(app: FastifyInstance, root: string, spaPage: SpaPage): Promise<void> {
  app.get('/', { schema: { hide: true } }, (request, reply) => spaPage.send(request, reply));
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // Pages get index.html from server/http/spaPage.ts: `/` above, the others through the
    // not-found handler.
    index: false,
    // The build writes .br and .gz beside each script and style sheet (plugin.ts): sent as they
    // are, at Brotli's best quality, instead of being compressed again for each answer.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
}

function handleNotFound(request: FastifyRequest, reply: FastifyReply, spaPage: SpaPage | undefined) {
  const url = request.url.split('?')[0];
  // A page, not a file: browsers say so in Accept; other clients (curl, link checkers) ask for a
  // path without an extension. A missing asset (umi.1a2b.js) must stay a 404, never index.html,
  // or a stale chunk would be run as HTML instead of failing into the load-error view.
  const lastSegment = url.slice(url.lastIndexOf('/') + 1);
  const wantsPage = (request.headers.accept?.includes('text/html') ?? false) || !lastSegment.includes('.');
  if (spaPage && !isApiPath(url) && (request.method === 'GET' || request.method === 'HEAD') && wantsPage) {
    // History fallback: the SPA's router decides what the path shows; the page's chunks and
    // first data come with it.
    return spaPage.send(request, reply);
  }
  return reply.code(404).send(fail(ApiStatus.BusinessError, isApiPath(url) ? '接口不存在' : '页面不存在'));
}

/** Fastify's own error codes that are the client's fault, in Chinese. */
const CLIENT_ERRORS: Record<string, [httpStatus: number, message: string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, '请求体不是有效的JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, EMPTY_BODY_MESSAGE],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, '请求体过大'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, '不支持的请求内容类型'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求长度不正确'],
  FST_REQ_FILE_TOO_LARGE: [413, '文件过大'],
  FST_PARTS_LIMIT: [413, '上传的部分过多'],
  FST_FILES_LIMIT: [413, '上传的文件过多'],
  FST_FIELDS_LIMIT: [413, '上传的字段过多'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, '请求不是 multipart/form-data'],
};

function handleError(error: FastifyError | BizError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof BizError) {
    return reply.code(error.httpStatus).send(fail(error.status, error.message));
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return reply.code(400).send(fail(ApiStatus.BusinessError, error.message));
  }
  const known = fastifyError.code ? CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return reply.code(known[0]).send(fail(ApiStatus.BusinessError, known[1]));
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return reply.code(400).send(fail(ApiStatus.BusinessError, '请求体不是有效的JSON'));
  }
  // A NUL character (or bytes that are not UTF-8) in an id, a query or a field: PostgreSQL
  // refuses to store or compare it (SQLSTATE 22021 / 22P05); the caller sent something invalid.
  const sqlState = (error as { code?: unknown }).code;
  if (sqlState === '22021' || sqlState === '22P05') {
    return reply.code(400).send(fail(ApiStatus.BusinessError, '请求中含有无效字符'));
  }
  // A multipart body that breaks off or has no boundary: the parser's plain Error, the client's fault.
  if (/multipart|boundary|part header/i.test(error.message) && error.stack?.includes('busboy')) {
    request.log.info({ err: error }, 'broken multipart body');
    return reply.code(400).send(fail(ApiStatus.BusinessError, '上传的数据不完整或格式不正确，请重新上传'));
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    return reply.code(status).send(fail(ApiStatus.BusinessError, '请求无效'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(fail(ApiStatus.BusinessError, INTERNAL_ERROR_MESSAGE));
}
