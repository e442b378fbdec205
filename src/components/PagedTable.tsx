import { useCallback, useState, type HTMLAttributes, type ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/domain/api';
import { ScrollRegion } from './ScrollRegion';
import { TablePager } from './TablePager';

/** Page state of a table outside react-admin's lists; `reset` goes back to the first page (a filter changed). */
export interface Paging {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  reset: () => void;
}

export function usePaging(initialPageSize: number = DEFAULT_PAGE_SIZE): Paging {
  const [page, setPage] = useState(0);
  const [pageSize, setSize] = useState(initialPageSize);
  const setPageSize = useCallback((size: number) => {
    setSize(size);
    setPage(0);
  }, []);
  const reset = useCallback(() => setPage(0), []);
  return { page, pageSize, setPage, setPageSize, reset };
}

export interface PagedColumn<T> {
  key: string;
  header: ReactNode;
  align?: 'right';
  cell: (row: T) => ReactNode;
}

interface PagedTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly PagedColumn<T>[];
  /** The page's rows; undefined while the first page loads (no empty state then). */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** Extra attributes of a row (a test id, `hover`). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { hover?: boolean; 'data-testid'?: string };
  emptyText: string;
  total: number;
  paging: Paging;
}

/**
 * A table with the portal's pager and empty state, for the screens that page their own query (settlement
 * periods, months, the operator's queues, a link's payments). It scrolls sideways inside its own focusable,
 * labelled region, so a wide table never widens the page at 360 px.
 */
export function PagedTable<T>({ label, columns, rows, rowKey, rowProps, emptyText, total, paging }: PagedTableProps<T>) {
  return (
    <>
      <ScrollRegion label={label}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((row) => (
              <TableRow key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>
                    {c.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </ScrollRegion>
      <Pager paging={paging} total={total} />
    </>
  );
}

/** The portal's pager driven by a usePaging state, for paged content that is not a PagedTable. */
export function Pager({ paging, total }: { paging: Paging; total: number }) {
  return (
    <TablePager
      count={total}
      page={paging.page}
      rowsPerPage={paging.pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_e, next) => paging.setPage(next)}
      onRowsPerPageChange={(e) => paging.setPageSize(Number(e.target.value))}
    />
  );
}
