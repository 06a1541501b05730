/**
 * A member unit cannot use the practitioner form, the edit or the import to learn whether an ID
 * number is registered (server/modules/practitioners/idCardCheck.ts): every other field and file
 * is checked before the number is looked up, so that a refusal for another reason is the same
 * for a registered and an unregistered number; a live record is named only to the unit that
 * holds it (any other unit gets the one neutral refusal, whatever name it gives); the look-up is
 * limited per unit, one per form entry, edit or import row against one budget, the limited
 * answer the same whatever the number.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@common/schemas/files';
import { PRACTITIONER_MESSAGES, type PractitionerCreatedResult, type PractitionerDetail, type PractitionerImportResult } from '@common/schemas/practitioners';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { ID_CARD_LOOKUP_LIMIT } from '../../server/pii/idCardLookups';
import { MESSAGES as UNIT_CHANGE_MESSAGES } from '../../server/modules/unit-changes/service';
import { addAccount, pdfBytes, upload } from './files.helpers';
import { createTestApp, dialects, type CallResult, type TestContext } from './helpers';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A valid 18-character ID number (region 110102, which neither the demo data nor the other tests use). */
function idCard(seq: number, birth = '19870505'): string {
  const body = `110102${birth}${String(seq % 1000).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(body[i]) * ID_WEIGHTS[i];
  return body + '10X98765432'[sum % 11];
}

/** What a caller can observe of an answer. */
const seen = (res: CallResult<unknown>) => ({ httpStatus: res.statusCode, body: res.body });

describe.each(dialects)('no ID-number oracle for member units on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let unit: string;
  let seq = 0;
  /** A number a live record (of another unit) holds, and that record's name. */
  const registered = { idCardNo: idCard(1), name: '登记在册甲' };

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    const made = await t.call('POST', 'practitioners', {
      token: admin,
      body: { name: registered.name, idCardNo: registered.idCardNo, phone: '13900000001', unitId: 'demo-unit-2' },
    });
    expect(made.body.status).toBe(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const fields = (over: Record<string, unknown> = {}) => {
    seq += 10;
    return { name: `核验人员${seq}`, idCardNo: idCard(100 + seq), phone: `139${String(20_000_000 + seq).slice(-8)}`, education: 'bachelor', ...over };
  };
  const practitionerCount = async () =>
    Number((await t.db.kysely.selectFrom('practitioners').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const create = (token: string, body: Record<string, unknown>, ip?: string) => t.call<PractitionerCreatedResult>('POST', 'practitioners', { token, body, ...(ip ? { ip } : {}) });

  it('answers a registered number without its name exactly as an unregistered one whenever another field is wrong', async () => {
    const before = await practitionerCount();
    const otherFailures: [string, Record<string, unknown>][] = [
      ['a photo that does not exist', { photoFileId: randomUUID() }],
      ['a diploma that does not exist', { diplomaFileIds: [randomUUID()] }],
      ['a bad phone', { phone: '12345' }],
      ['an unknown dictionary value', { education: 'phd' }],
      ['an entry date in the future', { entryDate: '2199-01-01' }],
    ];
    for (const [label, wrong] of otherFailures) {
      const withRegistered = await create(unit, fields({ ...wrong, idCardNo: registered.idCardNo }));
      const withUnregistered = await create(unit, fields({ ...wrong, idCardNo: idCard(900) }));
      expect(withRegistered.body.status, label).toBe(10);
      expect(seen(withRegistered), label).toEqual(seen(withUnregistered));
      expect(withRegistered.body.message, label).not.toBe(PRACTITIONER_MESSAGES.duplicateIdCard);
      expect(withRegistered.body.message, label).not.toBe(PRACTITIONER_MESSAGES.idCardUnavailable);
      // Even with the matching name: the other field is what is answered.
      const withName = await create(unit, fields({ ...wrong, idCardNo: registered.idCardNo, name: registered.name }));
      expect(seen(withName), label).toEqual(seen(withUnregistered));
    }
    expect(await practitionerCount()).toBe(before);
  });

  it('names the live record only to the unit that holds it; its name opens nothing to another unit', async () => {
    const before = await practitionerCount();
    const otherName = await create(unit, fields({ idCardNo: registered.idCardNo }));
    expect(seen(otherName)).toEqual({ httpStatus: 400, body: { status: 10, success: false, message: PRACTITIONER_MESSAGES.idCardUnavailable, data: null } });
    const anotherName = await create(unit, fields({ idCardNo: registered.idCardNo.toLowerCase() }));
    expect(seen(anotherName)).toEqual(seen(otherName));
    // The name the record holds gets the same neutral refusal: a unit that knows a person's name
    // cannot test candidate numbers for theirs (README.md, "个人信息保护与安全").
    const itsName = await create(unit, fields({ idCardNo: registered.idCardNo, name: ` ${registered.name} ` }));
    expect(seen(itsName)).toEqual(seen(otherName));
    expect(await practitionerCount()).toBe(before);
    // The unit that holds the record is told plainly, whatever the name.
    const holder = await addAccount(t, 'oracle_holder_2', 2, 'demo-unit-2');
    const byHolder = await create(holder, fields({ idCardNo: registered.idCardNo }));
    expect(seen(byHolder)).toEqual({ httpStatus: 400, body: { status: 10, success: false, message: PRACTITIONER_MESSAGES.duplicateIdCard, data: null } });
    expect(await practitionerCount()).toBe(before);
    // Staff see every record anyway: they are told plainly whatever the name.
    const staff = await create(admin, fields({ idCardNo: registered.idCardNo, unitId: 'demo-unit-1' }));
    expect(staff.body.message).toBe(PRACTITIONER_MESSAGES.duplicateIdCard);
  });

  it('an edit that changes the ID number follows the same rule', async () => {
    const original = fields();
    const own = await create(unit, original);
    expect(own.body.status).toBe(1);
    const id = own.body.data.id;
    const version = async () => (await t.call<PractitionerDetail>('GET', `practitioners/${id}`, { token: unit })).body.data.version;
    const edit = async (over: Record<string, unknown>) =>
      t.call('PUT', `practitioners/${id}`, { token: unit, body: { name: '编辑核验', ...over, version: await version() } });

    const missingPhoto = randomUUID();
    const registeredBadPhoto = await edit({ idCardNo: registered.idCardNo, photoFileId: missingPhoto });
    const unregisteredBadPhoto = await edit({ idCardNo: idCard(901), photoFileId: missingPhoto });
    expect(registeredBadPhoto.body.status).toBe(10);
    expect(seen(registeredBadPhoto)).toEqual(seen(unregisteredBadPhoto));

    expect((await edit({ idCardNo: registered.idCardNo })).body.message).toBe(PRACTITIONER_MESSAGES.idCardUnavailable);
    expect((await edit({ idCardNo: registered.idCardNo, name: registered.name })).body.message).toBe(PRACTITIONER_MESSAGES.idCardUnavailable);
    // Nothing changed on the refusals.
    const after = (await t.call<PractitionerDetail>('GET', `practitioners/${id}`, { token: admin })).body.data;
    expect(after.name).toBe(original.name);
    expect(after.photo).toBeNull();
  });

  it('limits the look-up per unit, after the other checks; the limited answer is the same for every number', async () => {
    const limitedUnit = await addAccount(t, 'oracle_unit_3', 2, 'demo-unit-3');
    const neighbour = await addAccount(t, 'oracle_unit_4', 2, 'demo-unit-4');
    const before = await practitionerCount();
    // Each look-up counts whatever its outcome; different addresses do not help.
    for (let i = 0; i < ID_CARD_LOOKUP_LIMIT.limit; i += 1) {
      const res = await create(limitedUnit, fields({ idCardNo: registered.idCardNo }), `10.9.0.${i + 1}`);
      expect(res.body.message).toBe(PRACTITIONER_MESSAGES.idCardUnavailable);
    }
    const limitedRegistered = await create(limitedUnit, fields({ idCardNo: registered.idCardNo }), '10.9.1.1');
    const limitedItsName = await create(limitedUnit, fields({ idCardNo: registered.idCardNo, name: registered.name }), '10.9.1.2');
    const limitedUnregistered = await create(limitedUnit, fields(), '10.9.1.3');
    const expected = { httpStatus: 429, body: { status: 10, success: false, message: PRACTITIONER_MESSAGES.lookupTooOften, data: null } };
    expect(seen(limitedRegistered)).toEqual(expected);
    expect(seen(limitedItsName)).toEqual(expected);
    expect(seen(limitedUnregistered)).toEqual(expected);
    // A request refused by its other fields never reached the look-up: answered as ever.
    expect((await create(limitedUnit, fields({ phone: '12345' }))).statusCode).toBe(400);
    expect(await practitionerCount()).toBe(before);
    // Another unit has its own count.
    expect((await create(neighbour, fields({ idCardNo: registered.idCardNo }))).body.message).toBe(PRACTITIONER_MESSAGES.idCardUnavailable);
    // Once the window has passed, the unit looks up again.
    t.clock.advanceMinutes(ID_CARD_LOOKUP_LIMIT.windowMinutes + 1);
    expect((await create(limitedUnit, fields({ idCardNo: registered.idCardNo }))).body.message).toBe(PRACTITIONER_MESSAGES.idCardUnavailable);
  });

  /** Uploads a sheet of [name, ID number, phone] rows as `token` and imports it. */
  const importSheet = async (token: string, rows: string[][], ip?: string) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('从业人员');
    sheet.addRow(['姓名', '身份证号码', '手机号码']);
    for (const row of rows) sheet.addRow(row);
    const file = await upload<StoredFile>(t, token, Buffer.from(await workbook.xlsx.writeBuffer()), { name: '名单.xlsx' });
    expect(file.body.status).toBe(1);
    return t.call<PractitionerImportResult>('POST', 'practitioners/import', { token, body: { fileId: file.body.data.fileId }, ...(ip ? { ip } : {}) });
  };
  const messagesOf = (result: PractitionerImportResult) => Object.fromEntries(result.errors.map((e) => [e.rowNumber, e.messages]));

  it("the reviewer's attack: a known name with 15 candidate numbers in one import is never told which number is held", async () => {
    const attacker = await addAccount(t, 'oracle_unit_5', 2, 'demo-unit-5');
    const heldAt = 7;
    const candidates = Array.from({ length: 15 }, (_, i) => (i === heldAt ? registered.idCardNo : idCard(i, '19870506')));
    const before = await practitionerCount();
    const res = await importSheet(attacker, candidates.map((no) => [registered.name, no, '']));
    expect(res.body.status).toBe(1);
    const byRow = messagesOf(res.body.data);
    // Only the held number's row is refused (the other numbers are free: they become pending
    // records, as a form entry of each would), and it gets the neutral refusal, word for word the
    // answer the form gives for it, never the message that a record exists.
    expect(res.body.data).toMatchObject({ total: 15, created: 14, failed: 1 });
    expect(byRow).toEqual({ [heldAt + 2]: [PRACTITIONER_MESSAGES.idCardUnavailable] });
    expect(JSON.stringify(res.body)).not.toContain(PRACTITIONER_MESSAGES.duplicateIdCard);
    const formAnswer = await create(attacker, fields({ idCardNo: registered.idCardNo, name: registered.name }));
    expect(formAnswer.body.message).toBe(byRow[heldAt + 2][0]);
    expect(await practitionerCount()).toBe(before + 14);
    // The same row from a unit that knows no name, or gives another: the same answer.
    const stranger = await addAccount(t, 'oracle_unit_6', 2, 'demo-unit-6');
    const strangerRes = await importSheet(stranger, [['随便一个名字', registered.idCardNo, '']]);
    expect(strangerRes.body.data.errors).toEqual([{ rowNumber: 2, messages: [PRACTITIONER_MESSAGES.idCardUnavailable] }]);
    // The unit holding the record is told plainly, whatever the name; so is a unit about its own
    // pending records (the attacker's 14 just made).
    const holder = await addAccount(t, 'oracle_holder_import', 2, 'demo-unit-2');
    const holderRes = await importSheet(holder, [['另一个名字', registered.idCardNo, '']]);
    expect(holderRes.body.data.errors).toEqual([{ rowNumber: 2, messages: [PRACTITIONER_MESSAGES.duplicateIdCard] }]);
    const again = await importSheet(attacker, [['再导一次', candidates[0], '']]);
    expect(again.body.data.errors).toEqual([{ rowNumber: 2, messages: [PRACTITIONER_MESSAGES.duplicateIdCard] }]);
  });

  it('an import counts one look-up per row against the form\'s budget; rows past it are not looked up, whatever their numbers', async () => {
    // A window later than every look-up above, so that the unit starts with its whole budget.
    t.clock.advanceMinutes(ID_CARD_LOOKUP_LIMIT.windowMinutes + 1);
    const importer = await addAccount(t, 'oracle_budget_6', 2, 'demo-unit-6');
    const budget = ID_CARD_LOOKUP_LIMIT.limit;
    const fresh = (n: number, birth: string) => Array.from({ length: n }, (_, i) => [`预算核验${birth}${i}`, idCard(i, birth), '']);
    // A row refused by its own checks is never looked up, so it costs nothing.
    const badPhone = await importSheet(importer, [['号码有误', idCard(1, '19870507'), '12345']]);
    expect(badPhone.body.data).toMatchObject({ total: 1, created: 0, failed: 1 });

    // budget - 5 rows: each counts, so the form has 5 look-ups left.
    const first = await importSheet(importer, fresh(budget - 5, '19870508'));
    expect(first.body.data).toMatchObject({ created: budget - 5, failed: 0 });
    for (let i = 0; i < 2; i += 1) expect((await create(importer, fields())).body.status).toBe(1);
    // 3 left: of 6 rows (the held number among the last), the first 3 are looked up, the rest answered
    // alike without a look-up, different addresses or not.
    const rows = [...fresh(5, '19870509'), [registered.name, registered.idCardNo, '']];
    const second = await importSheet(importer, rows, '10.9.2.1');
    expect(second.body.data).toMatchObject({ total: 6, created: 3, failed: 3 });
    expect(second.body.data.errors).toEqual([3, 4, 5].map((i) => ({ rowNumber: i + 2, messages: [PRACTITIONER_MESSAGES.importRowNotLookedUp] })));
    // None left: the form and the import get the form's limited answer, nothing stored.
    const before = await practitionerCount();
    const limited = { httpStatus: 429, body: { status: 10, success: false, message: PRACTITIONER_MESSAGES.lookupTooOften, data: null } };
    expect(seen(await importSheet(importer, [[registered.name, registered.idCardNo, '']], '10.9.2.2'))).toEqual(limited);
    expect(seen(await importSheet(importer, fresh(1, '19870510'), '10.9.2.3'))).toEqual(limited);
    expect(seen(await create(importer, fields()))).toEqual(limited);
    // The unit change's look-up of a practitioner to take over is the same budget, spent.
    const letter = await upload<StoredFile>(t, importer, pdfBytes(), { name: '放行函.pdf' });
    const moveIn = await t.call('POST', 'unit-changes', {
      token: importer,
      body: { practitionerName: registered.name, idCardNo: registered.idCardNo, reason: '调入', releaseLetterFileIds: [letter.body.data.fileId] },
    });
    expect(seen(moveIn)).toEqual({ ...limited, body: { ...limited.body, message: UNIT_CHANGE_MESSAGES.lookupTooOften } });
    expect(await practitionerCount()).toBe(before);
    // Once the window has passed, the unit imports again.
    t.clock.advanceMinutes(ID_CARD_LOOKUP_LIMIT.windowMinutes + 1);
    expect((await importSheet(importer, fresh(1, '19870510'))).body.data).toMatchObject({ created: 1, failed: 0 });
  });
});
