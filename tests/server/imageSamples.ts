/**
 * Small images built byte by byte with the metadata a phone writes (tests of
 * server/files/imageMetadata.ts): a JPEG with an Exif block holding a GPS position, XMP, IPTC and
 * a comment; a PNG with text and time chunks; a WebP with EXIF and XMP chunks; a GIF with a
 * comment and an XMP application extension. The picture data is filler of the right structure.
 */
import { crc32 } from 'node:zlib';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** What the metadata says, to look for in what is served. */
export const SECRETS = {
  gpsMarker: 'GPSLatitude 30.2741N 120.1551E',
  camera: 'Xiaomi 13 Pro serial 7F3A91',
  comment: '举报人王小明 13800138000',
  pngText: '王小明的手机截图 13800138000',
  xmp: 'xmp:CreatorTool 王小明',
  iptc: 'IPTC byline 王小明',
};

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** TIFF (big-endian) with IFD0 → a GPS IFD (latitude ref, and the marker as an ASCII tag), the make as ImageDescription. */
export function exifBlock(): Buffer {
  const camera = latin1(`${SECRETS.camera}\0`);
  const gps = latin1(`${SECRETS.gpsMarker}\0`);
  const tiff = Buffer.alloc(8 + 2 + 12 * 2 + 4 + 2 + 12 * 2 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  let at = 8;
  const gpsIfd = 8 + 2 + 24 + 4;
  const cameraAt = tiff.length;
  const gpsTextAt = cameraAt + camera.length;
  tiff.writeUInt16BE(2, at);
  at += 2;
  // ImageDescription (0x010e), ASCII.
  tiff.writeUInt16BE(0x010e, at);
  tiff.writeUInt16BE(2, at + 2);
  tiff.writeUInt32BE(camera.length, at + 4);
  tiff.writeUInt32BE(cameraAt, at + 8);
  at += 12;
  // GPSInfo IFD pointer (0x8825), LONG.
  tiff.writeUInt16BE(0x8825, at);
  tiff.writeUInt16BE(4, at + 2);
  tiff.writeUInt32BE(1, at + 4);
  tiff.writeUInt32BE(gpsIfd, at + 8);
  at += 12;
  tiff.writeUInt32BE(0, at);
  at += 4;
  tiff.writeUInt16BE(2, at);
  at += 2;
  // GPSLatitudeRef (1) 'N', GPSAreaInformation (0x1c) the marker.
  tiff.writeUInt16BE(1, at);
  tiff.writeUInt16BE(2, at + 2);
  tiff.writeUInt32BE(2, at + 4);
  tiff.write('N\0', at + 8, 'latin1');
  at += 12;
  tiff.writeUInt16BE(0x1c, at);
  tiff.writeUInt16BE(7, at + 2);
  tiff.writeUInt32BE(gps.length, at + 4);
  tiff.writeUInt32BE(gpsTextAt, at + 8);
  at += 12;
  tiff.writeUInt32BE(0, at);
  return Buffer.concat([latin1('Exif\0\0'), tiff, camera, gps]);
}

/** The segments a decoder needs, in order, with scan data holding stuffed bytes and a restart marker. */
export function jpegCore(): { header: Buffer[]; scan: Buffer } {
  const jfif = jpegSegment(0xe0, Buffer.concat([latin1('JFIF\0'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0])]));
  const dqt = jpegSegment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)]));
  const sof = jpegSegment(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0]));
  const dht = jpegSegment(0xc4, Buffer.concat([Buffer.from([0]), Buffer.from([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), Buffer.from([0])]));
  const adobe = jpegSegment(0xee, Buffer.concat([latin1('Adobe'), Buffer.from([0, 100, 0, 0, 0, 0, 1])]));
  const sos = jpegSegment(0xda, Buffer.from([1, 1, 0, 0, 63, 0]));
  const scan = Buffer.concat([sos, Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xff, 0x00, 0x78])]);
  return { header: [jfif, adobe, dqt, sof, dht], scan };
}

