/**
 * The marketing gate (issue 17; spec §4 service flags, §6 roles). Marketing is open once the merchant's
 * ADS service is onboarded: its registration has an id and a status other than INITIALIZED or REJECTED
 * (the same rule as the portal's flags, src/domain/services.ts `isAdsOnboarded`). The route code
 * BUSINESS_PAGE_MARKETING_MANAGEMENT (src/domain/sidebar.ts) opens the area; owners, administrators and
 * MARKETING manage, accountants read the budget and histories (src/domain/marketingBudget.ts).
 *
 * Call after the merchant-scope pre-handler (request.membership set):
 *   const access = await requireAdsOnboarded(request);               // read (403 without the route code)
 *   const access = await requireAdsOnboarded(request, { manage: true }); // write (403 for a reader)
 * Before ADS is onboarded both answer 403 with envelope status FORBIDDEN and the message
 * `marketing.adsNotOnboarded` in the caller's language (naming the ADS status when there is one).
 */
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ApiStatus } from '@/domain/api';
import { canManageMarketing, canReadMarketingBudget, type MarketingGate } from '@/domain/marketingBudget';
import { canRegisterAds, isAdsOnboarded, ServiceCodes } from '@/domain/services';
import type { Db } from '../../db/client';
import { merchantServices, services } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { callerOf, membershipOf } from '../../plugins/auth';
import { requireRouteCode } from '../report-family/access';

export const MARKETING_ROUTE_CODE = 'BUSINESS_PAGE_MARKETING_MANAGEMENT' as const;

export interface MarketingAccess {
  merchantId: number;
  userId: number;
  roles: string[];
  canManage: boolean;
}

/** The merchant's ADS registration (id and status) and the catalogue id of ADS. */
export async function adsStateOf(db: Db, merchantId: number): Promise<{ serviceId: number | null; registration: { id: number; status: string } | null }> {
  const [row] = await db
    .select({ serviceId: services.id, id: merchantServices.id, status: merchantServices.status })
    .from(services)
    .leftJoin(merchantServices, and(eq(merchantServices.serviceId, services.id), eq(merchantServices.merchantId, merchantId)))
    .where(eq(services.code, ServiceCodes.ads));
  if (!row) return { serviceId: null, registration: null };
  return { serviceId: row.serviceId, registration: row.id !== null && row.status !== null ? { id: row.id, status: row.status } : null };
}

/** What the gate endpoint answers: whether marketing is open and what the caller may do. */
export async function marketingGateOf(request: FastifyRequest): Promise<MarketingGate> {
  const membership = membershipOf(request);
  requireRouteCode(membership, MARKETING_ROUTE_CODE);
  const { serviceId, registration } = await adsStateOf(request.server.database.db, membership.merchant.id);
  return {
    onboarded: isAdsOnboarded(registration),
    adsStatus: registration?.status ?? null,
    canRegister: canRegisterAds(registration),
    adsServiceId: serviceId,
    canManage: canManageMarketing(membership.roles),
    canRead: canReadMarketingBudget(membership.roles),
  };
}

export function adsNotOnboarded(lang: Parameters<typeof translate>[0], status: string | null): ApiError {
  const statusName = status ? translate(lang, `marketing.adsStatuses.${status}`) : '';
  return new ApiError(403, ApiStatus.FORBIDDEN, status ? 'marketing.adsNotOnboardedStatus' : 'marketing.adsNotOnboarded', { status: statusName });
}

/**
 * The caller may use marketing of the request's merchant: route code, role (readers, or managers when
 * `manage`), ADS onboarded. Throws the envelope error otherwise.
 */
export async function requireAdsOnboarded(request: FastifyRequest, options: { manage?: boolean } = {}): Promise<MarketingAccess> {
  const membership = membershipOf(request);
  requireRouteCode(membership, MARKETING_ROUTE_CODE);
  const canManage = canManageMarketing(membership.roles);
  if (!canReadMarketingBudget(membership.roles)) throw ApiError.forbidden();
  const { registration } = await adsStateOf(request.server.database.db, membership.merchant.id);
  if (!isAdsOnboarded(registration)) throw adsNotOnboarded(request.lang, registration?.status ?? null);
  if (options.manage && !canManage) throw new ApiError(403, ApiStatus.FORBIDDEN, 'marketing.readOnly');
  return { merchantId: membership.merchant.id, userId: callerOf(request).userId, roles: membership.roles, canManage };
}
