/**
 * Environment variables with their defaults, read and validated once at start.
 * Everything else takes a `Config` object, so tests build one with `loadConfig({...})`.
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { checkPassword } from '@common/validators';

export interface Config {
  port: number;
  host: string;
  /** Where the SQLite file and uploaded files live. */
  dataDir: string;
  /** postgres://… switches to PostgreSQL; otherwise SQLite at `sqliteFile`. */
  databaseUrl: string | null;
  sqliteFile: string;
  adminAccount: string;
  /** Unset: a random password is generated when the super-administrator is first created. */
  adminPassword: string | null;
  /** A session ends after this much inactivity (sliding). */
  sessionIdleMinutes: number;
  /** Staff sessions end after this much inactivity (等保: 30 minutes). */
  staffSessionIdleMinutes: number;
  /** Staff sessions end this long after login whatever the activity; 0 = no limit. */
  sessionMaxHours: number;
  /** Staff passwords must be changed after this many days; 0 = never (units and practitioners never expire). */
  passwordMaxAgeDays: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Per client address: at most this many failed login attempts in `loginRateWindowMinutes`. */
  loginRateLimit: number;
  loginRateWindowMinutes: number;
  uploadMaxBytes: number;
  /**
   * Uploads without an account (complaints' attachments, registrations' materials;
   * server/files/anonymousUpload.ts): the bytes one client address may send in 24 hours
   * (ANONYMOUS_UPLOAD_DAILY_MB), and the bytes sent and not yet claimed by a submission, all
   * addresses together (ANONYMOUS_UPLOAD_TOTAL_MB); beyond either, the upload is refused.
   */
  anonymousUploadDailyBytes: number;
  anonymousUploadTotalBytes: number;
  /** UPLOAD_MIN_FREE_MB: an upload that would leave less free space on DATA_DIR's disk is refused (0: not checked). */
  uploadMinFreeBytes: number;
  /** The built SPA (umi's dist); served when it exists. */
  staticDir: string;
  logLevel: string;
  /**
   * TRUST_PROXY: whom to believe about the client's address (X-Forwarded-For, appended to by each
   * proxy). 0: nobody, the address is the connection's. A number: that many proxies in front
   * (nginx alone: 1), so the address is the one the nearest proxies appended, never the entries a
   * client wrote itself. A list of the proxies' addresses or CIDRs: the address is the last one
   * in the chain that is not one of them (safe even where the app is reachable directly).
   */
  trustProxy: number | readonly string[];
  seedDemo: boolean;
  /**
   * The key that encrypts personal information (server/pii): 32 bytes as 64 hex characters or
   * base64. Unset: a key file `pii.key` created once in `dataDir` (mode 0600).
   */
  dataKey: string | null;
  /** 'aes-256-gcm' (default) or 'sm4' (SM4-CTR + HMAC-SM3, for 国密 deployments). */
  dataCipher: DataCipherName;
  /** Registrations per client address in `registerRateWindowMinutes`; HTTP 429 beyond. */
  registerRateLimit: number;
  registerRateWindowMinutes: number;
  /** Complaints submitted per client address in `complaintRateWindowMinutes` (POST /public/complaints); HTTP 429 beyond. */
  complaintRateLimit: number;
  complaintRateWindowMinutes: number;
  /** The key of the audit trail's hash chain (64 hex / base64 of 32 bytes); unset: `audit.key` in dataDir. */
  auditKey: string | null;
  /**
   * The key that signs file links (64 hex / base64 of 32 bytes); unset: one made once and kept
   * in the database, so that links outlive a restart and open on every instance.
   */
  fileLinkKey: string | null;
  /** Audit rows older than this are purged daily (等保: at least 180 days, hence the floor). */
  auditRetentionDays: number;
  /** A practitioner who left, or a rejected registration, is anonymised this many days later (server/pii/retention.ts). */
  personalDataRetentionDays: number;
  /** Public certificate look-ups per client address in `certificateLookupRateWindowMinutes`; HTTP 429 beyond. */
  certificateLookupRateLimit: number;
  certificateLookupRateWindowMinutes: number;
  /**
   * Server processes on this port (Node's cluster): 1 by default; `auto` is one per core.
   * More than one needs PostgreSQL (SQLite is the one-process embedded default).
   */
  workers: number;
  /**
   * The site's public address as visitors reach it (`https://www.example.org`, no trailing
   * slash): what /robots.txt and /sitemap.xml name. Unset: they are built from the request
   * and may not be cached (server/modules/public-home/routes.ts).
   */
  publicUrl: string | null;
  /**
   * SMTP_URL: the mail server notices are e-mailed through (`smtps://user:pass@smtp.example.cn:465`,
   * or `smtp://…:587` with STARTTLS). Unset: e-mail is off and each e-mail notice is recorded as
   * 未配置邮件通道 (server/notifications).
   */
  smtpUrl: string | null;
  /** SMTP_FROM: the sender's address (the sender's name is the association's); defaults to SMTP_URL's user when that is an address. */
  smtpFrom: string | null;
  /** SMS_PROVIDER and its keys; null (the default): SMS is off and each SMS notice is recorded as 未配置短信通道. */
  sms: SmsConfig | null;
  /** NOTICE_SCAN_MINUTES: the dated notices' rules are evaluated at start and this often (server/notifications/service.ts). */
  noticeScanMinutes: number;
}

