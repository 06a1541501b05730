/**
 * The practitioner import against sheets that look empty but are expensive to parse: rows
 * whose only cell is blank (formatted, or an empty string) far to the right, thousands of blank
 * rows, rows wide enough to pass the cell limit. Each is refused with a message naming the
 * limit (not the read's own deadline, which a read that spent its time would meet), nothing is
 * stored (not even the good row above), and the server keeps answering meanwhile: every GET
 * /api/v1/health sent during the import answers within HEALTH_WITHIN_MS (the sheet is parsed
 * in a child process, server/excel/import.ts).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@common/schemas/files';
import type { PractitionerImportResult } from '@common/schemas/practitioners';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { SHEET_READ_LIMITS } from '../../server/excel';
import { idCardHash } from '../../server/pii';
import { upload } from './files.helpers';
import { createTestApp, dialects, type TestContext, type CallResult } from './helpers';

const HEADERS = ['姓名', '身份证号码', '性别', '手机号码', '电子邮箱', '学历', '专业', '职称', '职务', '入职日期', '培训学时'];
/** A valid ID number (region 110101, which the demo data does not use). */
const GOOD_ID = '110101199003079876';
const XFD = 16384;
/**
 * The longest a health check may wait meanwhile. Reading such a sheet on the event loop held it
 * for seconds; what stays is garbage collection and a loaded machine's scheduling (a run beside
 * other suites on two cores saw one pause of 160 ms; a run beside the journeys on PostgreSQL,
 * with the process starved of a core, waits of 300–510 ms), so the line sits above those and
 * still well under a read on the event loop.
 */
const HEALTH_WITHIN_MS = 1_000;

/**
 * The headers, one good person in row 2, then `rows` rows below it each holding one cell in
 * `column` and nothing else: blank but formatted, or (every other row when `emptyStrings`) the
 * empty string.
 */
async function sheetReaching(column: number, rows: number, emptyStrings = false): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('从业人员');
  sheet.addRow(HEADERS);
  sheet.addRow(['界外空格', GOOD_ID]);
  for (let r = 3; r < 3 + rows; r += 1) {
    const cell = sheet.getRow(r).getCell(column);
    if (emptyStrings && r % 2 === 0) cell.value = '';
    else cell.style = { fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } } };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// Made once for both databases: ExcelJS itself takes about a millisecond per row reaching XFD.
const sheets: Record<'xfd' | 'blankRows' | 'wideRows', Buffer> = { xfd: Buffer.alloc(0), blankRows: Buffer.alloc(0), wideRows: Buffer.alloc(0) };
beforeAll(async () => {
  sheets.xfd = await sheetReaching(XFD, 5_000, true);
  sheets.blankRows = await sheetReaching(2, SHEET_READ_LIMITS.maxSheetRows + 100);
  sheets.wideRows = await sheetReaching(SHEET_READ_LIMITS.maxColumns, 6_000);
});

describe.each(dialects)('practitioner import of sheets that look empty on %s', (dialect) => {
  let t: TestContext;
  let unit: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async (table: 'practitioners' | 'accounts') =>
    Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  /**
   * Uploads and imports `content` while a health check falls due every 20 ms until the import
   * answers: the import's answer, its time, and how long after its due time each check was
   * answered. Measured from the due time, as a client outside would see it: the checks are sent
   * from this process's event loop, so while that loop is blocked they are sent late.
   */
  async function importWhileProbing(content: Buffer): Promise<{ result: CallResult<PractitionerImportResult>; health: number[] }> {
    const uploaded = await upload<StoredFile>(t, unit, content, { name: '从业人员.xlsx' });
    expect(uploaded.body.status).toBe(1);
    const started = performance.now();
    let done = false;
    const importing = t.call<PractitionerImportResult>('POST', 'practitioners/import', { token: unit, body: { fileId: uploaded.body.data.fileId } }).finally(() => {
      done = true;
    });
    const health: number[] = [];
    for (let due = started; !done; ) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      health.push(performance.now() - due);
      expect(res.statusCode).toBe(200);
      // The next check falls due 20 ms after this one's due time, or now if this one was late:
      // each figure is one check's own wait. (Due times 20 ms apart whatever happened carried one
      // pause into every later figure: a starved run read as 40 checks of about 1.1 s.)
      due = Math.max(due + 20, performance.now());
    }
    const result = await importing;
    return { result, health };
  }

  async function expectRefused(content: Buffer, message: string): Promise<void> {
    const before = { practitioners: await count('practitioners'), accounts: await count('accounts') };
    const { result, health } = await importWhileProbing(content);
    expect(result.statusCode).toBe(400);
    expect(result.body.status).toBe(10);
    expect(result.body.message).toContain(message);
    expect(health.length).toBeGreaterThan(0);
    expect(Math.max(...health), `health checks took ${health.map((ms) => Math.round(ms)).join(', ')} ms`).toBeLessThan(HEALTH_WITHIN_MS);
    // Nothing stored, not even the good row above the refused ones.
    expect({ practitioners: await count('practitioners'), accounts: await count('accounts') }).toEqual(before);
    const stored = await t.db.kysely.selectFrom('practitioners').select('id').where('id_card_hash', '=', idCardHash(t.app.pii, GOOD_ID)).execute();
    expect(stored).toHaveLength(0);
  }

  it('refuses 5,000 rows whose one cell (formatted blank or empty string) is in column XFD, the server answering throughout', async () => {
    await expectRefused(sheets.xfd, `表格最多读取${SHEET_READ_LIMITS.maxColumns}列（AX列为止），第3行用到了第16384列（XFD列`);
  });

  it('refuses more blank rows than the row limit, the server answering throughout', async () => {
    const limit = SHEET_READ_LIMITS.maxSheetRows;
    await expectRefused(sheets.blankRows, `表格最多读取${limit}行（含标题行和空行），第${limit + 1}行超出`);
  });

  it('refuses rows reaching the last column allowed once they pass the cell limit, the server answering throughout', async () => {
    await expectRefused(sheets.wideRows, `表格最多读取${SHEET_READ_LIMITS.maxCells}个单元格`);
  });

  it('still imports the good row of a sheet with a few blank formatted cells inside the bounds', async () => {
    const content = await sheetReaching(20, 50);
    const { result, health } = await importWhileProbing(content);
    expect(result.body.message).toBe(result.body.status === 1 ? result.body.message : 'the import was accepted');
    expect(result.body.data).toMatchObject({ total: 1, created: 1, failed: 0 });
    expect(Math.max(0, ...health)).toBeLessThan(HEALTH_WITHIN_MS);
  });
});
