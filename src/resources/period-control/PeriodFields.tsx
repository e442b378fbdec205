import { useTranslate } from 'react-admin';
import Chip from '@mui/material/Chip';
import type { PayoutStatus, PeriodStatus } from '@/domain/settlement';

export const R = 'resources.period-control';

const PERIOD_COLORS: Record<PeriodStatus, 'warning' | 'success' | 'error'> = { READY: 'warning', CONFIRMED: 'success', DISPUTED: 'error' };
const PAYOUT_COLORS: Record<PayoutStatus, 'warning' | 'success' | 'error'> = { PENDING: 'warning', PAID: 'success', FAILED: 'error' };

/** A period's status in words (to confirm, confirmed, disputed). */
export function PeriodStatusChip({ status }: { status: PeriodStatus }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={PERIOD_COLORS[status]} label={translate(`${R}.statuses.${status}`)} />;
}

/** A payout's status in words (due, paid, failed); '-' without a payout. */
export function PayoutStatusChip({ status }: { status: PayoutStatus | null }) {
  const translate = useTranslate();
  if (!status) return <>-</>;
  return <Chip size="small" variant="outlined" color={PAYOUT_COLORS[status]} label={translate(`${R}.payoutStatuses.${status}`)} />;
}
