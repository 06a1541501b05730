// The entry of the sheet-reading child process (readSheetInWorker in server/excel/import.ts),
// run from the TypeScript: the process is started without the parent's loader, so this plain
// module loads the TypeScript one through tsx's API. The compiled server runs the bundle of
// sheetWorker.ts under this name instead (scripts/serverBundle.mjs).
import { tsImport } from 'tsx/esm/api';

await tsImport('./sheetWorker.ts', import.meta.url);
