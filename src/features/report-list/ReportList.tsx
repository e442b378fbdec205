import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ColumnsButton, DataTable, ListBase, Pagination, Title, useListContext, useStore, useTranslate, type RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/domain/api';
import type { ExportFormat } from '@/domain/transactionReport';
import type { ListTotalsMeta } from '@/dataProvider';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { secureLocal, StorageKeys } from '@/storage';
import { ExportButton } from './ExportButton';
import { LoadError } from './LoadError';
import { ReportCards, type ReportCardFields } from './ReportCards';
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
  /** What a row's card shows on a phone (below md the list is cards, like the users and stores lists). */
  card: ReportCardFields;
  /** A row's detail page (the card opens it on a tap); none when the report has no detail. */
  rowLink?: (record: R) => string;
  /**
   * Columns the server withholds from this user (a store role sees no fees: `null` in the rows and the
   * totals): they are neither shown nor offered in the columns menu nor exported.
   */
  withheldColumns?: (totals: unknown, rows: readonly R[]) => readonly string[];
  children?: ReactNode;
}

/**
 * A frame that scrolls sideways inside itself: no width of its own in the page's intrinsic sizing (so a
 * wide table cannot widen the page), the full width of the column once laid out; positioned, so its
 * visually hidden labels are clipped with the rest.
 */
const SCROLL_INSIDE = { position: 'relative', overflowX: 'auto', width: 0, minWidth: '100%' } as const;

/** Queries of the report lists: an offline browser still tries (and says so) instead of waiting silently; the failure is shown in the list, not toasted. */
const LIST_QUERY_OPTIONS = { networkMode: 'always', onError: () => undefined } as const;

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
      queryOptions={LIST_QUERY_OPTIONS}
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
  card,
  rowLink,
  withheldColumns,
  children,
  storageKey,
}: ReportListProps<F, R> & { storageKey: string }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
  const { filterValues, setFilters, perPage, meta, isPending, isFetching, error, refetch, data, total } = useListContext<R>();
  const filter = filterValues as F;
  const setFilter = (next: F, debounce = false) => setFilters(next, undefined, debounce);

  // The list's filter and page size, per path, encrypted.
  useEffect(() => {
    secureLocal.set(storageKey, toStored(filter, perPage, dateFields));
  }, [storageKey, filter, perPage, dateFields]);

  const { totals: sums, totalsError } = (meta ?? {}) as Partial<ListTotalsMeta>;
  const rows = useMemo(() => data ?? [], [data]);
  const withheld = useMemo(() => withheldColumns?.(sums, rows) ?? [], [withheldColumns, sums, rows]);
  const offered = useMemo(() => columns.filter((c) => !withheld.includes(c.source)), [columns, withheld]);

  // Columns: react-admin's DataTable keeps the hidden ones and their order (ranks: indexes among the
  // offered columns) in the (encrypted) store; a set without withheld columns keeps its own.
  const storeKey = withheld.length > 0 ? `${resource}.datatable.without.${withheld.join('.')}` : `${resource}.datatable`;
  const all = useMemo(() => offered.map((c) => c.source), [offered]);
  const defaultHidden = useMemo(() => all.filter((c) => !defaultColumns.includes(c)), [all, defaultColumns]);
  const [hidden, setHidden] = useStore<string[]>(storeKey, defaultHidden);
  const [ranks, setRanks] = useStore<number[] | undefined>(`${storeKey}_columnRanks`);
  const ordered = ranks ? [...ranks.map((i) => all[i]).filter(Boolean), ...all.filter((_c, i) => !ranks.includes(i))] : all;
  const shown = ordered.filter((c) => !hidden.includes(c));
  const setColumns = (next: string[]) => {
    setHidden(all.filter((c) => !next.includes(c)));
    setRanks([...next.map((c) => all.indexOf(c)), ...all.map((_c, i) => i).filter((i) => !next.includes(all[i]))]);
  };

  const controls = { filter, setFilter };
  const retry = () => void refetch();
  const cell = (source: string, record: R): ReactNode => {
    const column = columns.find((c) => c.source === source);
    const value = record[source] as ReactNode;
    return column?.render ? column.render(record) : (value ?? '-');
  };
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={title} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
        <div>{toolbarStart?.({ ...controls, columns: shown, setColumns })}</div>
        <Stack direction="row" sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}>
          {actions}
          <ColumnsButton storeKey={storeKey} />
          <ExportButton
            report={resource}
            disabled={Boolean(error) || (sums ? isEmpty(sums) : !total)}
            start={(format: ExportFormat) => api.exportList(resource, { filter, columns: shown, format })}
          />
        </Stack>
      </Stack>
      <Paper variant="outlined" component="search" sx={{ p: 2 }} aria-label={translate('portal.reports.filters')}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1.5, alignItems: 'flex-start' }}>
          {filters(controls)}
        </Stack>
      </Paper>
      {error ? (
        // Neither totals nor rows: what failed, why, and a retry (the filter above stays to change).
        <LoadError title={translate('portal.reports.loadFailed')} error={error} onRetry={retry} retrying={isFetching} />
      ) : (
        <>
          {totalsError ? (
            <LoadError title={translate('portal.reports.totalsFailed')} error={totalsError} onRetry={retry} retrying={isFetching} />
          ) : (
            <TotalsBar loading={isPending || !sums} items={totals(sums)} />
          )}
          {sums ? belowTotals?.(sums) : null}
          {isSmall ? (
            <Paper variant="outlined">
              <ReportCards<R> title={title} fields={card} cell={cell} rowLink={rowLink} />
              {!isPending && rows.length === 0 ? (
                <Typography color="text.secondary" sx={{ py: 4, px: 2, textAlign: 'center' }}>
                  {empty}
                </Typography>
              ) : null}
              <Pagination rowsPerPageOptions={PAGE_SIZES} />
            </Paper>
          ) : (
            // A wide table scrolls inside its frame, never the page (amount and status come first in width).
            <Paper variant="outlined" sx={SCROLL_INSIDE}>
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
                {offered.map((c) => (
                  <DataTable.Col<R>
                    key={c.source}
                    source={c.source}
                    label={c.label}
                    align={c.align}
                    disableSort
                    render={c.render}
                    // Figures never break; words and dates wrap so the row fits the screen.
                    sx={c.align === 'right' ? { whiteSpace: 'nowrap' } : undefined}
                  />
                ))}
              </DataTable>
              <Pagination rowsPerPageOptions={PAGE_SIZES} />
            </Paper>
          )}
        </>
      )}
      {/* What follows the list (a report's scheduled files) never widens the page either. */}
      {children ? <Box sx={SCROLL_INSIDE}>{children}</Box> : null}
    </Stack>
  );
}
