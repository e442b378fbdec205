import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ColumnsButton, DataTable, ListBase, Pagination, Title, useListContext, useStore, useTranslate, type RaRecord } from 'react-admin';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/domain/api';
import type { ExportFormat } from '@/domain/transactionReport';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { secureLocal, StorageKeys } from '@/storage';
import { ExportButton } from './ExportButton';
import { fromStored, toStored, type DateFields } from './storedFilter';
import { TotalsBar, type TotalsItem } from './TotalsBar';

/** Typing in a search box asks the server once the user pauses. */
export const SEARCH_DEBOUNCE_MS = 400;

export interface ReportColumn<R> {
  source: string;
  /** i18n key of the header. */
  label: string;
  /** Money and counts read right-aligned. */
  align?: 'right';
  render?: (record: R) => ReactNode;
}

/** What the list's parts get: the filter in force and how to change it (a change goes back to page 1). */
export interface ReportFilterControls<F> {
  filter: F;
  setFilter: (next: F, debounce?: boolean) => void;
}

export interface ReportListProps<F extends Record<string, unknown>, R extends RaRecord> {
  resource: string;
  title: string;
  columns: readonly ReportColumn<R>[];
  defaultColumns: readonly string[];
  dateFields: DateFields;
  defaultFilter: () => F;
  /** A stored or shared filter as this list's filter; null when it does not fit. */
  validateFilter: (value: unknown) => F | null;
  filters: (controls: ReportFilterControls<F>) => ReactNode;
  totals: (totals: unknown) => TotalsItem[];
  /** The totals say the filter selects nothing: export is off. */
  isEmpty: (totals: unknown) => boolean;
  /** Left of the toolbar (saved views). */
  toolbarStart?: (controls: ReportFilterControls<F> & { columns: string[]; setColumns: (columns: string[]) => void }) => ReactNode;
  /** Buttons before the columns and export buttons. */
  actions?: ReactNode;
  /** Under the totals (a per-status breakdown). */
  belowTotals?: (totals: unknown) => ReactNode;
  empty: string;
  children?: ReactNode;
}

/**
 * A report list on react-admin's list controller: the filter (kept per path in the encrypted store and
 * restored on return), the filtered set's totals (getList's meta), columns the user chooses (kept in the
 * store; the export follows them, in their order), export with jobs, and paging with the §9 page sizes.
 */
export function ReportList<F extends Record<string, unknown>, R extends RaRecord>(props: ReportListProps<F, R>) {
  const { pathname } = useLocation();
  const storageKey = StorageKeys.reportFilter(pathname);
  const initial = useMemo(
    () => fromStored(secureLocal.get<unknown>(storageKey), props.validateFilter, props.dateFields) ?? { filter: props.defaultFilter(), perPage: DEFAULT_PAGE_SIZE },
    // Read once per path: later changes are written by the list itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [storageKey],
  );
  return (
    <ListBase
      key={storageKey}
      resource={props.resource}
      filterDefaultValues={initial.filter}
      perPage={initial.perPage}
      // The filter lives in the encrypted store per path (below), not in the URL or react-admin's list params.
      storeKey={false}
      disableSyncWithLocation
      debounce={SEARCH_DEBOUNCE_MS}
      exporter={false}
    >
      <ReportListView {...props} storageKey={storageKey} />
    </ListBase>
  );
}

function ReportListView<F extends Record<string, unknown>, R extends RaRecord>({
  resource,
  title,
  columns,
  defaultColumns,
  dateFields,
  filters,
  totals,
  isEmpty,
  toolbarStart,
  actions,
  belowTotals,
  empty,
  children,
  storageKey,
}: ReportListProps<F, R> & { storageKey: string }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const { filterValues, setFilters, perPage, meta, isPending, error } = useListContext<R>();
  const filter = filterValues as F;
  const setFilter = (next: F, debounce = false) => setFilters(next, undefined, debounce);

  // The list's filter and page size, per path, encrypted.
  useEffect(() => {
    secureLocal.set(storageKey, toStored(filter, perPage, dateFields));
  }, [storageKey, filter, perPage, dateFields]);

  // Columns: react-admin's DataTable keeps the hidden ones and their order in the (encrypted) store.
  const storeKey = `${resource}.datatable`;
  const all = useMemo(() => columns.map((c) => c.source), [columns]);
  const defaultHidden = useMemo(() => all.filter((c) => !defaultColumns.includes(c)), [all, defaultColumns]);
  const [hidden, setHidden] = useStore<string[]>(storeKey, defaultHidden);
  const [ranks, setRanks] = useStore<number[] | undefined>(`${storeKey}_columnRanks`);
  const ordered = ranks ? [...ranks.map((i) => all[i]).filter(Boolean), ...all.filter((_c, i) => !ranks.includes(i))] : all;
  const shown = ordered.filter((c) => !hidden.includes(c));
  const setColumns = (next: string[]) => {
    setHidden(all.filter((c) => !next.includes(c)));
    setRanks([...next.map((c) => all.indexOf(c)), ...all.map((_c, i) => i).filter((i) => !next.includes(all[i]))]);
  };

  const sums = (meta as { totals?: unknown } | undefined)?.totals;
  const controls = { filter, setFilter };
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={title} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
        <div>{toolbarStart?.({ ...controls, columns: shown, setColumns })}</div>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {actions}
          <ColumnsButton storeKey={storeKey} />
          <ExportButton
            report={resource}
            disabled={!sums || isEmpty(sums)}
            start={(format: ExportFormat) => api.exportList(resource, { filter, columns: shown, format })}
          />
        </Stack>
      </Stack>
      <Paper variant="outlined" component="search" sx={{ p: 2 }} aria-label={translate('portal.reports.filters')}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1.5, alignItems: 'flex-start' }}>
          {filters(controls)}
        </Stack>
      </Paper>
      <TotalsBar loading={isPending || !sums} items={totals(sums)} />
      {sums ? belowTotals?.(sums) : null}
      {error ? <Alert severity="error">{translate('portal.reports.loadFailed')}</Alert> : null}
      <Paper variant="outlined">
        <DataTable<R>
          storeKey={storeKey}
          hiddenColumns={defaultHidden}
          bulkActionButtons={false}
          rowClick={false}
          size="small"
          empty={
            // Still the list's table (its name, the chosen columns), saying the filter selects nothing.
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  {shown.map((source) => (
                    <TableCell key={source}>{translate(columns.find((c) => c.source === source)?.label ?? source)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                <TableRow>
                  <TableCell colSpan={shown.length}>
                    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                      {empty}
                    </Typography>
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          }
          {...{ 'aria-label': title }}
        >
          {columns.map((c) => (
            <DataTable.Col<R>
              key={c.source}
              source={c.source}
              label={c.label}
              align={c.align}
              disableSort
              render={c.render}
              sx={{ whiteSpace: 'nowrap' }}
            />
          ))}
        </DataTable>
        <Pagination rowsPerPageOptions={PAGE_SIZES} />
      </Paper>
      {children}
    </Stack>
  );
}
