/**
 * What a photo says beside its picture, removed before it is stored: the camera or phone, the
 * place (Exif GPS), the time, the author and comments (Exif, XMP, IPTC, comments, text chunks).
 * A picture a member of the public sends (a complaint's evidence, most of all an anonymous one)
 * must not tell the unit it is about who took it, and a picture staff publish must not tell the
 * public where it was taken. Every image upload goes through it (./upload.ts), so a stored
 * image never holds them.
 *
 * Byte-level, without decoding: segments and chunks are copied as they are or left out, so the
 * picture itself is untouched. What is kept:
 *
 * - JPEG: the coding segments (SOFn, DHT, DQT, DRI, SOS and its scan data, …), APP0 "JFIF" and
 *   APP14 "Adobe" (the colour transform decoders read). Every other APPn (Exif and XMP in APP1,
 *   ICC and MPF in APP2, IPTC in APP13, makers' own) and COM are left out, and so is whatever
 *   follows the end of the image (phones append second pictures and videos there).
 * - PNG: every chunk but tEXt, zTXt, iTXt, eXIf and tIME; nothing after IEND.
 * - WebP: every chunk but EXIF and "XMP " (the VP8X flags and the RIFF size follow).
 * - GIF: every block but comments and application extensions other than the animation loop
 *   (NETSCAPE2.0, ANIMEXTS1.0: XMP and ICC travel in the others); nothing after the trailer.
 * - BMP has no place for any of this: kept as it is.
 *
 * A file whose structure does not follow its format keeps what cannot be parsed as it is (JPEG,
 * PNG: from the first byte that does not fit; WebP, GIF: the whole file): detection accepted it
 * by its first bytes (./detect.ts), and a browser shows no more of it than of a stored copy.
 * The answer is the same Buffer when nothing was left out, so that content without metadata
 * keeps its MD5 (and 秒传 keeps finding it).
 */

const ascii = (b: Buffer, at: number, text: string) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

/** `input` without its metadata (the same Buffer when there was none). */
export function stripImageMetadata(contentType: string, input: Buffer): Buffer {
  const parts =
    contentType === 'image/jpeg'
      ? jpegParts(input)
      : contentType === 'image/png'
        ? pngParts(input)
        : contentType === 'image/webp'
          ? webpParts(input)
          : contentType === 'image/gif'
            ? gifParts(input)
            : null;
  if (!parts) return input;
  const length = parts.reduce((n, p) => n + p.length, 0);
  if (length !== input.length) return Buffer.concat(parts, length);
  // Parts are only ever left out, so the same length is the same bytes; except that WebP may
  // clear a flag of VP8X (metadata announced but absent) in place.
  return contentType === 'image/webp' && !Buffer.concat(parts, length).equals(input) ? Buffer.concat(parts, length) : input;
}

// ---- JPEG --------------------------------------------------------------------------------------

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP14 = 0xee;

/** A JPEG marker without a length: TEM and the restart markers. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

function keepsJpegSegment(marker: number, input: Buffer, dataAt: number): boolean {
  if (marker === COM) return false;
  if (marker < APP0 || marker > 0xef) return true;
  if (marker === APP0) return ascii(input, dataAt, 'JFIF\0');
  if (marker === APP14) return ascii(input, dataAt, 'Adobe');
  return false;
}

/** The end of a scan's entropy-coded data: the next marker that is neither a stuffed 0xFF nor a restart. */
function scanEnd(input: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = input.indexOf(0xff, at);
    if (at < 0 || at + 1 >= input.length) return input.length;
    const next = input[at + 1];
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
    else if (next === 0xff) at += 1;
    else return at;
  }
}

function jpegParts(input: Buffer): Buffer[] | null {
  if (input.length < 2 || input[0] !== 0xff || input[1] !== SOI) return null;
  const parts: Buffer[] = [input.subarray(0, 2)];
  let pos = 2;
  while (pos < input.length) {
    if (input[pos] !== 0xff) {
      parts.push(input.subarray(pos));
      break;
    }
    // Fill bytes (0xFF…) may precede a marker.
    let m = pos + 1;
    while (m < input.length && input[m] === 0xff) m += 1;
    if (m >= input.length) {
      parts.push(input.subarray(pos));
      break;
    }
    const marker = input[m];
    if (marker === EOI) {
      parts.push(input.subarray(pos, m + 1));
      break;
    }
    if (standalone(marker)) {
      parts.push(input.subarray(pos, m + 1));
      pos = m + 1;
      continue;
    }
    const length = m + 2 < input.length ? input.readUInt16BE(m + 1) : 0;
    const end = m + 1 + length;
    if (length < 2 || end > input.length) {
      parts.push(input.subarray(pos));
      break;
    }
    if (marker === SOS) {
      const next = scanEnd(input, end);
      parts.push(input.subarray(pos, next));
      pos = next;
      continue;
    }
    if (keepsJpegSegment(marker, input, m + 3)) parts.push(input.subarray(pos, end));
    pos = end;
  }
  return parts;
}

