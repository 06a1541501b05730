/**
 * What a file is, from its first bytes (never from the client's name or content type alone).
 *
 * Only an allow-list is accepted: images a browser shows safely (no SVG: it can carry
 * script), PDF, Office documents and archives. Where one signature covers several kinds
 * (OLE2 for doc/xls/ppt, ZIP for docx/xlsx/pptx/zip) the name's extension picks among the
 * allowed kinds only, so a renamed installer (.msi is OLE2, .jar/.apk are ZIP) is refused.
 */

export interface DetectedType {
  contentType: string;
  /** The extensions a download name of this type may end with; the first is the default. */
  extensions: readonly string[];
  /** Shown inline in the browser (images and PDF); everything else is only downloaded. */
  previewable: boolean;
}

/** How many leading bytes detection needs (the ZIP check looks for the Office marker). */
export const DETECT_HEAD_BYTES = 4096;

const t = (contentType: string, extensions: string[], previewable = false): DetectedType => ({
  contentType,
  extensions,
  previewable,
});

const JPEG = t('image/jpeg', ['jpg', 'jpeg'], true);
const PNG = t('image/png', ['png'], true);
const GIF = t('image/gif', ['gif'], true);
const WEBP = t('image/webp', ['webp'], true);
const BMP = t('image/bmp', ['bmp'], true);
const PDF = t('application/pdf', ['pdf'], true);
const RAR = t('application/vnd.rar', ['rar']);
const SEVEN_Z = t('application/x-7z-compressed', ['7z']);
const ZIP = t('application/zip', ['zip']);

const OLE2_BY_EXT: Record<string, DetectedType> = {
  doc: t('application/msword', ['doc']),
  xls: t('application/vnd.ms-excel', ['xls']),
  ppt: t('application/vnd.ms-powerpoint', ['ppt']),
  wps: t('application/vnd.ms-works', ['wps']),
  et: t('application/vnd.ms-excel', ['et']),
};

const OOXML_BY_EXT: Record<string, DetectedType> = {
  docx: t('application/vnd.openxmlformats-officedocument.wordprocessingml.document', ['docx']),
  xlsx: t('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ['xlsx']),
  pptx: t('application/vnd.openxmlformats-officedocument.presentationml.presentation', ['pptx']),
};

/** What the allow-list accepts, for the refusal message. */
export const ALLOWED_KINDS_TEXT = '图片（JPG、PNG、GIF、WebP、BMP）、PDF、Office 文档（doc/docx/xls/xlsx/ppt/pptx）或压缩包（zip/rar/7z）';

function startsWith(head: Buffer, bytes: readonly number[], offset = 0): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((b, i) => head[offset + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The table's own entry for a file name's extension: `a.constructor` must not find Object's prototype. */
const byExtension = (table: Readonly<Record<string, DetectedType>>, ext: string): DetectedType | null => (Object.hasOwn(table, ext) ? table[ext] : null);

/** The allowed type of these leading bytes (named `name`), or null when not allowed. */
export function detectType(head: Buffer, name: string): DetectedType | null {
  const ext = extensionOf(name);
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return GIF;
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return WEBP;
  // 'BM' alone is weak: also require the reserved header fields (bytes 6-9) to be zero.
  if (startsWith(head, ascii('BM')) && head.length >= 14 && head.readUInt32LE(6) === 0) return BMP;
  if (startsWith(head, ascii('%PDF-'))) return PDF;
  if (startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return RAR;
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return SEVEN_Z;
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return byExtension(OLE2_BY_EXT, ext);
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const office = byExtension(OOXML_BY_EXT, ext);
    if (office) return office;
    // A plain archive; other ZIP-based formats (jar, apk, xpi, ...) are refused by name.
    return ext === 'zip' || ext === '' ? ZIP : null;
  }
  // An empty archive is only the end-of-central-directory record.
  if (startsWith(head, [0x50, 0x4b, 0x05, 0x06]) && (ext === 'zip' || ext === '')) return ZIP;
  return null;
}
