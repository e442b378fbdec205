import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@mui/x-charts/BarChart';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { PageLoader } from '@/components/PageLoader';
import { formatMoney, formatNumber } from '@/domain/format';
import type { ReconciliationBadgeRow, ReconciliationLinkRow } from '@/domain/pageReports';
import type { DayRange } from '@/domain/time';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { ChartWithTable } from '@/components/ChartWithTable';
import { StatCards } from './StatCards';
import { locale, R, reportKey } from './shared';

const K = `${R}.reconciliation`;

/**
 * report-management/{id}/reconciliation: payments attributed to the page: clicks on the merchant's
 * payment links on the public page, and the payments on those links within the attribution window;
 * then, per badge of the page, the payments its holders made after earning it.
 */
export function ReconciliationReport({ pageId, range }: { pageId: number; range: DayRange }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = locale();
  const { data, isPending, isError } = useQuery({
    queryKey: reportKey(pageId, 'reconciliation', range.from, range.to),
    queryFn: () => api.getPageReconciliation(pageId, range),
  });
  if (isPending) return <PageLoader />;
  if (isError) return <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>;
  const label = (key: string) => translate(`${K}.fields.${key}`);
  return (
    <Stack spacing={2}>
      <Alert severity="info">{translate(`${K}.attribution`, { days: data.windowDays })}</Alert>
      <StatCards
        label={translate(`${K}.totals`)}
        items={[
          { key: 'clicks', label: label('clicks'), value: formatNumber(data.totals.clicks, lng) },
          { key: 'payments', label: label('payments'), value: formatNumber(data.totals.payments, lng) },
          { key: 'amount', label: label('amount'), value: formatMoney(data.totals.amount, lng) },
        ]}
      />
      {data.links.length === 0 ? (
        <Alert severity="info">{translate(`${K}.empty`)}</Alert>
      ) : (
        <ChartWithTable<ReconciliationLinkRow>
          title={translate(`${K}.chart`)}
          rows={data.links}
          rowKey={(l) => l.paymentLinkId}
          columns={[
            { key: 'title', label: label('title'), value: (l) => `${l.title} (${l.code})` },
            { key: 'clicks', label: label('clicks'), value: (l) => formatNumber(l.clicks, lng), numeric: true },
            { key: 'payments', label: label('payments'), value: (l) => formatNumber(l.payments, lng), numeric: true },
            { key: 'amount', label: label('amount'), value: (l) => formatMoney(l.amount, lng), numeric: true },
          ]}
          chart={
            <BarChart
              disableKeyboardNavigation
              height={240}
              xAxis={[{ scaleType: 'band', data: data.links.map((l) => l.code) }]}
              series={[
                { data: data.links.map((l) => l.clicks), label: label('clicks') },
                { data: data.links.map((l) => l.payments), label: label('payments') },
              ]}
            />
          }
        />
      )}
      {data.badges.length === 0 ? (
        <Alert severity="info">{translate(`${K}.noBadges`)}</Alert>
      ) : (
        <ChartWithTable<ReconciliationBadgeRow>
          title={translate(`${K}.badgesChart`)}
          rows={data.badges}
          rowKey={(b) => b.badgeId}
          columns={[
            { key: 'badge', label: label('badge'), value: (b) => b.name },
            { key: 'holders', label: label('holders'), value: (b) => formatNumber(b.holders, lng), numeric: true },
            { key: 'payments', label: label('payments'), value: (b) => formatNumber(b.payments, lng), numeric: true },
            { key: 'amount', label: label('amount'), value: (b) => formatMoney(b.amount, lng), numeric: true },
          ]}
          chart={
            <BarChart
              disableKeyboardNavigation
              height={240}
              xAxis={[{ scaleType: 'band', data: data.badges.map((b) => b.name) }]}
              series={[{ data: data.badges.map((b) => b.payments), label: label('payments') }]}
            />
          }
        />
      )}
    </Stack>
  );
}
