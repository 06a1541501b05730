/**
 * Files of the demo data set, made here rather than shipped: a picture for each demo carousel
 * item (a banner in the association's blues) and a Word template for each demo article of
 * the download area, so that a first look shows pictures on the home page and files with
 * their size and type in 下载专区. They go through the real file store (by MD5, atomically)
 * and get real stored_files rows.
 *
 * Idempotent: fixed file ids; a carousel item keeps a picture staff chose, an article keeps
 * its attachments.
 */
import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { FileStorage } from '../../files/storage';
import type { DbOrTrx } from '../types';

// ---- a PNG banner -----------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, sum]);
}

type Rgb = [number, number, number];

/** A 1200×400 banner: a diagonal gradient between two colours with soft rings on the right. */
export function bannerPng(from: Rgb, to: Rgb, width = 1200, height = 400): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  const cx = width * 0.82;
  const cy = height * 0.62;
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const t = (x / width) * 0.7 + (y / height) * 0.3;
      const d = Math.hypot(x - cx, y - cy);
      // Rings 40 px wide every 90 px, fading with distance.
      const ring = d < 420 && d % 90 < 40 ? 0.07 * (1 - d / 420) : 0;
      for (let c = 0; c < 3; c += 1) {
        const v = from[c] + (to[c] - from[c]) * t;
        rows[row + 1 + x * 3 + c] = Math.min(255, Math.round(v + 255 * ring));
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- a Word document ---------------------------------------------------------------------------

/** A ZIP archive of stored (uncompressed) entries: all a .docx needs. */
function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, entry.data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const xmlEscape = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** A minimal .docx (Office Open XML) with a title and paragraphs, in Chinese. */
export function docx(title: string, paragraphs: string[]): Buffer {
  const para = (text: string, bold = false) =>
    `<w:p><w:r>${bold ? '<w:rPr><w:b/><w:sz w:val="32"/></w:rPr>' : ''}<w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    para(title, true) +
    paragraphs.map((p) => para(p)).join('') +
    '</w:body></w:document>';
  return zip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
          '</Relationships>',
      ),
    },
    { name: 'word/document.xml', data: Buffer.from(document, 'utf8') },
  ]);
}

// ---- storing and linking -----------------------------------------------------------------------

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const BANNERS: [from: Rgb, to: Rgb][] = [
  [
    [16, 50, 92],
    [47, 111, 181],
  ],
  [
    [22, 78, 99],
    [58, 140, 150],
  ],
  [
    [40, 44, 98],
    [92, 104, 170],
  ],
];

/** Demo file ids: fixed v4-shaped UUIDs, so a second run finds them. */
const demoFileId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function store(
  db: DbOrTrx,
  storage: FileStorage,
  file: { fileId: string; name: string; contentType: string; bytes: Buffer },
  now: string,
): Promise<void> {
  const exists = await db.selectFrom('stored_files').select('file_id').where('file_id', '=', file.fileId).executeTakeFirst();
  if (exists) return;
  const md5 = createHash('md5').update(file.bytes).digest('hex');
  await storage.init();
  const temp = path.join(storage.tempDir, `${file.fileId}.part`);
  await fsp.writeFile(temp, file.bytes, { mode: 0o600 });
  const key = await storage.commit(temp, md5);
  await db
    .insertInto('stored_files')
    .values({
      file_id: file.fileId,
      original_name: file.name,
      size: file.bytes.length,
      content_type: file.contentType,
      md5,
      storage_key: key,
      uploader_id: null,
      created_at: now,
    })
    .execute();
}

/** Makes, stores and links the demo files (after seedDemoData). */
export async function seedDemoFiles(db: DbOrTrx, dataDir: string, now: string): Promise<void> {
  const storage = new FileStorage(dataDir);

  const carousels = await db.selectFrom('carousels').select(['id', 'image_file_id']).where('id', 'like', 'demo-carousel-%').orderBy('id').execute();
  for (const [i, carousel] of carousels.entries()) {
    const fileId = demoFileId(100 + i);
    const [from, to] = BANNERS[i % BANNERS.length];
    await store(db, storage, { fileId, name: `轮播图${i + 1}.png`, contentType: 'image/png', bytes: bannerPng(from, to) }, now);
    if (!carousel.image_file_id) await db.updateTable('carousels').set({ image_file_id: fileId }).where('id', '=', carousel.id).execute();
  }

  const downloads = await db
    .selectFrom('articles')
    .select(['id', 'title', 'summary'])
    .where('category', '=', 'download')
    .where('id', 'like', 'demo-article-%')
    .orderBy('id')
    .execute();
  for (const [i, article] of downloads.entries()) {
    const has = await db.selectFrom('file_attachments').select('id').where('owner_type', '=', 'article').where('owner_id', '=', article.id).executeTakeFirst();
    if (has) continue;
    const fileId = demoFileId(200 + i);
    const name = `${article.title.replace(/[\\/:*?"<>|]/g, '')}.docx`;
    const bytes = docx(article.title, [article.summary ?? '', '（演示文件：由演示数据生成，内容仅供参考。）']);
    await store(db, storage, { fileId, name, contentType: DOCX_TYPE, bytes }, now);
    await db
      .insertInto('file_attachments')
      .values({ id: `article:${article.id}:attachment:${fileId}`, owner_type: 'article', owner_id: article.id, slot: 'attachment', file_id: fileId, sort: 0, created_at: now, created_by: null })
      .execute();
  }
}
