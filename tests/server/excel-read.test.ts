/**
 * server/excel readSheetRows on its own: the rows of the first sheet by header, and the retry
 * that covers ExcelJS's streaming reader losing the last zip entry now and then (a read that
 * fails before its first row is tried again; one that fails after it is not, and a file that is
 * refused every time keeps its message).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheetRows, type SheetReaderFactory, type SheetRow } from '../../server/excel/import';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'excel-read-'));
const file = path.join(dir, 'sheet.xlsx');
const notASheet = path.join(dir, 'not.xlsx');

beforeAll(async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('从业人员');
  sheet.addRow(['姓名*', '身份证号码']);
  sheet.addRow(['张三', '110101199001011234']);
  sheet.addRow([]);
  sheet.addRow(['李四', '110101199001011242']);
  workbook.addWorksheet('说明').addRow(['不读这一页']);
  fs.writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));
  fs.writeFileSync(notASheet, '%PDF-1.4 not a zip');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const options = { headers: ['姓名', '身份证号码'], maxRows: 10 };

async function readAll(open?: SheetReaderFactory): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(file, options, open)) rows.push(row);
  return rows;
}

/** The real reader, except that the first `failures` opens fail the way a lost workbook.xml does. */
function flaky(failures: number, failAfterRows = 0): { open: SheetReaderFactory; opened: () => number } {
  let opened = 0;
  const open: SheetReaderFactory = (f) => {
    opened += 1;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(fs.createReadStream(f), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
    if (opened > failures) return reader;
    return {
      async *[Symbol.asyncIterator]() {
        if (failAfterRows === 0) throw new TypeError("Cannot read properties of undefined (reading 'sheets')");
        for await (const sheet of reader) {
          let seen = 0;
          const rows = sheet[Symbol.asyncIterator]();
          const cut = {
            async *[Symbol.asyncIterator]() {
              for (let r = await rows.next(); !r.done; r = await rows.next()) {
                if (seen > failAfterRows) throw new TypeError('lost');
                seen += 1;
                yield r.value;
              }
            },
          };
          yield cut as unknown as ExcelJS.stream.xlsx.WorksheetReader;
        }
      },
    };
  };
  return { open, opened: () => opened };
}

describe('readSheetRows', () => {
  it('reads the rows of the first sheet by header, stars dropped and empty rows skipped, with their row numbers', async () => {
    expect(await readAll()).toEqual([
      { rowNumber: 2, cells: { 姓名: '张三', 身份证号码: '110101199001011234' } },
      { rowNumber: 4, cells: { 姓名: '李四', 身份证号码: '110101199001011242' } },
    ]);
  });

  it('reads the file again when a read fails before its first row, and gives the same rows', async () => {
    const reader = flaky(2);
    const rows = await readAll(reader.open);
    expect(reader.opened()).toBe(3);
    expect(rows.map((r) => r.cells['姓名'])).toEqual(['张三', '李四']);
  });

  it('gives up after three reads that fail, with the not-a-spreadsheet message', async () => {
    const reader = flaky(3);
    await expect(readAll(reader.open)).rejects.toThrow('文件不是有效的 Excel（.xlsx）表格');
    expect(reader.opened()).toBe(3);
  });

  it('does not read again once rows have been given out, so that no row comes twice', async () => {
    const reader = flaky(1, 1);
    await expect(readAll(reader.open)).rejects.toThrow('文件不是有效的 Excel（.xlsx）表格');
    expect(reader.opened()).toBe(1);
  });

  it('refuses a file that is not a spreadsheet, and one without the headers', async () => {
    const rows = async (f: string, headers: string[]) => {
      for await (const row of readSheetRows(f, { headers, maxRows: 10 })) void row;
    };
    await expect(rows(notASheet, ['姓名'])).rejects.toThrow('文件不是有效的 Excel（.xlsx）表格');
    await expect(rows(file, ['姓名', '手机号码'])).rejects.toThrow('表格第1行缺少列：手机号码');
  });
});
