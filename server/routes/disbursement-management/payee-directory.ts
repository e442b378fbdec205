/**
 * Demo stand-in for the wallet's and the banks' account directories and for the payout rail: the holder
 * name of an account, and whether a payment to it goes through. Deterministic, so demos and tests can
 * aim at each outcome: an account ending in 0000 does not exist, one ending in 9999 is locked (the payment
 * fails and is reversed), every other one exists and is paid. Production would call the provider here.
 */
import { createHash } from 'node:crypto';
import type { DisbursementChannel, FailureReason } from '@/domain/disbursements';
import { maskPersonName } from '@/domain/masking';

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ'];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Thu', 'Quốc', 'Thanh', 'Gia', 'Ngọc'];
const GIVEN = ['An', 'Bình', 'Chi', 'Dũng', 'Hà', 'Hải', 'Hương', 'Khoa', 'Lan', 'Long', 'Mai', 'Nam', 'Phúc', 'Quân', 'Tâm', 'Trang'];

export interface PayeeDirectory {
  /** The holder's name, masked, or null when no such account exists. */
  holderName(channel: DisbursementChannel, account: string, bankId: string | null): string | null;
  /** The outcome of paying this account now. */
  pay(channel: DisbursementChannel, account: string): { ok: true } | { ok: false; reason: FailureReason };
}

export const demoPayeeDirectory: PayeeDirectory = {
  holderName(channel, account, bankId) {
    if (account.endsWith('0000')) return null;
    const h = createHash('sha256').update(`${channel}:${bankId ?? ''}:${account}`).digest();
    const full = `${FAMILY[h[0] % FAMILY.length]} ${MIDDLE[h[1] % MIDDLE.length]} ${GIVEN[h[2] % GIVEN.length]}`;
    return maskPersonName(full);
  },
  pay(_channel, account) {
    if (account.endsWith('0000')) return { ok: false, reason: 'ACCOUNT_NOT_FOUND' };
    if (account.endsWith('9999')) return { ok: false, reason: 'ACCOUNT_LOCKED' };
    return { ok: true };
  },
};
