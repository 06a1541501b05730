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
 * The package is read by server/excel/xlsxSheet.ts (its parts through zipPackage.ts), under
 * bounds on every part that hold before memory or disk is spent: the bytes each part really
 * inflates to and its ratio, the shared strings and styles counted, no temporary file. ExcelJS's
 * streaming reader, used before, had none of these (README.md, "个人信息保护与安全").
 *
 * A request reads through `readSheetInWorker` instead: the same reading in a child process
 * (server/excel/sheetWorker.ts), so that however slow a sheet is to parse no other request
 * waits for it, stopped at a deadline and a memory limit, and whose death, however it dies, is a
 * refusal of the file and never the server's.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BizError } from '../http/errors';
import { readPackageSheet, type PackageLimits, type SheetRowSource } from './xlsxSheet';
import { NOT_A_SPREADSHEET, SheetRefusal } from './zipPackage';

export { NOT_A_SPREADSHEET };

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
  /** The bounds on the package's parts (default SHEET_READ_LIMITS). */
  packageLimits?: Partial<PackageLimits>;
}

const MB = 1024 * 1024;

/**
 * Bounds on what is read at all, blank or not. A row that reaches far to the right (one blank
 * but formatted cell in column XFD) is refused by where it is, not by what it holds. The
 * template has 11 columns and at most 10,000 data rows, well inside these: its 10,000 rows are
 * a worksheet part of about 4 MB and shared strings of about 0.3 MB, each compressed about 12 to 1.
 */
export const SHEET_READ_LIMITS = {
  maxSheetRows: 20_000,
  maxColumns: 50,
  maxCells: 250_000,
  /** How long a read may take, from when a worker takes it up. */
  timeoutMs: 30_000,
  /** The worker's heap (MB). */
  memoryMb: 256,
  /** Bytes any one part of the package may inflate to (counted as they inflate). */
  maxPartBytes: 32 * MB,
  /** Bytes all the parts read may inflate to together. */
  maxPackageBytes: 64 * MB,
  /** Inflated bytes per compressed byte of a part past 8 MB (deflate's own limit is about 1,030). */
  maxRatio: 200,
  /** Entries the zip may list (a workbook has a dozen or so, one more per sheet and image). */
  maxZipEntries: 1_000,
  /** Entries of the shared strings (every text of every sheet, each once). */
  maxSharedStrings: 500_000,
  /** Records of the styles part (Excel itself allows about 64,000 cell formats). */
  maxStyles: 100_000,
} as const;

/** A cell's value as text: ExcelJS's values (as the tests' readers give them) and xlsxSheet.ts's alike. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r: { text?: unknown }) => String(r.text ?? '')).join('').trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value && value.result !== undefined) return cellText(value.result);
  }
  return '';
}

/**
 * How many times a file is parsed before its refusal stands, when a reader fails in a way that is
 * not a refusal read from the file. ExcelJS's streaming reader, used before xlsxSheet.ts, lost
 * the last entry of the zip a few reads in a thousand; the package reader has no such failure and
 * gives every refusal as a SheetRefusal, which is final, so this now covers only a reader's own
 * faults (and the readers the tests hand in).
 */
const PARSE_ATTEMPTS = 3;

/** A refusal for where the sheet reaches: read from the sheet's own rows, so a second read would only repeat it (and its cost). */
class SheetTooLarge extends SheetRefusal {}

/** A row as readFirstSheet walks it: the shape of ExcelJS's Row, which the tests' readers give. */
export interface RowLike {
  readonly number: number;
  readonly cellCount: number;
  readonly values: unknown;
}

export type SheetReaderFactory = (file: string, options: ReadSheetOptions) => AsyncIterable<AsyncIterable<RowLike>>;

export function packageLimitsOf(options: ReadSheetOptions): PackageLimits {
  const given = options.packageLimits ?? {};
  return {
    maxPartBytes: given.maxPartBytes ?? SHEET_READ_LIMITS.maxPartBytes,
    maxPackageBytes: given.maxPackageBytes ?? SHEET_READ_LIMITS.maxPackageBytes,
    maxRatio: given.maxRatio ?? SHEET_READ_LIMITS.maxRatio,
    maxEntries: given.maxEntries ?? SHEET_READ_LIMITS.maxZipEntries,
    maxSharedStrings: given.maxSharedStrings ?? SHEET_READ_LIMITS.maxSharedStrings,
    maxStyles: given.maxStyles ?? SHEET_READ_LIMITS.maxStyles,
  };
}

const DEFAULT_MAX_CELL_CHARS = 500;

