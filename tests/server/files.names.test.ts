/** The pure parts of the files module: type detection, name cleaning, Content-Disposition. */
import { describe, expect, it } from 'vitest';
import { detectType } from '../../server/files/detect';
import { contentDisposition, MAX_NAME_LENGTH, nameForType, sanitizeName } from '../../server/files/names';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('detectType', () => {
  it.each([
    [bytes([0xff, 0xd8, 0xff, 0xe0]), 'a.jpg', 'image/jpeg'],
    [bytes([0x89], 'PNG\r\n\x1a\n'), 'a', 'image/png'],
    [bytes('GIF89a'), 'a.gif', 'image/gif'],
    [bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'a.webp', 'image/webp'],
    [bytes('BM', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 'a.bmp', 'image/bmp'],
    [bytes('%PDF-1.4'), 'a.txt', 'application/pdf'],
    [bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'a.XLS', 'application/vnd.ms-excel'],
    [bytes('PK\x03\x04'), 'a.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    [bytes('PK\x03\x04'), 'a.zip', 'application/zip'],
    [bytes('Rar!\x1a\x07\x00'), 'a.rar', 'application/vnd.rar'],
    [bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), 'a.7z', 'application/x-7z-compressed'],
  ])('accepts %#', (head, name, type) => {
    expect(detectType(head, name)?.contentType).toBe(type);
  });

  it.each([
    [bytes('MZ\x90\x00'), 'a.pdf'],
    [bytes('\x7fELF'), 'a.png'],
    [bytes('<html>'), 'a.html'],
    [bytes('<?xml version="1.0"?><svg'), 'a.svg'],
    [bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'setup.msi'],
    [bytes('PK\x03\x04'), 'app.apk'],
    [bytes('BM', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), 'a.bmp'],
    [Buffer.alloc(0), 'a.pdf'],
  ])('refuses %#', (head, name) => {
    expect(detectType(head, name)).toBeNull();
  });
});

describe('names', () => {
  it('drops directories, control characters and leading dots', () => {
    expect(sanitizeName('..\\..\\windows\\system32\\a.png')).toBe('a.png');
    expect(sanitizeName('/etc/passwd')).toBe('passwd');
    expect(sanitizeName('a\u0000b\r\nc\u202e.png')).toBe('abc.png');
    expect(sanitizeName('...hidden')).toBe('hidden');
    expect(sanitizeName('a"b<c>.pdf')).toBe('a_b_c_.pdf');
    expect(sanitizeName('')).toBe('file');
    expect(sanitizeName(undefined)).toBe('file');
  });

  it('shortens to 200 characters and keeps the extension', () => {
    const name = sanitizeName(`${'资'.repeat(300)}.pdf`);
    expect([...name]).toHaveLength(MAX_NAME_LENGTH);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it("appends the detected type's extension when the name claims another", () => {
    const png = detectType(bytes([0x89], 'PNG\r\n\x1a\n'), 'x.exe');
    expect(png && nameForType('x.exe', png)).toBe('x.exe.png');
    expect(png && nameForType('x.PNG', png)).toBe('x.PNG');
  });

  it('writes Content-Disposition with the UTF-8 name and an ASCII fallback', () => {
    expect(contentDisposition('attachment', '资质 (1).pdf')).toBe(
      `attachment; filename="__ (1).pdf"; filename*=UTF-8''%E8%B5%84%E8%B4%A8%20%281%29.pdf`,
    );
    expect(contentDisposition('inline', 'a"b.png')).toBe(`inline; filename="a_b.png"; filename*=UTF-8''a%22b.png`);
  });
});
