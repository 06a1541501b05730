export { beijingTime, exportFileName, safeCell, sendXlsx, writeXlsx, XLSX_CONTENT_TYPE, type XlsxColumn, type XlsxExport, type XlsxRow } from './export';
export { NOT_A_SPREADSHEET, readSheetInWorker, readSheetRows, SHEET_READ_LIMITS, workerDiedMessage, type ReadSheetOptions, type SheetRow } from './import';
