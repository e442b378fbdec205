/** The pager of tables outside react-admin's lists speaks the portal's language, not MUI's English. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, type I18nProvider } from 'react-admin';
import { TablePager } from '@/components/TablePager';
import viRa from '@/i18n/vi/ra.json';

afterEach(cleanup);

const i18nProvider: I18nProvider = {
  translate: (key, options = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], viRa);
    if (typeof found !== 'string') return key;
    return found.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(options[name] ?? ''));
  },
  changeLocale: async () => {},
  getLocale: () => 'vi',
};

describe('TablePager', () => {
  it('shows the range, the page size and the page buttons in Vietnamese', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <TablePager count={45} page={1} rowsPerPage={20} rowsPerPageOptions={[10, 20]} onPageChange={() => {}} onRowsPerPageChange={() => {}} />
      </AdminContext>,
    );
    expect(screen.getByText('21-40 trên 45')).toBeInTheDocument();
    expect(screen.getByText('Số dòng mỗi trang:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Đến trang trước' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Đến trang sau' })).toBeEnabled();
    expect(screen.queryByText(/of 45|Rows per page/)).toBeNull();
  });
});
