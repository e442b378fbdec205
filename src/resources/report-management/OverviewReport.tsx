import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { PageLoader } from '@/components/PageLoader';
import type { OverviewDay } from '@/domain/pageReports';
import { formatNumber } from '@/domain/format';
import { formatDay, type DayRange } from '@/domain/time';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { ChartWithTable, type DataColumn } from '@/components/ChartWithTable';
import { StatCards } from './StatCards';
import { locale, R, reportKey } from './shared';

const K = `${R}.overview`;
const CHART_HEIGHT = 260;

/** report-management/{id}/overview: followers gained and lost, page views, reach and engagement per day. */
export function OverviewReport({ pageId, range }: { pageId: number; range: DayRange }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = locale();
  const { data, isPending, isError } = useQuery({ queryKey: reportKey(pageId, 'overview', range.from, range.to), queryFn: () => api.getPageOverview(pageId, range) });
  if (isPending) return <PageLoader />;
  if (isError) return <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>;
  const { totals, days } = data;
  const n = (v: number) => formatNumber(v, lng);
  const label = (key: string) => translate(`${K}.fields.${key}`);
  const dayColumn: DataColumn<OverviewDay> = { key: 'day', label: label('day'), value: (d) => formatDay(d.day) };
  const column = (key: keyof Omit<OverviewDay, 'day'>): DataColumn<OverviewDay> => ({ key, label: label(key), value: (d) => n(d[key]), numeric: true });
  const xAxis = [{ scaleType: 'band' as const, data: days.map((d) => formatDay(d.day).slice(0, 5)) }];
  const stats = (['followers', 'followersGained', 'followersLost', 'pageViews', 'reach', 'engagements'] as const).map((key) => ({ key, label: label(key), value: n(totals[key]) }));
  return (
    <Stack spacing={2}>
      <StatCards items={stats} label={translate(`${K}.totals`)} />
      <ChartWithTable
        title={translate(`${K}.followersChart`)}
        rows={days}
        rowKey={(d) => d.day}
        columns={[dayColumn, column('followersGained'), column('followersLost')]}
        chart={
          <BarChart
            disableKeyboardNavigation
            height={CHART_HEIGHT}
            xAxis={[{ ...xAxis[0]!, scaleType: 'band' }]}
            series={[
              { data: days.map((d) => d.followersGained), label: label('followersGained') },
              { data: days.map((d) => d.followersLost), label: label('followersLost') },
            ]}
          />
        }
      />
      <ChartWithTable
        title={translate(`${K}.reachChart`)}
        rows={days}
        rowKey={(d) => d.day}
        columns={[dayColumn, column('pageViews'), column('reach'), column('engagements')]}
        chart={
          <LineChart
            disableKeyboardNavigation
            height={CHART_HEIGHT}
            xAxis={[{ scaleType: 'point', data: xAxis[0]!.data }]}
            series={[
              { data: days.map((d) => d.pageViews), label: label('pageViews'), showMark: false },
              { data: days.map((d) => d.reach), label: label('reach'), showMark: false },
              { data: days.map((d) => d.engagements), label: label('engagements'), showMark: false },
            ]}
          />
        }
      />
    </Stack>
  );
}
