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
 * The key is random per server process: addresses die with a restart (the page asks
 * /file/preview again), and several processes behind one address would each need the same
 * key (not needed yet).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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
