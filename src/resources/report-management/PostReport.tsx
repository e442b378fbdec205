import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BarChart } from '@mui/x-charts/BarChart';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { TablePager } from '@/components/TablePager';
import { PAGE_SIZES } from '@/domain/api';
import { formatDateTime, formatNumber } from '@/domain/format';
import type { PostReportSortField } from '@/domain/pageReports';
import type { DayRange } from '@/domain/time';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { locale, R, reportKey } from './shared';

const K = `${R}.post`;
const FIGURES = ['reach', 'views', 'reactions', 'comments', 'clicks'] as const;

/**
 * report-management/{id}/post: posts published in the range with their reach, views, reactions, comments
 * and clicks, sortable and paged. The table is the data; the chart of reach beside it repeats its rows.
 */
export function PostReport({ pageId, range }: { pageId: number; range: DayRange }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = locale();
  const [sort, setSort] = useState<{ field: PostReportSortField; order: 'ASC' | 'DESC' }>({ field: 'publishedAt', order: 'DESC' });
  const [pageNumber, setPageNumber] = useState(0);
  const [pageSize, setPageSize] = useState<number>(10);
  const { data, isPending, isError } = useQuery({
    queryKey: reportKey(pageId, 'post', range.from, range.to, sort.field, sort.order, pageNumber, pageSize),
    queryFn: () => api.getPostReport(pageId, range, { pageNumber, pageSize, sort }),
    placeholderData: keepPreviousData,
  });
  if (isPending) return <PageLoader />;
  if (isError) return <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>;
  const sortBy = (field: PostReportSortField) => {
    setSort({ field, order: sort.field === field && sort.order === 'DESC' ? 'ASC' : 'DESC' });
    setPageNumber(0);
  };
  const header = (field: PostReportSortField, numeric = true) => (
    <TableCell key={field} align={numeric ? 'right' : 'left'} sortDirection={sort.field === field ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
      <TableSortLabel active={sort.field === field} direction={sort.field === field && sort.order === 'ASC' ? 'asc' : 'desc'} onClick={() => sortBy(field)}>
        {translate(`${K}.fields.${field}`)}
      </TableSortLabel>
    </TableCell>
  );
  if (!data.totalElements) return <Alert severity="info">{translate(`${K}.empty`)}</Alert>;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} aria-hidden>
        <Typography variant="subtitle1">{translate(`${K}.reachChart`)}</Typography>
        <BarChart
          disableKeyboardNavigation
          height={240}
          xAxis={[{ scaleType: 'band', data: data.content.map((p) => `#${p.postId}`) }]}
          series={[{ data: data.content.map((p) => p.reach), label: translate(`${K}.fields.reach`) }]}
        />
      </Paper>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('resources.report-post.name')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${K}.fields.post`)}</TableCell>
              {header('publishedAt', false)}
              {FIGURES.map((f) => header(f))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.content.map((p) => (
              <TableRow key={p.postId}>
                <TableCell sx={{ minWidth: 200 }}>
                  <Typography variant="body2">{p.excerpt || translate(`${K}.imageOnly`)}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {translate(`${K}.postNumber`, { id: p.postId })}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.publishedAt ? formatDateTime(p.publishedAt) : '-'}</TableCell>
                {FIGURES.map((f) => (
                  <TableCell key={f} align="right">
                    {formatNumber(p[f], lng)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePager
          count={data.totalElements}
          page={pageNumber}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_, next) => setPageNumber(next)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPageNumber(0);
          }}
        />
      </Paper>
    </Stack>
  );
}
