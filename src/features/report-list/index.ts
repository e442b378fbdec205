/** The report lists' shared parts (transactions, card payments, disbursements, … and the dashboard's date range). */
export { DateRangeFilter } from './DateRangeFilter';
export { ExportButton } from './ExportButton';
export { ExportHistory } from './ExportHistory';
export { GenericReportList } from './GenericReportList';
export { MultiSelect } from './MultiSelect';
export { ReportList, type ReportColumn, type ReportFilterControls } from './ReportList';
export { ReportRowShow } from './ReportRowShow';
export { SavedViews } from './SavedViews';
export { SearchFilter } from './SearchFilter';
export { StatusChip, StatusTotalsChips } from './StatusChip';
export { TotalsBar, useFigureItems, type FigureTotals, type TotalsItem } from './TotalsBar';
export { reanchor } from './storedFilter';
export { StoreName } from './StoreName';
export { shortStoreName } from './storeName';
export { rangeProblem } from './storedFilter';
