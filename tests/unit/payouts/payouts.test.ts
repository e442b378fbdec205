/** Payout settings rules shared by the form and the API (src/domain/payouts.ts). */
import { describe, expect, it } from 'vitest';
import {
  changedPayoutFields,
  payoutChangeDetails,
  needsOtp,
  normalizePayoutSettings,
  otpCodeSchema,
  PAYOUT_DESTINATIONS,
  payoutSettingsSchema,
  RECONCILIATION_TIMES,
  walletDestination,
} from '../../../src/domain/payouts';
import { canChangePayout, canGenerateStoreQr, canViewPayout } from '../../../src/domain/permissions';
import { schemaErrors } from '../../../src/domain/formErrors';
import vi from '../../../src/i18n/vi/validation.json';
import en from '../../../src/i18n/en/validation.json';

const bank = {
  wallet: 'BANK',
  period: 'SRP.0001',
  reconciliationTime: '17:00',
  accountNumber: '0041000123456',
  accountName: 'CONG TY TNHH CA PHE SONG HAN',
  bankBrand: 'Chi nhánh Đà Nẵng',
  bankCityId: 'DN',
  bankNameId: 'VCB',
};
const errorsOf = (value: unknown) =>
  Object.fromEntries(Object.entries(schemaErrors(payoutSettingsSchema, value)).map(([f, e]) => [f, e.messageKey]));

describe('payout settings schema', () => {
  it('accepts complete bank settings and a wallet destination without bank fields', () => {
    expect(errorsOf(bank)).toEqual({});
    expect(errorsOf({ wallet: walletDestination(), period: 'SRP.0000', reconciliationTime: '00:00' })).toEqual({});
    expect(errorsOf({ wallet: 'GOLDEN_POCKET', period: 'SRP.0001', reconciliationTime: '23:00', accountNumber: '' })).toEqual({});
  });

  it('offers the three destinations of §3 and the two periods', () => {
    expect(PAYOUT_DESTINATIONS).toEqual(['VIXANH_WALLET', 'GOLDEN_POCKET', 'BANK']);
    expect(errorsOf({ ...bank, period: 'SRP.0002' })).toEqual({ period: 'validation.invalid' });
    expect(errorsOf({ ...bank, wallet: 'MOMO_WALLET' })).toEqual({ wallet: 'validation.invalid' });
  });

  it('requires every bank field for BANK, each with its own message', () => {
    expect(errorsOf({ wallet: 'BANK', period: 'SRP.0001', reconciliationTime: '17:00' })).toEqual({
      accountNumber: 'validation.required',
      accountName: 'validation.required',
      bankBrand: 'validation.required',
      bankCityId: 'validation.required',
      bankNameId: 'validation.required',
    });
  });

  it('checks account number, holder name, branch, city and bank', () => {
    expect(errorsOf({ ...bank, accountNumber: '12345' })).toEqual({ accountNumber: 'validation.payout.accountNumber' });
    expect(errorsOf({ ...bank, accountNumber: '1'.repeat(20) })).toEqual({ accountNumber: 'validation.payout.accountNumber' });
    expect(errorsOf({ ...bank, accountNumber: '0041-0001' })).toEqual({ accountNumber: 'validation.payout.accountNumber' });
    expect(errorsOf({ ...bank, accountName: 'Nguyễn Văn A' })).toEqual({ accountName: 'validation.payout.accountName' });
    expect(errorsOf({ ...bank, accountName: 'NGUYEN  VAN A' })).toEqual({ accountName: 'validation.payout.accountName' });
    expect(errorsOf({ ...bank, bankBrand: 'x'.repeat(101) })).toEqual({ bankBrand: 'validation.payout.bankBrand' });
    expect(errorsOf({ ...bank, bankBrand: '   ' })).toEqual({ bankBrand: 'validation.payout.bankBrand' });
    expect(errorsOf({ ...bank, bankCityId: 'XX' })).toEqual({ bankCityId: 'validation.invalid' });
    expect(errorsOf({ ...bank, bankNameId: 'NOPE' })).toEqual({ bankNameId: 'validation.invalid' });
  });

  it('refuses bank fields with a wallet destination', () => {
    expect(errorsOf({ ...bank, wallet: 'GOLDEN_POCKET' })).toMatchObject({ accountNumber: 'validation.payout.bankOnly' });
  });

  it('reconciliation cut-off is a full hour', () => {
    expect(RECONCILIATION_TIMES).toHaveLength(24);
    expect(errorsOf({ ...bank, reconciliationTime: '17:30' })).toEqual({ reconciliationTime: 'validation.invalid' });
    expect(errorsOf({ ...bank, reconciliationTime: '' })).toEqual({ reconciliationTime: 'validation.required' });
  });

  it('every message key exists in both languages', () => {
    for (const key of ['accountNumber', 'accountName', 'bankBrand', 'bankOnly', 'otpCode'] as const) {
      expect(vi.validation.payout[key]).toBeTruthy();
      expect(en.validation.payout[key]).toBeTruthy();
    }
  });
});

