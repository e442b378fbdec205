import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import type { QueryParams } from '@/dataProvider/httpClient';
import { PAGE_SIZES, type StoreOption } from '@/domain/api';
import { formatDateTimeSeconds, formatMoney, formatNumber } from '@/domain/format';
import {
  DEFAULT_TRANSACTION_COLUMNS,
  MONEY_COLUMNS,
  PAYMENT_METHODS,
  savedViewFilterSchema,
  SEARCH_MAX_LENGTH,
  TRANSACTION_COLUMNS,
  TRANSACTION_STATUSES,
  type SavedViewFilter,
  type TransactionColumn,
  type TransactionRow,
} from '@/domain/transactionReport';
import { presetRange, vietnamToday } from '@/domain/time';
import { getLanguage } from '@/i18n';
import { secureLocal, StorageKeys } from '@/storage';
import {
  ColumnChooser,
  DateRangeFilter,
  ExportButton,
  ReportTable,
  SavedViews,
  TotalsBar,
  useReportFilter,
  type SavedView,
} from '@/components/reports';
import { exportTransactions, getTotals, getTransactions } from './api';
import { StatusChip } from './StatusChip';

const REPORT = 'transaction-report';
const SEARCH_DEBOUNCE_MS = 400;

interface ListState {
  filter: SavedViewFilter;
  columns: TransactionColumn[];
  pageSize: number;
}

const defaults = (): ListState => ({
  filter: { preset: 'last7Days', ...presetRange('last7Days', vietnamToday()), storeId: [], status: [], paymentMethod: [], q: '' },
  columns: [...DEFAULT_TRANSACTION_COLUMNS],
  pageSize: 20,
});

/** A relative preset means "relative to today": a filter saved yesterday as 'today' shows today. */
function refreshPreset(filter: SavedViewFilter): SavedViewFilter {
  return filter.preset === 'custom' ? filter : { ...filter, ...presetRange(filter.preset, vietnamToday()) };
}

function validate(value: unknown): ListState | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<ListState>;
  const filter = savedViewFilterSchema.safeParse(v.filter);
  const columns = Array.isArray(v.columns) ? v.columns.filter((c): c is TransactionColumn => (TRANSACTION_COLUMNS as readonly string[]).includes(c)) : [];
  if (!filter.success || columns.length === 0 || !PAGE_SIZES.includes(Number(v.pageSize))) return null;
  return { filter: refreshPreset(filter.data), columns, pageSize: Number(v.pageSize) };
}

const toQuery = (f: SavedViewFilter): QueryParams => ({
  from: f.from,
  to: f.to,
  storeId: f.storeId,
  status: f.status,
  paymentMethod: f.paymentMethod,
  q: f.q || undefined,
});

function Cell({ row, column, lng }: { row: TransactionRow; column: TransactionColumn; lng: 'vi' | 'en' }) {
  const translate = useTranslate();
  switch (column) {
    case 'id':
      return (
        <Link component={RouterLink} to={`/app/report-center/transaction-report/${row.id}`}>
          {row.id}
        </Link>
      );
    case 'createdAt':
    case 'completedAt':
      return <>{row[column] ? formatDateTimeSeconds(row[column]) : '-'}</>;
    case 'status':
      return <StatusChip status={row.status} />;
    case 'paymentMethod':
      return <>{translate(`resources.transaction-report.methods.${row.paymentMethod}`)}</>;
    case 'amount':
    case 'fee':
    case 'refundedAmount':
      return <>{formatMoney(row[column], lng)}</>;
    default:
      return <>{row[column] ?? '-'}</>;
  }
}

