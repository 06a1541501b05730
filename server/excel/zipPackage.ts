/**
 * The parts of an uploaded .xlsx (a zip package), read by name from the file on disk and inflated
 * as a stream under bounds that hold before memory or disk is spent (README.md, "个人信息保护与安全"):
 *
 * - the central directory is read at the end of the file, so the order of the entries does not
 *   matter and nothing is unpacked ahead to a temporary file (ExcelJS's streaming reader wrote a
 *   worksheet zipped before the workbook's relationships to a temporary file: 1.5 GB in seconds);
 * - every part is counted in the bytes actually inflated, never in the sizes the zip declares: a
 *   part is refused once it passes `maxPartBytes`, once all parts read pass `maxPackageBytes`,
 *   once past 8 MB it has grown more than `maxRatio` times the compressed bytes consumed, and as
 *   soon as it passes the size its central-directory record declares (a lying header);
 * - encrypted entries, split archives, zip64 and compression methods other than stored and
 *   deflate are refused (no spreadsheet program writes them for an import-sized sheet).
 *
 * Refusals are `SheetRefusal`s: a Chinese message, final (the same file would get it again).
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { PassThrough, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { BizError } from '../http/errors';

export const NOT_A_SPREADSHEET = '文件不是有效的 Excel（.xlsx）表格，请使用下载的导入模板';

/** A refusal read from the file itself: reading it again would give the same answer at the same cost. */
export class SheetRefusal extends BizError {}

export interface ZipLimits {
  /** Bytes one part may inflate to. */
  maxPartBytes: number;
  /** Bytes all parts read may inflate to together. */
  maxPackageBytes: number;
  /** Inflated bytes per compressed byte, checked once a part has passed 8 MB. */
  maxRatio: number;
  /** Entries the central directory may list. */
  maxEntries: number;
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
/** The end record may be followed by a comment of up to 65,535 bytes. */
const EOCD_SEARCH = EOCD_SIZE + 0xffff;
/** A central directory larger than this lists far more than a workbook has. */
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;
/**
 * Below this, a part's ratio says nothing: a cell of 5 MB of one repeated letter compresses 1,000
 * to 1 like a zip bomb (tests/server/practitioners-import.test.ts refuses it by its length, with
 * its row and column). A bomb is stopped here instead, having cost 8 MB of a stream.
 */
const RATIO_FREE_BYTES = 8 * 1024 * 1024;
/** Read in small steps, so that the ratio is checked against what was really consumed. */
const READ_CHUNK = 16 * 1024;

const MB = 1024 * 1024;
const damaged = () => new SheetRefusal(NOT_A_SPREADSHEET);

export class ZipPackage {
  private inflated = 0;

  private constructor(
    private readonly file: string,
    private readonly handle: fs.FileHandle,
    private readonly entries: Map<string, ZipEntry>,
    private readonly limits: ZipLimits,
  ) {}

  /** Opens the package and reads its central directory; refuses a file that is not a zip within the bounds. */
  static async open(file: string, limits: ZipLimits): Promise<ZipPackage> {
    const handle = await fs.open(file, 'r');
    try {
      return new ZipPackage(file, handle, await readDirectory(handle, limits), limits);
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  close(): Promise<void> {
    return this.handle.close();
  }

  /** Whether the package holds a part (part names are case-insensitive, ECMA-376 Part 2). */
  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /** A part's bytes as they inflate, each chunk counted against the limits before it is handed on. */
  async *read(name: string): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name.toLowerCase());
    if (!entry) throw damaged();
    const header = await readAt(this.handle, entry.localOffset, 30);
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw damaged();
    const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (entry.compressedSize === 0) {
      if (entry.declaredSize !== 0) throw damaged();
      return;
    }
    // A stream of its own on the file: one on the handle would close the handle when destroyed.
    const source = createReadStream(this.file, { start, end: start + entry.compressedSize - 1, highWaterMark: READ_CHUNK });
    const output: Transform = entry.method === 8 ? zlib.createInflateRaw() : new PassThrough();
    let consumed = 0;
    source.on('data', (chunk: string | Buffer) => {
      consumed += chunk.length;
    });
    source.on('error', (err) => output.destroy(err));
    source.pipe(output);
    let produced = 0;
    const { maxPartBytes, maxPackageBytes, maxRatio } = this.limits;
    try {
      for await (const chunk of output) {
        produced += chunk.length;
        this.inflated += chunk.length;
        if (produced > entry.declaredSize) throw damaged();
        if (produced > maxPartBytes || this.inflated > maxPackageBytes || (produced > RATIO_FREE_BYTES && produced > maxRatio * consumed)) {
          throw new SheetRefusal(
            `表格文件解压后过大：其中的 ${entry.name} 超出上限（单个部分不超过${maxPartBytes / MB} MB、全部不超过${maxPackageBytes / MB} MB、压缩比不超过${maxRatio}倍），文件可能已损坏或经过特殊构造；请使用下载的导入模板重新填写后再上传`,
          );
        }
        yield chunk;
      }
    } catch (err) {
      if (err instanceof BizError) throw err;
      throw damaged(); // not deflate data, or the file ends early
    } finally {
      source.unpipe();
      source.destroy();
      output.destroy();
    }
    if (produced !== entry.declaredSize) throw damaged();
  }
}

async function readAt(handle: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

async function readDirectory(handle: fs.FileHandle, limits: ZipLimits): Promise<Map<string, ZipEntry>> {
  const { size } = await handle.stat();
  if (size < EOCD_SIZE) throw damaged();
  const tailStart = Math.max(0, size - EOCD_SEARCH);
  const tail = await readAt(handle, tailStart, size - tailStart);
  let eocd = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw damaged();
  const disk = tail.readUInt16LE(eocd + 4);
  const directoryDisk = tail.readUInt16LE(eocd + 6);
  const count = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  // Split archives, and zip64 (its values stand at their maximum here).
  if (disk !== 0 || directoryDisk !== 0 || count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw damaged();
  if (count > limits.maxEntries || directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > tailStart + eocd) throw damaged();
  const directory = await readAt(handle, directoryOffset, directorySize);
  if (directory.length < directorySize) throw damaged();

  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw damaged();
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const compressedSize = directory.readUInt32LE(at + 20);
    const declaredSize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const localOffset = directory.readUInt32LE(at + 42);
    if (at + 46 + nameLength > directory.length) throw damaged();
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    // Encrypted; a method other than stored (0) or deflate (8); zip64 sizes; data past the directory.
    if (flags & 0x1 || (method !== 0 && method !== 8) || compressedSize === 0xffffffff || declaredSize === 0xffffffff) throw damaged();
    if (localOffset + compressedSize > directoryOffset) throw damaged();
    if (method === 0 && compressedSize !== declaredSize) throw damaged();
    const key = name.toLowerCase();
    // Two entries of one name: which one a program reads differs, so neither is trusted.
    if (entries.has(key)) throw damaged();
    entries.set(key, { name, method, compressedSize, declaredSize, localOffset });
  }
  return entries;
}
