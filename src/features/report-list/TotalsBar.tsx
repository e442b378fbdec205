import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatMoney, formatNumber } from '@/domain/format';
import type { TransactionTotals } from '@/domain/transactionReport';
import { getLanguage } from '@/i18n';

export interface TotalsItem {
  label: string;
  value: string;
  /** Smaller line under the value (e.g. the per-status breakdown). */
  detail?: string;
}

/** The filtered set's totals above a report list. */
export function TotalsBar({ items, loading }: { items: TotalsItem[]; loading?: boolean }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-label={translate('portal.reports.totals.label')} aria-busy={loading} sx={{ p: 2 }}>
      <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        {items.map((item) => (
          <div key={item.label}>
            <Typography variant="body2" color="text.secondary">
              {item.label}
            </Typography>
            <Typography variant="h6" component="p" data-testid={`total-${item.label}`}>
              {loading ? '…' : item.value}
            </Typography>
            {item.detail ? (
              <Typography variant="caption" color="text.secondary">
                {item.detail}
              </Typography>
            ) : null}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** The money figures of src/domain/figures.ts as a list's totals; fee and net null when the caller sees no fees. */
export type FigureTotals = Pick<TransactionTotals, 'successfulCount' | 'refundedCount' | 'grossAmount' | 'refundedAmount' | 'fee' | 'netAmount'> & {
  /** Rows the filter selects, every status (a list's totals). */
  count?: number;
};

/**
 * The figures as totals items, each labelled with what it counts: the rows of every status (lists),
 * successful payments (refunded ones included, and how many), gross, refunds, then fees and net unless
 * the caller may not see fees.
 */
export function useFigureItems(): (totals: FigureTotals | undefined) => TotalsItem[] {
  const translate = useTranslate();
  const lng = getLanguage();
  const label = (key: string) => translate(`portal.reports.figures.${key}`);
  return (t) => {
    const items: TotalsItem[] = [];
    if (t?.count !== undefined) items.push({ label: label('count'), value: formatNumber(t.count, lng), detail: label('allStatuses') });
    items.push(
      {
        label: label('successful'),
        value: formatNumber(t?.successfulCount ?? 0, lng),
        detail: translate('portal.reports.figures.refundedIncluded', { count: formatNumber(t?.refundedCount ?? 0, lng) }),
      },
      { label: label('gross'), value: formatMoney(t?.grossAmount ?? 0, lng), detail: label('grossDetail') },
      { label: label('refunds'), value: formatMoney(t?.refundedAmount ?? 0, lng) },
    );
    if (t && t.fee !== null && t.netAmount !== null) {
      items.push(
        { label: label('fees'), value: formatMoney(t.fee, lng), detail: label('feesDetail') },
        { label: label('net'), value: formatMoney(t.netAmount, lng), detail: label('netDetail') },
      );
    }
    return items;
  };
}
