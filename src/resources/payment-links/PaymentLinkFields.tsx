import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import { formatMoney } from '@/domain/format';
import type { PaymentLink, PaymentLinkStatus } from '@/domain/paymentLinks';
import { getLanguage } from '@/i18n';

const COLORS: Record<PaymentLinkStatus, 'success' | 'info' | 'default' | 'warning'> = {
  ACTIVE: 'info',
  PAID: 'success',
  EXPIRED: 'default',
  DEACTIVATED: 'warning',
};

export function LinkStatusChip({ status }: { status: PaymentLinkStatus }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={translate(`resources.payment-links.statuses.${status}`)} />;
}

/** A fixed amount, or the range an open link lets the payer enter. */
export function useLinkAmount(): (link: Pick<PaymentLink, 'amountType' | 'amount' | 'minAmount' | 'maxAmount'>) => string {
  const translate = useTranslate();
  const lng = getLanguage();
  return (link) =>
    link.amountType === 'FIXED'
      ? formatMoney(link.amount, lng)
      : translate('resources.payment-links.openRange', { min: formatMoney(link.minAmount, lng), max: formatMoney(link.maxAmount, lng) });
}
