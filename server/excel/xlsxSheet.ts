/**
 * The first worksheet of an uploaded .xlsx, row by row, read with only what the import needs
 * (server/excel/import.ts readSheetRows walks the rows): the package's parts from
 * server/excel/zipPackage.ts (bounded as they inflate) through sax, a streaming XML reader that
 * itself holds no more than 64 KB of any one text, name or attribute. Chosen over ExcelJS's
 * streaming reader, which cached every shared string whole (80 million empty ones ran the heap
 * out and aborted the process) and unpacked a worksheet met before the workbook's relationships
 * to a temporary file (README.md, "个人信息保护与安全").
 *
 * What is held, and its bound:
 * - the shared strings: at most `maxSharedStrings`, each cut to the longest cell accepted (a
 *   longer one keeps its first `maxCellChars` characters and a mark, so that it is still refused
 *   with its row and column), from a part of at most `maxPartBytes`;
 * - the styles: whether each cell format is a date, at most `maxStyles` records;
 * - one row at a time, its values only up to `maxColumns` (a row reaching further is refused by
 *   its width, which is still counted);
 * - no temporary file at all.
 * Elements nest at most 64 deep and carry at most 100 attributes; a DOCTYPE is refused.
 *
 * Cell values: shared, inline and formula strings as text (trimmed), numbers, booleans, dates as
 * Date where the cell's format is a date format (as ExcelJS decided it), ISO dates (t="d") as
 * their day, errors and formulas without a cached value as nothing.
 */
import path from 'node:path';
import sax from 'sax';
import { NOT_A_SPREADSHEET, SheetRefusal, ZipPackage, type ZipLimits } from './zipPackage';

export interface PackageLimits extends ZipLimits {
  /** Entries of the shared-strings part. */
  maxSharedStrings: number;
  /** Records of the styles part (cell formats, number formats, fonts, fills, borders). */
  maxStyles: number;
}

/** One row as the import walks it (the shape of ExcelJS's Row that server/excel/import.ts reads). */
export interface SheetRowSource {
  /** 1-based. */
  number: number;
  /** The column of its last cell, blank or not (1 = A). */
  cellCount: number;
  /** Values by column (index 1 = A), up to the read's last column. */
  values: unknown[];
}

export interface PackageSheetOptions {
  /** Values past this column are not kept (the row is refused by its width). */
  maxColumns: number;
  /** Text longer than this (trimmed) is kept as its first characters and a mark. */
  maxCellChars: number;
  limits: PackageLimits;
}

const MAX_DEPTH = 64;
const MAX_ATTRIBUTES = 100;
const damaged = () => new SheetRefusal(NOT_A_SPREADSHEET);

/** Text cut to `max` characters once trimmed: beyond them only whether something not blank follows is remembered. */
class CappedText {
  private text = '';
  private started = false;
  private over = false;

  constructor(private readonly max: number) {}

  add(chunk: string): void {
    if (this.over) return;
    let rest = chunk;
    if (!this.started) {
      rest = rest.trimStart();
      if (!rest) return;
      this.started = true;
    }
    if (this.text.length < this.max) {
      const taken = rest.slice(0, this.max - this.text.length);
      this.text += taken;
      rest = rest.slice(taken.length);
    }
    // Blanks past the limit count only if something follows them.
    if (rest.trim()) this.over = true;
  }

  /** The trimmed text, or its first `max` characters and '…' (longer than `max`, so still refused as too long). */
  value(): string {
    return this.over ? `${this.text}…` : this.text.trimEnd();
  }
}

interface XmlHandler {
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
}

/** `x:row` and `row` alike: some programs write the spreadsheet namespace with a prefix. */
const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/** Parses one part chunk by chunk, pausing after each (so that a caller can hand on what the chunk gave). */
async function* parsePart(pkg: ZipPackage, part: string, handler: XmlHandler): AsyncGenerator<void> {
  const parser = sax.parser(true, { trim: false, normalize: false, xmlns: false, position: false });
  let depth = 0;
  let attributes = 0;
  parser.onattribute = () => {
    attributes += 1;
    if (attributes > MAX_ATTRIBUTES) throw damaged();
  };
  parser.onopentag = (tag) => {
    attributes = 0;
    depth += 1;
    if (depth > MAX_DEPTH) throw damaged();
    handler.open(localName(tag.name), tag.attributes);
  };
  parser.onclosetag = (name) => {
    depth -= 1;
    handler.close(localName(name));
  };
  parser.ontext = (text) => handler.text(text);
  parser.oncdata = (text) => handler.text(text);
  // Entities a DOCTYPE declares are not expanded by sax; no part of a workbook has one.
  parser.ondoctype = () => {
    throw damaged();
  };
  parser.onerror = () => {
    throw damaged();
  };
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of pkg.read(part)) {
    parser.write(decoder.decode(chunk, { stream: true }));
    yield;
  }
  parser.write(decoder.decode());
  parser.close();
}

async function parseWhole(pkg: ZipPackage, part: string, handler: XmlHandler): Promise<void> {
  const steps = parsePart(pkg, part, handler);
  while (!(await steps.next()).done);
}

