import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import { figuresOf } from '@/domain/figures';
import { formatMoney, formatNumber } from '@/domain/format';
import type { TotalsByStatus } from '@/domain/transactionReport';
import { getLanguage } from '@/i18n';

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

/**
 * The filter's sums by status, one chip each: a successful status shows its count and gross amount
 * (`figuresOf`), a failed or pending one its count and that it is not counted in the amounts.
 */
export function StatusTotalsChips({ byStatus, label, of = 'transaction' }: { byStatus: readonly TotalsByStatus[]; label: string; of?: keyof typeof LABELS }) {
  const translate = useTranslate();
  const lng = getLanguage();
  if (byStatus.length === 0) return null;
  return (
    <Stack component="ul" direction="row" spacing={1} aria-label={label} sx={{ flexWrap: 'wrap', rowGap: 1, listStyle: 'none', p: 0, m: 0 }}>
      {byStatus.map((s) => {
        const f = figuresOf([{ ...s, fee: s.fee ?? 0 }]);
        const name = translate(LABELS[of](s.status), { _: s.status });
        const value =
          f.successfulCount > 0
            ? `${formatNumber(s.count, lng)} · ${formatMoney(f.grossAmount, lng)}`
            : `${formatNumber(s.count, lng)} (${translate('portal.reports.figures.notCounted')})`;
        return (
          <li key={s.status}>
            <Chip variant="outlined" color={COLORS[s.status] ?? 'default'} label={`${name}: ${value}`} />
          </li>
        );
      })}
    </Stack>
  );
}
