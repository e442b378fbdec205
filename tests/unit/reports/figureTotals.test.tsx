/** The report totals and status chips say what each figure counts, and hide fees and net when the server withholds them. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, type I18nProvider } from 'react-admin';
import { TotalsBar, useFigureItems, type FigureTotals } from '@/features/report-list/TotalsBar';
import { StatusTotalsChips } from '@/features/report-list/StatusChip';
import { formatMoney } from '@/domain/format';
import type { TotalsByStatus } from '@/domain/transactionReport';
import viPortal from '@/i18n/vi/portal.json';

/** The portal's Vietnamese strings with i18next's {{name}} interpolation. */
const i18nProvider: I18nProvider = {
  translate: (key, options = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], viPortal);
    if (typeof found !== 'string') return (options._ as string | undefined) ?? key;
    return found.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(options[name] ?? ''));
  },
  changeLocale: async () => {},
  getLocale: () => 'vi',
};

function Totals({ totals }: { totals: FigureTotals }) {
  const items = useFigureItems()(totals);
  return <TotalsBar items={items} />;
}

const totals: FigureTotals = {
  count: 130,
  successfulCount: 113,
  refundedCount: 10,
  grossAmount: 6_770_000,
  refundedAmount: 500_000,
  fee: 68_970,
  netAmount: 6_770_000 - 500_000 - 68_970,
};

const figures = viPortal.portal.reports.figures;
const value = (label: string) => screen.getByTestId(`total-${label}`).textContent;

afterEach(cleanup);

describe('figure totals', () => {
  it('shows rows, successful payments with the refunded ones they include, gross, refunds, fees and net', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Totals totals={totals} />
      </AdminContext>,
    );
    expect(value(figures.count)).toBe('130');
    expect(value(figures.successful)).toBe('113');
    expect(screen.getByText('Gồm 10 giao dịch đã hoàn tiền')).toBeInTheDocument();
    expect(value(figures.gross)).toBe(formatMoney(6_770_000));
    expect(value(figures.refunds)).toBe(formatMoney(500_000));
    expect(value(figures.fees)).toBe(formatMoney(68_970));
    expect(value(figures.net)).toBe('6.201.030 đ');
    expect(screen.getByText(figures.netDetail)).toBeInTheDocument();
  });

  it('hides fees and net when the server withholds them (store roles)', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Totals totals={{ ...totals, fee: null, netAmount: null }} />
      </AdminContext>,
    );
    expect(value(figures.gross)).toBe(formatMoney(6_770_000));
    expect(screen.queryByTestId(`total-${figures.fees}`)).toBeNull();
    expect(screen.queryByTestId(`total-${figures.net}`)).toBeNull();
  });

  it('chips: a successful status with its gross, a failed or pending one not counted in the amounts', () => {
    const byStatus: TotalsByStatus[] = [
      { status: 'FAILED', count: 7, amount: 900_000, fee: 0, refundedAmount: 0 },
      { status: 'PARTIALLY_REFUNDED', count: 4, amount: 1_000_000, fee: null, refundedAmount: 400_000 },
      { status: 'SUCCESS', count: 103, amount: 5_000_000, fee: null, refundedAmount: 0 },
    ];
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <StatusTotalsChips byStatus={byStatus} label="Theo trạng thái" />
      </AdminContext>,
    );
    const list = within(screen.getByRole('list', { name: 'Theo trạng thái' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Thất bại: 7 (không tính vào tổng tiền)',
      'Hoàn tiền một phần: 4 · 1.000.000 đ',
      'Thành công: 103 · 5.000.000 đ',
    ]);
  });
});