/** A JPEG as a phone writes it: JFIF, Exif with GPS, XMP, ICC, IPTC, a comment, the picture, and a trailer after EOI. */
export function phoneJpeg(): Buffer {
  const { header, scan } = jpegCore();
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    header[0],
    jpegSegment(0xe1, exifBlock()),
    jpegSegment(0xe1, latin1(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>${SECRETS.xmp}</x:xmpmeta>`)),
    jpegSegment(0xe2, latin1('ICC_PROFILE\0\x01\x01profile of the phone')),
    jpegSegment(0xed, Buffer.concat([latin1('Photoshop 3.0\0'), Buffer.from(SECRETS.iptc)])),
    jpegSegment(0xfe, Buffer.from(SECRETS.comment)),
    ...header.slice(1),
    scan,
    Buffer.from([0xff, 0xd9]),
    // A second picture or a video appended by the phone.
    latin1(`ftypmp42 motion photo ${SECRETS.camera}`),
  ]);
}

/** The same JPEG as it must be stored: only what decoding needs. */
export function cleanJpeg(): Buffer {
  const { header, scan } = jpegCore();
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...header, scan, Buffer.from([0xff, 0xd9])]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([latin1(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngCore(): Buffer[] {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return [pngChunk('IHDR', ihdr), pngChunk('sRGB', Buffer.from([0])), pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x60, 0x60, 0x60, 0, 0, 0, 4, 0, 1]))];
}

/** A PNG with tEXt, iTXt, zTXt, eXIf and tIME, and bytes after IEND. */
export function annotatedPng(): Buffer {
  const [ihdr, srgb, idat] = pngCore();
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr,
    pngChunk('tEXt', Buffer.concat([latin1('Comment\0'), Buffer.from(SECRETS.pngText)])),
    srgb,
    pngChunk('iTXt', Buffer.concat([latin1('XML:com.adobe.xmp\0\0\0\0\0'), Buffer.from(SECRETS.xmp)])),
    pngChunk('eXIf', exifBlock().subarray(6)),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 28, 9, 41, 7])),
    idat,
    pngChunk('zTXt', latin1('Author\0\0compressed')),
    pngChunk('IEND', Buffer.alloc(0)),
    latin1(SECRETS.camera),
  ]);
}

export function cleanPng(): Buffer {
  return Buffer.concat([PNG_SIGNATURE, ...pngCore(), pngChunk('IEND', Buffer.alloc(0))]);
}

function riffChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function webp(chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

const vp8x = (flags: number) => riffChunk('VP8X', Buffer.from([flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
const vp8 = () => riffChunk('VP8 ', Buffer.from([0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, 1, 0, 1, 0, 0]));

/** An extended WebP with ICC (kept), EXIF and XMP, flagged in VP8X. */
export function annotatedWebp(): Buffer {
  return webp([vp8x(0x20 | 0x08 | 0x04), riffChunk('ICCP', latin1('icc')), vp8(), riffChunk('EXIF', exifBlock().subarray(6)), riffChunk('XMP ', Buffer.from(SECRETS.xmp))]);
}

export function cleanWebp(): Buffer {
  return webp([vp8x(0x20), riffChunk('ICCP', latin1('icc')), vp8()]);
}

function gifSubBlocks(data: Buffer): Buffer {
  const out: Buffer[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const part = data.subarray(at, at + 255);
    out.push(Buffer.from([part.length]), part);
  }
  out.push(Buffer.from([0]));
  return Buffer.concat(out);
}

function gifCore(): { head: Buffer; loop: Buffer; image: Buffer } {
  // 1×1, a global colour table of two colours.
  const head = Buffer.concat([latin1('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), Buffer.from([0, 0, 0, 255, 255, 255])]);
  const loop = Buffer.concat([Buffer.from([0x21, 0xff, 11]), latin1('NETSCAPE2.0'), Buffer.from([3, 1, 0, 0, 0])]);
  const control = Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]);
  const image = Buffer.concat([control, Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2]), gifSubBlocks(Buffer.from([0x4c, 0x01])), Buffer.from([0x3b])]);
  return { head, loop, image };
}

/** A GIF with a comment and an XMP application extension. */
export function annotatedGif(): Buffer {
  const { head, loop, image } = gifCore();
  return Buffer.concat([
    head,
    Buffer.from([0x21, 0xfe]),
    gifSubBlocks(Buffer.from(SECRETS.comment)),
    loop,
    Buffer.from([0x21, 0xff, 11]),
    latin1('XMP DataXMP'),
    gifSubBlocks(Buffer.from(SECRETS.xmp)),
    image,
    latin1('after the trailer'),
  ]);
}

export function cleanGif(): Buffer {
  const { head, loop, image } = gifCore();
  return Buffer.concat([head, loop, image]);
}

/** Whether any of the metadata (or a marker of it) is in `bytes`. */
export function metadataIn(bytes: Buffer): string[] {
  const found: string[] = [];
  for (const secret of Object.values(SECRETS)) if (bytes.includes(Buffer.from(secret))) found.push(secret);
  for (const marker of ['Exif\0\0', 'tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME', 'XMP ', 'http://ns.adobe.com/xap', 'Photoshop 3.0', 'ICC_PROFILE']) {
    if (bytes.includes(latin1(marker))) found.push(marker);
  }
  return found;
}
