/**
 * Short-lived signed addresses for <img src> / <a href>, which cannot send the `token`
 * header. /file/preview checks the caller's right to read each file and returns addresses
 * carrying `exp` and `sig` (HMAC-SHA256 over mode, file id and expiry); the view and
 * download routes accept such an address without a token until it expires.
 *
 * Why not `?token=` in the URL: the session token would land in browser history, proxy
 * logs and Referer headers, and would open every file and every API call. A signature
 * opens one file in one mode for a limited time.
 *
 * The key is shared by every process and survives restarts (several instances may serve one
 * address): FILE_LINK_KEY, or a
 * random key made once and kept in the database (loadLinkKey), so that a link minted by one
 * instance opens on another behind the same address.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { parseDataKey } from '../pii/keys';

/** app_meta's key for the link-signing key when FILE_LINK_KEY is not set. */
export const LINK_KEY_META = 'files.link_key';

/**
 * The link-signing key: FILE_LINK_KEY, or the one kept in the database, made by whichever
 * instance starts first (insert-if-absent, then read what won).
 */
export async function loadLinkKey(config: Pick<Config, 'fileLinkKey'>, db: Db): Promise<Buffer> {
  if (config.fileLinkKey) return parseDataKey(config.fileLinkKey, '环境变量 FILE_LINK_KEY');
  await db
    .insertInto('app_meta')
    .values({ key: LINK_KEY_META, value: randomBytes(32).toString('base64'), updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', LINK_KEY_META).executeTakeFirstOrThrow();
  return parseDataKey(row.value, `数据库中的文件链接密钥（app_meta ${LINK_KEY_META}）`);
}

export type UrlMode = 'view' | 'download';

/** Long enough for a page left open while reading; short enough that a leaked link dies. */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;

export class UrlSigner {
  private readonly key: Buffer;

  constructor(key: Buffer = randomBytes(32)) {
    this.key = key;
  }

  private mac(mode: UrlMode, fileId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${mode}:${fileId}:${exp}`).digest('base64url');
  }

  sign(mode: UrlMode, fileId: string, now: Date): { exp: number; sig: string } {
    const exp = Math.floor(now.getTime() / 1000) + SIGNED_URL_TTL_SECONDS;
    return { exp, sig: this.mac(mode, fileId, exp) };
  }

  verify(mode: UrlMode, fileId: string, exp: number | undefined, sig: string | undefined, now: Date): boolean {
    if (exp === undefined || !sig || exp < now.getTime() / 1000) return false;
    const expected = Buffer.from(this.mac(mode, fileId, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
