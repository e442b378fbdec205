/**
 * Service flags of spec §4, derived from the merchant's service list (`GET /profile/v1/me/services`).
 * A service missing from the list counts as "no id and no status".
 */
import { z } from 'zod';
import type { Service } from './api';
import { MAX_DB_INT, ValidationKeys } from './validation';

export const ServiceCodes = { promotion: 'PROMOTION', ads: 'ADS', paylater: 'PAYLATER' } as const;

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

/**
 * The service flags as the common state stores them (spec §3), named for the product code `P`
 * (`VITE_PRODUCT_CODE`): `canRegiser{P}ADSService` keeps the spec's spelling on purpose, since other
 * code that reads the common state knows the keys by that name.
 */
export type CommonServiceFlags<P extends string = string> = { canRegisterPromotionService: boolean } & {
  [K in `canRegiser${P}ADSService` | `isOnboard${P}ADSService`]: boolean;
} & { [K in `${P}ADSServiceStatus`]: string | null };

export function commonServiceFlags<P extends string>(
  services: readonly Service[] | null | undefined,
  productCode: P,
): CommonServiceFlags<P> {
  const flags = serviceFlags(services);
  return {
    canRegisterPromotionService: flags.canRegisterPromotionService,
    [`canRegiser${productCode}ADSService`]: flags.canRegisterAdsService,
    [`isOnboard${productCode}ADSService`]: flags.isOnboardAdsService,
    [`${productCode}ADSServiceStatus`]: flags.adsServiceStatus,
  } as CommonServiceFlags<P>;
}

// ---------------------------------------------------------------------------------------------
// Service management: statuses, eligibility, API shapes (shared by the portal and the server)
// ---------------------------------------------------------------------------------------------

/** A merchant's registration of a service moves INITIALIZED → ACTIVE | REJECTED; ACTIVE may become INACTIVE. */
export const REGISTRATION_STATUSES = ['INITIALIZED', 'ACTIVE', 'REJECTED', 'INACTIVE'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Whether the provider still offers a catalogue service. */
export const CATALOGUE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number];

/**
 * The status a new registration starts in: PROMOTION is self-service (active at once); ADS and
 * PAYLATER need the provider's review, so they wait as INITIALIZED (which §4 does not count as onboarded).
 */
export function initialRegistrationStatus(code: string): RegistrationStatus {
  return code === ServiceCodes.promotion ? 'ACTIVE' : 'INITIALIZED';
}

/** Why a merchant cannot register a service now; an empty list means it can. */
export const INELIGIBILITY_REASONS = [
  'ALREADY_REGISTERED',
  'SERVICE_UNAVAILABLE',
  'MERCHANT_NOT_SUPPORTED',
  'KYB_NOT_DONE',
  'MERCHANT_TYPE_NOT_ELIGIBLE',
] as const;
export type IneligibilityReason = (typeof INELIGIBILITY_REASONS)[number];

/** KYB "done" codes of §4 (201, 210): only a verified merchant may take on a new service. */
const KYB_DONE_STATES: readonly number[] = [201, 210];

export interface EligibilityInput {
  code: string;
  /** The merchant's registration (id and status), null or absent when it has none. */
  registration: ServiceState;
  catalogueStatus: string;
  merchant: { type: string; stateCode: number };
}

/** §4 registrability by code: PROMOTION and ADS follow their flags; any other service needs no registration yet. */
export function canRegisterByFlags(code: string, registration: ServiceState): boolean {
  if (code === ServiceCodes.promotion) return canRegisterPromotion(registration);
  if (code === ServiceCodes.ads) return canRegisterAds(registration);
  return !hasId(registration) && !hasStatus(registration);
}

/**
 * Every reason the merchant cannot register the service, in the order a user should fix them. The
 * server refuses a registration with the first reason; the portal offers "register" only when empty.
 */
export function ineligibilityReasons(input: EligibilityInput): IneligibilityReason[] {
  const reasons: IneligibilityReason[] = [];
  if (!canRegisterByFlags(input.code, input.registration)) reasons.push('ALREADY_REGISTERED');
  if (input.catalogueStatus !== 'ACTIVE') reasons.push('SERVICE_UNAVAILABLE');
  if (input.merchant.type === 'P2M') reasons.push('MERCHANT_NOT_SUPPORTED');
  else if (!KYB_DONE_STATES.includes(input.merchant.stateCode)) reasons.push('KYB_NOT_DONE');
  // Buy now, pay later finances sales; a donation merchant sells nothing.
  if (input.code === ServiceCodes.paylater && input.merchant.type === 'BUDDHIST_SANGHA') reasons.push('MERCHANT_TYPE_NOT_ELIGIBLE');
  return reasons;
}

export const isEligibleToSubscribe = (input: EligibilityInput): boolean => ineligibilityReasons(input).length === 0;

/**
 * One row of the service list (`GET /services/:merchantId/services`). `id` is the catalogue service id
 * (stable, never null: the record key and the {id} of the detail and eligibility calls); the merchant's
 * registration is `registrationId` + `status`, which is what the §4 flags read.
 */
export interface MerchantService {
  id: number;
  code: string;
  name: string;
  summary: string;
  catalogueStatus: CatalogueStatus;
  registrationId: number | null;
  status: RegistrationStatus | null;
  registeredAt: string | null;
  eligibleToSubscribe: boolean;
  reasons: IneligibilityReason[];
}

/** The §4 flag input of a list row. */
export const registrationOf = (service: Pick<MerchantService, 'registrationId' | 'status'>) => ({
  id: service.registrationId,
  status: service.status,
});

/** `GET /services/:merchantId/services/:id/eligible`. */
export interface ServiceEligibility {
  serviceId: number;
  code: string;
  eligible: boolean;
  reasons: IneligibilityReason[];
  /** The reasons in the caller's language, in the same order. */
  messages: string[];
}

/** Landing page of a service code (`GET /services/:code/landing-page`), in the caller's language. */
export interface LandingPage {
  code: string;
  name: string;
  title: string;
  summary: string;
  benefits: string[];
  steps: string[];
}

/** Later-payment (PAYLATER) terms: instalment plans and the merchant's fee; amounts in đồng. */
export interface PaylaterTerms {
  installmentMonths: number[];
  /** Merchant discount rate in basis points (1/100 of a percent): integers, never a float rate. */
  merchantFeeBps: number;
  minOrderAmount: number;
  maxOrderAmount: number;
  settlementPeriod: string;
}

/** `GET /services/:merchantId/paylater`: the PAYLATER page. */
export interface PaylaterPage {
  service: MerchantService;
  terms: PaylaterTerms;
  landing: LandingPage;
}

export { ServiceApiPaths } from './api';

/** Body of `POST /services/:merchantId/services`: the catalogue service to register. */
export const registerServiceSchema = z.strictObject({
  serviceId: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? ValidationKeys.required : ValidationKeys.invalid) })
    .int(ValidationKeys.invalid)
    .positive(ValidationKeys.invalid)
    .max(MAX_DB_INT, ValidationKeys.invalid),
});
export type RegisterServiceInput = z.infer<typeof registerServiceSchema>;

/** Service codes are upper-case identifiers (PROMOTION, ADS, PAYLATER, …). */
export const serviceCodeSchema = z.string().regex(/^[A-Z][A-Z0-9_]{1,39}$/, ValidationKeys.invalid);
