import { CHOOSE_MERCHANT_PATH, OPS_PATH, sanitizeAppPath, WELCOME_PATH } from './paths';
import { getChosenMerchantId, isInternalUser, setWantedPath } from './session';

/**
 * Spec §2 "After sign-in": a token and username but no chosen merchant → choose-merchant, remembering
 * where the user came from and wanted to go; with a merchant → the wanted path, else welcome.
 * (The /app guard then routes a merchant with a pending onboarding step to that step.)
 */
export function afterSignInPath(wanted: string | null | undefined): string {
  // The provider's operators have no merchant: their area is /ops.
  if (isInternalUser()) return OPS_PATH;
  const safe = sanitizeAppPath(wanted);
  if (getChosenMerchantId() === null) {
    setWantedPath(safe ? { path: safe, origin: 'login' } : null);
    return CHOOSE_MERCHANT_PATH;
  }
  return safe ?? WELCOME_PATH;
}
