import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { TransactionStatus } from '@/domain/transactionReport';

const COLORS: Record<TransactionStatus, 'success' | 'warning' | 'error' | 'info' | 'default'> = {
  SUCCESS: 'success',
  PENDING: 'warning',
  FAILED: 'error',
  REFUNDED: 'info',
  PARTIALLY_REFUNDED: 'info',
};

export function StatusChip({ status }: { status: TransactionStatus }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={translate(`resources.transaction-report.statuses.${status}`)} />;
}
