import type { Merchant, Page, Service } from '@/domain/api';
import { secureLocal, StorageKeys } from '@/storage';
import type { PortalDataProvider } from '@/dataProvider';
import { shellApi } from '@/dataProvider/shell';
import { queryClient as defaultQueryClient } from '@/dataProvider/queryClient';
import type { QueryClient } from '@tanstack/react-query';
import { PRODUCT_CODE } from '@/config';
import { commonServiceFlags } from '@/domain/services';
import { decideAfterMerchant, onboardingTypeOf, type AfterMerchantStep } from './afterMerchant';
import { sidebarQueryKey } from './allowedRoutes';
import {
  DEFAULT_BRAND_NAME,
  getCommon,
  getNfcSkipped,
  getRole,
  getWantedPath,
  setWantedPath,
  type CommonState,
} from './session';

/**
 * Choosing a merchant (spec §4 "After a merchant is chosen and loaded"): load it by id; a P2M merchant
 * stops there with nothing stored; otherwise roles, store options and the sidebar are loaded, and only
 * when all of them arrived is the session state written (so a failed load never leaves half a merchant
 * chosen). The next step comes from the pure decideAfterMerchant.
 */
export type ChooseMerchantResult = AfterMerchantStep & { merchant: Merchant };

export interface MerchantSessionDeps {
  dataProvider: Pick<PortalDataProvider, 'getMerchant' | 'getRoles' | 'getStoreOptions' | 'getSidebars'>;
  queryClient: Pick<QueryClient, 'setQueryData'>;
}

const defaultDeps: MerchantSessionDeps = { dataProvider: shellApi, queryClient: defaultQueryClient };

export async function chooseMerchant(
  merchantId: number,
  deps: MerchantSessionDeps = defaultDeps,
): Promise<ChooseMerchantResult> {
  const { dataProvider, queryClient } = deps;
  const merchant = await dataProvider.getMerchant(merchantId);
  if (merchant.type === 'P2M') return { step: 'p2m', merchant };

  const [roles, storeOptions, sidebar] = await Promise.all([
    dataProvider.getRoles(merchant.id),
    dataProvider.getStoreOptions({ merchantCode: merchant.partnerCode, merchantId: merchant.id }),
    dataProvider.getSidebars(merchant.id),
  ]);

  const step = decideAfterMerchant({ merchant, nfcSkipped: getNfcSkipped(), wantedPath: getWantedPath()?.path });
  const todo = merchant.todoActions ?? [];
  const previous = getCommon();
  // Built afresh: flags of the previous merchant must not carry over to this one.
  const common: CommonState = {
    listMCLength: previous?.listMCLength ?? 1,
    merchantId: merchant.id,
    merchantType: merchant.type,
    userId: roles.id,
    isUserMiniWeb: false,
    brandName: merchant.brandName || DEFAULT_BRAND_NAME,
    isHasTodoSignEC: todo.includes('SIGN_CONTRACT'),
    isHasTodoAuthenNFC: todo.includes('BIOMETRIC_AUTHENTICATION') || todo.includes('BIOMETRIC_AUTHENTICATION_REQUIRED'),
    onboardingType: onboardingTypeOf(step),
    ...commonServiceFlags(roles.services, PRODUCT_CODE),
  };
  secureLocal.set(StorageKeys.common, common);
  secureLocal.set(StorageKeys.currentMerchant, merchant);
  secureLocal.set(StorageKeys.role, roles);
  secureLocal.set(StorageKeys.storeOption, storeOptions);
  if (storeOptions.length) secureLocal.set(StorageKeys.currentStore, storeOptions[0]);
  else secureLocal.remove(StorageKeys.currentStore);
  queryClient.setQueryData(sidebarQueryKey(merchant.id), sidebar);

  // The wanted path is used once; onboarding steps keep it for when they finish.
  if (step.step === 'app') setWantedPath(null);
  return { ...step, merchant };
}

/** The merchants list as loaded on the choose page, remembered for the header and later screens. */
export function rememberMerchants(page: Pick<Page<Merchant>, 'content' | 'totalElements'>): void {
  secureLocal.set(StorageKeys.merchants, page.content);
  secureLocal.set(StorageKeys.common, { ...(getCommon() ?? {}), listMCLength: page.totalElements });
}

/**
 * The chosen merchant's services changed (a registration, a fresh `/me/services`): the common state's
 * §3 flags follow, the rest of the common state stays.
 */
export function rememberServiceFlags(services: readonly Service[]): void {
  const common = getCommon();
  if (common?.merchantId === undefined) return;
  secureLocal.set(StorageKeys.common, { ...common, ...commonServiceFlags(services, PRODUCT_CODE) });
}

/**
 * A service was just registered for the chosen merchant: the stored roles payload's service list takes
 * the registration (id, status) and the §3 flags follow, without another round trip.
 */
export function rememberRegisteredService(registered: { code: string; registrationId: number | null; status: string | null }): void {
  const role = getRole();
  const services = [...(role?.services ?? [])];
  const index = services.findIndex((s) => s.code === registered.code);
  const entry = { id: registered.registrationId, status: registered.status };
  if (index >= 0) services[index] = { ...services[index], ...entry };
  else services.push({ code: registered.code, name: registered.code, ...entry });
  if (role) secureLocal.set(StorageKeys.role, { ...role, services });
  rememberServiceFlags(services);
}

/** The next step for the current merchant after an onboarding step changed (e.g. NFC skipped). */
export function nextStepFor(merchant: Merchant): AfterMerchantStep {
  const step = decideAfterMerchant({ merchant, nfcSkipped: getNfcSkipped(), wantedPath: getWantedPath()?.path });
  if (step.step === 'app') setWantedPath(null);
  const common = getCommon();
  // The stored onboarding step follows the flow (NFC skipped or passed → the contract, or nothing left).
  if (common?.merchantId === merchant.id) secureLocal.set(StorageKeys.common, { ...common, onboardingType: onboardingTypeOf(step) });
  return step;
}
