/**
 * The worker thread behind readSheetInWorker (server/excel/import.ts), started through
 * sheetWorkerBoot.mjs and kept for further reads: for each request it reads the sheet with
 * readSheetRows and posts the rows in batches, then 'end'; a refusal (BizError) is posted as its
 * message, anything else as a failure. The parent sends one request at a time.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import { BizError } from '../http/errors';
import { readSheetRows, type SheetRow, type SheetWorkerReply, type SheetWorkerRequest } from './import';

/** Rows per message: few messages, each quick for the receiving event loop to take in. */
const BATCH = 500;

async function readAndPost(port: MessagePort, { id, file, options }: SheetWorkerRequest): Promise<void> {
  const post = (reply: SheetWorkerReply) => port.postMessage(reply);
  try {
    let batch: SheetRow[] = [];
    for await (const row of readSheetRows(file, options)) {
      batch.push(row);
      if (batch.length >= BATCH) {
        post({ id, kind: 'rows', rows: batch });
        batch = [];
      }
    }
    if (batch.length > 0) post({ id, kind: 'rows', rows: batch });
    post({ id, kind: 'end' });
  } catch (err) {
    if (err instanceof BizError) post({ id, kind: 'refused', message: err.message });
    else post({ id, kind: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
}

const port = parentPort;
if (port) port.on('message', (request: SheetWorkerRequest) => void readAndPost(port, request));
