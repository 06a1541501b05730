/**
 * Field encryption for personal information (等保 2.0 and PIPL: encrypted at rest): ID numbers
 * and phones are
 * stored as an authenticated ciphertext that names its cipher and key, beside a keyed hash
 * (blind index) for uniqueness and exact look-up.
 *
 *   stored = "pii1:" cipher ":" keyId ":" iv ":" ciphertext ":" tag      (base64url parts)
 *
 * - aes-256-gcm (default): AES-256-GCM, 12-byte random IV, 16-byte tag.
 * - sm4 (国密): SM4-CTR with a 16-byte random IV, then HMAC-SM3 over
 *   "pii1:sm4:keyId:iv:ciphertext" (encrypt then MAC), truncated to 16 bytes.
 *
 * The three working keys are derived from one 32-byte master key with HKDF-SHA256, so the
 * operator keeps one secret. The blind index is HMAC-SHA256 (HMAC-SM3 under sm4) of the value as
 * normalised by the caller; it depends on the key, so a key rotation recomputes it.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataCipherName } from '../config';

export const PII_PREFIX = 'pii1:';
const CIPHER_TAGS: Record<DataCipherName, string> = { 'aes-256-gcm': 'gcm', sm4: 'sm4' };

/** A stored value that cannot be decrypted (wrong key, damaged text): reported per row, never a 500 for a list. */
export class PiiDecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PiiDecryptError';
  }
}

export interface FieldCipher {
  /** The cipher new values are written with. */
  readonly cipherName: DataCipherName;
  /** First 8 hex characters of SHA-256 of the master key: names the key in every stored value. */
  readonly keyId: string;
  encrypt(plain: string): string;
  /** Throws PiiDecryptError when the value is damaged or was written under another key. */
  decrypt(stored: string): string;
  /** A keyed hash of an already normalised value (hex). */
  blindIndex(normalised: string): string;
}

/** Whether a column value is one of ours (rather than plaintext left by an older version). */
export function isEncrypted(stored: string | null | undefined): boolean {
  return !!stored && stored.startsWith(PII_PREFIX);
}

/** The key id a stored value names, or null for plaintext. */
export function keyIdOf(stored: string): string | null {
  if (!isEncrypted(stored)) return null;
  return stored.split(':')[2] ?? null;
}

export function keyIdFor(master: Buffer): string {
  return createHash('sha256').update(master).digest('hex').slice(0, 8);
}

const b64 = (buf: Buffer) => buf.toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url');
const derive = (master: Buffer, info: string, length: number) =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, length));

export function createFieldCipher(master: Buffer, cipherName: DataCipherName): FieldCipher {
  if (master.length !== 32) throw new Error('数据密钥应为 32 字节');
  const keyId = keyIdFor(master);
  const tag = CIPHER_TAGS[cipherName];
  const gcmKey = derive(master, 'pii:aes-256-gcm', 32);
  const sm4Key = derive(master, 'pii:sm4-ctr', 16);
  const macKey = derive(master, 'pii:hmac-sm3', 32);
  const indexKey = derive(master, 'pii:blind-index', 32);
  const indexHash = cipherName === 'sm4' ? 'sm3' : 'sha256';

  const sm4Mac = (header: string) => createHmac('sm3', macKey).update(header).digest().subarray(0, 16);

  return {
    cipherName,
    keyId,
    encrypt(plain) {
      if (cipherName === 'sm4') {
        const iv = randomBytes(16);
        const c = createCipheriv('sm4-ctr', sm4Key, iv);
        const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
        const header = `${PII_PREFIX}${tag}:${keyId}:${b64(iv)}:${b64(body)}`;
        return `${header}:${b64(sm4Mac(header))}`;
      }
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', gcmKey, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return `${PII_PREFIX}${tag}:${keyId}:${b64(iv)}:${b64(body)}:${b64(c.getAuthTag())}`;
    },
    decrypt(stored) {
      const parts = stored.split(':');
      if (parts.length !== 6 || `${parts[0]}:` !== PII_PREFIX) throw new PiiDecryptError('不是加密的数据');
      const [, cipherTag, storedKeyId, ivText, bodyText, macText] = parts;
      if (storedKeyId !== keyId) throw new PiiDecryptError(`数据由另一把密钥（${storedKeyId}）加密`);
      try {
        if (cipherTag === 'sm4') {
          const header = parts.slice(0, 5).join(':');
          const expected = sm4Mac(header);
          const given = unb64(macText);
          if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('mac');
          const d = createDecipheriv('sm4-ctr', sm4Key, unb64(ivText));
          return Buffer.concat([d.update(unb64(bodyText)), d.final()]).toString('utf8');
        }
        if (cipherTag === 'gcm') {
          const d = createDecipheriv('aes-256-gcm', gcmKey, unb64(ivText));
          d.setAuthTag(unb64(macText));
          return Buffer.concat([d.update(unb64(bodyText)), d.final()]).toString('utf8');
        }
      } catch {
        throw new PiiDecryptError('数据已损坏，无法解密');
      }
      throw new PiiDecryptError(`未知的加密算法 ${cipherTag}`);
    },
    blindIndex(normalised) {
      return createHmac(indexHash, indexKey).update(normalised, 'utf8').digest('hex');
    },
  };
}
