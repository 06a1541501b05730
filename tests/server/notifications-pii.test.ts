/**
 * The addresses in the notices' records are personal information like the records they come
 * from, on SQLite and PostgreSQL: stored encrypted (never in the clear), erased with the person
 * (server/pii/retention.ts → server/notifications/erasure.ts: name reduced, address and values
 * gone, what was still to be sent stopped, the opt-out dropped), and carried through a key
 * rotation (server/pii/rotate.ts: re-encrypted, the keyed hash of the list's look-up recomputed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyIdOf } from '../../server/pii/cipher';
import { loadFieldCipher } from '../../server/pii/keys';
import { anonymisedName, erasePractitionerData } from '../../server/pii/retention';
import { rotateKey } from '../../server/pii/rotate';
import { enqueueNotice } from '../../server/notifications/enqueue';
import { normaliseAddress } from '../../server/notifications/render';
import { ERASED_TITLE } from '../../server/notifications/erasure';
import { createTestApp, dialects, type TestContext } from './helpers';
import { addCertificate, addPractitioner, addUnit, daysFrom, deliveriesOf, scanAndSend, serviceOf, smtpEnv, startSmtp, today, type TestSmtp } from './notifications.helpers';

describe.each(dialects)('addresses in the notices\' records (%s)', (dialect) => {
  let t: TestContext;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(dialect, { env: smtpEnv(smtp.url) });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const queue = (reference: string, recipient: { type: 'practitioner' | 'unit'; id: string }) =>
    t.db.kysely.transaction().execute((trx) =>
      // Mandatory: queued whatever the person's opt-out.
      enqueueNotice(trx, { rule: 'one_off', reference, recipients: [recipient], params: { title: `关于${reference}`, body: '正文' }, channels: ['email'], mandatory: true }, { now: t.clock.now() }),
    );

  it('are stored encrypted, and erased with the person; what was still to go is stopped', async () => {
    const unit = await addUnit(t, { email: 'erase-unit@example.cn' });
    const person = await addPractitioner(t, unit.id, { name: '欧阳明', email: 'ouyang.ming@example.cn' });
    expect((await t.call('PUT', 'user/notice-preferences', { token: await person.token(), body: { optionalEmails: false } })).body.status).toBe(1);
    // Mandatory so that the opt-out does not stop it: it is sent, and its address kept encrypted.
    await t.db.kysely.transaction().execute((trx) =>
      enqueueNotice(trx, { rule: 'one_off', reference: 'pii:sent', recipients: [{ type: 'practitioner', id: person.id }], params: { title: '欧阳明的通知', body: '正文' }, channels: ['email'], mandatory: true }, { now: t.clock.now() }),
    );
    const validUntil = daysFrom(today(t), 30);
    const certId = await addCertificate(t, { type: 'practitioner', id: person.id, name: person.name, unitId: unit.id }, validUntil);
    await scanAndSend(serviceOf(t.app));
    const [sent] = await deliveriesOf(t.db, { reference: 'pii:sent' });
    expect(sent?.state).toBe('sent');
    expect(sent?.address_enc).toMatch(/^pii1:/);
    expect(JSON.stringify(sent)).not.toContain('ouyang.ming@example.cn');
    expect(t.app.pii.decrypt(sent?.address_enc ?? '')).toBe('ouyang.ming@example.cn');
    // The unit was told of the person's certificate too.
    const aboutCertificate = (await deliveriesOf(t.db, { reference: `certificate:${certId}@${validUntil}` })).filter((r) => r.recipient_key === `unit:${unit.id}`);
    expect(aboutCertificate.length).toBeGreaterThan(0);
    expect(aboutCertificate.every((r) => r.title.includes('欧阳明'))).toBe(true);
    await queue('pii:waiting', { type: 'practitioner', id: person.id });

    await t.db.kysely.transaction().execute((trx) => erasePractitionerData(trx, person.id, { now: t.clock.now(), byId: null, revokeReason: '个人信息删除' }));

    const [erasedSent] = await deliveriesOf(t.db, { reference: 'pii:sent' });
    expect(erasedSent).toMatchObject({ state: 'sent', recipient_name: anonymisedName('欧阳明'), address_enc: null, address_masked: null, address_hash: null, params: '{}', title: ERASED_TITLE });
    const [waiting] = await deliveriesOf(t.db, { reference: 'pii:waiting' });
    expect(waiting).toMatchObject({ state: 'failed', address_enc: null, recipient_name: anonymisedName('欧阳明') });
    expect(waiting?.last_error).toContain('个人信息已删除');
    const toUnit = (await deliveriesOf(t.db, { reference: `certificate:${certId}@${validUntil}` })).filter((r) => r.recipient_key === `unit:${unit.id}`);
    expect(toUnit.every((r) => r.title === ERASED_TITLE && r.params === '{}' && r.recipient_name === unit.name)).toBe(true);
    const everything = JSON.stringify(await deliveriesOf(t.db, {}));
    expect(everything).not.toContain('欧阳明');
    expect(everything).not.toContain('ouyang.ming');
    expect(await t.db.kysely.selectFrom('notification_opt_outs').selectAll().where('recipient_key', '=', `practitioner:${person.id}`).execute()).toEqual([]);
    // Nothing more goes to the person.
    const before = smtp.received.length;
    await serviceOf(t.app).sendNow();
    expect(smtp.received.slice(before).some((m) => m.to.includes('ouyang.ming@example.cn'))).toBe(false);
  });

  it('are re-encrypted by a key rotation, and still found by address', async () => {
    const unit = await addUnit(t, { email: 'rotate.me@example.cn' });
    await queue('pii:rotate', { type: 'unit', id: unit.id });
    await serviceOf(t.app).sendNow();
    const [before] = await deliveriesOf(t.db, { reference: 'pii:rotate' });
    expect(keyIdOf(before?.address_enc ?? '')).toBe(t.app.pii.keyId);

    const result = await rotateKey(t.db, { dataKey: null, dataCipher: t.config.dataCipher, dataDir: t.config.dataDir, dataKeyNew: null });
    const fresh = await loadFieldCipher(t.config, t.db.kysely);
    expect(fresh.keyId).toBe(result.toKeyId);
    const rows = await t.db.kysely.selectFrom('notification_deliveries').select(['address_enc', 'address_hash']).where('address_enc', 'is not', null).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(keyIdOf(row.address_enc ?? '')).toBe(fresh.keyId);
      expect(row.address_hash).toBe(fresh.blindIndex(normaliseAddress(fresh.decrypt(row.address_enc ?? ''))));
    }
    const [after] = await deliveriesOf(t.db, { reference: 'pii:rotate' });
    expect(fresh.decrypt(after?.address_enc ?? '')).toBe('rotate.me@example.cn');
  });
});
