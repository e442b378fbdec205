import { PayoutApiPaths } from '@/domain/api';
import type { PayoutOtpChallenge, PayoutPeriodOption, PayoutSettings, PayoutSettingsInput, PayoutValidation } from '@/domain/payouts';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** Bank fields of a wallet destination are not sent at all: the API refuses them. */
function wire(values: PayoutSettingsInput): Record<string, string> {
  const out: Record<string, string> = { wallet: values.wallet, period: values.period, reconciliationTime: values.reconciliationTime };
  if (values.wallet === 'BANK') {
    for (const key of ['accountNumber', 'accountName', 'bankBrand', 'bankCityId', 'bankNameId'] as const) out[key] = values[key] ?? '';
  }
  return out;
}

/** Payout settings (server/routes/payouts), the merchant-info page's payout tab. The form shows the errors. */
export function payoutsApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getPayoutPeriods(): Promise<PayoutPeriodOption[]> {
      return (await call<PayoutPeriodOption[]>(PayoutApiPaths.periods, { showError: false })).data;
    },
    async getPayouts(merchantId: number): Promise<PayoutSettings> {
      return (await call<PayoutSettings>(PayoutApiPaths.payouts, { merchantId, showError: false })).data;
    },
    async validatePayout(merchantId: number, values: PayoutSettingsInput): Promise<PayoutValidation> {
      return (await call<PayoutValidation>(PayoutApiPaths.validate, { query: wire(values), merchantId, showError: false })).data;
    },
    async sendPayoutOtp(merchantId: number, version: number, values: PayoutSettingsInput): Promise<PayoutOtpChallenge> {
      const body = { reqType: 'SEND_OTP', version, ...wire(values) };
      return (await call<PayoutOtpChallenge>(PayoutApiPaths.update, { method: 'POST', body, merchantId, showError: false })).data;
    },
    async updatePayout(
      merchantId: number,
      version: number,
      values: PayoutSettingsInput,
      otp?: { otpId: string; otpCode: string },
    ): Promise<PayoutSettings> {
      const body = { reqType: 'UPDATE', version, ...wire(values), ...(otp ?? {}) };
      return (await call<PayoutSettings>(PayoutApiPaths.update, { method: 'POST', body, merchantId, showError: false })).data;
    },
  };
}
