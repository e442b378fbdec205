import { getChosenMerchantId } from '@/authProvider/session';
import { API_BASE_URL } from '@/config';
import { httpClient } from '@/dataProvider/httpClient';
import {
  ServiceApiPaths,
  type LandingPage,
  type MerchantService,
  type PaylaterPage,
  type ServiceEligibility,
} from '@/domain/services';

/**
 * Service calls the CRUD mapping has no slot for: registration, eligibility, the PAYLATER page and
 * landing pages. Failures toast the server's message through the httpClient (§8).
 */
const merchantPath = (template: string, params: Record<string, string | number> = {}) => {
  let path = template.replace(':merchantId', encodeURIComponent(String(getChosenMerchantId() ?? '')));
  for (const [key, value] of Object.entries(params)) path = path.replace(`:${key}`, encodeURIComponent(String(value)));
  return `${API_BASE_URL}${path}`;
};

export async function registerService(serviceId: number): Promise<MerchantService> {
  const response = await httpClient<MerchantService>(merchantPath(ServiceApiPaths.list), {
    method: 'POST',
    body: { serviceId },
    merchantScoped: true,
    showSuccess: true,
  });
  return response.data;
}

export async function getEligibility(serviceId: number): Promise<ServiceEligibility> {
  return (await httpClient<ServiceEligibility>(merchantPath(ServiceApiPaths.eligible, { id: serviceId }), { merchantScoped: true })).data;
}

export async function getPaylaterPage(): Promise<PaylaterPage> {
  return (await httpClient<PaylaterPage>(merchantPath(ServiceApiPaths.paylater), { merchantScoped: true })).data;
}

export async function getLandingPage(code: string): Promise<LandingPage> {
  const path = ServiceApiPaths.landingPage.replace(':code', encodeURIComponent(code));
  return (await httpClient<LandingPage>(`${API_BASE_URL}${path}`)).data;
}
