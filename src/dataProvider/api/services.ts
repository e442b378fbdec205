import { ServiceApiPaths } from '@/domain/api';
import type { LandingPage, MerchantService, PaylaterPage, ServiceEligibility } from '@/domain/services';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** Service calls the CRUD mapping has no slot for (server/routes/services). Failures toast the server's message (§8). */
export function servicesApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async registerService(serviceId: number): Promise<MerchantService> {
      return (await call<MerchantService>(ServiceApiPaths.list, { method: 'POST', body: { serviceId }, showSuccess: true })).data;
    },
    async getServiceEligibility(serviceId: number): Promise<ServiceEligibility> {
      return (await call<ServiceEligibility>(ServiceApiPaths.eligible, { params: { id: serviceId } })).data;
    },
    async getPaylaterPage(): Promise<PaylaterPage> {
      return (await call<PaylaterPage>(ServiceApiPaths.paylater)).data;
    },
    async getLandingPage(code: string): Promise<LandingPage> {
      return (await call<LandingPage>(ServiceApiPaths.landingPage, { params: { code } })).data;
    },
  };
}
