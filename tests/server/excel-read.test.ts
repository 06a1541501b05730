/**
 * server/excel readSheetRows on its own: the rows of the first sheet by header, and the retry
 * that covers ExcelJS's streaming reader losing the last zip entry now and then (a read that
 * fails before its first row is tried again; one that fails after it is not, and a file that is
 * refused every time keeps its message); the bounds on rows, columns and cells read, blank or
 * not; and readSheetInWorker, the same reading on a worker thread with a deadline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnName, readSheetInWorker, readSheetRows, type ReadSheetOptions, type SheetReaderFactory, type SheetRow } from '../../server/excel/import';

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

async function readAll(open?: SheetReaderFactory, from = file, readOptions: ReadSheetOptions = options): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(from, readOptions, open)) rows.push(row);
  return rows;
}

/** A sheet with the headers, one person in row 2 and `blankRows` rows below it each holding one blank but formatted cell in `column`. */
async function farReachingSheet(name: string, blankRows: number, column: number): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('从业人员');
  sheet.addRow(['姓名', '身份证号码']);
  sheet.addRow(['张三', '110101199001011234']);
  for (let r = 3; r < 3 + blankRows; r += 1) sheet.getRow(r).getCell(column).style = { font: { bold: true } };
  const target = path.join(dir, name);
  fs.writeFileSync(target, Buffer.from(await workbook.xlsx.writeBuffer()));
  return target;
}

/** The real reader, counting how often the file is opened. */
function counting(): { open: SheetReaderFactory; opened: () => number } {
  let opened = 0;
  return {
    open: (f) => {
      opened += 1;
      return new ExcelJS.stream.xlsx.WorkbookReader(fs.createReadStream(f), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
    },
    opened: () => opened,
  };
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

describe('the bounds of what is read, blank or not', () => {
  it('names columns as the spreadsheet program does', () => {
    expect([1, 26, 27, 50, 702, 703, 16384].map(columnName)).toEqual(['A', 'Z', 'AA', 'AX', 'ZZ', 'AAA', 'XFD']);
  });

  it('refuses a row that reaches past the last column, blank or not, naming the row, the column and the limit, in one read', async () => {
    const sheet = await farReachingSheet('xfd.xlsx', 3, 16384);
    const reader = counting();
    await expect(readAll(reader.open, sheet)).rejects.toThrow('表格最多读取50列（AX列为止），第3行用到了第16384列（XFD列');
    // A refusal read from the sheet itself is not tried again (each try would cost as much).
    expect(reader.opened()).toBe(1);
    await expect(readAll(undefined, sheet, { ...options, maxColumns: 16384 })).resolves.toHaveLength(1);
  });

  it('refuses a row past the last row read, blank rows and the header row included', async () => {
    const sheet = await farReachingSheet('rows.xlsx', 30, 2);
    await expect(readAll(undefined, sheet, { ...options, maxSheetRows: 20 })).rejects.toThrow('表格最多读取20行（含标题行和空行），第21行超出');
    // The blank rows are skipped without counting as data rows.
    expect(await readAll(undefined, sheet, { ...options, maxSheetRows: 32 })).toEqual([{ rowNumber: 2, cells: { 姓名: '张三', 身份证号码: '110101199001011234' } }]);
  });

  it('refuses more cells than the limit, each row counted as wide as its last cell', async () => {
    const sheet = await farReachingSheet('cells.xlsx', 30, 10);
    // Header 2 + row 2 2 + rows of 10: the limit of 50 is passed at the fifth row of 10 (row 7).
    await expect(readAll(undefined, sheet, { ...options, maxCells: 50 })).rejects.toThrow('表格最多读取50个单元格（行数×列数）');
    await expect(readAll(undefined, sheet, { ...options, maxCells: 304 })).resolves.toHaveLength(1);
  });
});

describe('readSheetInWorker', () => {
  it('gives the rows readSheetRows gives, and the same refusals', async () => {
    expect(await readSheetInWorker(file, options)).toEqual(await readAll());
    await expect(readSheetInWorker(file, { headers: ['姓名', '手机号码'], maxRows: 10 })).rejects.toThrow('表格第1行缺少列：手机号码');
    await expect(readSheetInWorker(notASheet, options)).rejects.toThrow('文件不是有效的 Excel（.xlsx）表格');
    const sheet = await farReachingSheet('worker-xfd.xlsx', 3, 16384);
    await expect(readSheetInWorker(sheet, options)).rejects.toThrow('表格最多读取50列（AX列为止）');
    // A worker is kept for the next read after a refusal.
    expect(await readSheetInWorker(file, options)).toHaveLength(2);
  }, 60_000);

  it('stops a read at its deadline with a message saying the limit', async () => {
    await expect(readSheetInWorker(file, options, { timeoutMs: 1 })).rejects.toThrow('读取表格超过1秒仍未完成');
    // The next read gets a fresh worker and its answer.
    expect(await readSheetInWorker(file, options)).toHaveLength(2);
  }, 60_000);

  it('keeps the event loop free while a worker parses 1,500 rows reaching column XFD', async () => {
    const sheet = await farReachingSheet('worker-slow.xlsx', 1500, 16384);
    /** The longest the event loop went without running a 5 ms timer while `work` ran. */
    const longestPause = async (work: () => Promise<unknown>): Promise<number> => {
      let longest = 0;
      let last = performance.now();
      const tick = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 5);
      try {
        await work();
      } finally {
        clearInterval(tick);
      }
      return Math.max(longest, performance.now() - last);
    };
    const refusal = '第3行用到了第16384列';
    const inWorker = await longestPause(() => expect(readSheetInWorker(sheet, options)).rejects.toThrow(refusal));
    // The same file parsed here: ExcelJS holds the event loop until the first such row comes out.
    const here = await longestPause(() => expect(readAll(undefined, sheet)).rejects.toThrow(refusal));
    // Compared with each other, not with a fixed time: on a machine busy with other suites both
    // pauses grow (a fixed 100 ms bound once failed at 285 ms there).
    expect(here).toBeGreaterThan(150);
    expect(inWorker).toBeLessThan(here / 3);
  }, 60_000);
});
