import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate, type RaRecord } from 'react-admin';
import Link from '@mui/material/Link';
import type { StoreOption } from '@/domain/api';
import { formatDateTimeSeconds, formatMoney, formatNumber } from '@/domain/format';
import { KEYWORD_MAX_LENGTH, REPORTS, type ReportKey } from '@/domain/reportCenter';
import { isDayKey, presetRange, vietnamToday } from '@/domain/time';
import { usePathOf } from '@/resourceConfig';
import { getLanguage } from '@/i18n';
import { secureLocal, StorageKeys } from '@/storage';
import { GeneratedReports } from '@/features/report-center/GeneratedReports';
import { DateRangeFilter } from './DateRangeFilter';
import { MultiSelect } from './MultiSelect';
import { ReportList, type ReportColumn } from './ReportList';
import { SearchFilter } from './SearchFilter';
import { StatusChip } from './StatusChip';
import { StoreName } from './StoreName';
import { isCodedColumn } from './codedColumns';

interface ReportFilter extends Record<string, unknown> {
  fromDate: string;
  toDate: string;
  storeId: number[];
  status: string[];
  keyword: string;
}

interface ReportTotals {
  count: number;
  /** null: withheld from this user (a store role sees no fees). */
  sums: Record<string, number | null>;
  byStatus: Array<{ status: string; count: number; sums: Record<string, number> }>;
}

const DATE_FIELDS = { from: 'fromDate', to: 'toDate' };

/**
 * One report-center list (card payments, disbursements, financing, settlements, non-paid, donations), its
 * columns and filters from the report's definition (REPORTS, keyed by the resource name): date range with
 * presets, store and status filters, search, totals of the filtered set, columns the user chooses (the
 * export follows them), export without row cap, and the scheduled files of the report's type.
 */
