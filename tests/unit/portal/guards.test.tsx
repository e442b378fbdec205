import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { clearPortalStorage, secureLocal, StorageKeys } from '@/storage';
import { getWantedPath } from '@/authProvider/session';
import { RedirectIfSignedIn, RequireAuth, RequireMerchant } from '@/pages/guards';
import { buildMerchant } from './helpers/builders';
import { renderWithProviders } from './helpers/wrapper';

function Where() {
  return (
    <Routes>
      <Route
        path="/app/*"
        element={
          <RequireAuth>
            <RequireMerchant>
              <p>app content</p>
            </RequireMerchant>
          </RequireAuth>
        }
      />
      <Route
        path="/auth/login"
        element={
          <RedirectIfSignedIn>
            <p>login form</p>
          </RedirectIfSignedIn>
        }
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );
}

function LocationProbe() {
  return <p data-testid="at">{window.location.pathname}</p>;
}

const signIn = () =>
  secureLocal.set(StorageKeys.auth, { token: 't', username: 'owner_demo', name: 'An', email: null, phoneNumber: null, isLoginSSO: false });
const choose = (merchant = buildMerchant()) => {
  secureLocal.set(StorageKeys.common, { merchantId: merchant.id });
  secureLocal.set(StorageKeys.currentMerchant, merchant);
};

beforeEach(() => clearPortalStorage());
afterEach(cleanup);

describe('route guards (spec §2)', () => {
  it('/app without a token → login, keeping the wanted path', async () => {
    const { router } = renderWithProviders(<Where />, { route: '/app/offline-stores?page=2' });
    expect(await screen.findByText('login form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/app/offline-stores?page=2');
  });

  it('/app with a token but no merchant → choose-merchant, remembering the wanted path', async () => {
    signIn();
    const { router } = renderWithProviders(<Where />, { route: '/app/offline-stores' });
    await screen.findByTestId('at');
    expect(router.state.location.pathname).toBe('/onboard/merchants-choose');
    expect(getWantedPath()).toEqual({ path: '/app/offline-stores', origin: 'guard' });
  });

  it('/app with a merchant whose contract is pending → e-contract signing, not the app', async () => {
    signIn();
    choose(buildMerchant({ type: 'TOP_BRAND', todoActions: ['SIGN_CONTRACT'] }));
    const { router } = renderWithProviders(<Where />, { route: '/app/welcome' });
    await screen.findByTestId('at');
    expect(router.state.location.pathname).toBe('/onboard/econtract-sign');
  });

  it('/app with a merchant and nothing pending renders the app', () => {
    signIn();
    choose();
    renderWithProviders(<Where />, { route: '/app/welcome' });
    expect(screen.getByText('app content')).toBeInTheDocument();
  });

  it('/auth/login when signed in goes on: with a merchant to the wanted path', async () => {
    signIn();
    choose();
    const { router } = renderWithProviders(<Where />, { route: '/auth/login?redirect=%2Fapp%2Fuser-info' });
    expect(await screen.findByText('app content')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/user-info');
  });

  it('/auth/login when signed in without a merchant goes to choose-merchant', async () => {
    signIn();
    const { router } = renderWithProviders(<Where />, { route: '/auth/login' });
    await screen.findByTestId('at');
    expect(router.state.location.pathname).toBe('/onboard/merchants-choose');
  });
});
