/**
 * Original file names: kept for downloads only (never for where a file is stored), so they
 * are cleaned of anything a file system or a header could misread.
 */
import type { DetectedType } from './detect';
import { extensionOf } from './detect';

export const MAX_NAME_LENGTH = 200;

/**
 * No path separators, no control characters, no leading dots (hidden files), at most
 * 200 characters (the extension is kept when shortening).
 */
export function sanitizeName(raw: string | undefined | null): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = base.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '');
  name = name.replace(/[<>:"|?*]/g, '_').trim().replace(/^\.+/, '').trim();
  if (!name) name = 'file';
  if ([...name].length > MAX_NAME_LENGTH) {
    const ext = extensionOf(name);
    const chars = [...name];
    const keep = ext && ext.length < 20 ? ext.length + 1 : 0;
    name = chars.slice(0, MAX_NAME_LENGTH - keep).join('') + (keep ? `.${ext}` : '');
  }
  return name;
}

/**
 * The download name: the sanitised name, with the detected type's extension appended when
 * the name claims another one (a PNG named "x.exe" downloads as "x.exe.png").
 */
export function nameForType(name: string, type: DetectedType): string {
  const ext = extensionOf(name);
  if (type.extensions.includes(ext)) return name;
  const suffix = `.${type.extensions[0]}`;
  const chars = [...name];
  return chars.length + suffix.length > MAX_NAME_LENGTH
    ? chars.slice(0, MAX_NAME_LENGTH - suffix.length).join('') + suffix
    : name + suffix;
}

/**
 * Content-Disposition with the UTF-8 name (RFC 5987/6266 `filename*`) and an ASCII fallback
 * for old clients (non-ASCII characters become '_').
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
