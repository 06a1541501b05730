/**
 * The child process behind readSheetInWorker (server/excel/import.ts), started through
 * sheetWorkerBoot.mjs and kept for further reads: for each request it reads the sheet with
 * readSheetRows and sends the rows in batches, then 'end'; a refusal (BizError) is sent as its
 * message, anything else as a failure. The parent sends one request at a time, and this process
 * ends with the parent's channel.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BizError } from '../http/errors';
import { readSheetRows, SHEET_WORKER_TMP_PREFIX, type SheetRow, type SheetWorkerReply, type SheetWorkerRequest } from './import';

/** Rows per message: few messages, each quick for the receiving event loop to take in. */
const BATCH = 500;

const send = (reply: SheetWorkerReply): Promise<void> =>
  new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('not started with an IPC channel'));
    process.send(reply, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });

async function readAndSend({ id, file, options }: SheetWorkerRequest): Promise<void> {
  try {
    let batch: SheetRow[] = [];
    for await (const row of readSheetRows(file, options)) {
      batch.push(row);
      if (batch.length >= BATCH) {
        await send({ id, kind: 'rows', rows: batch });
        batch = [];
      }
    }
    if (batch.length > 0) await send({ id, kind: 'rows', rows: batch });
    await send({ id, kind: 'end' });
  } catch (err) {
    if (err instanceof BizError) await send({ id, kind: 'refused', message: err.message });
    else await send({ id, kind: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
}

process.on('message', (request: SheetWorkerRequest) => {
  readAndSend(request).catch(() => process.exit(1));
});
// The parent gone (its exit, or its death): this process ends, removing its private temporary
// directory (made by the parent, which cannot remove it now), and only such a directory.
process.on('disconnect', () => {
  const tmp = os.tmpdir();
  if (path.basename(tmp).startsWith(SHEET_WORKER_TMP_PREFIX)) fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(0);
});
