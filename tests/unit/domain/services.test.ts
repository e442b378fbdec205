import { describe, expect, it } from 'vitest';
import type { Service } from '@/domain/api';
import { canRegisterAds, canRegisterPromotion, commonServiceFlags, findService, isAdsOnboarded, serviceFlags } from '@/domain/services';

const service = (id: number | null, status: string | null, code = 'ADS'): Service => ({ id, status, code, name: code });

describe('service flags (§4)', () => {
  it.each([
    // id, status, promotion can register, ads can register, ads onboarded
    [null, null, true, true, false],
    [null, 'ACTIVE', false, true, false],
    [7, null, false, true, false],
    [7, 'INITIALIZED', false, false, false],
    [7, 'REJECTED', false, false, false],
    [7, 'ACTIVE', false, false, true],
    [7, 'PENDING', false, false, true],
    [0, 'ACTIVE', false, false, true],
    [7, '', false, true, false],
    [null, '', true, true, false],
  ] as const)('id %s, status %s', (id, status, promotion, adsRegister, adsOnboarded) => {
    expect(canRegisterPromotion(service(id, status, 'PROMOTION'))).toBe(promotion);
    expect(canRegisterAds(service(id, status))).toBe(adsRegister);
    expect(isAdsOnboarded(service(id, status))).toBe(adsOnboarded);
  });

  it('treats a service missing from the list as having no id and no status', () => {
    expect(canRegisterPromotion(undefined)).toBe(true);
    expect(canRegisterAds(undefined)).toBe(true);
    expect(isAdsOnboarded(undefined)).toBe(false);
  });

  it('derives the common-state flags from the service list', () => {
    const services = [service(null, null, 'PROMOTION'), service(3, 'ACTIVE', 'ADS')];
    expect(findService(services, 'ADS')?.id).toBe(3);
    expect(serviceFlags(services)).toEqual({
      canRegisterPromotionService: true,
      canRegisterAdsService: false,
      isOnboardAdsService: true,
      adsServiceStatus: 'ACTIVE',
    });
    expect(serviceFlags(null)).toEqual({
      canRegisterPromotionService: true,
      canRegisterAdsService: true,
      isOnboardAdsService: false,
      adsServiceStatus: null,
    });
    expect(serviceFlags([service(1, 'ACTIVE', 'PROMOTION'), service(2, 'INITIALIZED', 'ADS')])).toEqual({
      canRegisterPromotionService: false,
      canRegisterAdsService: false,
      isOnboardAdsService: false,
      adsServiceStatus: 'INITIALIZED',
    });
  });

  it('names the common-state keys after the product code, with the spec’s `canRegiser` spelling', () => {
    const services = [service(1, 'ACTIVE', 'PROMOTION'), service(2, 'REJECTED', 'ADS')];
    expect(commonServiceFlags(services, 'MOMO')).toEqual({
      canRegisterPromotionService: false,
      canRegiserMOMOADSService: false,
      isOnboardMOMOADSService: false,
      MOMOADSServiceStatus: 'REJECTED',
    });
    expect(commonServiceFlags([], 'VIXANH')).toEqual({
      canRegisterPromotionService: true,
      canRegiserVIXANHADSService: true,
      isOnboardVIXANHADSService: false,
      VIXANHADSServiceStatus: null,
    });
  });
});
