/**
 * Reading an uploaded .xlsx row by row (practitioner import): the first sheet, the first row
 * as headers, each later row as { header: text }. Streaming, so a large file is not held as a
 * workbook in memory; a file that is not a spreadsheet, a sheet without the expected headers,
 * too many rows or an oversized cell get a Chinese message naming where.
 *
 *   for await (const row of readSheetRows(path, { headers: ['姓名', '身份证号码'], maxRows: 10000 })) {
 *     row.rowNumber; row.cells['姓名'];
 *   }
 *
 * A request reads through `readSheetInWorker` instead: the same reading on a worker thread
 * (server/excel/sheetWorker.ts), so that however slow a sheet is to parse no other request
 * waits for it, stopped at a deadline and a memory limit.
 */
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
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
  /** Rows with something in them, the header row not counted. */
  maxRows: number;
  /** Longest text accepted in one cell (characters). */
  maxCellChars?: number;
  /** The last row number read, header and blank rows included (default SHEET_READ_LIMITS). */
  maxSheetRows?: number;
  /** The last column read (1 = A), blank but formatted cells included (default SHEET_READ_LIMITS). */
  maxColumns?: number;
  /** Cells read in all, each row counted as wide as its last cell (default SHEET_READ_LIMITS). */
  maxCells?: number;
}

/**
 * Bounds on what is read at all, blank or not. ExcelJS builds every row the file lists, and a
 * row that reaches far to the right (one blank but formatted cell in column XFD) costs it about
 * a millisecond: such rows are refused by where they are, not by what they hold. The template
 * has 11 columns and at most 10,000 data rows, well inside these.
 */
export const SHEET_READ_LIMITS = {
  maxSheetRows: 20_000,
  maxColumns: 50,
  maxCells: 250_000,
  /** How long a read may take, from when a worker takes it up. */
  timeoutMs: 30_000,
  /** The worker's heap (MB). */
  memoryMb: 256,
} as const;

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

/** A refusal for where the sheet reaches: read from the sheet's own rows, so a second read would only repeat it (and its cost). */
class SheetTooLarge extends BizError {}

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
      if (yielded || attempt >= PARSE_ATTEMPTS || err instanceof SheetTooLarge) throw err;
    }
  }
}

/** A column's letters as the spreadsheet program shows them: 1 → A, 27 → AA, 16384 → XFD. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

async function* readFirstSheet(reader: AsyncIterable<ExcelJS.stream.xlsx.WorksheetReader>, options: ReadSheetOptions): AsyncGenerator<SheetRow> {
  const maxCell = options.maxCellChars ?? 500;
  const maxSheetRows = options.maxSheetRows ?? SHEET_READ_LIMITS.maxSheetRows;
  const maxColumns = options.maxColumns ?? SHEET_READ_LIMITS.maxColumns;
  const maxCells = options.maxCells ?? SHEET_READ_LIMITS.maxCells;
  let columns: Map<number, string> | null = null;
  let count = 0;
  let cellsRead = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        // Where the row is and how far it reaches, before anything walks its cells.
        if (row.number > maxSheetRows) {
          throw new SheetTooLarge(`表格最多读取${maxSheetRows}行（含标题行和空行），第${row.number}行超出；请删除多余的行（包括设置了格式的空行）后再上传`);
        }
        const width = row.cellCount;
        if (width > maxColumns) {
          throw new SheetTooLarge(
            `表格最多读取${maxColumns}列（${columnName(maxColumns)}列为止），第${row.number}行用到了第${width}列（${columnName(width)}列，可能是设置了格式的空单元格）；请删除多余的列后再上传`,
          );
        }
        cellsRead += width;
        if (cellsRead > maxCells) throw new SheetTooLarge(`表格最多读取${maxCells}个单元格（行数×列数），请删除多余的行和列后再上传`);
        const rowValues = row.values;
        const values = Array.isArray(rowValues) ? rowValues : [];
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

// ---- on a worker thread ----------------------------------------------------------------------------

/** One read asked of the worker (server/excel/sheetWorker.ts). */
export interface SheetWorkerRequest {
  id: number;
  file: string;
  options: ReadSheetOptions;
}

/** What the worker answers a read: rows in batches, then 'end'; or one refusal or failure. */
export type SheetWorkerReply = { id: number } & (
  | { kind: 'rows'; rows: SheetRow[] }
  | { kind: 'end' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string }
);

