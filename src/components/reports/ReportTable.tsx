import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatNumber } from '@/domain/format';
import { getLanguage } from '@/i18n';
import { PAGE_SIZES } from '@/domain/api';

/**
 * The table of a report list: the chosen columns (money right-aligned), the page's rows, an empty
 * message, and server-side paging with the §9 page sizes.
 */
export function ReportTable<R extends { id: string | number }>({
  label,
  busy,
  loading,
  columns,
  rightAligned,
  header,
  cell,
  rows,
  empty,
  total,
  pageNumber,
  pageSize,
  onPageNumber,
  onPageSize,
}: {
  label: string;
  busy: boolean;
  loading: boolean;
  columns: readonly string[];
  rightAligned: (column: string) => boolean;
  header: (column: string) => ReactNode;
  cell: (row: R, column: string) => ReactNode;
  rows: readonly R[];
  empty: string;
  total: number;
  pageNumber: number;
  pageSize: number;
  onPageNumber: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const translate = useTranslate();
  const lng = getLanguage();
  const align = (column: string) => (rightAligned(column) ? 'right' : 'left');
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label} aria-busy={busy}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} align={align(column)}>
                  {header(column)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                {columns.map((column) => (
                  <TableCell key={column} align={align(column)} sx={{ whiteSpace: 'nowrap' }}>
                    {cell(row, column)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {!loading && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                    {empty}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={pageNumber}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        labelDisplayedRows={({ from, to, count }) =>
          translate('portal.reports.displayedRows', { from: formatNumber(from, lng), to: formatNumber(to, lng), count: formatNumber(count, lng) })
        }
        onPageChange={(_event, page) => onPageNumber(page)}
        onRowsPerPageChange={(event) => onPageSize(Number(event.target.value))}
      />
    </Paper>
  );
}
