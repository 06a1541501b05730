/**
 * server/excel readSheetRows on its own: the rows of the first sheet by header, and the retry
 * that covers ExcelJS's streaming reader losing the last zip entry now and then (a read that
 * fails before its first row is tried again; one that fails after it is not, and a file that is
 * refused every time keeps its message); the bounds on rows, columns and cells read, blank or
 * not; the package reader's independence of the zip's order; and readSheetInWorker, the same
 * reading in a child process with a deadline, whose death (killed, or out of heap) is a refusal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  columnName,
  readSheetInWorker,
  readSheetRows,
  sheetWorkerPids,
  stopIdleSheetWorkers,
  workerDiedMessage,
  type ReadSheetOptions,
  type SheetReaderFactory,
  type SheetRow,
} from '../../server/excel/import';
import { until } from '../waits';
import { HOSTILE_GOOD_ID, longStrings, manyEmptyStrings, xlsxPackage } from './hostileSheets';

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
  });

  it('stops a read at its deadline with a message saying the limit', async () => {
    await expect(readSheetInWorker(file, options, { timeoutMs: 1 })).rejects.toThrow('读取表格超过1秒仍未完成');
    // The next read gets a fresh worker and its answer.
    expect(await readSheetInWorker(file, options)).toHaveLength(2);
  });

  it('parses in another process: this one spends a fraction of the CPU time the same read takes here', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('从业人员');
    sheet.addRow(['姓名', '身份证号码', '专业', '职务']);
    for (let r = 0; r < 5_000; r += 1) sheet.addRow([`张三${r}`, '110101199001011234', '社会学', `评估师${r}`]);
    const big = path.join(dir, 'big.xlsx');
    fs.writeFileSync(big, Buffer.from(await workbook.xlsx.writeBuffer()));
    const bigOptions = { headers: ['姓名', '身份证号码'], maxRows: 10_000 };
    /** CPU time of this process (every thread of it, none of its children) while `work` runs. */
    const cpuOf = async (work: () => Promise<unknown>): Promise<number> => {
      const start = process.cpuUsage();
      await work();
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    // A worker started and warm first, so that its start-up is not counted against either.
    expect(await readSheetInWorker(big, bigOptions)).toHaveLength(5_000);
    const inWorker = await cpuOf(() => expect(readSheetInWorker(big, bigOptions)).resolves.toHaveLength(5_000));
    const here = await cpuOf(() => expect(readAll(undefined, big, bigOptions)).resolves.toHaveLength(5_000));
    // Compared with each other, not with a fixed time: on a machine busy with other suites both
    // grow. (The reader gives the event loop back after each 16 KB it inflates, so a pause of the
    // loop no longer tells the two apart; the CPU spent in this process does.)
    expect(inWorker).toBeLessThan(here / 2);
  });

  it('answers a read whose worker is killed with a refusal, and reads the next file', async () => {
    const hostile = path.join(dir, 'many-strings.xlsx');
    fs.writeFileSync(hostile, manyEmptyStrings());
    stopIdleSheetWorkers();
    // With its bounds lifted the read would run until its heap ran out: it is ended long before.
    const lifted = { ...options, packageLimits: { maxSharedStrings: 1e9, maxPartBytes: 1e10, maxPackageBytes: 1e10, maxRatio: 1e6 } };
    const reading = readSheetInWorker(hostile, lifted);
    await until(() => sheetWorkerPids().length > 0, 'a sheet worker');
    for (const pid of sheetWorkerPids()) process.kill(pid, 'SIGKILL');
    await expect(reading).rejects.toThrow(workerDiedMessage(256));
    expect(await readSheetInWorker(file, options)).toHaveLength(2);
  });

  it('answers a read whose worker runs out of heap with a refusal, this process unharmed', async () => {
    const hostile = path.join(dir, 'long-strings.xlsx');
    fs.writeFileSync(hostile, longStrings());
    // The bounds lifted and a small heap: the worker dies of V8's "Reached heap limit", which in a
    // worker thread aborted the whole process (README.md, "个人信息保护与安全").
    const lifted = { ...options, maxCellChars: 2e9, packageLimits: { maxPartBytes: 1e10, maxPackageBytes: 1e10, maxRatio: 1e6 } };
    await expect(readSheetInWorker(hostile, lifted, { memoryMb: 64, timeoutMs: 240_000 })).rejects.toThrow(workerDiedMessage(64));
    // With the bounds in place the same file is refused by them, and the next file is read.
    await expect(readSheetInWorker(hostile, options)).rejects.toThrow('表格文件解压后过大：其中的 xl/sharedStrings.xml 超出上限');
    expect(await readSheetInWorker(file, options)).toHaveLength(2);
  });
});

describe('the package reader', () => {
  it('reads the sheet wherever the zip holds it, the worksheet ahead of the workbook and its relationships included', async () => {
    const ahead = path.join(dir, 'sheet-first.xlsx');
    fs.writeFileSync(ahead, xlsxPackage({ first: ['xl/worksheets/sheet1.xml'] }));
    expect((await readAll(undefined, ahead)).map((r) => [r.rowNumber, r.cells['姓名'], r.cells['身份证号码']])).toEqual([[2, '恶意文件', HOSTILE_GOOD_ID]]);
  });

  it('reads shared, inline and rich strings, numbers, booleans and dates by their format, and cuts long text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('从业人员');
    sheet.addRow(['姓名', '身份证号码', '入职日期', '培训学时', '在职', '备注']);
    sheet.addRow([{ richText: [{ text: '张' }, { text: '三 ', font: { bold: true } }] }, '110101199001011234', new Date(Date.UTC(2023, 6, 1)), 40.5, true, `  ${'长'.repeat(20)}  `]);
    const typed = path.join(dir, 'typed.xlsx');
    fs.writeFileSync(typed, Buffer.from(await workbook.xlsx.writeBuffer()));
    const typedOptions = { headers: ['姓名', '入职日期', '培训学时', '在职', '备注'], maxRows: 10, maxCellChars: 20 };
    expect(await readAll(undefined, typed, typedOptions)).toEqual([
      { rowNumber: 2, cells: { 姓名: '张三', 身份证号码: '110101199001011234', 入职日期: '2023-07-01', 培训学时: '40.5', 在职: 'true', 备注: '长'.repeat(20) } },
    ]);
    await expect(readAll(undefined, typed, { ...typedOptions, maxCellChars: 19 })).rejects.toThrow('第2行“备注”超过19个字符');
  });
});