describe('changes and one-time codes', () => {
  const stored = normalizePayoutSettings(bank);
  it('normalising a wallet destination clears the bank fields', () => {
    expect(normalizePayoutSettings({ ...bank, wallet: 'GOLDEN_POCKET' })).toMatchObject({ accountNumber: null, bankNameId: null });
  });
  it('period, cut-off and branch changes need no code', () => {
    const changes = changedPayoutFields(stored, normalizePayoutSettings({ ...bank, period: 'SRP.0000', reconciliationTime: '20:00', bankBrand: 'Hội sở' }));
    expect(changes).toEqual(['period', 'reconciliationTime', 'bankBrand']);
    expect(needsOtp(changes)).toBe(false);
  });
  it('destination, account number, holder or bank changes need a code', () => {
    for (const patch of [{ wallet: 'GOLDEN_POCKET', accountNumber: '', accountName: '', bankBrand: '', bankCityId: '', bankNameId: '' }, { accountNumber: '0041000999999' }, { accountName: 'NGUYEN VAN A' }, { bankNameId: 'ACB' }]) {
      expect(needsOtp(changedPayoutFields(stored, normalizePayoutSettings({ ...bank, ...patch }))), JSON.stringify(patch)).toBe(true);
    }
    expect(changedPayoutFields(stored, stored)).toEqual([]);
  });
  it('shows a change old → new with account numbers masked to their last four digits, names as they are', () => {
    const next = normalizePayoutSettings({ ...bank, accountNumber: '0071000555666', accountName: 'NGUYEN VAN A' });
    expect(payoutChangeDetails(stored, next, changedPayoutFields(stored, next))).toEqual({
      accountNumber: { from: `••••${stored.accountNumber!.slice(-4)}`, to: '••••5666' },
      accountName: { from: stored.accountName, to: 'NGUYEN VAN A' },
    });
    const toWallet = normalizePayoutSettings({ ...bank, wallet: 'GOLDEN_POCKET', accountNumber: '', accountName: '', bankBrand: '', bankCityId: '', bankNameId: '' });
    expect(payoutChangeDetails(stored, toWallet, ['wallet', 'accountNumber']).accountNumber).toEqual({ from: `••••${stored.accountNumber!.slice(-4)}`, to: null });
  });
  it('one-time codes are six digits', () => {
    expect(otpCodeSchema.safeParse('123456').success).toBe(true);
    for (const bad of ['12345', '1234567', 'abcdef', '']) expect(otpCodeSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe('payout permissions', () => {
  it('owners change; administrator and merchant accountant only see; store roles neither', () => {
    expect(canChangePayout(['MERCHANT_OWNER'])).toBe(true);
    expect(canChangePayout(['MERCHANT_OWNER_DONATION'])).toBe(true);
    expect(canChangePayout(['ADMINISTRATOR'])).toBe(false);
    expect(canViewPayout(['ADMINISTRATOR'])).toBe(true);
    expect(canViewPayout(['MERCHANT_ACCOUNTANT'])).toBe(true);
    expect(canViewPayout(['STORE_CASHIER'])).toBe(false);
    expect(canViewPayout(['SUB_ACCOUNTANT'])).toBe(false);
  });
  it('store QR generation: owners and administrator', () => {
    expect(canGenerateStoreQr(['ADMINISTRATOR'])).toBe(true);
    expect(canGenerateStoreQr(['MERCHANT_ACCOUNTANT'])).toBe(false);
    expect(canGenerateStoreQr(['STORE_OWNER'])).toBe(false);
  });
});
