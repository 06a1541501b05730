/**
 * Streaming .xlsx export (every list's GET /<resource>/export takes the list's filters): rows are
 * written to the response as they come from the database, so 10,000 practitioners never sit in
 * memory as one workbook.
 *
 *   return sendXlsx(reply, {
 *     fileName: '从业人员.xlsx',
 *     sheetName: '从业人员',
 *     columns: [{ header: '姓名', key: 'name', width: 12 }, ...],
 *     rows: streamRows(),            // an (async) iterable of { [key]: value }
 *   });
 *
 * Values: strings, numbers, booleans (是/否), null/undefined (empty). Strings that a
 * spreadsheet would run as a formula (=, +, -, @ first) are prefixed with a quote mark, so an
 * exported name cannot become a formula on a staff member's computer (CSV/formula injection).
 */
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../files/names';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxColumn {
  header: string;
  key: string;
  /** In characters. */
  width?: number;
}

export type XlsxCell = string | number | boolean | null | undefined;
export type XlsxRow = Record<string, XlsxCell>;

export interface XlsxExport {
  fileName: string;
  sheetName: string;
  columns: readonly XlsxColumn[];
  rows: AsyncIterable<XlsxRow> | Iterable<XlsxRow>;
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCell(value: XlsxCell): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Writes the workbook into `out` (any writable stream); resolves when it is complete. */
export async function writeXlsx(out: Writable, spec: Omit<XlsxExport, 'fileName'>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(spec.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.max(10, c.header.length * 2 + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of spec.rows) {
    const values: Record<string, string | number | null> = {};
    for (const c of spec.columns) values[c.key] = safeCell(row[c.key]);
    sheet.addRow(values).commit();
  }
  sheet.commit();
  await workbook.commit();
}

const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** An export's file name: what it holds and the Beijing calendar day, `会员单位-2026-11-24.xlsx`. */
export function exportFileName(what: string, now: Date): string {
  return `${what}-${new Date(now.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10)}.xlsx`;
}

/** A stored instant as an export's cell shows it: 2026-11-20T01:02:03.000Z → 2026-11-20 09:02 (Beijing time, as the pages show it). */
export function beijingTime(iso: string): string;
export function beijingTime(iso: string | null): string | null;
export function beijingTime(iso: string | null): string | null {
  if (!iso) return null;
  return new Date(new Date(iso).getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Answers the request with the workbook, streamed. Errors while rows are being read end the
 * download (the file is then incomplete and the browser reports a failed download) and are
 * logged; they cannot become an envelope because the headers are already sent.
 */
export function sendXlsx(reply: FastifyReply, spec: XlsxExport): FastifyReply {
  const body = new PassThrough();
  writeXlsx(body, spec).catch((err: unknown) => {
    reply.log.error({ err }, '导出 Excel 失败');
    body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition('attachment', spec.fileName))
    .header('cache-control', 'no-store')
    .send(body);
}
