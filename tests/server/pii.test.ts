/**
 * Personal information at rest (README.md, "个人信息保护与安全"): the field cipher, the key's life
 * (file, DATA_KEY, wrong or missing key), the raw database holding no plaintext, the migration of
 * plaintext rows and a key rotation interrupted and resumed. On every available dialect.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import type { AppDb } from '../../server/db/index';
import { migrateTo, migrateToLatest } from '../../server/db/migrations/index';
import { seedDemo } from '../../server/db/seed/demo';
import { makeIdCardNo } from '../../server/db/seed/demoData';
import { seedBase } from '../../server/db/seed/index';
import { encryptPlaintextPii } from '../../server/pii/backfill';
import { createFieldCipher, isEncrypted, keyIdOf, PiiDecryptError } from '../../server/pii/cipher';
import { DAMAGED_TEXT, idCardHash, readPii, showPii } from '../../server/pii/fields';
import { DataKeyError, keyFilePath, loadFieldCipher, nextKeyFilePath } from '../../server/pii/keys';
import { rotateKey } from '../../server/pii/rotate';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, dialects, openTestDatabase } from './helpers';

const KEY_A = 'a'.repeat(64);
const KEY_B = Buffer.alloc(32, 7).toString('base64');
const ID = makeIdCardNo('330106', '19850312', 11, true);

describe('field cipher', () => {
  for (const cipherName of ['aes-256-gcm', 'sm4'] as const) {
    it(`${cipherName}: round trip, names cipher and key, random IV, refuses tampering`, () => {
      const c = createFieldCipher(Buffer.from(KEY_A, 'hex'), cipherName);
      const one = c.encrypt(ID);
      const two = c.encrypt(ID);
      expect(one).not.toBe(two);
      expect(one).not.toContain(ID);
      expect(one.startsWith(`pii1:${cipherName === 'sm4' ? 'sm4' : 'gcm'}:${c.keyId}:`)).toBe(true);
      expect(keyIdOf(one)).toBe(c.keyId);
      expect(c.decrypt(one)).toBe(ID);
      const parts = one.split(':');
      const body = Buffer.from(parts[4], 'base64url');
      body[0] ^= 1;
      parts[4] = body.toString('base64url');
      expect(() => c.decrypt(parts.join(':'))).toThrow(PiiDecryptError);
      // Another key cannot read it.
      const other = createFieldCipher(Buffer.alloc(32, 1), cipherName);
      expect(() => other.decrypt(one)).toThrow(PiiDecryptError);
    });
  }

  it('reads values written under the other cipher with the same key (switching DATA_CIPHER keeps data readable)', () => {
    const gcm = createFieldCipher(Buffer.from(KEY_A, 'hex'), 'aes-256-gcm');
    const sm4 = createFieldCipher(Buffer.from(KEY_A, 'hex'), 'sm4');
    expect(sm4.decrypt(gcm.encrypt('13800000000'))).toBe('13800000000');
    expect(gcm.decrypt(sm4.encrypt('13800000000'))).toBe('13800000000');
  });

  it('keeps a deterministic keyed hash for look-ups that depends on the key', () => {
    const a = createFieldCipher(Buffer.from(KEY_A, 'hex'), 'aes-256-gcm');
    const b = createFieldCipher(Buffer.alloc(32, 2), 'aes-256-gcm');
    expect(idCardHash(a, ID)).toBe(idCardHash(a, ` ${ID.toLowerCase()} `));
    expect(idCardHash(a, ID)).not.toBe(idCardHash(b, ID));
    expect(idCardHash(a, ID)).not.toContain(ID);
  });

  it('reports a damaged value instead of throwing, and masks for everyone but the owner', () => {
    const c = createFieldCipher(Buffer.from(KEY_A, 'hex'), 'aes-256-gcm');
    const stored = c.encrypt(ID);
    expect(showPii(c, stored, 'idCard', false)).toBe(`${ID.slice(0, 6)}********${ID.slice(14)}`);
    expect(showPii(c, stored, 'idCard', true)).toBe(ID);
    expect(showPii(c, c.encrypt('13812345678'), 'phone', false)).toBe('138****5678');
    const damaged = `${stored.slice(0, -4)}AAAA`;
    expect(readPii(c, damaged)).toEqual({ value: null, damaged: true });
    expect(showPii(c, damaged, 'idCard', true)).toBe(DAMAGED_TEXT);
  });

  it('refuses an unknown DATA_CIPHER with a clear message', () => {
    expect(() => loadConfig({ DATA_CIPHER: 'des' })).toThrow(/DATA_CIPHER/);
  });
});

describe.each(dialects)('personal information at rest (%s)', (dialect) => {
  let db: AppDb;
  let dataDir: string;
  let dispose: () => Promise<void>;
  const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

  beforeEach(async () => {
    ({ db, dataDir, dispose } = await openTestDatabase(dialect));
  });
  afterEach(async () => dispose());

  async function seeded(env: Record<string, string> = {}) {
    await migrateToLatest(db);
    await seedBase(db.kysely, { adminAccount: ADMIN_ACCOUNT, adminPassword: ADMIN_PASSWORD });
    const pii = await loadFieldCipher(config(env), db.kysely);
    await seedDemo(db.kysely, new Date(), { pii });
    return pii;
  }

  async function plaintexts(pii: Awaited<ReturnType<typeof seeded>>): Promise<string[]> {
    const rows = await db.kysely.selectFrom('practitioners').select(['id_card_enc', 'phone_enc']).orderBy('id').execute();
    return rows.flatMap((r) => [pii.decrypt(r.id_card_enc), ...(r.phone_enc ? [pii.decrypt(r.phone_enc)] : [])]);
  }

  it('creates the key file once, mode 0600, and keeps using it', async () => {
    const pii = await seeded();
    const file = keyFilePath(dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = await loadFieldCipher(config(), db.kysely);
    expect(again.keyId).toBe(pii.keyId);
    // The key itself is nowhere in the database.
    const key = fs.readFileSync(file, 'utf8').trim();
    const meta = await db.kysely.selectFrom('app_meta').select(['key', 'value']).execute();
    expect(JSON.stringify(meta)).not.toContain(key);
  });

  it('stores no plaintext ID number or phone in the raw database', async () => {
    const pii = await seeded();
    const secrets = await plaintexts(pii);
    expect(secrets.length).toBeGreaterThan(40);
    if (dialect === 'sqlite') {
      const file = path.join(dataDir, 'app.db');
      const raw = Buffer.concat([fs.readFileSync(file), ...(fs.existsSync(`${file}-wal`) ? [fs.readFileSync(`${file}-wal`)] : [])]);
      for (const s of secrets) expect(raw.includes(Buffer.from(s)), s).toBe(false);
    } else {
      const dump = await sql<{ t: string }>`select practitioners::text as t from practitioners`.execute(db.kysely);
      const all = dump.rows.map((r) => r.t).join('\n');
      for (const s of secrets) expect(all.includes(s), s).toBe(false);
    }
  });

  it('refuses to start with a wrong key, or with the key file lost, and changes nothing', async () => {
    await seeded();
    const before = await db.kysely.selectFrom('practitioners').select(['id', 'id_card_enc']).orderBy('id').execute();
    await expect(loadFieldCipher(config({ DATA_KEY: KEY_A }), db.kysely)).rejects.toThrow(/数据密钥与数据库中的加密数据不符/);
    fs.renameSync(keyFilePath(dataDir), `${keyFilePath(dataDir)}.moved`);
    await expect(loadFieldCipher(config(), db.kysely)).rejects.toThrow(DataKeyError);
    await expect(loadFieldCipher(config(), db.kysely)).rejects.toThrow(/密钥文件 .* 不存在/);
    expect(fs.existsSync(keyFilePath(dataDir))).toBe(false);
    const after = await db.kysely.selectFrom('practitioners').select(['id', 'id_card_enc']).orderBy('id').execute();
    expect(after).toEqual(before);
  });

  it('takes the key from DATA_KEY (hex or base64) without writing a key file', async () => {
    const pii = await seeded({ DATA_KEY: KEY_B });
    expect(fs.existsSync(keyFilePath(dataDir))).toBe(false);
    expect(pii.keyId).toBe(createFieldCipher(Buffer.from(KEY_B, 'base64'), 'aes-256-gcm').keyId);
    await expect(loadFieldCipher(config({ DATA_KEY: 'short' }), db.kysely)).rejects.toThrow(/DATA_KEY 应为 32 字节/);
  });

  it('encrypts the plaintext rows of a database from before 0004, once, without losing one', async () => {
    await migrateTo(db, '0003_content');
    await seedBase(db.kysely, { adminAccount: ADMIN_ACCOUNT, adminPassword: ADMIN_PASSWORD }).catch(() => undefined);
    const now = new Date().toISOString();
    await sql`insert into member_units (id, name, credit_code, legal_representative, contact_person, contact_phone, created_at, updated_at)
      values ('u1', '旧单位', '91330106MA2CJ7K10X', '张三', '李四', '0571-88886666', ${now}, ${now})`.execute(db.kysely);
    const people = Array.from({ length: 7 }, (_, i) => ({
      id: `old-${i}`,
      idCardNo: makeIdCardNo('330106', '19800101', 100 + i, i % 2 === 0),
      phone: i === 3 ? null : `1380000${String(1000 + i)}`,
    }));
    for (const p of people) {
      await sql`insert into practitioners (id, name, id_card_no, phone, unit_id, status, created_at, updated_at)
        values (${p.id}, '旧人员', ${p.idCardNo}, ${p.phone}, 'u1', 'approved', ${now}, ${now})`.execute(db.kysely);
    }
    await migrateToLatest(db);
    const pii = await loadFieldCipher(config(), db.kysely);
    expect(await encryptPlaintextPii(db, pii)).toBe(people.length);
    expect(await encryptPlaintextPii(db, pii)).toBe(0);
    const rows = await db.kysely.selectFrom('practitioners').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(people.length);
    for (const [i, row] of rows.entries()) {
      expect(isEncrypted(row.id_card_enc)).toBe(true);
      expect(pii.decrypt(row.id_card_enc)).toBe(people[i].idCardNo);
      expect(row.id_card_hash).toBe(idCardHash(pii, people[i].idCardNo));
      expect(row.phone_enc ? pii.decrypt(row.phone_enc) : null).toBe(people[i].phone);
    }
    // The one-live-record rule now holds on the hash.
    await expect(
      db.kysely
        .insertInto('practitioners')
        .values({ id: 'dup', name: '重复', id_card_enc: pii.encrypt(people[0].idCardNo), id_card_hash: idCardHash(pii, people[0].idCardNo), phone_enc: null, unit_id: 'u1', status: 'pending', training_hours: 0, version: 0, created_at: now, created_by: null, updated_at: now, updated_by: null })
        .execute(),
    ).rejects.toThrow();
  });

  it('rotates the key in batches; an interrupted rotation blocks start-up, resumes, and leaves every value readable', async () => {
    const pii = await seeded();
    const secrets = await plaintexts(pii);
    const oldKeyId = pii.keyId;
    const rotateConfig = { ...config(), dataKeyNew: null };
    await expect(rotateKey(db, rotateConfig, { batchSize: 10, stopAfterBatches: 1 })).rejects.toThrow(/interrupted/);
    expect(fs.existsSync(nextKeyFilePath(dataDir))).toBe(true);
    await expect(loadFieldCipher(config(), db.kysely)).rejects.toThrow(/轮换尚未完成/);
    const mixed = await db.kysely.selectFrom('practitioners').select('id_card_enc').execute();
    const ids = new Set(mixed.map((r) => keyIdOf(r.id_card_enc)));
    expect(ids.size).toBe(2);

    const result = await rotateKey(db, rotateConfig, { batchSize: 10 });
    expect(result.fromKeyId).toBe(oldKeyId);
    expect(fs.existsSync(nextKeyFilePath(dataDir))).toBe(false);
    expect(fs.existsSync(`${keyFilePath(dataDir)}.retired-${oldKeyId}`)).toBe(true);
    const fresh = await loadFieldCipher(config(), db.kysely);
    expect(fresh.keyId).toBe(result.toKeyId);
    expect(await plaintexts(fresh)).toEqual(secrets);
    const rows = await db.kysely.selectFrom('practitioners').select(['id_card_enc', 'id_card_hash']).execute();
    for (const r of rows) {
      expect(keyIdOf(r.id_card_enc)).toBe(fresh.keyId);
      expect(r.id_card_hash).toBe(idCardHash(fresh, fresh.decrypt(r.id_card_enc)));
    }
    // The old key no longer opens the database.
    await expect(
      loadFieldCipher(config({ DATA_KEY: fs.readFileSync(`${keyFilePath(dataDir)}.retired-${oldKeyId}`, 'utf8').trim() }), db.kysely),
    ).rejects.toThrow(/不符/);
  });
});
