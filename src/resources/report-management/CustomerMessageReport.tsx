import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@mui/x-charts/BarChart';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { PageLoader } from '@/components/PageLoader';
import { formatNumber } from '@/domain/format';
import type { CustomerMessageDay } from '@/domain/pageReports';
import { formatDay, type DayRange } from '@/domain/time';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { ChartWithTable, type DataColumn } from '@/components/ChartWithTable';
import { StatCards } from './StatCards';
import { locale, R, reportKey } from './shared';

const K = `${R}.customerMessage`;
const CHART_HEIGHT = 260;

/**
 * report-management/{id}/customer-message: the page's live chat per Vietnam day: conversations started and
 * how many of them are resolved, messages in (customers) and out (staff, notes not counted), and the
 * median first response, as cards, charts and their tables.
 */
export function CustomerMessageReport({ pageId, range }: { pageId: number; range: DayRange }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = locale();
  const { data, isPending, isError } = useQuery({
    queryKey: reportKey(pageId, 'customer-message', range.from, range.to),
    queryFn: () => api.getCustomerMessageReport(pageId, range),
  });
  if (isPending) return <PageLoader />;
  if (isError) return <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>;
  if (!data.available || !data.totals) {
    return (
      <Alert severity="info">
        <AlertTitle>{translate(`${K}.unavailableTitle`)}</AlertTitle>
        {translate(`${K}.unavailable`)}
      </Alert>
    );
  }
  const { totals, days } = data;
  const n = (v: number) => formatNumber(v, lng);
  const label = (key: string) => translate(`${K}.fields.${key}`);
  const duration = (seconds: number | null) =>
    seconds === null ? '-' : translate(`${K}.duration`, { minutes: n(Math.floor(seconds / 60)), seconds: n(seconds % 60) });
  const rate = totals.resolutionRate === null ? '-' : translate(`${R}.percent`, { value: formatNumber(Math.round(totals.resolutionRate * 100), lng) });
  const dayColumn: DataColumn<CustomerMessageDay> = { key: 'day', label: label('day'), value: (d) => formatDay(d.day) };
  const column = (key: 'conversations' | 'resolved' | 'messagesIn' | 'messagesOut'): DataColumn<CustomerMessageDay> => ({
    key,
    label: label(key),
    value: (d) => n(d[key]),
    numeric: true,
  });
  const xAxis = { scaleType: 'band' as const, data: days.map((d) => formatDay(d.day).slice(0, 5)) };
  return (
    <Stack spacing={2}>
      <StatCards
        label={translate(`${K}.totals`)}
        items={[
          { key: 'conversations', label: label('conversations'), value: n(totals.conversations) },
          { key: 'messagesIn', label: label('messagesIn'), value: n(totals.messagesIn) },
          { key: 'messagesOut', label: label('messagesOut'), value: n(totals.messagesOut) },
          { key: 'firstResponse', label: label('firstResponse'), value: duration(totals.firstResponseMedianSeconds) },
          { key: 'resolved', label: label('resolved'), value: n(totals.resolved) },
          { key: 'resolutionRate', label: label('resolutionRate'), value: rate },
        ]}
      />
      <ChartWithTable
        title={translate(`${K}.messagesChart`)}
        rows={days}
        rowKey={(d) => d.day}
        columns={[dayColumn, column('messagesIn'), column('messagesOut')]}
        chart={
          <BarChart
            disableKeyboardNavigation
            height={CHART_HEIGHT}
            xAxis={[xAxis]}
            series={[
              { data: days.map((d) => d.messagesIn), label: label('messagesIn') },
              { data: days.map((d) => d.messagesOut), label: label('messagesOut') },
            ]}
          />
        }
      />
      <ChartWithTable
        title={translate(`${K}.conversationsChart`)}
        rows={days}
        rowKey={(d) => d.day}
        columns={[dayColumn, column('conversations'), column('resolved'), { key: 'firstResponse', label: label('firstResponse'), value: (d) => duration(d.firstResponseMedianSeconds) }]}
        chart={
          <BarChart
            disableKeyboardNavigation
            height={CHART_HEIGHT}
            xAxis={[xAxis]}
            series={[
              { data: days.map((d) => d.conversations), label: label('conversations') },
              { data: days.map((d) => d.resolved), label: label('resolved') },
            ]}
          />
        }
      />
    </Stack>
  );
}
