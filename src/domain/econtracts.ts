/**
 * E-contracts and the biometric (NFC) onboarding step: types, paths, the shared sign-form schema and the
 * role rules (spec §2 econtract-management, §4 todo actions, §6). Pure: the portal hides with these
 * functions, the server refuses with the same ones.
 */
import { z } from 'zod';
import type { RoleList } from './permissions';
import type { Role } from './roles';

export const ECONTRACT_STATUSES = ['PENDING', 'SIGNED', 'CANCELLED', 'EXPIRED'] as const;
export type EContractStatus = (typeof ECONTRACT_STATUSES)[number];

/** Kinds of contract the provider issues; each has its own versioned template. */
export const ECONTRACT_TYPES = ['PAYMENT_SERVICE', 'ADDENDUM', 'PROMOTION_SERVICE'] as const;
export type EContractType = (typeof ECONTRACT_TYPES)[number];

export const ECONTRACT_EVENT_ACTIONS = ['ISSUED', 'OTP_SENT', 'SIGNED', 'DOWNLOADED', 'CANCELLED'] as const;
export type EContractEventAction = (typeof ECONTRACT_EVENT_ACTIONS)[number];

// The paths live in the zod-free api module so resource configs can use them without loading zod.
export { EContractApiPaths, BiometricApiPaths } from './api';

export interface EContractSigner {
  userId: number | null;
  username: string | null;
  name: string;
}

/** A contract as the list shows it. */
export interface EContract {
  id: number;
  contractNo: string;
  type: EContractType;
  /** Template version, e.g. "2025.1". */
  version: string;
  title: string;
  status: EContractStatus;
  issuedAt: string;
  signedAt: string | null;
  signer: EContractSigner | null;
  /** SHA-256 (hex) of the signed content; null until signed. */
  contentHash: string | null;
}

export interface EContractEvent {
  id: number;
  action: EContractEventAction;
  actorUsername: string | null;
  actorName: string | null;
  ip: string | null;
  createdAt: string;
}

/** The detail: the contract, who would sign it, whether the caller may, and its history (newest first). */
export interface EContractDetail extends EContract {
  parties: {
    merchantName: string;
    partnerCode: string;
    brandName: string;
    representative: string;
  };
  /** The caller may sign it now (PENDING and a signing role). */
  canSign: boolean;
  /** The caller's own details, shown as "the signer" before signing. */
  signerPreview: { name: string; username: string; maskedPhone: string | null } | null;
  history: EContractEvent[];
  /** The rendered content (Vietnamese, the contract's legal language) for reading in the page. */
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

export interface EContractOtp {
  otpId: string;
  expiresAt: string;
  maskedAddress: string;
  resendAfterSeconds: number;
}

export const BIOMETRIC_SESSION_STATUSES = ['PENDING', 'VERIFIED', 'FAILED', 'EXPIRED'] as const;
export type BiometricSessionStatus = (typeof BIOMETRIC_SESSION_STATUSES)[number];

export interface BiometricSession {
  sessionId: string;
  status: BiometricSessionStatus;
  expiresAt: string;
  /** The link the wallet app opens (also encoded in the QR code). Only in the answer that starts it. */
  deepLink?: string;
  /** The QR code of the deep link as an SVG document. Only in the answer that starts it. */
  qrSvg?: string;
  /** Whether this server completes sessions without a phone (demo mode). */
  demoCompletion: boolean;
}

export interface BiometricState {
  /** A biometric todo is present. */
  pending: boolean;
  /** It is the REQUIRED variant (cannot be skipped). */
  required: boolean;
  /** The caller skipped the optional check for this merchant earlier. */
  skipped: boolean;
  /** The caller may run the check (the merchant's legal representative). */
  canVerify: boolean;
  demoCompletion: boolean;
}

/** How long a biometric session (its QR code) stays usable. */
export const BIOMETRIC_SESSION_MINUTES = 10;
/** How often the page asks for the session's result. */
export const BIOMETRIC_POLL_MS = 2_000;

/** One-time codes are six digits (the same as sign-up, spec §7). */
export const OTP_CODE_PATTERN = /^\d{6}$/;

/** Body of the sign call: the code sent by the OTP service, bound to this contract. */
export const signContractSchema = z.strictObject({
  otpId: z.string().trim().min(1, 'validation.required').max(100, 'validation.invalid'),
  otpCode: z.string().trim().regex(OTP_CODE_PATTERN, 'validation.econtract.code'),
});
export type SignContractInput = z.infer<typeof signContractSchema>;

/**
 * Who signs: the merchant's legal representative, i.e. its owners. Staff who may read contracts (an
 * ADMINISTRATOR or LEGAL) do not bind the business.
 */
export const ECONTRACT_SIGNER_ROLES = ['MERCHANT_OWNER', 'MERCHANT_OWNER_DONATION'] as const satisfies readonly Role[];
/** Who reads the merchant's contracts: the roles whose sidebar has MERCHANT_ECONTRACT. */
export const ECONTRACT_VIEWER_ROLES = ['MERCHANT_OWNER', 'MERCHANT_OWNER_DONATION', 'ADMINISTRATOR', 'LEGAL'] as const satisfies readonly Role[];

const hasAny = (roles: RoleList, allowed: readonly string[]) => Array.isArray(roles) && roles.some((r) => allowed.includes(r));

export const canViewContracts = (roles: RoleList): boolean => hasAny(roles, ECONTRACT_VIEWER_ROLES);
export const canSignContract = (roles: RoleList): boolean => hasAny(roles, ECONTRACT_SIGNER_ROLES);
/** The chip-ID check proves the representative's identity: the same people who sign. */
export const canVerifyBiometric = (roles: RoleList): boolean => canSignContract(roles);

/** The sign action is offered for a PENDING contract to a signing role only. */
export function canSignNow(roles: RoleList, status: EContractStatus): boolean {
  return status === 'PENDING' && canSignContract(roles);
}

/** Spec §4: BIOMETRIC_AUTHENTICATION may be skipped, BIOMETRIC_AUTHENTICATION_REQUIRED never. */
export function biometricTodo(todoActions: readonly string[] | null | undefined): { pending: boolean; required: boolean; skippable: boolean } {
  const todo = todoActions ?? [];
  const required = todo.includes('BIOMETRIC_AUTHENTICATION_REQUIRED');
  const pending = required || todo.includes('BIOMETRIC_AUTHENTICATION');
  return { pending, required, skippable: pending && !required };
}

/** The OTP subject binding a code to one contract (a code sent for contract 7 never signs contract 8). */
export const contractOtpSubject = (contractId: number): string => `contract:${contractId}`;

/** File name of a contract's PDF: its number, safe on every system. */
export function contractFileName(contractNo: string): string {
  return `hop-dong_${contractNo.replace(/[^A-Za-z0-9_-]/g, '-')}.pdf`;
}
