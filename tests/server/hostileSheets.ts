/**
 * Hostile .xlsx files for the import's bounds (README.md, "个人信息保护与安全"), made at test time so
 * that no large blob is committed: a zip written here, entry by entry, in any order and with any
 * declared sizes, whose parts may be a short text repeated millions of times. Such a part is
 * deflated once per megabyte-sized run (each run flushed in full, so that the same compressed
 * bytes can follow each other), which makes a 400 MB part in a few hundred kilobytes without
 * compressing 400 MB.
 *
 *   manyEmptyStrings()   80 million `<si/>` in the shared strings (400 MB, about 0.6 MB zipped)
 *   sheetBeforeRels()    the worksheet zipped ahead of the workbook and its relationships, 1.2 GB of it
 *   bombedStrings()      a shared-strings part of 1 GB of spaces, ratio about 1,000
 *   manyStyles()         5 million cell formats in the styles part
 *   lyingSizes()         a worksheet whose zip headers declare 2 KB and which inflates to 30 MB
 *   longStrings()        1,024 shared strings of 1 MB each (for a worker whose bounds are lifted: its heap runs out)
 * Each holds the template's headers and one good person in row 2, so that a read that got past
 * the bound would store someone.
 */
import zlib from 'node:zlib';

/** A part as stored: its text, or `unit` repeated `times` times between `head` and `tail`. */
export type PartContent = string | { head: string; unit: string; times: number; tail: string };

export interface ZipPart {
  name: string;
  content: PartContent;
  /** The uncompressed size the zip's headers state, when it should lie. */
  declaredSize?: number;
}

const RUN_BYTES = 1024 * 1024;

interface Deflated {
  data: Buffer;
  size: number;
  crc: number;
}

function deflatePart(content: PartContent): Deflated {
  if (typeof content === 'string') {
    const raw = Buffer.from(content, 'utf8');
    return { data: zlib.deflateRawSync(raw), size: raw.length, crc: zlib.crc32(raw) };
  }
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const head = Buffer.from(content.head, 'utf8');
  const tail = Buffer.from(content.tail, 'utf8');
  const unit = Buffer.from(content.unit, 'utf8');
  const perRun = Math.max(1, Math.floor(RUN_BYTES / unit.length));
  const run = Buffer.alloc(perRun * unit.length);
  for (let i = 0; i < perRun; i += 1) unit.copy(run, i * unit.length);
  const runDeflated = zlib.deflateRawSync(run, flush);
  const runs = Math.floor(content.times / perRun);
  const rest = Buffer.alloc((content.times % perRun) * unit.length);
  for (let i = 0; i < content.times % perRun; i += 1) unit.copy(rest, i * unit.length);
  let crc = zlib.crc32(head);
  for (let i = 0; i < runs; i += 1) crc = zlib.crc32(run, crc);
  crc = zlib.crc32(rest, crc);
  crc = zlib.crc32(tail, crc);
  const pieces = [zlib.deflateRawSync(head, flush), ...Array<Buffer>(runs).fill(runDeflated), zlib.deflateRawSync(rest, flush), zlib.deflateRawSync(tail)];
  return { data: Buffer.concat(pieces), size: head.length + runs * run.length + rest.length + tail.length, crc };
}

/** A zip of the parts in the order given (deflated, UTF-8 names), each declared as `declaredSize` says. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = deflatePart(part.content);
    const declared = part.declaredSize ?? size;
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export const TEMPLATE_HEADERS = ['姓名', '身份证号码', '性别', '手机号码', '电子邮箱', '学历', '专业', '职称', '职务', '入职日期', '培训学时'];
/** A valid ID number (region 110101, which the demo data does not use). */
export const HOSTILE_GOOD_ID = '110101199203074412';