const openPackage: SheetReaderFactory = (file, options): AsyncIterable<AsyncIterable<SheetRowSource>> =>
  readPackageSheet(file, {
    maxColumns: options.maxColumns ?? SHEET_READ_LIMITS.maxColumns,
    maxCellChars: options.maxCellChars ?? DEFAULT_MAX_CELL_CHARS,
    limits: packageLimitsOf(options),
  });

export async function* readSheetRows(file: string, options: ReadSheetOptions, open: SheetReaderFactory = openPackage): AsyncGenerator<SheetRow> {
  for (let attempt = 1; ; attempt += 1) {
    let yielded = false;
    try {
      for await (const row of readFirstSheet(open(file, options), options)) {
        yielded = true;
        yield row;
      }
      return;
    } catch (err) {
      if (yielded || attempt >= PARSE_ATTEMPTS || err instanceof SheetRefusal) throw err;
    }
  }
}

/** A column's letters as the spreadsheet program shows them: 1 → A, 27 → AA, 16384 → XFD. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

async function* readFirstSheet(reader: AsyncIterable<AsyncIterable<RowLike>>, options: ReadSheetOptions): AsyncGenerator<SheetRow> {
  const maxCell = options.maxCellChars ?? DEFAULT_MAX_CELL_CHARS;
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
        const values: unknown[] = Array.isArray(rowValues) ? rowValues : [];
        if (!columns) {
          columns = new Map();
          values.forEach((v, i) => {
            const header = cellText(v).replace(/[*＊\s]/g, '');
            if (header) columns?.set(i, header);
          });
          const present = new Set(columns.values());
          const missing = options.headers.filter((h) => !present.has(h));
          if (missing.length > 0) throw new SheetRefusal(`表格第1行缺少列：${missing.join('、')}，请使用下载的导入模板`);
          continue;
        }
        const cells: Record<string, string> = {};
        let empty = true;
        for (const [i, header] of columns) {
          const text = cellText(values[i]);
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
  if (!columns) throw new SheetRefusal('表格是空的，请按导入模板填写后再上传');
}


// ---- in a child process ------------------------------------------------------------------------

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
  /** The worker's heap (MB); default SHEET_READ_LIMITS.memoryMb. A worker of another size is not kept. */
  memoryMb?: number;
}

/** The refusal of a read whose worker died: by its deadline, its memory limit or anything else. */
export function workerDiedMessage(memoryMb: number): string {
  return `文件无法读取：读取表格的进程意外终止（表格可能过大、过于复杂或已损坏，超出了${memoryMb} MB的内存上限）；请只保留导入模板中的列和数据行后再上传`;
}

const WORKER_ENTRY = fileURLToPath(new URL('./sheetWorkerBoot.mjs', import.meta.url));
/**
 * Sheets read at once by one process; more wait for a turn, so that many imports at once cannot
 * take every core and all memory.
 */
const PARALLEL_READS = 2;
/**
 * A worker takes a moment to start (a new Node process; from the TypeScript, its compilation), so
 * a healthy one is kept for the next read, for this long; one stopped at the deadline, dead or
 * failing is not.
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

interface SheetWorker {
  child: ChildProcess;
  memoryMb: number;
  /** Its private temporary directory. */
  tmp: string;
}

const idleWorkers = new Map<SheetWorker, NodeJS.Timeout>();
const allWorkers = new Set<SheetWorker>();
/** The private temporary directories' prefix (server/excel/sheetWorker.ts removes only such a directory). */
export const SHEET_WORKER_TMP_PREFIX = 'wenping-sheet-';

/**
 * When this process exits, its workers go with it and their directories are removed here (a
 * worker whose parent is gone removes its own as it exits, sheetWorker.ts).
 */
let exitHooked = false;
function removeWorkersAtExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', () => {
    for (const worker of allWorkers) {
      worker.child.kill('SIGKILL');
      fs.rmSync(worker.tmp, { recursive: true, force: true });
    }
  });
}

/**
 * A child process, not a worker thread: a thread that runs out of heap can abort the whole
 * process (V8's "Reached heap limit" is fatal to every thread, whatever resourceLimits say),
 * while a child's death, however it comes, is only its 'exit'. It gets an environment of its own
 * (no secrets of the server's) whose temporary directory is private to it and removed when it
 * exits; the reader writes no temporary file, this is for anything that would.
 */
