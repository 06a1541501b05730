/** Helpers of the files tests: multipart bodies, sample contents, extra accounts. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ApiEnvelope } from '@common/schemas/common';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import type { TestContext } from './helpers';

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"; filename*=UTF-8''${encodeURIComponent(part.filename)}\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** A PNG signature followed by random bytes: detection reads only the head. */
export function pngBytes(size = 300 * 1024): Buffer {
  const body = randomBytes(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(body, 0);
  return body;
}

export function pdfBytes(size = 2048): Buffer {
  const body = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(body, 0);
  return body;
}

export function zipBytes(size = 2048): Buffer {
  const body = randomBytes(size);
  Buffer.from([0x50, 0x4b, 0x03, 0x04]).copy(body, 0);
  Buffer.from('[Content_Types].xml').copy(body, 30);
  return body;
}

export interface UploadResult<T = unknown> {
  statusCode: number;
  body: ApiEnvelope<T>;
}

/** POST /file/upload with the usual three parts (overridable). */
export async function upload<T = unknown>(
  t: TestContext,
  token: string | undefined,
  content: Buffer,
  options: { name?: string; fileId?: string; md5?: string; parts?: Part[] } = {},
): Promise<UploadResult<T>> {
  const parts: Part[] = options.parts ?? [
    { name: 'fileId', value: options.fileId ?? randomUUID() },
    { name: 'md5', value: options.md5 ?? md5(content) },
    { name: 'file', filename: options.name ?? 'file.png', content },
  ];
  const { payload, headers } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/file/upload',
    payload,
    headers: { ...headers, ...(token ? { token } : {}) },
  });
  return { statusCode: res.statusCode, body: res.json<ApiEnvelope<T>>() };
}

/** Adds an enabled account (another unit's, say) and returns its token. */
export async function addAccount(t: TestContext, login: string, authType: 1 | 2 | 3, unitId: string | null): Promise<string> {
  await insertAccount(
    t.db.kysely,
    { loginAccount: login, passwordHash: await hashPassword('Other@2026x'), authType, name: login, unitId },
    new Date().toISOString(),
  );
  return t.login(login, 'Other@2026x', authType);
}

/** Every regular file under DATA_DIR/files (relative paths), temp files included. */
export function storedPaths(t: TestContext): string[] {
  const root = path.join(t.config.dataDir, 'files');
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}
