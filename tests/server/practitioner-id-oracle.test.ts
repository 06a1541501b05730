/**
 * A member unit cannot use the practitioner form, the edit or the import to learn whether an ID
 * number is registered (server/modules/practitioners/idCardCheck.ts): every other field and file
 * is checked before the number is looked up, so that a refusal for another reason is the same
 * for a registered and an unregistered number; a live record is named only to a unit that gives
 * the name it holds (any other name gets the one neutral refusal); the look-up is limited per
 * unit, the limited answer the same whatever the number.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@common/schemas/files';
import { PRACTITIONER_MESSAGES, type PractitionerCreatedResult, type PractitionerDetail, type PractitionerImportResult } from '@common/schemas/practitioners';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { ID_CARD_LOOKUP_LIMIT, IMPORT_LOOKUP_LIMIT } from '../../server/modules/practitioners/idCardCheck';
import { addAccount, upload } from './files.helpers';
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

  it('names the live record only when the unit gives its name; any other name gets the neutral refusal', async () => {
    const before = await practitionerCount();
    const otherName = await create(unit, fields({ idCardNo: registered.idCardNo }));
    expect(seen(otherName)).toEqual({ httpStatus: 400, body: { status: 10, success: false, message: PRACTITIONER_MESSAGES.idCardUnavailable, data: null } });
    const anotherName = await create(unit, fields({ idCardNo: registered.idCardNo.toLowerCase() }));
    expect(seen(anotherName)).toEqual(seen(otherName));
    const itsName = await create(unit, fields({ idCardNo: registered.idCardNo, name: ` ${registered.name} ` }));
    expect(seen(itsName)).toEqual({ httpStatus: 400, body: { status: 10, success: false, message: PRACTITIONER_MESSAGES.duplicateIdCard, data: null } });
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
    expect((await edit({ idCardNo: registered.idCardNo, name: registered.name })).body.message).toBe(PRACTITIONER_MESSAGES.duplicateIdCard);
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

  it('the import names a live record only with its name, and is limited per unit', async () => {
    const importer = await addAccount(t, 'oracle_unit_5', 2, 'demo-unit-5');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('从业人员');
    sheet.addRow(['姓名', '身份证号码']);
    sheet.addRow(['导入核验', registered.idCardNo]);
    sheet.addRow([registered.name, idCard(2)]);
    const unregisteredSheet = Buffer.from(await workbook.xlsx.writeBuffer());
    const file = await upload<StoredFile>(t, importer, unregisteredSheet, { name: '名单.xlsx' });
    expect(file.body.status).toBe(1);
    const runImport = () => t.call<PractitionerImportResult>('POST', 'practitioners/import', { token: importer, body: { fileId: file.body.data.fileId } });

    const first = await runImport();
    expect(first.body.data).toMatchObject({ total: 2, created: 1, failed: 1, errors: [{ rowNumber: 2, messages: [PRACTITIONER_MESSAGES.idCardUnavailable] }] });
    for (let i = 1; i < IMPORT_LOOKUP_LIMIT.limit; i += 1) {
      const again = await runImport();
      expect(again.body.status).toBe(1);
      // Row 3 now meets the record the first import made, with its own name: named.
      expect(again.body.data.errors).toEqual([
        { rowNumber: 2, messages: [PRACTITIONER_MESSAGES.idCardUnavailable] },
        { rowNumber: 3, messages: [PRACTITIONER_MESSAGES.duplicateIdCard] },
      ]);
    }
    const limited = await runImport();
    expect(seen(limited)).toEqual({ httpStatus: 429, body: { status: 10, success: false, message: PRACTITIONER_MESSAGES.importTooOften, data: null } });
  });
});
