/**
 * Payout settings (spec §3 bank info, receive-money destinations, payout periods): the shared rules of
 * the portal's form and the API. Every field is a string so the same schema checks the GET validate
 * query and the POST update body. Messages are `validation.*` keys (validation.json).
 */
import { z } from 'zod';
import { maskAccountNumber } from './masking';
import { ValidationKeys } from './validation';

/** The provider's product code behind `{product}_WALLET` (the portal's VITE_PRODUCT_CODE default). */
export const DEFAULT_PRODUCT_CODE = 'VIXANH';

export const walletDestination = (productCode: string = DEFAULT_PRODUCT_CODE) => `${productCode}_WALLET`;

/** Spec §3 receive-money destinations. */
export const PAYOUT_DESTINATIONS = [walletDestination(), 'GOLDEN_POCKET', 'BANK'] as const;
export type PayoutDestination = (typeof PAYOUT_DESTINATIONS)[number];

export const isWalletDestination = (value: string | null | undefined): boolean => !!value && value.endsWith('_WALLET');

/** Spec §3 payout period codes. */
export const PAYOUT_PERIODS = ['SRP.0000', 'SRP.0001'] as const;
export type PayoutPeriod = (typeof PAYOUT_PERIODS)[number];

/** Banks a merchant can be paid to: NAPAS BIN (the VietQR acquirer id) and the short name printed on cards. */
export const PAYOUT_BANKS = [
  { id: 'VCB', bin: '970436', shortName: 'Vietcombank' },
  { id: 'ICB', bin: '970415', shortName: 'VietinBank' },
  { id: 'BIDV', bin: '970418', shortName: 'BIDV' },
  { id: 'VBA', bin: '970405', shortName: 'Agribank' },
  { id: 'TCB', bin: '970407', shortName: 'Techcombank' },
  { id: 'MB', bin: '970422', shortName: 'MB Bank' },
  { id: 'ACB', bin: '970416', shortName: 'ACB' },
  { id: 'VPB', bin: '970432', shortName: 'VPBank' },
  { id: 'STB', bin: '970403', shortName: 'Sacombank' },
  { id: 'TPB', bin: '970423', shortName: 'TPBank' },
  { id: 'HDB', bin: '970437', shortName: 'HDBank' },
  { id: 'VIB', bin: '970441', shortName: 'VIB' },
  { id: 'SHB', bin: '970443', shortName: 'SHB' },
  { id: 'EIB', bin: '970431', shortName: 'Eximbank' },
  { id: 'MSB', bin: '970426', shortName: 'MSB' },
  { id: 'OCB', bin: '970448', shortName: 'OCB' },
  { id: 'SEAB', bin: '970440', shortName: 'SeABank' },
  { id: 'LPB', bin: '970449', shortName: 'LPBank' },
  { id: 'BVB', bin: '970454', shortName: 'BVBank' },
  { id: 'NAB', bin: '970428', shortName: 'Nam A Bank' },
] as const;
export type PayoutBankId = (typeof PAYOUT_BANKS)[number]['id'];

/** The 34 provinces and cities (since 1 July 2025) where a bank branch can sit; names are proper nouns. */
export const PAYOUT_CITIES = [
  { id: 'HN', name: 'Hà Nội' },
  { id: 'HCM', name: 'TP. Hồ Chí Minh' },
  { id: 'HP', name: 'Hải Phòng' },
  { id: 'DN', name: 'Đà Nẵng' },
  { id: 'CT', name: 'Cần Thơ' },
  { id: 'HUE', name: 'Huế' },
  { id: 'AG', name: 'An Giang' },
  { id: 'BN', name: 'Bắc Ninh' },
  { id: 'CM', name: 'Cà Mau' },
  { id: 'CB', name: 'Cao Bằng' },
  { id: 'DL', name: 'Đắk Lắk' },
  { id: 'DB', name: 'Điện Biên' },
  { id: 'DNA', name: 'Đồng Nai' },
  { id: 'DT', name: 'Đồng Tháp' },
  { id: 'GL', name: 'Gia Lai' },
  { id: 'HT', name: 'Hà Tĩnh' },
  { id: 'HY', name: 'Hưng Yên' },
  { id: 'KH', name: 'Khánh Hoà' },
  { id: 'LCH', name: 'Lai Châu' },
  { id: 'LD', name: 'Lâm Đồng' },
  { id: 'LS', name: 'Lạng Sơn' },
  { id: 'LC', name: 'Lào Cai' },
  { id: 'NA', name: 'Nghệ An' },
  { id: 'NB', name: 'Ninh Bình' },
  { id: 'PT', name: 'Phú Thọ' },
  { id: 'QNG', name: 'Quảng Ngãi' },
  { id: 'QN', name: 'Quảng Ninh' },
  { id: 'QT', name: 'Quảng Trị' },
  { id: 'SL', name: 'Sơn La' },
  { id: 'TN', name: 'Tây Ninh' },
  { id: 'TNG', name: 'Thái Nguyên' },
  { id: 'TH', name: 'Thanh Hoá' },
  { id: 'TQ', name: 'Tuyên Quang' },
  { id: 'VL', name: 'Vĩnh Long' },
] as const;

