import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import type { StoreOption } from '@/domain/api';
import { formatDateTimeSeconds, formatMoney } from '@/domain/format';
import { presetOf, presetRange, vietnamToday } from '@/domain/time';
import {
  DEFAULT_TRANSACTION_COLUMNS,
  MONEY_COLUMNS,
  PAYMENT_METHODS,
  savedViewFilterSchema,
  SEARCH_MAX_LENGTH,
  TRANSACTION_COLUMNS,
  TRANSACTION_STATUSES,
  type TransactionColumn,
  type TransactionRow,
  type TransactionTotals,
} from '@/domain/transactionReport';
import { usePathOf } from '@/resourceConfig';
import { getLanguage } from '@/i18n';
import { secureLocal, StorageKeys } from '@/storage';
import {
  DateRangeFilter,
  MultiSelect,
  reanchor,
  ReportList,
  SavedViews,
  SearchFilter,
  StatusChip,
  StatusTotalsChips,
  StoreName,
  useFigureItems,
  type ReportColumn,
} from '@/features/report-list';

const REPORT = 'transaction-report';
const DATE_FIELDS = { from: 'from', to: 'to' };

interface TransactionFilter extends Record<string, unknown> {
  from: string;
  to: string;
  storeId: number[];
  status: string[];
  paymentMethod: string[];
  q: string;
}

const defaultFilter = (): TransactionFilter => ({ ...presetRange('last7Days', vietnamToday()), storeId: [], status: [], paymentMethod: [], q: '' });

/** A stored or saved filter (the saved-view shape, with its preset re-anchored on today) as the list's filter. */
function validateFilter(value: unknown): TransactionFilter | null {
  const parsed = savedViewFilterSchema.safeParse(value && typeof value === 'object' ? { preset: 'custom', ...value } : value);
  if (!parsed.success) return null;
  const { preset, ...filter } = parsed.data;
  return reanchor(filter, preset, DATE_FIELDS);
}

const isColumn = (c: string): c is TransactionColumn => (TRANSACTION_COLUMNS as readonly string[]).includes(c);

const CARD = { id: 'id', time: 'createdAt', amount: 'amount', status: 'status', store: 'storeName' };

/** A store role gets no fees (null in the totals and the rows, docs/decisions.md): the fee column is not offered. */
const withheldColumns = (totals: unknown, rows: readonly TransactionRow[]): TransactionColumn[] =>
  (totals as { fee?: unknown } | undefined)?.fee === null || rows.some((row) => (row as { fee: unknown }).fee === null) ? ['fee'] : [];

/**
 * Transaction report (report-center/transaction-report): filters, totals of the filtered set (with the
 * per-status breakdown), columns the user chooses, saved views, exports, newest first with keyset paging
 * for deep pages (the dataProvider follows the server's cursor). The filter is kept per path.
 */
export default function TransactionReportList() {
  const translate = useTranslate();
  const lng = getLanguage();
  const pathOf = usePathOf();
  const stores = useMemo(() => secureLocal.get<StoreOption[]>(StorageKeys.storeOption) ?? [], []);
  const field = (key: string) => `resources.${REPORT}.fields.${key}`;
  const figureItems = useFigureItems();

  const columns = useMemo<ReportColumn<TransactionRow>[]>(
    () =>
      TRANSACTION_COLUMNS.map((column) => ({
        source: column,
        label: field(column),
        align: MONEY_COLUMNS.includes(column) ? 'right' : undefined,
        render: (row: TransactionRow) => {
          switch (column) {
            case 'id':
              return (
                <Link component={RouterLink} to={pathOf(REPORT, 'show', { id: row.id })}>
                  {row.id}
                </Link>
              );
            case 'createdAt':
            case 'completedAt':
              return row[column] ? formatDateTimeSeconds(row[column]) : '-';
            case 'status':
              return <StatusChip status={row.status} of="transaction" />;
            case 'storeName':
              return row.storeName ? <StoreName name={row.storeName} /> : '-';
            case 'paymentMethod':
              return translate(`resources.${REPORT}.methods.${row.paymentMethod}`);
            case 'amount':
            case 'fee':
            case 'refundedAmount':
              return formatMoney(row[column], lng);
            default:
              return row[column] ?? '-';
          }
        },
      })),
    [lng, pathOf, translate],
  );

  return (
    <ReportList<TransactionFilter, TransactionRow>
      resource={REPORT}
      title={translate(`resources.${REPORT}.name`)}
      columns={columns}
      defaultColumns={DEFAULT_TRANSACTION_COLUMNS}
      dateFields={DATE_FIELDS}
      defaultFilter={defaultFilter}
      validateFilter={validateFilter}
      empty={translate(`resources.${REPORT}.empty`)}
      card={CARD}
      rowLink={(row) => pathOf(REPORT, 'show', { id: row.id })}
      withheldColumns={withheldColumns}
      isEmpty={(totals) => (totals as TransactionTotals).count === 0}
      totals={(value) => figureItems(value as TransactionTotals | undefined)}
      belowTotals={(value) => <StatusTotalsChips byStatus={(value as TransactionTotals).byStatus} label={translate(`resources.${REPORT}.totals.byStatus`)} />}
      toolbarStart={({ filter, setFilter, columns: shown, setColumns }) => (
        <SavedViews
          report={REPORT}
          current={{ filter: { ...filter, preset: presetOf(filter, vietnamToday()) }, columns: shown }}
          onApply={(view) => {
            const next = validateFilter(view.filter);
            const viewColumns = view.columns.filter(isColumn);
            if (!next || viewColumns.length === 0) return;
            setFilter(next);
            setColumns(viewColumns);
          }}
        />
      )}
      actions={
        <Button component={RouterLink} to={pathOf('transaction-tracing', 'page')} size="small" startIcon={<RouteOutlined />}>
          {translate('resources.transaction-tracing.name')}
        </Button>
      }
      filters={({ filter, setFilter }) => (
        <>
          <DateRangeFilter value={filter} onChange={(range, typed) => setFilter({ ...filter, ...range }, typed)} />
          {stores.length > 0 ? (
            <MultiSelect
              label={translate(`resources.${REPORT}.filters.store`)}
              value={filter.storeId ?? []}
              choices={stores.map((s) => ({ id: s.id, name: s.storeName }))}
              onChange={(storeId) => setFilter({ ...filter, storeId })}
            />
          ) : null}
          <MultiSelect
            label={translate(`resources.${REPORT}.filters.status`)}
            value={filter.status ?? []}
            choices={TRANSACTION_STATUSES.map((s) => ({ id: s, name: translate(`resources.${REPORT}.statuses.${s}`) }))}
            onChange={(status) => setFilter({ ...filter, status })}
          />
          <MultiSelect
            label={translate(`resources.${REPORT}.filters.paymentMethod`)}
            value={filter.paymentMethod ?? []}
            choices={PAYMENT_METHODS.map((m) => ({ id: m, name: translate(`resources.${REPORT}.methods.${m}`) }))}
            onChange={(paymentMethod) => setFilter({ ...filter, paymentMethod })}
          />
          <SearchFilter
            label={translate(`resources.${REPORT}.filters.search`)}
            value={filter.q ?? ''}
            maxLength={SEARCH_MAX_LENGTH}
            digitsOnly
            onChange={(q) => setFilter({ ...filter, q }, true)}
          />
        </>
      )}
    />
  );
}