const inlineRow = (r: number, texts: string[]) =>
  `<row r="${r}">${texts.map((text, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${text}</t></is></c>`).join('')}</row>`;

/** The headers and one good person, in inline strings (no shared strings needed). */
export const GOOD_SHEET = `${XML}<worksheet xmlns="${MAIN}"><sheetData>${inlineRow(1, TEMPLATE_HEADERS)}${inlineRow(2, ['恶意文件', HOSTILE_GOOD_ID])}</sheetData></worksheet>`;

interface PackageParts {
  sheet?: PartContent;
  sharedStrings?: PartContent;
  styles?: PartContent;
  /** Part names in the order they are zipped (the others follow in the usual order). */
  first?: string[];
  /** Declared sizes that lie, by part name. */
  declared?: Record<string, number>;
}

/** A workbook of one sheet, its parts as given (a good sheet, no shared strings, plain styles by default). */
export function xlsxPackage(given: PackageParts = {}): Buffer {
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      content: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="从业人员" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', content: given.sheet ?? GOOD_SHEET },
    { name: 'xl/sharedStrings.xml', content: given.sharedStrings ?? `${XML}<sst xmlns="${MAIN}" count="0" uniqueCount="0"/>` },
    {
      name: 'xl/styles.xml',
      content: given.styles ?? `${XML}<styleSheet xmlns="${MAIN}"><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellXfs></styleSheet>`,
    },
  ];
  const first = given.first ?? [];
  const ordered = [...first.map((name) => parts.find((p) => p.name === name) as ZipPart), ...parts.filter((p) => !first.includes(p.name))];
  return zipOf(ordered.map((p) => ({ ...p, declaredSize: given.declared?.[p.name] })));
}

/** 80 million empty shared strings: 400 MB that ExcelJS cached whole until the heap ran out. */
export const manyEmptyStrings = (): Buffer =>
  xlsxPackage({ sharedStrings: { head: `${XML}<sst xmlns="${MAIN}" count="80000000" uniqueCount="80000000">`, unit: '<si/>', times: 80_000_000, tail: '</sst>' } });

/**
 * The worksheet zipped ahead of the workbook and its relationships, 1.2 GB of it: blanks ahead of
 * the good rows (quick to parse, so that only the bound on what it inflates to can stop it).
 */
export const sheetBeforeRels = (): Buffer =>
  xlsxPackage({
    first: ['xl/worksheets/sheet1.xml'],
    sheet: { head: `${XML}<worksheet xmlns="${MAIN}">`, unit: ' '.repeat(1024), times: 1200 * 1024, tail: GOOD_SHEET.slice(GOOD_SHEET.indexOf('<sheetData>')) },
  });

/** A shared-strings part of 1 GB of spaces inside one string: about 1,000 times its compressed size. */
export const bombedStrings = (): Buffer =>
  xlsxPackage({ sharedStrings: { head: `${XML}<sst xmlns="${MAIN}"><si><t xml:space="preserve">`, unit: ' '.repeat(1024), times: 1024 * 1024, tail: '</t></si></sst>' } });

/** 5 million cell formats (Excel itself stops at about 64,000). */
export const manyStyles = (): Buffer =>
  xlsxPackage({ styles: { head: `${XML}<styleSheet xmlns="${MAIN}"><cellXfs count="5000000">`, unit: '<xf numFmtId="14"/>', times: 5_000_000, tail: '</cellXfs></styleSheet>' } });

/** A worksheet that the zip says is 2 KB and that inflates to 30 MB. */
export const lyingSizes = (): Buffer =>
  xlsxPackage({
    sheet: { head: `${XML}<worksheet xmlns="${MAIN}"><sheetPr>`, unit: '<x/>', times: 7_500_000, tail: `</sheetPr>${GOOD_SHEET.slice(GOOD_SHEET.indexOf('<sheetData>'))}` },
    declared: { 'xl/worksheets/sheet1.xml': 2048 },
  });

/** 1,024 shared strings of 1 MB each, 1 GB in about 1 MB: with the bounds lifted, what fills a worker's heap in seconds. */
export const longStrings = (): Buffer =>
  xlsxPackage({ sharedStrings: { head: `${XML}<sst xmlns="${MAIN}">`, unit: `<si><t>${'a'.repeat(1 << 20)}</t></si>`, times: 1024, tail: '</sst>' } });
