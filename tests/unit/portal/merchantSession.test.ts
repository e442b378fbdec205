import { beforeEach, describe, expect, it, vi } from 'vitest';
import { secureLocal, secureSession, StorageKeys, clearPortalStorage } from '@/storage';
import {
  chooseMerchant,
  nextStepFor,
  rememberMerchants,
  rememberRegisteredService,
  rememberServiceFlags,
  type MerchantSessionDeps,
} from '@/authProvider/merchantSession';
import { sidebarQueryKey } from '@/authProvider/allowedRoutes';
import { afterSignInPath } from '@/authProvider/afterSignIn';
import { getCommon, getRole, getWantedPath, markNfcSkipped, setWantedPath } from '@/authProvider/session';
import { buildMerchant, buildRoles, buildSidebar, buildStoreOptions } from './helpers/builders';
import type { Merchant } from '@/domain/api';

function deps(merchant: Merchant, overrides: Partial<MerchantSessionDeps['dataProvider']> = {}) {
  const dataProvider = {
    getMerchant: vi.fn(async () => merchant),
    getRoles: vi.fn(async () => buildRoles({ id: 77 })),
    getStoreOptions: vi.fn(async () => buildStoreOptions(2)),
    getSidebars: vi.fn(async () => buildSidebar()),
    ...overrides,
  };
  const queryClient = { setQueryData: vi.fn() };
  return { dataProvider, queryClient, all: { dataProvider, queryClient } as unknown as MerchantSessionDeps };
}

beforeEach(() => {
  clearPortalStorage();
});

