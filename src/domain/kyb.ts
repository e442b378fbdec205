/**
 * Merchant KYB (business verification) states of spec §4.
 */
import type { KybStateCode } from './api';

export type KybStatus = 'new' | 'waitingUpdate' | 'waitingApprove' | 'done' | 'reject' | 'locked' | 'other';

/** §4: stateCode → display status. Codes not listed there are 'other'. */
export const KYB_STATUS_BY_CODE: Readonly<Record<number, KybStatus>> = {
  101: 'new',
  106: 'waitingUpdate',
  110: 'waitingApprove',
  203: 'waitingApprove',
  201: 'done',
  210: 'done',
  202: 'reject',
  108: 'reject',
  109: 'locked',
  204: 'locked',
};

export function kybStatus(stateCode: KybStateCode | null | undefined): KybStatus {
  if (typeof stateCode !== 'number') return 'other';
  return KYB_STATUS_BY_CODE[stateCode] ?? 'other';
}

/** §4: the awaiting-approval set. It is a separate list from the display mapping (102 and 107 are only here). */
export const AWAITING_APPROVAL_STATES: readonly KybStateCode[] = [101, 102, 106, 107, 110];

export function isAwaitingApproval(stateCode: KybStateCode | null | undefined): boolean {
  return typeof stateCode === 'number' && AWAITING_APPROVAL_STATES.includes(stateCode);
}

/** §4: a merchant is in KYB when its code lies in 200-299 (inclusive). */
export function isInKyb(stateCode: KybStateCode | null | undefined): boolean {
  return typeof stateCode === 'number' && Number.isInteger(stateCode) && stateCode >= 200 && stateCode <= 299;
}
