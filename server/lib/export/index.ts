/** Server-side exports: streaming CSV and XLSX writers fed by a database cursor. */
export { csvFromDatabase, csvStream, neutraliseLeadingControl } from './csv';
export { attachmentDisposition, asciiFileNamePart } from './content-disposition';
export { xlsxStream, safeSheetName, MONEY_FORMAT, DATE_FORMAT, MAX_CELL_TEXT, type XlsxOptions } from './xlsx';
export {
  normaliseCell,
  defaultFormatDate,
  type ExportColumn,
  type ExportColumnType,
  type ExportOptions,
  type ExportRow,
} from './columns';
