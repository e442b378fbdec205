import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PagedTable, usePaging, type PagedColumn } from '@/components/PagedTable';
import { formatMoney } from '@/domain/format';
import { PERIOD_STATUSES, type PeriodRow, type PeriodStatus } from '@/domain/settlement';
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
  const paging = usePaging();
  const { page, pageSize } = paging;
  const periods = useQuery({
    queryKey: ['period-control', 'list', range, status, page, pageSize],
    queryFn: () => api.listPeriods({ fromDate: range.from, toDate: range.to, status, pageNumber: page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const title = translate(`${R}.name`);
  const columns: PagedColumn<PeriodRow>[] = [
    {
      key: 'day',
      header: translate(`${R}.fields.day`),
      cell: (p) => (
        <Link component={RouterLink} to={pathOf('period-control', 'show', { id: p.id })}>
          {formatDay(p.day)}
        </Link>
      ),
    },
    { key: 'status', header: translate(`${R}.fields.status`), cell: (p) => <PeriodStatusChip status={p.status} /> },
    ...MONEY.map((key) => ({
      key,
      header: translate(`${R}.fields.${key}`),
      align: 'right' as const,
      cell: (p: PeriodRow) => (p[key] === null ? '-' : formatMoney(p[key], lng)),
    })),
    { key: 'payoutStatus', header: translate(`${R}.fields.payoutStatus`), cell: (p) => <PayoutStatusChip status={p.payoutStatus} /> },
    { key: 'bankReference', header: translate(`${R}.fields.bankReference`), cell: (p) => p.bankReference ?? '-' },
  ];
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
              paging.reset();
            }}
          />
          <MultiSelect
            label={translate('portal.reports.status')}
            value={status}
            choices={PERIOD_STATUSES.map((s) => ({ id: s, name: translate(`${R}.statuses.${s}`) }))}
            onChange={(next) => {
              setStatus(next as PeriodStatus[]);
              paging.reset();
            }}
          />
        </Stack>
      </Paper>
      {periods.isError ? <Alert severity="warning">{translate('portal.reports.loadFailed')}</Alert> : null}
      <Paper variant="outlined">
        <PagedTable
          label={title}
          columns={columns}
          rows={periods.data?.content}
          rowKey={(p) => p.id}
          rowProps={() => ({ hover: true, 'data-testid': 'period-row' })}
          emptyText={translate(`${R}.empty`)}
          total={periods.data?.totalElements ?? 0}
          paging={paging}
        />
      </Paper>
    </Stack>
  );
}