function startWorker(memoryMb: number): SheetWorker {
  removeWorkersAtExit();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), SHEET_WORKER_TMP_PREFIX));
  const child = fork(WORKER_ENTRY, [], {
    execArgv: [`--max-old-space-size=${memoryMb}`, ...process.execArgv.filter((arg) => arg === '--enable-source-maps')],
    env: { TMPDIR: tmp, TMP: tmp, TEMP: tmp, NODE_ENV: process.env.NODE_ENV ?? 'production' },
    // stderr stays the server's, so that a worker's crash report reaches its log.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const worker: SheetWorker = { child, memoryMb, tmp };
  allWorkers.add(worker);
  child.on('exit', () => {
    clearTimeout(idleWorkers.get(worker));
    idleWorkers.delete(worker);
    allWorkers.delete(worker);
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  // A failure to start shows as the read's 'error'; this keeps one that comes while idle from being unhandled.
  child.on('error', () => {});
  return worker;
}

function takeWorker(memoryMb: number): SheetWorker {
  for (const [worker, timer] of idleWorkers) {
    if (worker.memoryMb !== memoryMb) continue;
    idleWorkers.delete(worker);
    clearTimeout(timer);
    worker.child.ref();
    worker.child.channel?.ref();
    return worker;
  }
  return startWorker(memoryMb);
}

/** Keeps a worker for the next read; an idle worker does not keep the server's process alive. */
function keepWorker(worker: SheetWorker): void {
  if (worker.memoryMb !== SHEET_READ_LIMITS.memoryMb || worker.child.exitCode !== null || worker.child.signalCode !== null) {
    worker.child.kill('SIGKILL');
    return;
  }
  worker.child.unref();
  worker.child.channel?.unref();
  const timer = setTimeout(() => {
    idleWorkers.delete(worker);
    worker.child.kill('SIGKILL');
  }, IDLE_WORKER_MS);
  timer.unref();
  idleWorkers.set(worker, timer);
}

/** Ends the idle workers now (a test's TMPDIR then applies to every worker after it). */
export function stopIdleSheetWorkers(): void {
  for (const [worker, timer] of idleWorkers) {
    clearTimeout(timer);
    idleWorkers.delete(worker);
    worker.child.kill('SIGKILL');
  }
}

/** The process ids of the sheet workers alive now, busy or idle (the tests end one in the middle of a read). */
export function sheetWorkerPids(): number[] {
  return [...runningWorkers, ...idleWorkers.keys()].flatMap((w) => (w.child.pid === undefined ? [] : [w.child.pid]));
}

const runningWorkers = new Set<SheetWorker>();
let lastReadId = 0;

/**
 * readSheetRows in a child process, all rows at once: the request's event loop only receives
 * batches of finished rows, so that a sheet that is slow to parse delays nobody else. The read
 * is stopped at `timeoutMs` and the worker cannot grow past its memory limit; either, like the
 * worker's death for any other reason, refuses the file with a Chinese message, as do the bounds
 * of ReadSheetOptions.
 */
export function readSheetInWorker(file: string, options: ReadSheetOptions, limits: WorkerReadLimits = {}): Promise<SheetRow[]> {
  const timeoutMs = limits.timeoutMs ?? SHEET_READ_LIMITS.timeoutMs;
  const memoryMb = limits.memoryMb ?? SHEET_READ_LIMITS.memoryMb;
  return withReadTurn(
    () =>
      new Promise<SheetRow[]>((resolve, reject) => {
        const worker = takeWorker(memoryMb);
        const { child } = worker;
        runningWorkers.add(worker);
        lastReadId += 1;
        const id = lastReadId;
        const rows: SheetRow[] = [];
        let settled = false;
        const settle = (reusable: boolean, outcome: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          runningWorkers.delete(worker);
          child.off('message', onMessage).off('error', onError).off('exit', onExit);
          if (reusable) keepWorker(worker);
          else child.kill('SIGKILL');
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
          else settle(false, () => reject(new Error(`读取表格的工作进程出错：${reply.message}`)));
        };
        // The worker could not be started or sent to: the server's fault, not the file's.
        const onError = (err: Error) => settle(false, () => reject(err));
        const onExit = () => settle(false, () => reject(new BizError(workerDiedMessage(memoryMb))));
        child.on('message', onMessage).on('error', onError).on('exit', onExit);
        const timer = setTimeout(
          () => settle(false, () => reject(new BizError(`读取表格超过${Math.ceil(timeoutMs / 1000)}秒仍未完成，表格过大或过于复杂；请只保留导入模板中的列和数据行后再上传`))),
          timeoutMs,
        );
        const request: SheetWorkerRequest = { id, file, options };
        child.send(request);
      }),
  );
}