const attribute = (attributes: Record<string, string>, name: string): string | undefined => {
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
};

/** Where a relationship's target is, relative to the part holding it; null if it leaves the package. */
function resolveTarget(fromPart: string, target: string): string | null {
  const resolved = target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(fromPart), target));
  return resolved.startsWith('..') || resolved === '.' ? null : resolved;
}

/** The first relationship of each wanted kind (by the end of its type) or id, nothing else kept. */
async function relationships(pkg: ZipPackage, ofPart: string, wanted: { ids?: string[]; types?: string[] }): Promise<Map<string, string>> {
  const relsPart = path.posix.join(path.posix.dirname(ofPart), '_rels', `${path.posix.basename(ofPart)}.rels`);
  const found = new Map<string, string>();
  if (!pkg.has(relsPart)) return found;
  await parseWhole(pkg, relsPart, {
    open(name, attributes) {
      if (name !== 'Relationship' || attributes.TargetMode === 'External') return;
      const target = attributes.Target ? resolveTarget(ofPart, attributes.Target) : null;
      if (!target) return;
      const id = attributes.Id ?? '';
      if (wanted.ids?.includes(id) && !found.has(id)) found.set(id, target);
      const type = wanted.types?.find((t) => (attributes.Type ?? '').endsWith(`/${t}`));
      if (type && !found.has(type)) found.set(type, target);
    },
    close() {},
    text() {},
  });
  return found;
}

interface Workbook {
  firstSheet: string | null;
  sharedStrings: string | null;
  styles: string | null;
  date1904: boolean;
}

async function readWorkbook(pkg: ZipPackage): Promise<Workbook> {
  const root = await relationships(pkg, '', { types: ['officeDocument'] });
  const workbookPart = root.get('officeDocument') ?? 'xl/workbook.xml';
  if (!pkg.has(workbookPart)) throw damaged();
  // An object, not two variables: what the handler sets is read after the parse.
  const seen: { firstSheetId: string | null; date1904: boolean } = { firstSheetId: null, date1904: false };
  await parseWhole(pkg, workbookPart, {
    open(name, attributes) {
      if (name === 'workbookPr') seen.date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      else if (name === 'sheet' && seen.firstSheetId === null) seen.firstSheetId = attribute(attributes, 'id') ?? '';
    },
    close() {},
    text() {},
  });
  const { firstSheetId, date1904 } = seen;
  const rels = await relationships(pkg, workbookPart, { ids: firstSheetId ? [firstSheetId] : [], types: ['sharedStrings', 'styles'] });
  const firstSheet = firstSheetId === null ? null : (rels.get(firstSheetId) ?? null);
  if (firstSheetId !== null && (!firstSheet || !pkg.has(firstSheet))) throw damaged();
  const part = (kind: string) => {
    const target = rels.get(kind);
    return target && pkg.has(target) ? target : null;
  };
  return { firstSheet, sharedStrings: part('sharedStrings'), styles: part('styles'), date1904 };
}