export const SMS_PROVIDERS = ['aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** One SMS provider's account (server/notifications/channels/sms.ts). */
export interface SmsConfig {
  provider: SmsProviderName;
  /** SMS_ACCESS_KEY_ID: 阿里云 AccessKey ID, 腾讯云 SecretId. */
  accessKeyId: string;
  /** SMS_ACCESS_KEY_SECRET: 阿里云 AccessKey Secret, 腾讯云 SecretKey. */
  accessKeySecret: string;
  /** SMS_SIGN_NAME: the approved signature (短信签名), e.g. the association's short name. */
  signName: string;
  /** SMS_SDK_APP_ID: 腾讯云 only, the SMS application's SdkAppId. */
  sdkAppId: string | null;
  /** SMS_REGION: 阿里云 cn-hangzhou, 腾讯云 ap-guangzhou by default. */
  region: string;
  /** SMS_ENDPOINT: the API's address (the provider's by default; tests point it at a local server). */
  endpoint: string;
}

const SMS_DEFAULTS: Record<SmsProviderName, { region: string; endpoint: string }> = {
  aliyun: { region: 'cn-hangzhou', endpoint: 'https://dysmsapi.aliyuncs.com/' },
  tencent: { region: 'ap-guangzhou', endpoint: 'https://sms.tencentcloudapi.com/' },
};

export const DATA_CIPHERS = ['aes-256-gcm', 'sm4'] as const;
export type DataCipherName = (typeof DATA_CIPHERS)[number];

type Env = Record<string, string | undefined>;

const MB = 1024 * 1024;

class ConfigError extends Error {}

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`环境变量 ${name} 应为 ${min} 至 ${max} 之间的整数，当前为 "${raw}"`);
  }
  return n;
}

function strVar(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  return raw ? raw : fallback;
}

function boolVar(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  return raw === '1' || raw === 'true' || raw === 'yes';
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset or 0, the number of proxy hops in front of the app, or the proxies'
 * addresses and CIDRs separated by commas (Fastify's `trustProxy` in server/app.ts). `true` / `yes`,
 * once the switch of a boolean that believed the first (client-written) address, now mean one hop:
 * the address nginx (deploy/nginx) appended.
 */
function trustProxyVar(env: Env): number | readonly string[] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  const lower = raw.toLowerCase();
  if (lower === '' || lower === 'false' || lower === 'no') return 0;
  if (lower === 'true' || lower === 'yes') return 1;
  if (/^\d+$/.test(raw)) return intVar(env, 'TRUST_PROXY', 0, 0, 10);
  const entries = raw.split(',').map((e) => e.trim());
  const valid = (entry: string) => {
    if (PROXY_RANGE_NAMES.includes(entry.toLowerCase())) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  };
  const bad = entries.filter((e) => !valid(e));
  if (bad.length > 0) {
    throw new ConfigError(
      `环境变量 TRUST_PROXY 应为反向代理的层数（如 1），或反向代理的地址、网段，以逗号分隔（如 127.0.0.1,10.0.0.0/8）；无法识别："${bad.join('", "')}"`,
    );
  }
  return entries.map((e) => (PROXY_RANGE_NAMES.includes(e.toLowerCase()) ? e.toLowerCase() : e));
}

/** WORKERS: a whole number, or `auto` for one process per core. */
function workersVar(env: Env): number {
  const raw = env.WORKERS?.trim().toLowerCase();
  if (raw === 'auto') return Math.max(1, os.availableParallelism());
  return intVar(env, 'WORKERS', 1, 1, 256);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** PUBLIC_URL: an absolute http(s) address of the site's root, kept as its origin (`https://www.example.org`). */
function publicUrlVar(env: Env): string | null {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return null;
  const problem = `环境变量 PUBLIC_URL 应为网站对外的根地址，如 https://www.example.org（http 或 https，不含路径、查询参数和账号），当前为 "${raw}"`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(problem);
  }
  const onlyRoot = url.pathname === '/' && !url.search && !url.hash && !raw.includes('?') && !raw.includes('#');
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password || !onlyRoot) {
    throw new ConfigError(problem);
  }
  return url.origin;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** SMTP_URL and SMTP_FROM. A refusal never repeats the URL: it may hold the password. */
function smtpVars(env: Env): { smtpUrl: string | null; smtpFrom: string | null } {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return { smtpUrl: null, smtpFrom: null };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('环境变量 SMTP_URL 应为邮件服务器地址，如 smtps://用户名:密码@smtp.example.cn:465');
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError('环境变量 SMTP_URL 应以 smtp:// 或 smtps:// 开头，如 smtps://用户名:密码@smtp.example.cn:465');
  }
  const user = decodeURIComponent(url.username);
  const from = env.SMTP_FROM?.trim() || (EMAIL.test(user) ? user : '');
  if (!from) throw new ConfigError('设置了 SMTP_URL 时请同时设置 SMTP_FROM（发件邮箱地址）');
  if (!EMAIL.test(from)) throw new ConfigError(`环境变量 SMTP_FROM 应为邮箱地址，当前为 "${from}"`);
  return { smtpUrl: raw, smtpFrom: from };
}

