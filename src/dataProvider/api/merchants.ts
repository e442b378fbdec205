import { ApiPaths, type Merchant, type Page } from '@/domain/api';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** The caller's merchants (server/routes/merchants). */
export function merchantsApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getMerchants({ pageNumber, pageSize }: { pageNumber: number; pageSize: number }): Promise<Page<Merchant>> {
      return (await call<Page<Merchant>>(ApiPaths.merchants, { query: { requestType: 'LOGIN_MERCHANTS', pageNumber, pageSize } })).data;
    },
    /** Acts on that merchant: choosing a merchant loads it before it is chosen. */
    async getMerchant(merchantId: number): Promise<Merchant> {
      return (await call<Merchant>(ApiPaths.merchant, { merchantId })).data;
    },
  };
}