async function readSharedStrings(pkg: ZipPackage, part: string, maxCellChars: number, maxCount: number): Promise<string[]> {
  const strings: string[] = [];
  let current: CappedText | null = null;
  let inText = false;
  let phonetic = 0;
  await parseWhole(pkg, part, {
    open(name) {
      if (name === 'si') {
        if (strings.length >= maxCount) {
          throw new SheetRefusal(`表格中的共享文本超过${maxCount}条，超出读取上限；请只保留导入模板中的列和数据行（可把数据复制到下载的导入模板中）后再上传`);
        }
        current = new CappedText(maxCellChars);
      } else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close(name) {
      if (name === 'si' && current) {
        strings.push(current.value());
        current = null;
      } else if (name === 'rPh') phonetic -= 1;
      else if (name === 't') inText = false;
    },
    text(text) {
      if (inText && current) current.add(text);
    },
  });
  return strings;
}

/** Built-in number formats that are dates or times (ECMA-376 Part 1, 18.8.30, and the East Asian ones). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
/** As ExcelJS decides it (utils.isDateFmt): a date or time letter outside quotes and brackets. */
const isDateCode = (code: string): boolean => /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
const STYLE_RECORDS = new Set(['xf', 'numFmt', 'font', 'fill', 'border', 'dxf']);

/** Whether each cell format (cellXfs, by index) shows a date. */
async function readDateStyles(pkg: ZipPackage, part: string, maxRecords: number): Promise<boolean[]> {
  const customDates = new Map<number, boolean>();
  const formatIds: number[] = [];
  let records = 0;
  let inCellFormats = false;
  await parseWhole(pkg, part, {
    open(name, attributes) {
      if (STYLE_RECORDS.has(name)) {
        records += 1;
        if (records > maxRecords) {
          throw new SheetRefusal(`表格中的样式记录超过${maxRecords}条，超出读取上限；请把数据复制到下载的导入模板中（只粘贴数值）后再上传`);
        }
      }
      if (name === 'cellXfs') inCellFormats = true;
      else if (name === 'numFmt') customDates.set(Number(attributes.numFmtId), isDateCode(attributes.formatCode ?? ''));
      else if (name === 'xf' && inCellFormats) formatIds.push(Number(attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellFormats = false;
    },
    text() {},
  });
  return formatIds.map((id) => customDates.get(id) ?? DATE_FORMAT_IDS.has(id));
}

/** A cell reference's column: "XFD3" → 16384; null if it has none. */
function columnOf(ref: string): number | null {
  let column = 0;
  let i = 0;
  for (; i < ref.length && i < 4; i += 1) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return i === 0 ? null : column;
}

/** Excel's day numbers (from 1899-12-30, or 1904-01-01) as a Date, as ExcelJS converts them (utils.excelToDate). */
function excelDate(serial: number, date1904: boolean): Date | null {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? null : date;
}

interface CellState {
  column: number;
  type: string;
  style: number;
  value: CappedText | null;
  inline: CappedText | null;
}

/** The rows of a worksheet part, handed on after each chunk inflated. */
async function* sheetRows(
  pkg: ZipPackage,
  part: string,
  shared: string[],
  dateStyles: boolean[],
  date1904: boolean,
  options: PackageSheetOptions,
): AsyncGenerator<SheetRowSource> {
  const ready: SheetRowSource[] = [];
  let inRows = false;
  let row: SheetRowSource | null = null;
  let lastRow = 0;
  let lastColumn = 0;
  let cell: CellState | null = null;
  let target: CappedText | null = null;
  let phonetic = 0;
  let inInline = false;

  const valueOf = (c: CellState): unknown => {
    const text = c.value?.value();
    switch (c.type) {
      case 's':
        return text === undefined ? undefined : shared[Number.parseInt(text, 10)];
      case 'inlineStr':
        return c.inline?.value() ?? text;
      case 'str':
        return text;
      case 'b':
        return text === undefined ? undefined : Number.parseInt(text, 10) !== 0;
      case 'e':
        return undefined;
      case 'd':
        return text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text;
      default: {
        if (!text) return undefined;
        const number = Number.parseFloat(text);
        if (Number.isNaN(number)) return undefined;
        return (dateStyles[c.style] && excelDate(number, date1904)) || number;
      }
    }
  };

  const steps = parsePart(pkg, part, {
    open(name, attributes) {
      if (name === 'sheetData') inRows = true;
      else if (!inRows) return;
      else if (name === 'row') {
        const number = attributes.r === undefined ? lastRow + 1 : Number.parseInt(attributes.r, 10);
        if (!Number.isSafeInteger(number) || number < 1) throw damaged();
        row = { number, cellCount: 0, values: [] };
        lastRow = number;
        lastColumn = 0;
      } else if (name === 'c' && row) {
        const column = attributes.r === undefined ? lastColumn + 1 : columnOf(attributes.r);
        if (column === null) throw damaged();
        lastColumn = column;
        row.cellCount = Math.max(row.cellCount, column);
        cell = { column, type: attributes.t ?? 'n', style: Number.parseInt(attributes.s ?? '0', 10), value: null, inline: null };
      } else if (cell) {
        if (name === 'v') target = cell.value = new CappedText(options.maxCellChars);
        else if (name === 'is') {
          inInline = true;
          cell.inline = new CappedText(options.maxCellChars);
        } else if (name === 'rPh') phonetic += 1;
        else if (name === 't' && inInline && phonetic === 0) target = cell.inline;
      }
    },
    close(name) {
      if (name === 'sheetData') inRows = false;
      else if (name === 'v' || name === 't') target = null;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'c' && row && cell) {
        if (cell.column <= options.maxColumns) {
          const value = valueOf(cell);
          if (value !== undefined) row.values[cell.column] = value;
        }
        cell = null;
      } else if (name === 'row' && row) {
        ready.push(row);
        row = null;
      }
    },
    text(text) {
      target?.add(text);
    },
  });
  for (let step = await steps.next(); ; step = await steps.next()) {
    while (ready.length > 0) yield ready.shift() as SheetRowSource;
    if (step.done) return;
  }
}

/**
 * The first worksheet (the first in the workbook's list) as one sheet of rows, the shape
 * server/excel/import.ts reads; the file is closed when the reading ends, however it ends.
 */
export function readPackageSheet(file: string, options: PackageSheetOptions): AsyncIterable<AsyncIterable<SheetRowSource>> {
  return {
    async *[Symbol.asyncIterator]() {
      const pkg = await ZipPackage.open(file, options.limits);
      try {
        const book = await readWorkbook(pkg);
        if (!book.firstSheet) return;
        const dateStyles = book.styles ? await readDateStyles(pkg, book.styles, options.limits.maxStyles) : [];
        const shared = book.sharedStrings ? await readSharedStrings(pkg, book.sharedStrings, options.maxCellChars, options.limits.maxSharedStrings) : [];
        yield sheetRows(pkg, book.firstSheet, shared, dateStyles, book.date1904, options);
      } finally {
        await pkg.close();
      }
    },
  };
}
