export { beijingTime, exportFileName, safeCell, sendXlsx, writeXlsx, XLSX_CONTENT_TYPE, type XlsxColumn, type XlsxExport, type XlsxRow } from './export';
export { NOT_A_SPREADSHEET, readSheetRows, type ReadSheetOptions, type SheetRow } from './import';
