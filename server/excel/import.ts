/**
 * Reading an uploaded .xlsx row by row (practitioner import): the first sheet, the first row
 * as headers, each later row as { header: text }. Streaming, so a large file is not held as a
 * workbook in memory; a file that is not a spreadsheet, a sheet without the expected headers,
 * too many rows or an oversized cell get a Chinese message naming where.
 *
 *   for await (const row of readSheetRows(path, { headers: ['姓名', '身份证号码'], maxRows: 10000 })) {
 *     row.rowNumber; row.cells['姓名'];
 *   }
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { BizError } from '../http/errors';

export interface SheetRow {
  /** 1-based, as the spreadsheet program shows it. */
  rowNumber: number;
  cells: Record<string, string>;
}

export interface ReadSheetOptions {
  /** Headers that must be present in the first row (others are ignored). */
  headers: readonly string[];
  maxRows: number;
  /** Longest text accepted in one cell (characters). */
  maxCellChars?: number;
}

export const NOT_A_SPREADSHEET = '文件不是有效的 Excel（.xlsx）表格，请使用下载的导入模板';

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value && value.result !== undefined) return cellText(value.result as ExcelJS.CellValue);
  }
  return '';
}

/**
 * How many times a file is parsed before its refusal stands. ExcelJS's streaming reader can miss
 * the last entry of the zip (unzipper's Parse emits 'end' when its input is finished, while that
 * entry may still wait in its buffer, and ExcelJS's iteration trusts the 'end'): a few reads in
 * a thousand of a file written by ExcelJS itself, whose last entry is xl/workbook.xml, fail with
 * a TypeError; with the shared strings or the sheet last, it would look like missing headers or an
 * empty sheet. A lost entry shows before the first row is read, so a read that fails before
 * yielding anything is tried again; a genuine refusal is then given after the same answer three
 * times, which for a file that is refused costs three reads of its first bytes.
 */
const PARSE_ATTEMPTS = 3;

export type SheetReaderFactory = (file: string) => AsyncIterable<ExcelJS.stream.xlsx.WorksheetReader>;

const openWorkbook: SheetReaderFactory = (file) =>
  new ExcelJS.stream.xlsx.WorkbookReader(fs.createReadStream(file), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });

export async function* readSheetRows(file: string, options: ReadSheetOptions, open: SheetReaderFactory = openWorkbook): AsyncGenerator<SheetRow> {
  for (let attempt = 1; ; attempt += 1) {
    let yielded = false;
    try {
      for await (const row of readFirstSheet(open(file), options)) {
        yielded = true;
        yield row;
      }
      return;
    } catch (err) {
      if (yielded || attempt >= PARSE_ATTEMPTS) throw err;
    }
  }
}

async function* readFirstSheet(reader: AsyncIterable<ExcelJS.stream.xlsx.WorksheetReader>, options: ReadSheetOptions): AsyncGenerator<SheetRow> {
  const maxCell = options.maxCellChars ?? 500;
  let columns: Map<number, string> | null = null;
  let count = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values : [];
        if (!columns) {
          columns = new Map();
          values.forEach((v, i) => {
            const header = cellText(v as ExcelJS.CellValue).replace(/[*＊\s]/g, '');
            if (header) columns?.set(i, header);
          });
          const present = new Set(columns.values());
          const missing = options.headers.filter((h) => !present.has(h));
          if (missing.length > 0) throw new BizError(`表格第1行缺少列：${missing.join('、')}，请使用下载的导入模板`);
          continue;
        }
        const cells: Record<string, string> = {};
        let empty = true;
        for (const [i, header] of columns) {
          const text = cellText(values[i] as ExcelJS.CellValue);
          if (text.length > maxCell) throw new BizError(`第${row.number}行“${header}”超过${maxCell}个字符`);
          if (text) empty = false;
          cells[header] = text;
        }
        if (empty) continue;
        count += 1;
        if (count > options.maxRows) throw new BizError(`一次最多导入${options.maxRows}行`);
        yield { rowNumber: row.number, cells };
      }
      break; // the first sheet only
    }
  } catch (err) {
    if (err instanceof BizError) throw err;
    throw new BizError(NOT_A_SPREADSHEET);
  }
  if (!columns) throw new BizError('表格是空的，请按导入模板填写后再上传');
}
