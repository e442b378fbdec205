import { Link as RouterLink, useParams } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import { ReportRowShow } from '@/features/report-list';
import { usePathOf } from '@/resourceConfig';

/** A payout (payout-report/{payoutId}): every column, and the way to its settlement period. */
export default function PayoutShow() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const { id = '' } = useParams();
  // The same query ReportRowShow makes (react-query shares it).
  const row = useGetOne('payout-report', { id }, { retry: false });
  const periodId = row.data?.periodId as number | undefined;
  return (
    <>
      <ReportRowShow report="payout-report" />
      {periodId ? (
        <div>
          <Button component={RouterLink} to={pathOf('period-control', 'show', { id: periodId })} startIcon={<EventAvailableOutlined />} variant="outlined">
            {translate('resources.payout-report.openPeriod')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