/** Daily reconciliation cut-off: on the full hour, Vietnam time. */
export const RECONCILIATION_TIMES = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
export const DEFAULT_RECONCILIATION_TIME = '23:00';

export const PayoutValidationKeys = {
  accountNumber: 'validation.payout.accountNumber',
  accountName: 'validation.payout.accountName',
  bankBrand: 'validation.payout.bankBrand',
} as const;

/** Bank account numbers: 6 to 19 digits (19 is the VietQR consumer id limit). */
export const isValidAccountNumber = (v: string) => /^\d{6,19}$/.test(v);
/** Holder names as banks print them: capital letters A-Z without accents, single spaces, 2-50 characters. */
export const isValidAccountName = (v: string) => /^[A-Z]+( [A-Z]+)*$/.test(v) && v.length >= 2 && v.length <= 50;
/** Branch names: free text up to 100 characters, not blank. */
export const isValidBankBrand = (v: string) => v.trim().length > 0 && v.length <= 100;

const required = z.string({ error: ValidationKeys.required });
const oneOf = (values: readonly string[]) =>
  required.check((ctx) => {
    if (ctx.value === '') ctx.issues.push({ code: 'custom', message: ValidationKeys.required, input: ctx.value });
    else if (!values.includes(ctx.value)) ctx.issues.push({ code: 'custom', message: ValidationKeys.invalid, input: ctx.value });
  });
const optionalText = z.string().max(200).optional();

export const BANK_FIELDS = ['accountNumber', 'accountName', 'bankBrand', 'bankCityId', 'bankNameId'] as const;

/**
 * The settings as the form and the API take them. Bank fields are required for BANK and must be empty
 * otherwise (a wallet payout keeping an old bank account would be misleading on screen and in audits).
 */
export const payoutSettingsShape = {
  wallet: oneOf(PAYOUT_DESTINATIONS),
  period: oneOf(PAYOUT_PERIODS),
  reconciliationTime: oneOf(RECONCILIATION_TIMES),
  accountNumber: optionalText,
  accountName: optionalText,
  bankBrand: optionalText,
  bankCityId: optionalText,
  bankNameId: optionalText,
};

type BankInput = Partial<Record<(typeof BANK_FIELDS)[number], string>> & { wallet?: string };

const BANK_RULES: Record<(typeof BANK_FIELDS)[number], (v: string) => string | null> = {
  accountNumber: (v) => (isValidAccountNumber(v) ? null : PayoutValidationKeys.accountNumber),
  accountName: (v) => (isValidAccountName(v) ? null : PayoutValidationKeys.accountName),
  bankBrand: (v) => (isValidBankBrand(v) ? null : PayoutValidationKeys.bankBrand),
  bankCityId: (v) => (PAYOUT_CITIES.some((c) => c.id === v) ? null : ValidationKeys.invalid),
  bankNameId: (v) => (PAYOUT_BANKS.some((b) => b.id === v) ? null : ValidationKeys.invalid),
};

/** Adds the bank rules that depend on the destination; usable on any object schema holding the shape. */
export function checkBankFields(value: BankInput, ctx: { issues: z.core.$ZodRawIssue[] }): void {
  const isBank = value.wallet === 'BANK';
  for (const field of BANK_FIELDS) {
    const v = value[field] ?? '';
    if (isBank) {
      const message = v === '' ? ValidationKeys.required : BANK_RULES[field](v);
      if (message) ctx.issues.push({ code: 'custom', message, path: [field], input: v });
    } else if (v !== '') {
      ctx.issues.push({ code: 'custom', message: 'validation.payout.bankOnly', path: [field], input: v });
    }
  }
}

