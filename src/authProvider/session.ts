import type { Merchant, RolesPayload, StoreOption } from '@/domain/api';
import type { CommonServiceFlags } from '@/domain/services';
import type { OnboardingType } from './afterMerchant';
import { secureLocal, secureSession, StorageKeys } from '@/storage';

/**
 * Typed access to the persisted session state of spec §3 (docs/contract.md "Storage"). Everything goes
 * through the encrypted storage; nothing here talks to the network.
 */

/** Auth state (spec §3), persisted under StorageKeys.auth. */
export interface AuthState {
  token: string;
  username: string;
  email: string | null;
  name: string;
  phoneNumber: string | null;
  isLoginSSO: boolean;
  /** Where logout goes for an SSO session (named by the server at sign-on). */
  ssoLogoutUrl?: string | null;
  /** INTERNAL_USER: the provider's operator, whose area is /ops (never the merchant screens). */
  userType?: 'M4B_USER' | 'SYSTEM' | 'INTERNAL_USER';
}

/**
 * Common state (spec §3), persisted under StorageKeys.common. The service flags come from the roles
 * payload's service list (loaded for MERCHANT_OWNER only, spec §6; others store the flags of "no service").
 */
export interface BaseCommonState {
  listMCLength: number;
  merchantId: number;
  merchantType: Merchant['type'];
  userId: number;
  isUserMiniWeb: boolean;
  brandName: string;
  isHasTodoSignEC: boolean;
  isHasTodoAuthenNFC: boolean;
  onboardingType: OnboardingType;
}
export type CommonState = BaseCommonState & CommonServiceFlags;

/** Spec §3: the brand name stored when a merchant has none. */
export const DEFAULT_BRAND_NAME = 'Doanh Nghiệp';

export function getAuth(): AuthState | null {
  return secureLocal.get<AuthState>(StorageKeys.auth);
}

/** Set by an explicit sign-out in this tab, cleared by the next sign-in (see signedOutHere). */
let endedHere = false;

export function setAuth(auth: AuthState): void {
  endedHere = false;
  secureLocal.set(StorageKeys.auth, auth);
}

/** Records that the user signed out here, on purpose (not an expiry, not another tab). */
export function markSignedOutHere(): void {
  endedHere = true;
}

/**
 * The session was ended by this tab's own sign-out: guards and late errors that notice the missing token
 * send to the plain login page, never with the previous user's screen (and its filters) as the way back.
 */
export function signedOutHere(): boolean {
  return endedHere && !isSignedIn();
}

/** Spec §2: signed in = a stored token and username. */
export function isSignedIn(): boolean {
  const auth = getAuth();
  return Boolean(auth?.token && auth.username);
}

/** The signed-in user is one of the provider's operators (the server refuses them every merchant API anyway). */
export function isInternalUser(): boolean {
  return getAuth()?.userType === 'INTERNAL_USER';
}

export function getCommon(): Partial<CommonState> | null {
  return secureLocal.get<Partial<CommonState>>(StorageKeys.common);
}

/** The chosen merchant's id, or null when none is chosen yet. */
export function getChosenMerchantId(): number | null {
  const id = getCommon()?.merchantId;
  return typeof id === 'number' && Number.isFinite(id) ? id : null;
}

export function getCurrentMerchant(): Merchant | null {
  return secureLocal.get<Merchant>(StorageKeys.currentMerchant);
}

export function getRole(): RolesPayload | null {
  return secureLocal.get<RolesPayload>(StorageKeys.role);
}

export function getCurrentStore(): StoreOption | null {
  return secureLocal.get<StoreOption>(StorageKeys.currentStore);
}

/** Merchant ids whose optional NFC step the user skipped (spec §4 "not skipped earlier"). */
export function getNfcSkipped(): number[] {
  const value = secureLocal.get<number[]>(StorageKeys.nfcSkipped);
  return Array.isArray(value) ? value : [];
}

export function markNfcSkipped(merchantId: number): void {
  const skipped = getNfcSkipped();
  if (!skipped.includes(merchantId)) secureLocal.set(StorageKeys.nfcSkipped, [...skipped, merchantId]);
}

/**
 * The path the user wanted before sign-in or onboarding got in the way, with where the detour began
 * (spec §2 "remembering origin and wanted path"). Per tab, so two tabs never steal each other's target.
 */
export interface WantedPath {
  path: string;
  origin: 'login' | 'guard';
}

export function getWantedPath(): WantedPath | null {
  return secureSession.get<WantedPath>(StorageKeys.wantedPath);
}

export function setWantedPath(wanted: WantedPath | null): void {
  if (wanted) secureSession.set(StorageKeys.wantedPath, wanted);
  else secureSession.remove(StorageKeys.wantedPath);
}
