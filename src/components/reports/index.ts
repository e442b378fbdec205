/** Building blocks shared by every report list (transactions, card payments, disbursements, …). */
export { ColumnChooser } from './ColumnChooser';
export { DateRangeFilter, type DateRangeValue } from './DateRangeFilter';
export { ExportButton } from './ExportButton';
export { ExportHistory } from './ExportHistory';
export { ReportTable } from './ReportTable';
export { SavedViews } from './SavedViews';
export { TotalsBar, type TotalsItem } from './TotalsBar';
export { useReportFilter } from './useReportFilter';
export * from './reportsApi';
