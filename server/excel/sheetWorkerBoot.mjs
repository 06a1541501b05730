// The entry of the sheet-reading worker thread (readSheetInWorker in server/excel/import.ts).
// A worker thread does not get the parent's TypeScript loader (`node --import tsx` registers its
// hooks for the main thread only on Node 20), so this plain module loads the TypeScript one
// through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./sheetWorker.ts', import.meta.url);
