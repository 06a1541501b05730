/**
 * The Excel import of practitioners: the template, a file with good and bad rows (each good
 * row saved with its account, each failing row saving nothing and listed with all its
 * problems), and the files refused whole with nothing stored (not a spreadsheet, a 5 MB cell,
 * more than 10,000 rows). Files go through the real upload route, as the page sends them.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@common/schemas/files';
import type { RevealResult } from '@common/schemas/membership';
import { PRACTITIONER_MESSAGES, type PractitionerImportResult } from '@common/schemas/practitioners';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { NOT_A_SPREADSHEET } from '../../server/excel';
import { idCardHash } from '../../server/pii';
import { addAccount, pdfBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A valid 18-character ID number (region 110101, which the demo data does not use); the 17th digit (seq's last) gives the gender. */
function idCard(seq: number, birth = '19900101'): string {
  const body = `110101${birth}${String(seq % 1000).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(body[i]) * ID_WEIGHTS[i];
  return body + '10X98765432'[sum % 11];
}

const HEADERS = ['姓名', '身份证号码', '性别', '手机号码', '电子邮箱', '学历', '专业', '职称', '职务', '入职日期', '培训学时'];

async function xlsx(rows: (string | number | Date)[][], headers: string[] = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('从业人员');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(dialects)('practitioner import on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let unit: string;
  let otherUnit: string;
  let pendingUnit: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    otherUnit = await addAccount(t, 'import_other_unit', 2, 'demo-unit-2');
    pendingUnit = await addAccount(t, 'import_pending_unit', 2, 'demo-unit-7');
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.kysely;
  const count = async (table: 'practitioners' | 'accounts' | 'reviews') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const uploadXlsx = async (token: string, content: Buffer, name = '从业人员.xlsx') => {
    const res = await upload<StoredFile>(t, token, content, { name });
    expect(res.body.status).toBe(1);
    return res.body.data.fileId;
  };
  const runImport = (token: string, fileId: string, unitId?: string) =>
    t.call<PractitionerImportResult>('POST', 'practitioners/import', { token, body: unitId ? { fileId, unitId } : { fileId } });
  const stored = async (idCardNo: string) =>
    db().selectFrom('practitioners').select(['id', 'name', 'status', 'unit_id']).where('id_card_hash', '=', idCardHash(t.app.pii, idCardNo)).execute();

  it('the template has the headers, an example row and a 说明 sheet with the dictionaries', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/practitioners/import-template', headers: { token: unit } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename*=');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [data, help] = workbook.worksheets;
    expect((data.getRow(1).values as unknown[]).slice(1)).toEqual(['姓名*', '身份证号码*', ...HEADERS.slice(2)]);
    expect(data.getRow(2).getCell(1).value).toBe('张三（示例）');
    expect(help.name).toBe('说明');
    const text = JSON.stringify(help.getSheetValues());
    for (const label of ['男', '女', '大学本科', '硕士研究生', '中级']) expect(text).toContain(label);
    // The template as downloaded, example row left in: that row is named, nothing stored.
    const before = await count('practitioners');
    const result = await runImport(unit, await uploadXlsx(unit, res.rawPayload, '模板.xlsx'));
    // The message first, so that a refusal says why (one CI run on PostgreSQL saw data null here).
    expect(result.body.message).toBe(result.body.status === 1 ? result.body.message : 'the import was accepted');
    expect(result.body.data).toMatchObject({ total: 1, created: 0, failed: 1, errors: [{ rowNumber: 2, messages: ['这是模板中的示例行，请删除后再导入'] }] });
    expect(await count('practitioners')).toBe(before);
  });

  it('saves each good row with its account and lists every failing row with its problems', async () => {
    // A live record of the importing unit (demo-unit-1), given under another name: the unit holds it, so it is named.
    const existing = await t.call<RevealResult>('POST', 'practitioners/demo-practitioner-2/reveal', { token: admin, body: { field: 'idCardNo' } });
    // A live record of another unit, given with the name it holds: the name does not open it (server/modules/practitioners/idCardCheck.ts).
    const named = await db()
      .selectFrom('practitioners')
      .select(['id', 'name'])
      .where('status', 'in', ['pending', 'approved'])
      .where('unit_id', '!=', 'demo-unit-1')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const namedId = await t.call<RevealResult>('POST', `practitioners/${named.id}/reveal`, { token: admin, body: { field: 'idCardNo' } });
    const good1 = idCard(101, '19880808');
    const good2 = idCard(102, '19920202');
    const badCheck = `${idCard(103).slice(0, 17)}${idCard(103).endsWith('0') ? '1' : '0'}`;
    const rows: (string | number | Date)[][] = [
      ['导入甲', good1, '男', '13900000101', 'jia@example.com', '大学本科', '社会学', '中级', '评估师', '2024-03-01', 40], // row 2: good
      ['导入乙', badCheck, '', '12345', '', '', '', '', '', '', ''], // row 3: two problems
      ['导入丙', good2, '', '', '', '硕士研究生', '', '', '', new Date(Date.UTC(2023, 6, 1)), ''], // row 4: good (date cell, gender from ID)
      ['导入丁', good1, '', '', '', '', '', '', '', '', ''], // row 5: same ID as row 2
      ['导入戊', existing.body.data.value ?? '', '', '', '', '', '', '', '', '', ''], // row 6: a live record of this unit exists (another name)
      ['导入己', idCard(104), '', '', '', '博士后', '', '', '', '2024/13/40', 'abc'], // row 7: dictionary, date, hours
      ['', idCard(105), '', '', '', '', '', '', '', '', ''], // row 8: no name
      [named.name, namedId.body.data.value ?? '', '', '', '', '', '', '', '', '', ''], // row 9: a live record of another unit exists (its name)
    ];
    const before = { practitioners: await count('practitioners'), accounts: await count('accounts'), reviews: await count('reviews') };
    const res = await runImport(unit, await uploadXlsx(unit, await xlsx(rows)));
    expect(res.body.status).toBe(1);
    const result = res.body.data;
    expect(result).toMatchObject({ total: 8, created: 2, failed: 6 });
    const byRow = Object.fromEntries(result.errors.map((e) => [e.rowNumber, e.messages]));
    expect(Object.keys(byRow).map(Number)).toEqual([3, 5, 6, 7, 8, 9]);
    expect(byRow[3].join()).toContain('身份证号码校验位不正确');
    expect(byRow[3].join()).toContain('手机号码不正确');
    expect(byRow[5]).toEqual(['身份证号码与第2行重复']);
    // A unit is told of a live record only when it holds that record (server/modules/practitioners/idCardCheck.ts).
    expect(byRow[6]).toEqual([PRACTITIONER_MESSAGES.duplicateIdCard]);
    expect(byRow[9]).toEqual([PRACTITIONER_MESSAGES.idCardUnavailable]);
    expect(byRow[7].join()).toContain('学历“博士后”不在字典中');
    expect(byRow[7].join()).toContain('入职日期“2024/13/40”不是有效的日期');
    expect(byRow[7].join()).toContain('培训学时');
    expect(byRow[8]).toEqual(['姓名不能为空']);

    expect(result.accounts.map((a) => [a.rowNumber, a.name])).toEqual([
      [2, '导入甲'],
      [4, '导入丙'],
    ]);
    expect(await count('practitioners')).toBe(before.practitioners + 2);
    expect(await count('accounts')).toBe(before.accounts + 2);
    expect(await count('reviews')).toBe(before.reviews + 2);
    expect(await stored(badCheck)).toHaveLength(0);
    expect(await stored(idCard(104))).toHaveLength(0);
    const [jia] = await stored(good1);
    expect(jia).toMatchObject({ name: '导入甲', status: 'pending', unit_id: 'demo-unit-1' });
    const row = await db().selectFrom('practitioners').selectAll().where('id', '=', jia.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ gender: 'male', education: 'bachelor', professional_title: 'intermediate', entry_date: '2024-03-01', training_hours: 40 });
    const [bing] = await stored(good2);
    const bingRow = await db().selectFrom('practitioners').selectAll().where('id', '=', bing.id).executeTakeFirstOrThrow();
    expect(bingRow).toMatchObject({ entry_date: '2023-07-01', education: 'master', gender: 'female' });
    // The accounts work with the passwords shown once.
    const token = await t.login(result.accounts[0].loginAccount, result.accounts[0].initialPassword, 3);
    expect((await t.call('GET', 'practitioners', { token })).body.status).toBe(1);
    const logged = await db().selectFrom('operation_logs').select('summary').where('action', '=', 'import').execute();
    expect(logged.at(-1)?.summary).toContain('共8行，成功2行，失败6行');
  });

  it('staff import into the unit they name; a unit only into its own; a unit not approved not at all', async () => {
    const content = await xlsx([['员工导入', idCard(201), '女', '', '', '', '', '', '', '', '']]);
    const noUnit = await runImport(admin, await uploadXlsx(admin, content));
    expect(noUnit.body.message).toBe('请选择所属单位');
    const byStaff = await runImport(admin, await uploadXlsx(admin, content), 'demo-unit-3');
    expect(byStaff.body.data.created).toBe(1);
    expect((await stored(idCard(201)))[0].unit_id).toBe('demo-unit-3');
    const other = await runImport(unit, await uploadXlsx(unit, content), 'demo-unit-2');
    expect(other.statusCode).toBe(403);
    const pending = await runImport(pendingUnit, await uploadXlsx(pendingUnit, await xlsx([['待审单位', idCard(202), '', '', '', '', '', '', '', '', '']])));
    expect(pending.body.message).toBe(PRACTITIONER_MESSAGES.unitNotApproved);
    expect(await stored(idCard(202))).toHaveLength(0);
  });

  it("a unit cannot import another account's uploaded file", async () => {
    const fileId = await uploadXlsx(otherUnit, await xlsx([['别人的文件', idCard(301), '', '', '', '', '', '', '', '', '']]));
    const res = await runImport(unit, fileId);
    expect(res.statusCode).toBe(403);
    expect(await stored(idCard(301))).toHaveLength(0);
  });

  it('refuses a file that is not a spreadsheet, and one without the headers, storing nothing', async () => {
    const before = await count('practitioners');
    const pdf = await upload<StoredFile>(t, unit, pdfBytes(), { name: '名单.pdf' });
    const res = await runImport(unit, pdf.body.data.fileId);
    expect(res.body.status).toBe(10);
    expect(res.body.message).toBe(NOT_A_SPREADSHEET);
    const noHeaders = await runImport(unit, await uploadXlsx(unit, await xlsx([['x', 'y']], ['名字', '证件'])));
    expect(noHeaders.body.message).toContain('缺少列：姓名、身份证号码');
    expect(await count('practitioners')).toBe(before);
  });

  it('refuses a 5 MB cell: nothing stored, not even the good rows before it', async () => {
    const before = await count('practitioners');
    const content = await xlsx([
      ['在大单元格之前', idCard(401), '', '', '', '', '', '', '', '', ''],
      ['大单元格', idCard(402), '', '', '', '', 'x'.repeat(5 * 1024 * 1024), '', '', '', ''],
    ]);
    const res = await runImport(unit, await uploadXlsx(unit, content));
    expect(res.body.status).toBe(10);
    expect(res.body.message).toBe('第3行“专业”超过500个字符');
    expect(await count('practitioners')).toBe(before);
    expect(await stored(idCard(401))).toHaveLength(0);
  });

  it('the same sheet imported twice at once: each person saved once, every other row reported', async () => {
    // More rows than one save batch, so that a batch that loses the race is saved row by row.
    const rows = Array.from({ length: 70 }, (_, i) => [`并发导入${i}`, idCard(600 + i), '', '', '', '', '', '', '', '', '']);
    const content = await xlsx(rows);
    // By staff: a unit's rows count against its look-up budget (tests/server/practitioner-id-oracle.test.ts), staff's do not.
    const [first, second] = await Promise.all([uploadXlsx(admin, content, '名单一.xlsx'), uploadXlsx(admin, content, '名单二.xlsx')]);
    const results = await Promise.all([runImport(admin, first, 'demo-unit-1'), runImport(admin, second, 'demo-unit-1')]);
    for (const r of results) expect(r.body.status).toBe(1);
    const created = results.reduce((sum, r) => sum + r.body.data.accounts.length, 0);
    const failed = results.reduce((sum, r) => sum + r.body.data.errors.length, 0);
    expect(created).toBe(70);
    expect(failed).toBe(70);
    for (const r of results) for (const e of r.body.data.errors) expect(e.messages.join('')).toContain('身份证');
    for (let i = 0; i < 70; i += 1) expect(await stored(idCard(600 + i))).toHaveLength(1);
    // A batch writes its log rows in one transaction: the audit chain still verifies.
    const verify = await t.call<{ ok: boolean; checked: number }>('GET', 'operation-logs/verify', { token: await t.adminToken() });
    expect(verify.body.data).toMatchObject({ ok: true });
    expect(verify.body.data.checked).toBeGreaterThan(70);
  });

  it('refuses more than 10,000 rows, storing nothing', async () => {
    const before = await count('practitioners');
    const rows = Array.from({ length: 10_001 }, (_, i) => [`人员${i}`, idCard(i, '19800101')]);
    const res = await runImport(unit, await uploadXlsx(unit, await xlsx(rows, ['姓名', '身份证号码'])));
    expect(res.body.message).toBe('一次最多导入10000行');
    expect(await count('practitioners')).toBe(before);
  });
});