/** Multi-choice select whose chips name the choices. */
function MultiSelect<V extends string | number>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: V[];
  choices: Array<{ id: V; name: string }>;
  onChange: (next: V[]) => void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      sx={{ minWidth: 180, maxWidth: 320 }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const ids = selected as V[];
            if (ids.length === 0) return translate('portal.reports.all');
            return ids.map((id) => choices.find((c) => c.id === id)?.name ?? String(id)).join(', ');
          },
        },
        inputLabel: { shrink: true },
      }}
      onChange={(e) => onChange(e.target.value as unknown as V[])}
    >
      {choices.map((c) => (
        <MenuItem key={String(c.id)} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Transaction report (report-center/transaction-report): filters, totals of the filtered set, columns
 * the user chooses, saved views, exports, newest first with keyset paging for deep pages. The filter is
 * kept per path in the encrypted store and restored on return.
 */
export default function TransactionReportList() {
  const translate = useTranslate();
  const lng = getLanguage();
  const [state, setState] = useReportFilter<ListState>(defaults, validate);
  const [pageNumber, setPageNumber] = useState(0);
  const [search, setSearch] = useState(state.filter.q);
  const stores = useMemo(() => secureLocal.get<StoreOption[]>(StorageKeys.storeOption) ?? [], []);
  const query = useMemo(() => toQuery(state.filter), [state.filter]);
  const filterKey = JSON.stringify(query);
  // Cursor of each page reached by "next" (the last row of the page before): deep pages by keyset.
  const cursors = useRef(new Map<string, string>());

  const setFilter = (filter: SavedViewFilter) => {
    setState({ ...state, filter });
    setPageNumber(0);
  };

  useEffect(() => {
    if (search === state.filter.q) return;
    const timer = setTimeout(() => setFilter({ ...state.filter, q: search }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts the debounce
  }, [search]);

  const cursor = cursors.current.get(`${filterKey}|${state.pageSize}|${pageNumber}`);
  const list = useQuery({
    queryKey: ['portal', REPORT, 'list', filterKey, state.pageSize, pageNumber, cursor ?? null],
    queryFn: ({ signal }) => getTransactions({ ...query, pageNumber, pageSize: state.pageSize, cursor }, signal),
    placeholderData: keepPreviousData,
  });
  const totals = useQuery({
    queryKey: ['portal', REPORT, 'totals', filterKey],
    queryFn: ({ signal }) => getTotals(query, signal),
  });
  useEffect(() => {
    if (list.data?.nextCursor && list.data.pageNumber === pageNumber) {
      cursors.current.set(`${filterKey}|${state.pageSize}|${pageNumber + 1}`, list.data.nextCursor);
    }
  }, [list.data, filterKey, state.pageSize, pageNumber]);

  const searchInvalid = search !== '' && !/^\d*$/.test(search);
  const colLabel = (key: TransactionColumn) => translate(`resources.transaction-report.fields.${key}`);
  const t = totals.data;
  const rows = list.data?.content ?? [];

  const applyView = (view: SavedView) => {
    const filter = savedViewFilterSchema.safeParse(view.filter);
    const columns = view.columns.filter((c): c is TransactionColumn => (TRANSACTION_COLUMNS as readonly string[]).includes(c));
    if (!filter.success || columns.length === 0) return;
    const next = refreshPreset(filter.data);
    setState({ ...state, filter: next, columns });
    setSearch(next.q);
    setPageNumber(0);
  };

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={translate('resources.transaction-report.name')} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
        <SavedViews report={REPORT} current={{ filter: state.filter, columns: state.columns }} onApply={applyView} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button component={RouterLink} to="/app/report-center/transaction-report/tracing" size="small" startIcon={<RouteOutlined />}>
            {translate('resources.transaction-tracing.name')}
          </Button>
          <ColumnChooser all={TRANSACTION_COLUMNS} value={state.columns} onChange={(columns) => setState({ ...state, columns })} labelOf={colLabel} />
          <ExportButton
            report={REPORT}
            disabled={!t || t.count === 0}
            start={(format) => exportTransactions(query, state.columns, format)}
          />
        </Stack>
      </Stack>
      <Paper variant="outlined" component="search" sx={{ p: 2 }} aria-label={translate('portal.reports.filters')}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1.5, alignItems: 'flex-start' }}>
          <DateRangeFilter value={state.filter} onChange={(range) => setFilter({ ...state.filter, ...range })} />
          {stores.length > 0 ? (
            <MultiSelect
              label={translate('resources.transaction-report.filters.store')}
              value={state.filter.storeId}
              choices={stores.map((s) => ({ id: s.id, name: s.storeName }))}
              onChange={(storeId) => setFilter({ ...state.filter, storeId })}
            />
          ) : null}
          <MultiSelect
            label={translate('resources.transaction-report.filters.status')}
            value={state.filter.status}
            choices={TRANSACTION_STATUSES.map((s) => ({ id: s, name: translate(`resources.transaction-report.statuses.${s}`) }))}
            onChange={(status) => setFilter({ ...state.filter, status })}
          />
          <MultiSelect
            label={translate('resources.transaction-report.filters.paymentMethod')}
            value={state.filter.paymentMethod}
            choices={PAYMENT_METHODS.map((m) => ({ id: m, name: translate(`resources.transaction-report.methods.${m}`) }))}
            onChange={(paymentMethod) => setFilter({ ...state.filter, paymentMethod })}
          />
          <TextField
            size="small"
            type="search"
            label={translate('resources.transaction-report.filters.search')}
            value={search}
            error={searchInvalid}
            helperText={searchInvalid ? translate('resources.transaction-report.filters.searchHint') : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: SEARCH_MAX_LENGTH } }}
            onChange={(e) => setSearch(e.target.value.replace(/\D/g, ''))}
            sx={{ minWidth: 240 }}
          />
        </Stack>
      </Paper>
      <TotalsBar
        loading={totals.isPending}
        items={[
          { label: translate('resources.transaction-report.totals.count'), value: formatNumber(t?.count ?? 0, lng) },
          { label: translate('resources.transaction-report.totals.amount'), value: formatMoney(t?.amount ?? 0, lng) },
          { label: translate('resources.transaction-report.totals.fee'), value: formatMoney(t?.fee ?? 0, lng) },
          { label: translate('resources.transaction-report.totals.refunded'), value: formatMoney(t?.refundedAmount ?? 0, lng) },
        ]}
      />
      {t && t.byStatus.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label={translate('resources.transaction-report.totals.byStatus')}>
          {t.byStatus.map((s) => (
            <Chip
              key={s.status}
              variant="outlined"
              label={`${translate(`resources.transaction-report.statuses.${s.status}`)}: ${formatNumber(s.count, lng)} · ${formatMoney(s.amount, lng)}`}
            />
          ))}
        </Stack>
      ) : null}
      {list.isError ? <Alert severity="error">{translate('portal.reports.loadFailed')}</Alert> : null}
      <ReportTable
        label={translate('resources.transaction-report.name')}
        busy={list.isFetching}
        loading={list.isPending}
        columns={state.columns}
        rightAligned={(c) => MONEY_COLUMNS.includes(c as TransactionColumn)}
        header={(c) => colLabel(c as TransactionColumn)}
        cell={(row, c) => <Cell row={row} column={c as TransactionColumn} lng={lng} />}
        rows={rows}
        empty={translate('resources.transaction-report.empty')}
        total={list.data?.totalElements ?? 0}
        pageNumber={pageNumber}
        pageSize={state.pageSize}
        onPageNumber={setPageNumber}
        onPageSize={(pageSize) => {
          setState({ ...state, pageSize });
          setPageNumber(0);
        }}
      />
    </Stack>
  );
}
