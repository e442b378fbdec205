/** The SHOW_POPUP_NOTIFY_PAYOUT notice (src/layout/PayoutNotice.tsx). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Merchant } from '@/domain/api';
import { PayoutNotice } from '@/layout/PayoutNotice';
import { ResourceListProvider } from '@/resourceConfig';
import { resources } from '@/resources';
import { clearPortalStorage, secureLocal, StorageKeys } from '@/storage';
import { createTestI18n } from '../portal/helpers/i18n';

const merchant = (patch: Partial<Merchant> = {}): Merchant => ({
  id: 2,
  partnerCode: 'MC_PHOVIET',
  name: 'Công ty Cổ phần Phở Việt',
  brandName: 'Phở Việt',
  type: 'TOP_BRAND',
  stateCode: 210,
  relationshipRole: 'MASTER_MERCHANT',
  linkedWithMaster: false,
  internalGroup: null,
  todoActions: ['SHOW_POPUP_NOTIFY_PAYOUT'],
  roles: ['MERCHANT_OWNER'],
  ...patch,
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderNotice(lng: 'vi' | 'en' = 'vi') {
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <ResourceListProvider resources={resources}>
        <MemoryRouter initialEntries={['/app/welcome']}>
          <PayoutNotice />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </ResourceListProvider>
    </I18nextProvider>,
  );
}

beforeEach(() => clearPortalStorage());
afterEach(cleanup);

describe('PayoutNotice', () => {
  it('asks the owner to check the payout settings and opens the payout tab', async () => {
    secureLocal.set(StorageKeys.currentMerchant, merchant());
    renderNotice();
    const dialog = screen.getByRole('dialog', { name: 'Cập nhật thông tin nhận tiền' });
    expect(dialog).toHaveAccessibleDescription(/Vui lòng kiểm tra và cập nhật thông tin nhận tiền/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Kiểm tra ngay' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/app/merchant-info?tab=payout');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"later" hides it for the rest of the session', async () => {
    secureLocal.set(StorageKeys.currentMerchant, merchant());
    renderNotice('en');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    cleanup();
    renderNotice();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/app/welcome');
  });

  it('is not shown without the todo, nor to someone who cannot change the settings', () => {
    secureLocal.set(StorageKeys.currentMerchant, merchant({ todoActions: ['SIGN_CONTRACT'] }));
    renderNotice();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    cleanup();
    secureLocal.set(StorageKeys.currentMerchant, merchant({ roles: ['MERCHANT_ACCOUNTANT'] }));
    renderNotice();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
