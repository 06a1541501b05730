/**
 * Withdrawing the sensitive-data consent (POST /user/consents/sensitive-pi/withdraw) opens a
 * deletion request; staff holding system:personal-data:handle reject it (with a reason: the
 * data stays) or approve it (the practitioner is anonymised, their files leave the disk, the
 * certificate is revoked and still verifies as such, the account stops working).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCertificate } from '@common/schemas/certificates';
import type { Page } from '@common/schemas/common';
import { DELETION_REQUEST_STATUSES, PROFILE_MESSAGES, type DeletionRequestRecord, type PersonalData } from '@common/schemas/profile';
import { insertRole } from '../../server/security/roles';
import { DEMO_PASSWORD, DEMO_PRACTITIONER_ID } from '../../server/db/seed/demo';
import { readPii } from '../../server/pii';
import { addAccount, pngBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('personal data deletion requests on %s', (dialect) => {
  let t: TestContext;
  let self: string;
  let unit: string;
  let handler: string;
  let contentStaff: string;
  let photoPath: string;
  let certificateNo: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    self = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    contentStaff = await t.login('demo_staff', DEMO_PASSWORD, 1);
    const roleId = await insertRole(t.db.kysely, { code: 'pi-handler', name: '个人信息处理', permissions: ['system:personal-data:handle'] }, new Date().toISOString());
    handler = await addAccount(t, 'pi_handler', 1, null);
    const account = await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', 'pi_handler').executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('account_roles').values({ account_id: account.id, role_id: roleId }).execute();
    handler = await t.login('pi_handler', 'Other@2026x', 1);

    // The practitioner's photo, uploaded by the unit.
    const photo = await upload<{ fileId: string }>(t, unit, pngBytes(4096), { name: 'photo.png' });
    expect(photo.body.status).toBe(1);
    await t.db.kysely.updateTable('practitioners').set({ photo_file_id: photo.body.data.fileId }).where('id', '=', DEMO_PRACTITIONER_ID).execute();
    const stored = await t.db.kysely.selectFrom('stored_files').select('storage_key').where('file_id', '=', photo.body.data.fileId).executeTakeFirstOrThrow();
    photoPath = path.join(t.config.dataDir, stored.storage_key);
    expect(fs.existsSync(photoPath)).toBe(true);
    // A live certificate, whatever the demo's dates say.
    const row = await t.db.kysely.selectFrom('practitioners').select('certificate_no').where('id', '=', DEMO_PRACTITIONER_ID).executeTakeFirstOrThrow();
    certificateNo = row.certificate_no as string;
    await t.db.kysely.updateTable('certificates').set({ status: 'valid', valid_until: '2099-12-31' }).where('number', '=', certificateNo).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const practitioner = () => t.db.kysely.selectFrom('practitioners').selectAll().where('id', '=', DEMO_PRACTITIONER_ID).executeTakeFirstOrThrow();
  const withdraw = (token: string) => t.call<{ requestId: string }>('POST', 'user/consents/sensitive-pi/withdraw', { token });
  const pending = async (token: string) => t.call<Page<DeletionRequestRecord>>('GET', 'personal-data/deletion-requests', { token });

  it('withdrawal opens one deletion request; only the practitioner may withdraw', async () => {
    expect((await withdraw(unit)).statusCode).toBe(403);
    const res = await withdraw(self);
    expect(res.body).toMatchObject({ status: 1, message: PROFILE_MESSAGES.withdrawn });
    const review = await t.db.kysely.selectFrom('reviews').selectAll().where('id', '=', res.body.data.requestId).executeTakeFirstOrThrow();
    expect(review).toMatchObject({ what: 'pi_deletion', subject_type: 'practitioner', subject_id: DEMO_PRACTITIONER_ID, status: 'pending' });
    const consents = await t.db.kysely.selectFrom('consents').select('withdrawn_at').where('kind', '=', 'sensitive_pi').where('account_id', '=', review.submitted_by as string).execute();
    expect(consents.every((c) => c.withdrawn_at)).toBe(true);
    // Twice is refused; the profile says there is nothing left to withdraw.
    expect((await withdraw(self)).body).toMatchObject({ status: 10, message: PROFILE_MESSAGES.requestPending });
    const profile = await t.call<PersonalData>('GET', 'user/profile', { token: self });
    expect(profile.body.data.canWithdrawSensitiveConsent).toBe(false);
    expect(profile.body.data.deletionRequests[0]).toMatchObject({ status: 'pending' });
    const log = await t.db.kysely.selectFrom('operation_logs').select('action').where('action', '=', 'withdraw-consent').execute();
    expect(log).toHaveLength(1);
  });

  it('only staff holding system:personal-data:handle see and decide the requests', async () => {
    expect((await pending(contentStaff)).statusCode).toBe(403);
    expect((await pending(self)).statusCode).toBe(403);
    const list = await pending(handler);
    expect(list.body.data.list).toEqual([expect.objectContaining({ practitionerId: DEMO_PRACTITIONER_ID, status: 'pending' })]);
    const refused = await t.call('POST', `personal-data/deletion-requests/${DEMO_PRACTITIONER_ID}/approve`, { token: contentStaff, body: {} });
    expect(refused.statusCode).toBe(403);
    expect(DELETION_REQUEST_STATUSES).toContain('pending');
  });

  it('reject needs a reason and keeps the data', async () => {
    const before = await practitioner();
    const empty = await t.call('POST', `personal-data/deletion-requests/${DEMO_PRACTITIONER_ID}/reject`, { token: handler, body: { reason: '   ' } });
    expect(empty.body).toMatchObject({ status: 10, message: PROFILE_MESSAGES.rejectReasonMissing });
    const res = await t.call('POST', `personal-data/deletion-requests/${DEMO_PRACTITIONER_ID}/reject`, {
      token: handler,
      body: { reason: '档案管理规定要求保存至证书有效期届满' },
    });
    expect(res.body.status).toBe(1);
    const after = await practitioner();
    expect(after.name).toBe(before.name);
    expect(readPii(t.app.pii, after.id_card_enc).value).toBe(readPii(t.app.pii, before.id_card_enc).value);
    expect(after.anonymised_at).toBeNull();
    expect(fs.existsSync(photoPath)).toBe(true);
    const review = await t.db.kysely.selectFrom('reviews').select(['status', 'comment']).where('what', '=', 'pi_deletion').executeTakeFirstOrThrow();
    expect(review).toEqual({ status: 'rejected', comment: '档案管理规定要求保存至证书有效期届满' });
    // Nothing pending any more: deciding again is refused.
    const again = await t.call('POST', `personal-data/deletion-requests/${DEMO_PRACTITIONER_ID}/approve`, { token: handler, body: {} });
    expect(again.body).toMatchObject({ status: 10, message: PROFILE_MESSAGES.noPendingRequest });
  });

  it('approve anonymises the practitioner, removes the photo, revokes the certificate and disables the account', async () => {
    // A new withdrawal after agreeing again.
    const accountId = (await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', 'demo_practitioner').executeTakeFirstOrThrow()).id;
    await t.db.kysely
      .insertInto('consents')
      .values({ id: 'consent-again', account_id: accountId, kind: 'sensitive_pi', versions: '{"notice":"x"}', agreed_at: t.clock.now().toISOString(), ip: null, user_agent: null, withdrawn_at: null })
      .execute();
    expect((await withdraw(self)).body.status).toBe(1);
    const before = await practitioner();
    const res = await t.call('POST', `personal-data/deletion-requests/${DEMO_PRACTITIONER_ID}/approve`, { token: handler, body: { comment: '核实为本人申请' } });
    expect(res.body.status).toBe(1);

    const after = await practitioner();
    expect(after.name).toBe(`${[...before.name][0]}*`);
    expect(after.id_card_enc).toBe('');
    expect(after.id_card_hash).toBeNull();
    expect(after.phone_enc).toBeNull();
    expect(after.photo_file_id).toBeNull();
    expect(after.anonymised_at).toBeTruthy();
    expect(after.status).toBe('left');
    expect(fs.existsSync(photoPath)).toBe(false);

    const certificate = await t.call<PublicCertificate>('GET', `public/certificates/${certificateNo}`);
    expect(certificate.body.data).toMatchObject({ number: certificateNo, state: 'revoked', revokedReason: '本人撤回个人信息处理同意', holderName: after.name });
    // The account no longer works.
    expect((await t.call('GET', 'user/current', { token: self })).statusCode).toBe(401);
    const login = await t.call('POST', 'user/auth/login', { body: { loginAccount: 'demo_practitioner', password: DEMO_PASSWORD, authType: 3 }, ip: '10.7.7.7' });
    expect(login.body.status).toBe(10);
    const decided = await t.db.kysely.selectFrom('reviews').select(['status', 'subject_name']).where('what', '=', 'pi_deletion').where('status', '=', 'approved').executeTakeFirstOrThrow();
    expect(decided.subject_name).toBe(after.name);
    const log = await t.db.kysely.selectFrom('operation_logs').select('summary').where('action', '=', 'anonymise').where('entity_id', '=', DEMO_PRACTITIONER_ID).executeTakeFirstOrThrow();
    expect(log.summary).toContain(certificateNo);
    expect(log.summary).not.toContain(before.name);
    expect((await pending(handler)).body.data.list).toEqual([]);
  });
});
