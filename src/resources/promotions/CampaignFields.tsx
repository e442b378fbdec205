import { useRecordContext, useTranslate } from 'react-admin';
import Chip from '@mui/material/Chip';
import { formatDate, formatMoney } from '@/domain/format';
import type { CampaignStatus, PromotionCampaign } from '@/domain/promotions';
import { getLanguage } from '@/i18n';

const STATUS_COLORS: Record<CampaignStatus, 'info' | 'success' | 'default' | 'error'> = {
  UPCOMING: 'info',
  RUNNING: 'success',
  ENDED: 'default',
  CANCELLED: 'error',
};

export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLORS[status]} label={translate(`resources.promotions.status.${status}`)} />;
}

/** Money in whole đồng, grouped for the user's language. */
export const money = (amount: number) => formatMoney(amount, getLanguage());

/** A campaign's first and last day, DD/MM/YYYY (Vietnam days). */
export const period = (c: Pick<PromotionCampaign, 'startDate' | 'endDate'>) => `${formatDate(c.startDate)} – ${formatDate(c.endDate)}`;

export function StatusField() {
  const record = useRecordContext<PromotionCampaign>();
  return record ? <CampaignStatusChip status={record.status} /> : null;
}

export function PeriodField() {
  const record = useRecordContext<PromotionCampaign>();
  return record ? <>{period(record)}</> : null;
}

export function BudgetField() {
  const record = useRecordContext<PromotionCampaign>();
  return record ? <>{money(record.budget)}</> : null;
}

export function SpentField() {
  const record = useRecordContext<PromotionCampaign>();
  return record ? <>{money(record.spentAmount)}</> : null;
}
