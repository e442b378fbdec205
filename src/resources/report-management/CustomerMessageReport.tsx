import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { PageLoader } from '@/components/PageLoader';
import { formatNumber } from '@/domain/format';
import type { DayRange } from '@/domain/time';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { StatCards } from './StatCards';
import { locale, R, reportKey } from './shared';

const K = `${R}.customerMessage`;

/**
 * report-management/{id}/customer-message: conversations, first response and resolution. Until customer
 * messaging exists the server says so (`available: false`) and the screen says it too, instead of zeros.
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
  const { totals } = data;
  const minutes = totals.firstResponseMedianSeconds === null ? '-' : formatNumber(Math.round(totals.firstResponseMedianSeconds / 60), lng);
  const rate = totals.resolutionRate === null ? '-' : translate(`${R}.percent`, { value: formatNumber(Math.round(totals.resolutionRate * 100), lng) });
  return (
    <StatCards
      label={translate(`${K}.totals`)}
      items={[
        { key: 'conversations', label: translate(`${K}.fields.conversations`), value: formatNumber(totals.conversations, lng) },
        { key: 'firstResponse', label: translate(`${K}.fields.firstResponseMinutes`), value: minutes },
        { key: 'resolved', label: translate(`${K}.fields.resolved`), value: formatNumber(totals.resolved, lng) },
        { key: 'resolutionRate', label: translate(`${K}.fields.resolutionRate`), value: rate },
      ]}
    />
  );
}
