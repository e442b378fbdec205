import type { Merchant } from '@/domain/api';
import { AUTHENTICATION_NFC_PATH, ECONTRACT_SIGN_PATH, sanitizeAppPath, WELCOME_PATH } from './paths';

/**
 * Spec §4 "After a merchant is chosen and loaded", as one pure decision:
 * 1. a P2M merchant shows a warning and stops;
 * 2. (the caller fills store, roles and store options);
 * 3. a biometric todo not skipped earlier → NFC authentication (required for the REQUIRED variant);
 *    otherwise SIGN_CONTRACT → e-contract onboarding; otherwise welcome or back to the wanted path.
 *
 * The /app guard asks the same function, so a pending step cannot be bypassed by typing a URL.
 */
export type AfterMerchantStep =
  | { step: 'p2m' }
  | { step: 'nfc'; required: boolean; path: string }
  | { step: 'econtract'; path: string }
  | { step: 'app'; path: string };

export interface AfterMerchantInput {
  merchant: Pick<Merchant, 'id' | 'type' | 'todoActions'>;
  /** Merchant ids whose optional NFC step was skipped earlier. */
  nfcSkipped: readonly number[];
  /** Where the user wanted to go before the detour (any value; only safe /app paths are honoured). */
  wantedPath?: string | null;
}

export function todoFlags(merchant: Pick<Merchant, 'todoActions'>) {
  const todo = merchant.todoActions ?? [];
  const nfcRequired = todo.includes('BIOMETRIC_AUTHENTICATION_REQUIRED');
  return {
    nfcRequired,
    nfcOptional: !nfcRequired && todo.includes('BIOMETRIC_AUTHENTICATION'),
    signContract: todo.includes('SIGN_CONTRACT'),
  };
}

export function decideAfterMerchant({ merchant, nfcSkipped, wantedPath }: AfterMerchantInput): AfterMerchantStep {
  if (merchant.type === 'P2M') return { step: 'p2m' };
  const { nfcRequired, nfcOptional, signContract } = todoFlags(merchant);
  // A required check cannot be skipped, whatever an earlier skip recorded.
  if (nfcRequired) return { step: 'nfc', required: true, path: `${AUTHENTICATION_NFC_PATH}?required=true` };
  if (nfcOptional && !nfcSkipped.includes(merchant.id)) {
    return { step: 'nfc', required: false, path: AUTHENTICATION_NFC_PATH };
  }
  if (signContract) return { step: 'econtract', path: ECONTRACT_SIGN_PATH };
  return { step: 'app', path: sanitizeAppPath(wantedPath) ?? WELCOME_PATH };
}

/**
 * The common state's `onboardingType` (spec §3): which onboarding step the merchant is sent to, named
 * after its onboard route, or null once nothing stands between the merchant and the app (P2M: null too,
 * it never gets that far).
 */
export type OnboardingType = 'AUTHENTICATION_NFC' | 'ECONTRACT_SIGN' | null;

export function onboardingTypeOf(step: AfterMerchantStep): OnboardingType {
  if (step.step === 'nfc') return 'AUTHENTICATION_NFC';
  if (step.step === 'econtract') return 'ECONTRACT_SIGN';
  return null;
}
