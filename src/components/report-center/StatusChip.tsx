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
  FAILED: 'error',
  OVERDUE: 'error',
  EXPIRED: 'default',
  CANCELLED: 'default',
};

/** A report row's status in words, coloured by outcome. */
export function StatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={COLORS[status] ?? 'default'} label={translate(`portal.reportCenter.statuses.${status}`, { _: status })} />;
}
