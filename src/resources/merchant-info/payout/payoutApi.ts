/** Calls of the payout settings (server/routes/payouts), for the merchant-info page's payout tab. */
import { API_BASE_URL } from '@/config';
import { httpClient } from '@/dataProvider/httpClient';
import {
  PayoutApiPaths,
  type PayoutOtpChallenge,
  type PayoutPeriodOption,
  type PayoutSettings,
  type PayoutSettingsInput,
  type PayoutValidation,
} from '@/domain/payouts';

const url = (path: string, merchantId: number) => `${API_BASE_URL}${path.replace(':merchantId', encodeURIComponent(String(merchantId)))}`;

export const payoutQueryKey = (merchantId: number) => ['payouts', merchantId] as const;
export const periodsQueryKey = ['payouts', 'periods'] as const;

export async function fetchPeriods(): Promise<PayoutPeriodOption[]> {
  return (await httpClient<PayoutPeriodOption[]>(`${API_BASE_URL}${PayoutApiPaths.periods}`, { showError: false })).data;
}

export async function fetchPayouts(merchantId: number): Promise<PayoutSettings> {
  return (await httpClient<PayoutSettings>(url(PayoutApiPaths.payouts, merchantId), { merchantScoped: true, merchantId, showError: false })).data;
}

/** Bank fields of a wallet destination are not sent at all: the API refuses them. */
function wire(values: PayoutSettingsInput): Record<string, string> {
  const out: Record<string, string> = { wallet: values.wallet, period: values.period, reconciliationTime: values.reconciliationTime };
  if (values.wallet === 'BANK') {
    for (const key of ['accountNumber', 'accountName', 'bankBrand', 'bankCityId', 'bankNameId'] as const) out[key] = values[key] ?? '';
  }
  return out;
}

export async function validatePayout(merchantId: number, values: PayoutSettingsInput): Promise<PayoutValidation> {
  return (await httpClient<PayoutValidation>(url(PayoutApiPaths.validate, merchantId), { query: wire(values), merchantScoped: true, merchantId, showError: false })).data;
}

export async function sendPayoutOtp(merchantId: number, version: number, values: PayoutSettingsInput): Promise<PayoutOtpChallenge> {
  const res = await httpClient<PayoutOtpChallenge>(url(PayoutApiPaths.update, merchantId), {
    method: 'POST',
    body: { reqType: 'SEND_OTP', version, ...wire(values) },
    merchantScoped: true,
    merchantId,
    showError: false,
  });
  return res.data;
}

export async function updatePayout(
  merchantId: number,
  version: number,
  values: PayoutSettingsInput,
  otp?: { otpId: string; otpCode: string },
): Promise<PayoutSettings> {
  const res = await httpClient<PayoutSettings>(url(PayoutApiPaths.update, merchantId), {
    method: 'POST',
    body: { reqType: 'UPDATE', version, ...wire(values), ...(otp ?? {}) },
    merchantScoped: true,
    merchantId,
    showError: false,
  });
  return res.data;
}