export function GenericReportList({ report }: { report: ReportKey }) {
  const def = REPORTS[report];
  const translate = useTranslate();
  const lng = getLanguage();
  const pathOf = usePathOf();
  const stores = useMemo(() => (def.hasStore ? (secureLocal.get<StoreOption[]>(StorageKeys.storeOption) ?? []) : []), [def.hasStore]);
  const colLabel = (key: string) => `portal.reports.columns.${key}`;
  const statusLabel = (s: string) => translate(`portal.reports.statuses.${s}`);

  const columns = useMemo<ReportColumn<RaRecord>[]>(
    () =>
      def.columns.map((column) => ({
        source: column.key,
        label: colLabel(column.key),
        align: column.type === 'money' || column.type === 'number' ? 'right' : undefined,
        render: (row: RaRecord) => {
          const value = row[column.key];
          if (column.key === def.idColumn && def.hasDetail) {
            return (
              <Link component={RouterLink} to={pathOf(report, 'show', { id: String(value) })}>
                {String(value)}
              </Link>
            );
          }
          if (value === null || value === undefined || value === '') return '-';
          switch (column.type) {
            case 'money':
              return formatMoney(value as number, lng);
            case 'number':
              return formatNumber(value as number, lng);
            case 'date':
              return formatDateTimeSeconds(value as string);
            case 'status':
              return <StatusChip status={String(value)} />;
            default:
              if (column.key === 'storeName') return <StoreName name={String(value)} />;
              return isCodedColumn(column.key) ? translate(`portal.reports.values.${String(value)}`, { _: String(value) }) : String(value);
          }
        },
      })),
    [def, lng, pathOf, report, translate],
  );

  const defaultFilter = (): ReportFilter => {
    const range = presetRange('last7Days', vietnamToday());
    return { fromDate: range.from, toDate: range.to, storeId: [], status: [], keyword: '' };
  };
  const validateFilter = (value: unknown): ReportFilter | null => {
    if (!value || typeof value !== 'object') return null;
    const v = value as Partial<ReportFilter>;
    if (!isDayKey(v.fromDate) || !isDayKey(v.toDate)) return null;
    return {
      fromDate: v.fromDate,
      toDate: v.toDate,
      storeId: def.hasStore && Array.isArray(v.storeId) ? v.storeId.filter((s) => Number.isInteger(s)) : [],
      status: Array.isArray(v.status) ? v.status.filter((s) => def.statuses.includes(s)) : [],
      keyword: typeof v.keyword === 'string' ? v.keyword.slice(0, KEYWORD_MAX_LENGTH) : '',
    };
  };

  // A phone's card: the id, the report's date, its first money column, its status and the store.
  const card = useMemo(
    () => ({
      id: def.idColumn,
      time: def.dateColumn,
      amount: def.moneyColumns[0],
      status: def.columns.find((c) => c.type === 'status')?.key ?? 'status',
      store: def.columns.some((c) => c.key === 'storeName') ? 'storeName' : undefined,
    }),
    [def],
  );
  // Sums the server withholds from a store role (fees, net: null in the totals) are not offered as columns.
  const withheldColumns = (value: unknown) => {
    const sums = (value as ReportTotals | undefined)?.sums;
    return sums ? def.moneyColumns.filter((key) => sums[key] === null) : [];
  };

  const title = translate(`resources.${report}.name`);
  return (
    <ReportList<ReportFilter, RaRecord>
      resource={report}
      title={title}
      columns={columns}
      defaultColumns={def.defaultColumns}
      dateFields={DATE_FIELDS}
      defaultFilter={defaultFilter}
      validateFilter={validateFilter}
      empty={translate('portal.reports.empty')}
      isEmpty={(totals) => (totals as ReportTotals).count === 0}
      card={card}
      rowLink={def.hasDetail ? (row) => pathOf(report, 'show', { id: String(row[def.idColumn]) }) : undefined}
      withheldColumns={withheldColumns}
      totals={(value) => {
        const totals = value as ReportTotals | undefined;
        const counted = def.countedStatuses
          ? translate('portal.reports.totals.countedOnly', { statuses: def.countedStatuses.map(statusLabel).join(', ') })
          : undefined;
        return [
          {
            label: translate('portal.reports.totals.count'),
            value: formatNumber(totals?.count ?? 0, lng),
            detail: totals?.byStatus.map((s) => `${statusLabel(s.status)}: ${formatNumber(s.count, lng)}`).join(' · '),
          },
          ...def.moneyColumns
            .filter((key) => totals?.sums[key] !== null)
            .map((key) => ({
              label: translate(colLabel(key)),
              value: formatMoney(totals?.sums[key] ?? 0, lng),
              detail: counted,
            })),
        ];
      }}
      filters={({ filter, setFilter }) => (
        <>
          <DateRangeFilter
            value={{ from: filter.fromDate, to: filter.toDate }}
            onChange={(range, typed) => setFilter({ ...filter, fromDate: range.from, toDate: range.to }, typed)}
          />
          {stores.length > 0 ? (
            <MultiSelect
              label={translate('portal.reports.store')}
              value={filter.storeId ?? []}
              choices={stores.map((s) => ({ id: s.id, name: s.storeName }))}
              onChange={(storeId) => setFilter({ ...filter, storeId })}
            />
          ) : null}
          <MultiSelect
            label={translate('portal.reports.status')}
            value={filter.status ?? []}
            choices={def.statuses.map((s) => ({ id: s, name: statusLabel(s) }))}
            onChange={(status) => setFilter({ ...filter, status })}
          />
          <SearchFilter
            label={translate('portal.reports.search')}
            placeholder={translate(`resources.${report}.searchHint`)}
            value={filter.keyword ?? ''}
            maxLength={KEYWORD_MAX_LENGTH}
            onChange={(keyword) => setFilter({ ...filter, keyword: keyword.trim() }, true)}
          />
        </>
      )}
    >
      {def.settingType ? <GeneratedReports type={def.settingType} /> : null}
    </ReportList>
  );
}