export interface WorkerReadLimits {
  /** From the moment the read is handed to a worker; default SHEET_READ_LIMITS.timeoutMs. */
  timeoutMs?: number;
}

const WORKER_ENTRY = new URL('./sheetWorkerBoot.mjs', import.meta.url);
/**
 * Sheets read at once by one process; more wait for a turn, so that many imports at once cannot
 * take every core and all memory.
 */
const PARALLEL_READS = 2;
/**
 * A worker takes a second or more to start (loading ExcelJS), so a healthy one is kept for the
 * next read, for this long; one stopped at the deadline, out of memory or failing is not.
 */
const IDLE_WORKER_MS = 60_000;

let readsRunning = 0;
const waitingReads: (() => void)[] = [];

async function withReadTurn<T>(work: () => Promise<T>): Promise<T> {
  if (readsRunning < PARALLEL_READS) readsRunning += 1;
  else await new Promise<void>((resolve) => waitingReads.push(resolve));
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, so that no newcomer slips in between.
    const next = waitingReads.shift();
    if (next) next();
    else readsRunning -= 1;
  }
}

const idleWorkers = new Map<Worker, NodeJS.Timeout>();

function takeWorker(): Worker {
  for (const [worker, timer] of idleWorkers) {
    idleWorkers.delete(worker);
    clearTimeout(timer);
    worker.ref();
    return worker;
  }
  const worker = new Worker(WORKER_ENTRY, { resourceLimits: { maxOldGenerationSizeMb: SHEET_READ_LIMITS.memoryMb } });
  worker.on('exit', () => {
    clearTimeout(idleWorkers.get(worker));
    idleWorkers.delete(worker);
  });
  return worker;
}

/** Keeps a worker for the next read; an idle worker does not keep the process alive. */
function keepWorker(worker: Worker): void {
  worker.unref();
  const timer = setTimeout(() => {
    idleWorkers.delete(worker);
    void worker.terminate();
  }, IDLE_WORKER_MS);
  timer.unref();
  idleWorkers.set(worker, timer);
}

let lastReadId = 0;
const isOutOfMemory = (err: Error) => (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * readSheetRows on a worker thread, all rows at once: the request's event loop only receives
 * batches of finished rows, so that a sheet that is slow to parse delays nobody else. The read
 * is stopped at `timeoutMs` and the worker cannot grow past SHEET_READ_LIMITS.memoryMb; either
 * refuses the file with a Chinese message, as do the bounds of ReadSheetOptions.
 */
export function readSheetInWorker(file: string, options: ReadSheetOptions, limits: WorkerReadLimits = {}): Promise<SheetRow[]> {
  const timeoutMs = limits.timeoutMs ?? SHEET_READ_LIMITS.timeoutMs;
  return withReadTurn(
    () =>
      new Promise<SheetRow[]>((resolve, reject) => {
        const worker = takeWorker();
        lastReadId += 1;
        const id = lastReadId;
        const rows: SheetRow[] = [];
        let settled = false;
        const settle = (reusable: boolean, outcome: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          worker.off('message', onMessage).off('error', onError).off('exit', onExit);
          if (reusable) keepWorker(worker);
          else void worker.terminate();
          outcome();
        };
        const onMessage = (reply: SheetWorkerReply) => {
          if (reply.id !== id) return;
          if (reply.kind === 'rows') {
            for (const row of reply.rows) rows.push(row);
            return;
          }
          if (reply.kind === 'end') settle(true, () => resolve(rows));
          else if (reply.kind === 'refused') settle(true, () => reject(new BizError(reply.message)));
          else settle(false, () => reject(new Error(`读取表格的工作线程出错：${reply.message}`)));
        };
        const onError = (err: Error) =>
          settle(false, () =>
            reject(isOutOfMemory(err) ? new BizError(`表格过大：读取时超出${SHEET_READ_LIMITS.memoryMb} MB的内存上限，请删除多余的行、列和格式后再上传`) : err),
          );
        const onExit = (code: number) => settle(false, () => reject(new Error(`读取表格的工作线程意外退出（退出码 ${code}）`)));
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
        const timer = setTimeout(
          () => settle(false, () => reject(new BizError(`读取表格超过${Math.ceil(timeoutMs / 1000)}秒仍未完成，表格过大或过于复杂；请只保留导入模板中的列和数据行后再上传`))),
          timeoutMs,
        );
        const request: SheetWorkerRequest = { id, file, options };
        worker.postMessage(request);
      }),
  );
}
