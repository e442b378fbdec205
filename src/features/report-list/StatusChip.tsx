import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

const COLORS: Record<string, 'success' | 'warning' | 'error' | 'info' | 'default'> = {
  SUCCESS: 'success',
  SETTLED: 'success',
  READY: 'success',
  PENDING: 'warning',
  PROCESSING: 'warning',
  UNPAID: 'warning',
  ACTIVE: 'info',
  REFUNDED: 'info',
  PARTIALLY_REFUNDED: 'info',
  FAILED: 'error',
  OVERDUE: 'error',
  EXPIRED: 'default',
  CANCELLED: 'default',
};

/** Where the words are: the report lists share theirs; the transaction report has its own. */
const LABELS = {
  report: (status: string) => `portal.reports.statuses.${status}`,
  transaction: (status: string) => `resources.transaction-report.statuses.${status}`,
};

/** A row's status in words, coloured by outcome. */
export function StatusChip({ status, of = 'report' }: { status: string; of?: keyof typeof LABELS }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={COLORS[status] ?? 'default'} label={translate(LABELS[of](status), { _: status })} />;
}
