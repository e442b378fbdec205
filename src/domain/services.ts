/**
 * Service flags of spec §4, derived from the merchant's service list (`GET /profile/v1/me/services`).
 * A service missing from the list counts as "no id and no status".
 */
import type { Service } from './api';

export const ServiceCodes = { promotion: 'PROMOTION', ads: 'ADS' } as const;

/** ADS statuses that do not count as onboarded (§4). */
export const ADS_NOT_ONBOARDED_STATUSES: readonly string[] = ['INITIALIZED', 'REJECTED'];

type ServiceState = Pick<Service, 'id' | 'status'> | null | undefined;

const hasId = (service: ServiceState) => service?.id !== null && service?.id !== undefined;
const hasStatus = (service: ServiceState) => typeof service?.status === 'string' && service.status !== '';

export function findService(services: readonly Service[] | null | undefined, code: string): Service | undefined {
  return services?.find((service) => service.code === code);
}

/** §4: PROMOTION can be registered when it has no id and no status. */
export function canRegisterPromotion(service: ServiceState): boolean {
  return !hasId(service) && !hasStatus(service);
}

/** §4: ADS can be registered when it has no id or no status. */
export function canRegisterAds(service: ServiceState): boolean {
  return !hasId(service) || !hasStatus(service);
}

/** §4: ADS is onboarded when it has an id and a status other than INITIALIZED or REJECTED. */
export function isAdsOnboarded(service: ServiceState): boolean {
  return hasId(service) && hasStatus(service) && !ADS_NOT_ONBOARDED_STATUSES.includes(service?.status ?? '');
}

export interface ServiceFlags {
  canRegisterPromotionService: boolean;
  canRegisterAdsService: boolean;
  isOnboardAdsService: boolean;
  adsServiceStatus: string | null;
}

/** The flags of the common state (§3), from the service list. */
export function serviceFlags(services: readonly Service[] | null | undefined): ServiceFlags {
  const promotion = findService(services, ServiceCodes.promotion);
  const ads = findService(services, ServiceCodes.ads);
  return {
    canRegisterPromotionService: canRegisterPromotion(promotion),
    canRegisterAdsService: canRegisterAds(ads),
    isOnboardAdsService: isAdsOnboarded(ads),
    adsServiceStatus: ads?.status ?? null,
  };
}
