/**
 * Files the API streams (Excel exports, import templates) handed to the browser as downloads:
 * one helper for every list page's 导出.
 */
import { request } from '@umijs/max';
import { cleanQuery } from './resource';

/** `attachment; filename*=UTF-8''%E4%B8%93…` (or a plain filename="…") → the file's name. */
export function fileNameOf(disposition: string | null | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // a malformed name: fall through to the plain one
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** Hands a file to the browser as a download (an object URL on a temporary link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the API streams (an export), through the request layer so that it carries
 * the token and a refusal (an envelope in a blob) is shown like any other. No time-out: a
 * large export takes as long as it takes.
 */
export async function downloadFile(url: string, params: object | undefined, fallbackName: string): Promise<string> {
  const response = await request<Blob>(url, {
    params: cleanQuery(params),
    responseType: 'blob',
    getResponse: true,
    timeout: 0,
  });
  const disposition: unknown = response.headers['content-disposition'];
  const name = fileNameOf(typeof disposition === 'string' ? disposition : null, fallbackName);
  saveBlob(response.data, name);
  return name;
}