describe('chooseMerchant: the after-merchant flow with its loads (spec §4)', () => {
  it('a P2M merchant stops: nothing is loaded or stored after the merchant itself', async () => {
    const d = deps(buildMerchant({ id: 5, type: 'P2M' }));
    const result = await chooseMerchant(5, d.all);
    expect(result.step).toBe('p2m');
    expect(d.dataProvider.getMerchant).toHaveBeenCalledWith(5);
    expect(d.dataProvider.getRoles).not.toHaveBeenCalled();
    expect(getCommon()).toBeNull();
    expect(secureLocal.get(StorageKeys.currentMerchant)).toBeNull();
  });

  it('fills common state, current merchant, roles, store options, current store and the sidebar cache', async () => {
    rememberMerchants({ content: [buildMerchant()], totalElements: 3 });
    const merchant = buildMerchant({ id: 101, partnerCode: 'MC101', brandName: '', todoActions: [] });
    const d = deps(merchant);
    const result = await chooseMerchant(101, d.all);
    expect(result).toMatchObject({ step: 'app', path: '/app/welcome' });
    expect(d.dataProvider.getStoreOptions).toHaveBeenCalledWith({ merchantCode: 'MC101', merchantId: 101 });
    expect(getCommon()).toEqual({
      listMCLength: 3,
      merchantId: 101,
      merchantType: 'SME',
      userId: 77,
      isUserMiniWeb: false,
      brandName: 'Doanh Nghiệp',
      isHasTodoSignEC: false,
      isHasTodoAuthenNFC: false,
      onboardingType: null,
      // No service list (the roles payload carries it for MERCHANT_OWNER only): nothing registered yet.
      canRegisterPromotionService: true,
      canRegiserVIXANHADSService: true,
      isOnboardVIXANHADSService: false,
      VIXANHADSServiceStatus: null,
    });
    expect(secureLocal.get(StorageKeys.currentMerchant)).toEqual(merchant);
    expect(secureLocal.get(StorageKeys.role)).toMatchObject({ id: 77 });
    expect(secureLocal.get(StorageKeys.storeOption)).toHaveLength(2);
    expect(secureLocal.get(StorageKeys.currentStore)).toEqual({ id: 1, storeName: 'Cửa hàng 1' });
    expect(d.queryClient.setQueryData).toHaveBeenCalledWith(sidebarQueryKey(101), buildSidebar());
  });

  it('stores the §3 service flags of the roles payload’s services, under the product code with the spec’s spelling', async () => {
    const services = [
      { id: 9, code: 'PROMOTION', name: 'Khuyến mãi', status: 'ACTIVE' },
      { id: 12, code: 'ADS', name: 'Quảng cáo', status: 'APPROVED' },
    ];
    const d = deps(buildMerchant({ id: 101 }), { getRoles: vi.fn(async () => buildRoles({ id: 77, services })) });
    await chooseMerchant(101, d.all);
    const common = getCommon() as Record<string, unknown>;
    expect(common).toMatchObject({
      canRegisterPromotionService: false,
      canRegiserVIXANHADSService: false,
      isOnboardVIXANHADSService: true,
      VIXANHADSServiceStatus: 'APPROVED',
    });
    expect(Object.keys(common).filter((k) => /ADS/.test(k)).sort()).toEqual(
      ['VIXANHADSServiceStatus', 'canRegiserVIXANHADSService', 'isOnboardVIXANHADSService'],
    );

    // ADS waiting for review: registered (not registrable), not onboarded; the next merchant's flags replace these.
    const waiting = [{ id: 12, code: 'ADS', name: 'Quảng cáo', status: 'INITIALIZED' }];
    await chooseMerchant(101, deps(buildMerchant({ id: 101 }), { getRoles: vi.fn(async () => buildRoles({ services: waiting })) }).all);
    expect(getCommon()).toMatchObject({
      canRegisterPromotionService: true,
      canRegiserVIXANHADSService: false,
      isOnboardVIXANHADSService: false,
      VIXANHADSServiceStatus: 'INITIALIZED',
    });
  });

  it('stores onboardingType: the onboarding step the merchant is sent to, updated as the flow moves on', async () => {
    const merchant = buildMerchant({ todoActions: ['BIOMETRIC_AUTHENTICATION', 'SIGN_CONTRACT'] });
    await chooseMerchant(101, deps(merchant).all);
    expect(getCommon()?.onboardingType).toBe('AUTHENTICATION_NFC');
    markNfcSkipped(101);
    expect(nextStepFor(merchant).step).toBe('econtract');
    expect(getCommon()?.onboardingType).toBe('ECONTRACT_SIGN');
    expect(nextStepFor({ ...merchant, todoActions: [] }).step).toBe('app');
    expect(getCommon()?.onboardingType).toBeNull();

    await chooseMerchant(101, deps(buildMerchant({ todoActions: ['SIGN_CONTRACT'] })).all);
    expect(getCommon()?.onboardingType).toBe('ECONTRACT_SIGN');
    // Another merchant's step never overwrites the chosen merchant's.
    nextStepFor(buildMerchant({ id: 202, todoActions: [] }));
    expect(getCommon()?.onboardingType).toBe('ECONTRACT_SIGN');
  });

  it('rememberServiceFlags: a later service list updates only the flags of the chosen merchant', async () => {
    rememberServiceFlags([{ id: 1, code: 'PROMOTION', name: 'Khuyến mãi', status: 'ACTIVE' }]);
    expect(getCommon()).toBeNull();
    await chooseMerchant(101, deps(buildMerchant({ id: 101, brandName: 'Cà Phê Sáng' })).all);
    rememberServiceFlags([{ id: 4, code: 'PROMOTION', name: 'Khuyến mãi', status: 'ACTIVE' }, { id: 5, code: 'ADS', name: 'Quảng cáo', status: 'INITIALIZED' }]);
    expect(getCommon()).toMatchObject({
      merchantId: 101,
      brandName: 'Cà Phê Sáng',
      canRegisterPromotionService: false,
      canRegiserVIXANHADSService: false,
      isOnboardVIXANHADSService: false,
      VIXANHADSServiceStatus: 'INITIALIZED',
    });
  });

  it('rememberRegisteredService: a registration updates the stored services and the flags', async () => {
    const services = [
      { id: null, code: 'PROMOTION', name: 'Khuyến mãi', status: null },
      { id: null, code: 'ADS', name: 'Quảng cáo', status: null },
    ];
    await chooseMerchant(101, deps(buildMerchant({ id: 101 }), { getRoles: vi.fn(async () => buildRoles({ services })) }).all);
    expect(getCommon()).toMatchObject({ canRegisterPromotionService: true, canRegiserVIXANHADSService: true });
    rememberRegisteredService({ code: 'PROMOTION', registrationId: 31, status: 'ACTIVE' });
    expect(getRole()?.services).toEqual([{ id: 31, code: 'PROMOTION', name: 'Khuyến mãi', status: 'ACTIVE' }, services[1]]);
    expect(getCommon()).toMatchObject({ canRegisterPromotionService: false, canRegiserVIXANHADSService: true, VIXANHADSServiceStatus: null });
    rememberRegisteredService({ code: 'ADS', registrationId: 32, status: 'INITIALIZED' });
    expect(getCommon()).toMatchObject({ canRegiserVIXANHADSService: false, isOnboardVIXANHADSService: false, VIXANHADSServiceStatus: 'INITIALIZED' });
  });

  it('stores nothing when one of the loads fails', async () => {
    const d = deps(buildMerchant(), { getSidebars: vi.fn(async () => Promise.reject(new Error('403'))) });
    await expect(chooseMerchant(101, d.all)).rejects.toThrow('403');
    expect(getCommon()).toBeNull();
  });

  it('goes back to the wanted path once, then forgets it', async () => {
    setWantedPath({ path: '/app/offline-stores', origin: 'login' });
    const result = await chooseMerchant(101, deps(buildMerchant()).all);
    expect(result).toMatchObject({ step: 'app', path: '/app/offline-stores' });
    expect(getWantedPath()).toBeNull();
  });

  it('routes a TOP_BRAND with SIGN_CONTRACT to e-contract signing and keeps the wanted path for later', async () => {
    setWantedPath({ path: '/app/offline-stores', origin: 'guard' });
    const merchant = buildMerchant({ type: 'TOP_BRAND', todoActions: ['SIGN_CONTRACT'] });
    const result = await chooseMerchant(101, deps(merchant).all);
    expect(result).toMatchObject({ step: 'econtract', path: '/onboard/econtract-sign' });
    expect(getCommon()).toMatchObject({ isHasTodoSignEC: true, merchantType: 'TOP_BRAND' });
    expect(getWantedPath()).toEqual({ path: '/app/offline-stores', origin: 'guard' });
  });

  it('routes BIOMETRIC_AUTHENTICATION_REQUIRED to NFC with the required flag', async () => {
    const result = await chooseMerchant(101, deps(buildMerchant({ todoActions: ['BIOMETRIC_AUTHENTICATION_REQUIRED'] })).all);
    expect(result).toMatchObject({ step: 'nfc', required: true });
    expect(getCommon()).toMatchObject({ isHasTodoAuthenNFC: true });
  });

  it('after an optional NFC step is skipped, the flow goes on', async () => {
    const merchant = buildMerchant({ todoActions: ['BIOMETRIC_AUTHENTICATION'] });
    expect((await chooseMerchant(101, deps(merchant).all)).step).toBe('nfc');
    markNfcSkipped(101);
    expect(nextStepFor(merchant)).toEqual({ step: 'app', path: '/app/welcome' });
    expect((await chooseMerchant(101, deps(merchant).all)).step).toBe('app');
  });
});

describe('afterSignInPath (spec §2 "After sign-in")', () => {
  it('without a chosen merchant: choose-merchant, remembering the wanted path and its origin', () => {
    expect(afterSignInPath('/app/offline-stores')).toBe('/onboard/merchants-choose');
    expect(getWantedPath()).toEqual({ path: '/app/offline-stores', origin: 'login' });
    expect(secureSession.get(StorageKeys.wantedPath)).not.toBeNull();
  });

  it('with a chosen merchant: the wanted path, else welcome', () => {
    secureLocal.set(StorageKeys.common, { merchantId: 101 });
    expect(afterSignInPath('/app/user-info')).toBe('/app/user-info');
    expect(afterSignInPath(null)).toBe('/app/welcome');
    expect(afterSignInPath('//evil.example')).toBe('/app/welcome');
  });
});