export const payoutSettingsSchema = z.object(payoutSettingsShape).check((ctx) => checkBankFields(ctx.value, ctx));
export type PayoutSettingsInput = z.infer<typeof payoutSettingsSchema>;

/** The settings reduced to what is stored: bank fields null unless BANK. */
export interface PayoutSettingsValues {
  wallet: string;
  period: string;
  reconciliationTime: string;
  accountNumber: string | null;
  accountName: string | null;
  bankBrand: string | null;
  bankCityId: string | null;
  bankNameId: string | null;
}
export const PAYOUT_FIELDS = ['wallet', 'period', 'reconciliationTime', ...BANK_FIELDS] as const;
export type PayoutField = (typeof PAYOUT_FIELDS)[number];

export function normalizePayoutSettings(input: PayoutSettingsInput): PayoutSettingsValues {
  const isBank = input.wallet === 'BANK';
  const bank = (v: string | undefined) => (isBank && v ? v : null);
  return {
    wallet: input.wallet,
    period: input.period,
    reconciliationTime: input.reconciliationTime,
    accountNumber: bank(input.accountNumber),
    accountName: bank(input.accountName),
    bankBrand: bank(input.bankBrand),
    bankCityId: bank(input.bankCityId),
    bankNameId: bank(input.bankNameId),
  };
}

/** Fields whose change decides where money goes: these need a one-time code. */
export const OTP_GUARDED_FIELDS: readonly PayoutField[] = ['wallet', 'accountNumber', 'accountName', 'bankNameId'];

export function changedPayoutFields(before: PayoutSettingsValues, after: PayoutSettingsValues): PayoutField[] {
  return PAYOUT_FIELDS.filter((f) => (before[f] ?? null) !== (after[f] ?? null));
}

export const needsOtp = (changes: readonly PayoutField[]): boolean => changes.some((f) => OTP_GUARDED_FIELDS.includes(f));

/** Old → new of one changed field, as shown to people: account numbers masked (`••••6789`), the rest as stored. */
export type PayoutChangeDetails = Record<string, { from: string | null; to: string | null }>;

const shown = (field: PayoutField, value: string | null | undefined): string | null =>
  field === 'accountNumber' ? maskAccountNumber(value) : (value ?? null);

/** The changed fields' old and new values as the confirmation, the audit trail and the owner's notice show them. */
export function payoutChangeDetails(before: PayoutSettingsValues, after: PayoutSettingsValues, changes: readonly PayoutField[]): PayoutChangeDetails {
  return Object.fromEntries(changes.map((f) => [f, { from: shown(f, before[f]), to: shown(f, after[f]) }]));
}

/** One-time codes are six digits (the OTP service's format). */
export const otpCodeSchema = z.string({ error: ValidationKeys.required }).check((ctx) => {
  if (ctx.value === '') ctx.issues.push({ code: 'custom', message: ValidationKeys.required, input: ctx.value });
  else if (!/^\d{6}$/.test(ctx.value)) ctx.issues.push({ code: 'custom', message: 'validation.payout.otpCode', input: ctx.value });
});

/** GET …/payouts answer. */
export interface PayoutAuditEntry {
  id: number;
  action: string;
  actorUsername: string | null;
  changes: PayoutField[];
  /** Masked before/after values of the changed fields. */
  details: PayoutChangeDetails;
  otpVerified: boolean;
  ip: string | null;
  createdAt: string;
}
export interface PayoutSettings extends PayoutSettingsValues {
  merchantId: number;
  /** Optimistic lock: an update must send the version it read. */
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
  destinations: string[];
  canChange: boolean;
  audit: PayoutAuditEntry[];
}
export interface PayoutValidation {
  changes: PayoutField[];
  /** Old → new of each changed field (account numbers masked): what the confirmation shows. */
  details: PayoutChangeDetails;
  requiresOtp: boolean;
}
export interface PayoutOtpChallenge {
  otpId: string;
  maskedAddress: string;
  expiresAt: string;
  resendAfterSeconds: number;
}
export interface PayoutPeriodOption {
  code: string;
  name: string;
}

export { PayoutApiPaths } from './api';
