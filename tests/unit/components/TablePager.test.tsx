/** The pager of tables outside react-admin's lists speaks the portal's language, not MUI's English. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, type I18nProvider } from 'react-admin';
import { TablePager } from '@/components/TablePager';
import { createInstance } from 'i18next';
import viRa from '@/i18n/vi/ra.json';
import enRa from '@/i18n/en/ra.json';

afterEach(cleanup);

/** react-admin's translate over a real i18next with the real ra.json, so `{{total, number}}` formats as it does in the app. */
function providerFor(lng: 'vi' | 'en'): I18nProvider {
  const instance = createInstance();
  void instance.init({ lng, resources: { vi: { ra: viRa }, en: { ra: enRa } }, ns: ['ra'], defaultNS: 'ra', interpolation: { escapeValue: false }, initImmediate: false });
  return { translate: (key, options) => String(instance.t(key, options)), changeLocale: async () => {}, getLocale: () => lng };
}
const i18nProvider = providerFor('vi');

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

  it('groups thousands the way each language writes them', () => {
    render(
      <AdminContext i18nProvider={providerFor('vi')}>
        <TablePager count={12345} page={60} rowsPerPage={20} rowsPerPageOptions={[20]} onPageChange={() => {}} onRowsPerPageChange={() => {}} />
      </AdminContext>,
    );
    expect(screen.getByText('1.201-1.220 trên 12.345')).toBeInTheDocument();
    cleanup();
    render(
      <AdminContext i18nProvider={providerFor('en')}>
        <TablePager count={12345} page={60} rowsPerPage={20} rowsPerPageOptions={[20]} onPageChange={() => {}} onRowsPerPageChange={() => {}} />
      </AdminContext>,
    );
    expect(screen.getByText('1,201-1,220 of 12,345')).toBeInTheDocument();
  });
});