function smsVars(env: Env): SmsConfig | null {
  const raw = env.SMS_PROVIDER?.trim().toLowerCase();
  if (!raw || raw === 'off' || raw === 'none') return null;
  const provider = SMS_PROVIDERS.find((p) => p === raw);
  if (!provider) throw new ConfigError(`环境变量 SMS_PROVIDER 应为 ${SMS_PROVIDERS.join(' 或 ')}（不设置则不发短信），当前为 "${raw}"`);
  const required = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new ConfigError(`SMS_PROVIDER=${provider} 时请设置环境变量 ${name}`);
    return value;
  };
  const endpoint = strVar(env, 'SMS_ENDPOINT', SMS_DEFAULTS[provider].endpoint);
  if (!/^https?:\/\/[^/\s]+\/?$/.test(endpoint)) throw new ConfigError(`环境变量 SMS_ENDPOINT 应为 http(s) 根地址，如 ${SMS_DEFAULTS[provider].endpoint}`);
  return {
    provider,
    accessKeyId: required('SMS_ACCESS_KEY_ID'),
    accessKeySecret: required('SMS_ACCESS_KEY_SECRET'),
    signName: required('SMS_SIGN_NAME'),
    sdkAppId: provider === 'tencent' ? required('SMS_SDK_APP_ID') : null,
    region: strVar(env, 'SMS_REGION', SMS_DEFAULTS[provider].region),
    endpoint: endpoint.endsWith('/') ? endpoint : `${endpoint}/`,
  };
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(strVar(env, 'DATA_DIR', './data'));
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl) && !databaseUrl.startsWith('sqlite:')) {
    throw new ConfigError('环境变量 DATABASE_URL 应以 postgres:// 开头（或不设置，使用 SQLite）');
  }
  const isPostgres = !!databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl);
  const sqliteFile = databaseUrl?.startsWith('sqlite:')
    ? path.resolve(databaseUrl.slice('sqlite:'.length))
    : path.join(dataDir, 'app.db');

  const adminPassword = env.ADMIN_PASSWORD ? env.ADMIN_PASSWORD : null;
  const adminPasswordProblem = adminPassword ? checkPassword(adminPassword) : undefined;
  if (adminPasswordProblem) throw new ConfigError(`环境变量 ADMIN_PASSWORD 不符合密码规则：${adminPasswordProblem}`);
  const logLevel = strVar(env, 'LOG_LEVEL', 'info');
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`环境变量 LOG_LEVEL 应为 ${LOG_LEVELS.join('/')} 之一`);
  }

  const adminAccount = strVar(env, 'ADMIN_ACCOUNT', 'admin');
  if (!/^[A-Za-z0-9_.@-]{1,64}$/.test(adminAccount)) {
    throw new ConfigError('环境变量 ADMIN_ACCOUNT 只能包含字母、数字和 _ . @ -，最长64个字符');
  }

  const dataCipherRaw = strVar(env, 'DATA_CIPHER', 'aes-256-gcm').toLowerCase();
  const dataCipher = DATA_CIPHERS.find((c) => c === dataCipherRaw);
  if (!dataCipher) throw new ConfigError(`环境变量 DATA_CIPHER 应为 ${DATA_CIPHERS.join(' 或 ')}，当前为 "${dataCipherRaw}"`);

  const auditRetentionRaw = env.AUDIT_RETENTION_DAYS?.trim();
  if (auditRetentionRaw && Number.isInteger(Number(auditRetentionRaw)) && Number(auditRetentionRaw) < 180) {
    throw new ConfigError(`环境变量 AUDIT_RETENTION_DAYS 不能小于 180（网络安全等级保护要求审计记录至少保存六个月），当前为 ${auditRetentionRaw}`);
  }

  const workers = workersVar(env);
  if (workers > 1 && !isPostgres) {
    throw new ConfigError(`环境变量 WORKERS=${workers} 需要 PostgreSQL：请同时设置 DATABASE_URL（SQLite 只支持单个服务进程）`);
  }

  return {
    port: intVar(env, 'PORT', 8000, 0, 65535),
    host: strVar(env, 'HOST', '0.0.0.0'),
    dataDir,
    databaseUrl: isPostgres ? databaseUrl : null,
    sqliteFile,
    adminAccount,
    adminPassword,
    sessionIdleMinutes: intVar(env, 'SESSION_IDLE_MINUTES', 120, 1, 60 * 24 * 30),
    staffSessionIdleMinutes: intVar(env, 'STAFF_SESSION_IDLE_MINUTES', 30, 1, 60 * 24 * 30),
    sessionMaxHours: intVar(env, 'SESSION_MAX_HOURS', 12, 0, 24 * 365),
    passwordMaxAgeDays: intVar(env, 'PASSWORD_MAX_AGE_DAYS', 90, 0, 3650),
    loginMaxFailures: intVar(env, 'LOGIN_MAX_FAILURES', 5, 1, 1000),
    loginLockMinutes: intVar(env, 'LOGIN_LOCK_MINUTES', 10, 1, 60 * 24),
    loginRateLimit: intVar(env, 'LOGIN_RATE_LIMIT', 20, 1, 100000),
    loginRateWindowMinutes: intVar(env, 'LOGIN_RATE_WINDOW_MINUTES', 5, 1, 60 * 24),
    uploadMaxBytes: intVar(env, 'UPLOAD_MAX_BYTES', 100 * 1024 * 1024, 1, Number.MAX_SAFE_INTEGER),
    anonymousUploadDailyBytes: intVar(env, 'ANONYMOUS_UPLOAD_DAILY_MB', 2048, 1, 1024 * 1024) * MB,
    anonymousUploadTotalBytes: intVar(env, 'ANONYMOUS_UPLOAD_TOTAL_MB', 10 * 1024, 1, 1024 * 1024 * 1024) * MB,
    uploadMinFreeBytes: intVar(env, 'UPLOAD_MIN_FREE_MB', 1024, 0, 1024 * 1024 * 1024) * MB,
    staticDir: path.resolve(strVar(env, 'STATIC_DIR', './dist')),
    logLevel,
    trustProxy: trustProxyVar(env),
    seedDemo: boolVar(env, 'SEED_DEMO'),
    dataKey: env.DATA_KEY?.trim() || null,
    dataCipher,
    registerRateLimit: intVar(env, 'REGISTER_RATE_LIMIT', 5, 1, 100000),
    registerRateWindowMinutes: intVar(env, 'REGISTER_RATE_WINDOW_MINUTES', 60, 1, 60 * 24),
    complaintRateLimit: intVar(env, 'COMPLAINT_RATE_LIMIT', 5, 1, 100000),
    complaintRateWindowMinutes: intVar(env, 'COMPLAINT_RATE_WINDOW_MINUTES', 60, 1, 60 * 24),
    auditKey: env.AUDIT_KEY?.trim() || null,
    fileLinkKey: env.FILE_LINK_KEY?.trim() || null,
    auditRetentionDays: intVar(env, 'AUDIT_RETENTION_DAYS', 365, 180, 36500),
    personalDataRetentionDays: intVar(env, 'PERSONAL_DATA_RETENTION_DAYS', 1095, 1, 36500),
    certificateLookupRateLimit: intVar(env, 'CERTIFICATE_LOOKUP_RATE_LIMIT', 60, 1, 100000),
    certificateLookupRateWindowMinutes: intVar(env, 'CERTIFICATE_LOOKUP_RATE_WINDOW_MINUTES', 1, 1, 60 * 24),
    workers,
    publicUrl: publicUrlVar(env),
    ...smtpVars(env),
    sms: smsVars(env),
    noticeScanMinutes: intVar(env, 'NOTICE_SCAN_MINUTES', 5, 1, 24 * 60),
  };
}

export { ConfigError };
