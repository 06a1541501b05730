/**
 * The expert library as staff manage it (API.md `experts`): the resource's calls, and the
 * Excel export (GET /experts/export with the list's filters), which arrives as a file.
 */
import { request } from '@umijs/max';
import type { ExpertAction, ExpertCreateBody, ExpertExportQuery, ExpertListQuery, ExpertRecord, ExpertUpdateBody } from '@common/schemas/experts';
import { cleanQuery, resource } from './resource';

export const experts = resource<{
  record: ExpertRecord;
  query: ExpertListQuery;
  create: ExpertCreateBody;
  update: ExpertUpdateBody;
  action: ExpertAction;
}>('/experts');

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

/** The .xlsx of the experts the list's filters and sort select (all pages). */
export function exportExperts(query: ExpertExportQuery | Record<string, string | number | boolean | undefined>): Promise<string> {
  return downloadFile(`${experts.path}/export`, query, '专家库.xlsx');
}
