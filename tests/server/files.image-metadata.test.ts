/**
 * server/files/imageMetadata.ts: each format loses its metadata and keeps the picture byte for
 * byte; content without metadata, and content of a structure the parser does not follow, is
 * answered unchanged (the same Buffer: the MD5 stays); stripping twice changes nothing more.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stripImageMetadata } from '../../server/files/imageMetadata';
import { annotatedGif, annotatedPng, annotatedWebp, cleanGif, cleanJpeg, cleanPng, cleanWebp, metadataIn, phoneJpeg } from './imageSamples';

describe('stripImageMetadata', () => {
  it.each([
    ['image/jpeg', phoneJpeg, cleanJpeg],
    ['image/png', annotatedPng, cleanPng],
    ['image/webp', annotatedWebp, cleanWebp],
    ['image/gif', annotatedGif, cleanGif],
  ])('%s: the metadata goes, the picture stays as it was', (type, annotated, clean) => {
    const input = annotated();
    expect(metadataIn(input).length).toBeGreaterThanOrEqual(3);
    const out = stripImageMetadata(type, input);
    expect(metadataIn(out)).toEqual([]);
    expect(out.equals(clean())).toBe(true);
    // Clean content is answered as it is, so a second pass (a retried upload) ends at the same bytes.
    expect(stripImageMetadata(type, out)).toBe(out);
    expect(stripImageMetadata(type, clean())).toEqual(clean());
  });

  it('the JPEG scan data is copied whole: stuffed bytes, restart markers and fill bytes are not markers', () => {
    const out = stripImageMetadata('image/jpeg', phoneJpeg());
    expect(out.subarray(-13).equals(Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xff, 0x00, 0x78, 0xff, 0xd9]))).toBe(true);
  });

  it('a WebP announcing metadata it does not hold loses the flags only', () => {
    const input = cleanWebp();
    input[20] |= 0x08;
    const out = stripImageMetadata('image/webp', input);
    expect(out).not.toBe(input);
    expect(out.equals(cleanWebp())).toBe(true);
  });

  it.each([
    ['image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(4096)])],
    ['image/png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xff, 0xff, 0xff]), randomBytes(4096)])],
    ['image/webp', Buffer.concat([Buffer.from('RIFF\xff\xff\xff\x7fWEBP', 'latin1'), randomBytes(64)])],
    ['image/gif', Buffer.concat([Buffer.from('GIF89a', 'latin1'), randomBytes(7), Buffer.from([0x99]), randomBytes(64)])],
    ['image/bmp', Buffer.concat([Buffer.from('BM', 'latin1'), randomBytes(64)])],
    ['application/pdf', Buffer.from('%PDF-1.7 Author 王小明', 'utf8')],
  ])('%s of a structure it cannot follow, or without metadata to remove, is answered unchanged', (type, input) => {
    expect(stripImageMetadata(type, input)).toBe(input);
  });

  it('a JPEG cut short keeps what it has, minus the metadata before the cut', () => {
    const whole = phoneJpeg();
    const cut = whole.subarray(0, whole.indexOf(Buffer.from([0xff, 0xd9])) - 2);
    const out = stripImageMetadata('image/jpeg', cut);
    expect(metadataIn(out)).toEqual([]);
    expect(out.equals(cleanJpeg().subarray(0, cleanJpeg().length - 4))).toBe(true);
  });
});
