/** The shared paged table: its rows under their headers, paging, and its empty state only once loaded. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, type I18nProvider } from 'react-admin';
import { createInstance } from 'i18next';
import { PagedTable, usePaging, type PagedColumn } from '@/components/PagedTable';
import viRa from '@/i18n/vi/ra.json';

afterEach(cleanup);

const instance = createInstance();
void instance.init({ lng: 'vi', resources: { vi: { ra: viRa } }, ns: ['ra'], defaultNS: 'ra', interpolation: { escapeValue: false }, initImmediate: false });
const i18nProvider: I18nProvider = { translate: (key, options) => String(instance.t(key, options)), changeLocale: async () => {}, getLocale: () => 'vi' };

interface Row {
  id: number;
  amount: number;
}
const ALL: Row[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, amount: (i + 1) * 1000 }));
const columns: PagedColumn<Row>[] = [
  { key: 'id', header: 'Mã', cell: (r) => `#${r.id}` },
  { key: 'amount', header: 'Số tiền', align: 'right', cell: (r) => r.amount },
];

function Harness({ rows }: { rows: Row[] | undefined }) {
  const paging = usePaging(20);
  const page = rows?.slice(paging.page * paging.pageSize, (paging.page + 1) * paging.pageSize);
  return (
    <AdminContext i18nProvider={i18nProvider}>
      <PagedTable label="Kỳ" columns={columns} rows={page} rowKey={(r) => r.id} rowProps={(r) => ({ 'data-testid': `row-${r.id}` })} emptyText="Không có kỳ nào" total={rows?.length ?? 0} paging={paging} />
    </AdminContext>
  );
}

describe('PagedTable', () => {
  it('shows the page rows under their headers and pages through them', () => {
    render(<Harness rows={ALL} />);
    const table = screen.getByRole('table', { name: 'Kỳ' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Mã', 'Số tiền']);
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByTestId('row-1')).toHaveTextContent('#11000');
    expect(screen.getByText('1-20 trên 45')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Đến trang sau' }));
    expect(screen.getByText('21-40 trên 45')).toBeInTheDocument();
    expect(screen.queryByTestId('row-1')).toBeNull();
    expect(screen.getByTestId('row-21')).toBeInTheDocument();
  });

  it('says the set is empty only once it has loaded', () => {
    const { rerender } = render(<Harness rows={undefined} />);
    expect(screen.queryByText('Không có kỳ nào')).toBeNull();
    rerender(<Harness rows={[]} />);
    const cell = screen.getByText('Không có kỳ nào').closest('td');
    expect(cell).toHaveAttribute('colspan', '2');
  });
});
