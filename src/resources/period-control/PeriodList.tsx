import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { TablePager } from '@/components/TablePager';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/domain/api';
import { formatMoney } from '@/domain/format';
import { PERIOD_STATUSES, type PeriodStatus } from '@/domain/settlement';
import { formatDay, presetRange, vietnamToday, type DayRange } from '@/domain/time';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { DateRangeFilter, MultiSelect } from '@/features/report-list';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { PayoutStatusChip, PeriodStatusChip, R } from './PeriodFields';

const MONEY = ['grossAmount', 'refundedAmount', 'feeAmount', 'netAmount', 'paidOutAmount'] as const;

/** Period control (period-control): the settlement periods of a date range with their figures and payout. */
export default function PeriodList() {
  const translate = useTranslate();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const lng = getLanguage();
  const [range, setRange] = useState<DayRange>(() => presetRange('last30Days', vietnamToday()));
  const [status, setStatus] = useState<PeriodStatus[]>([]);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const periods = useQuery({
    queryKey: ['period-control', 'list', range, status, page, pageSize],
    queryFn: () => api.listPeriods({ fromDate: range.from, toDate: range.to, status, pageNumber: page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const title = translate(`${R}.name`);
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={title} />
      <Typography color="text.secondary">{translate(`${R}.intro`)}</Typography>
      <Paper variant="outlined" component="search" sx={{ p: 2 }} aria-label={translate('portal.reports.filters')}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1.5, alignItems: 'flex-start' }}>
          <DateRangeFilter
            value={range}
            onChange={(next) => {
              setRange(next);
              setPage(0);
            }}
          />
          <MultiSelect
            label={translate('portal.reports.status')}
            value={status}
            choices={PERIOD_STATUSES.map((s) => ({ id: s, name: translate(`${R}.statuses.${s}`) }))}
            onChange={(next) => {
              setStatus(next as PeriodStatus[]);
              setPage(0);
            }}
          />
        </Stack>
      </Paper>
      {periods.isError ? <Alert severity="warning">{translate('portal.reports.loadFailed')}</Alert> : null}
      <Paper variant="outlined">
        <Box sx={{ position: 'relative', overflowX: 'auto', width: 0, minWidth: '100%' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${R}.fields.day`)}</TableCell>
                <TableCell>{translate(`${R}.fields.status`)}</TableCell>
                {MONEY.map((key) => (
                  <TableCell key={key} align="right">
                    {translate(`${R}.fields.${key}`)}
                  </TableCell>
                ))}
                <TableCell>{translate(`${R}.fields.payoutStatus`)}</TableCell>
                <TableCell>{translate(`${R}.fields.bankReference`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {periods.data?.content.map((p) => (
                <TableRow key={p.id} hover data-testid="period-row">
                  <TableCell>
                    <Link component={RouterLink} to={pathOf('period-control', 'show', { id: p.id })}>
                      {formatDay(p.day)}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <PeriodStatusChip status={p.status} />
                  </TableCell>
                  {MONEY.map((key) => (
                    <TableCell key={key} align="right">
                      {p[key] === null ? '-' : formatMoney(p[key], lng)}
                    </TableCell>
                  ))}
                  <TableCell>
                    <PayoutStatusChip status={p.payoutStatus} />
                  </TableCell>
                  <TableCell>{p.bankReference ?? '-'}</TableCell>
                </TableRow>
              ))}
              {periods.data && periods.data.content.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={MONEY.length + 4}>
                    <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                      {translate(`${R}.empty`)}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </Box>
        <TablePager
          count={periods.data?.totalElements ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, next) => setPage(next)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </Paper>
    </Stack>
  );
}