// ---- PNG ---------------------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function pngParts(input: Buffer): Buffer[] | null {
  if (input.length < 8 || !input.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const parts: Buffer[] = [input.subarray(0, 8)];
  let pos = 8;
  while (pos < input.length) {
    const end = pos + 12 + (pos + 4 <= input.length ? input.readUInt32BE(pos) : Number.MAX_SAFE_INTEGER);
    if (end > input.length) {
      parts.push(input.subarray(pos));
      break;
    }
    const type = input.toString('latin1', pos + 4, pos + 8);
    if (!PNG_DROPPED.has(type)) parts.push(input.subarray(pos, end));
    pos = end;
    if (type === 'IEND') break;
  }
  return parts;
}

// ---- WebP --------------------------------------------------------------------------------------

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function webpParts(input: Buffer): Buffer[] | null {
  if (!ascii(input, 0, 'RIFF') || !ascii(input, 8, 'WEBP')) return null;
  const declaredEnd = 8 + input.readUInt32LE(4);
  if (declaredEnd > input.length) return null;
  const chunks: Buffer[] = [];
  let pos = 12;
  while (pos < declaredEnd) {
    if (pos + 8 > declaredEnd) return null;
    const size = input.readUInt32LE(pos + 4);
    const end = pos + 8 + size + (size % 2);
    if (end > declaredEnd) return null;
    const fourcc = input.toString('latin1', pos, pos + 4);
    if (fourcc === 'VP8X' && size >= 1) {
      const chunk = Buffer.from(input.subarray(pos, end));
      chunk[8] &= ~(VP8X_EXIF | VP8X_XMP);
      chunks.push(chunk);
    } else if (fourcc !== 'EXIF' && fourcc !== 'XMP ') {
      chunks.push(input.subarray(pos, end));
    }
    pos = end;
  }
  const header = Buffer.from(input.subarray(0, 12));
  header.writeUInt32LE(4 + chunks.reduce((n, c) => n + c.length, 0), 4);
  return [header, ...chunks];
}

// ---- GIF ---------------------------------------------------------------------------------------

const GIF_KEPT_APPLICATIONS = ['NETSCAPE2.0', 'ANIMEXTS1.0'];

/** The end of a run of data sub-blocks starting at `at` (after its zero terminator), or -1. */
function subBlocksEnd(input: Buffer, at: number): number {
  let pos = at;
  while (pos < input.length) {
    const size = input[pos];
    pos += 1 + size;
    if (size === 0) return pos;
  }
  return -1;
}

function gifParts(input: Buffer): Buffer[] | null {
  if (input.length < 13 || !(ascii(input, 0, 'GIF87a') || ascii(input, 0, 'GIF89a'))) return null;
  const packed = input[10];
  let pos = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  if (pos > input.length) return null;
  const parts: Buffer[] = [input.subarray(0, pos)];
  while (pos < input.length) {
    const introducer = input[pos];
    if (introducer === 0x3b) {
      parts.push(input.subarray(pos, pos + 1));
      return parts;
    }
    if (introducer === 0x21) {
      if (pos + 2 > input.length) return null;
      const label = input[pos + 1];
      const end = subBlocksEnd(input, pos + 2);
      if (end < 0) return null;
      const application = label === 0xff && input[pos + 2] === 11 ? input.toString('latin1', pos + 3, pos + 14) : null;
      const dropped = label === 0xfe || (label === 0xff && !(application && GIF_KEPT_APPLICATIONS.includes(application)));
      if (!dropped) parts.push(input.subarray(pos, end));
      pos = end;
      continue;
    }
    if (introducer === 0x2c) {
      if (pos + 10 > input.length) return null;
      const local = input[pos + 9];
      const dataAt = pos + 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1;
      const end = subBlocksEnd(input, dataAt);
      if (dataAt > input.length || end < 0) return null;
      parts.push(input.subarray(pos, end));
      pos = end;
      continue;
    }
    return null;
  }
  // No trailer: the blocks read are all there is.
  return parts;
}
