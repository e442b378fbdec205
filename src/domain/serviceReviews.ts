/**
 * The operator's review of service registrations (issue 17: the ADS gate's other half). A merchant's
 * ADS (or PAYLATER) registration starts INITIALIZED (src/domain/services.ts `initialRegistrationStatus`):
 * the provider's operator approves it (→ ACTIVE, which §4 counts as onboarded) or rejects it (→ REJECTED)
 * in /portal/ops. Paths under /api/ops (INTERNAL_USER only).
 */
import { REGISTRATION_STATUSES, type RegistrationStatus } from './services';
// The paths live with the rest of the contract, so the dataProvider's import of them leaves this module's schemas out.
export { ServiceReviewApiPaths } from './api';

export const REVIEW_STATUSES = REGISTRATION_STATUSES;

export interface ServiceRegistrationReview {
  id: number;
  merchantId: number;
  merchantName: string;
  partnerCode: string;
  serviceCode: string;
  serviceName: string;
  status: RegistrationStatus;
  registeredAt: string;
}
