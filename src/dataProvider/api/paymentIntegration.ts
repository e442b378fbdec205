import { PaymentIntegrationApiPaths as Paths, type Page } from '@/domain/api';
import type {
  ApiCredential,
  IntegrationEnvironment,
  IntegrationOverview,
  IssuedCredential,
  SellingPlan,
  WebhookDelivery,
  WebhookSettings,
  WebhookSettingsInput,
} from '@/domain/paymentIntegration';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** Payment integration centre calls (server/routes/payment-integration): credentials, webhooks, deliveries, selling plans. */
export function paymentIntegrationApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getIntegrationOverview(): Promise<IntegrationOverview> {
      return (await call<IntegrationOverview>(Paths.overview)).data;
    },
    /** The answer carries the secret key: the only time it is ever sent. */
    async createApiCredential(environment: IntegrationEnvironment): Promise<IssuedCredential> {
      return (await call<IssuedCredential>(Paths.credentials, { method: 'POST', body: { environment } })).data;
    },
    async rotateApiCredential(credentialId: number, overlapHours: number): Promise<IssuedCredential> {
      return (await call<IssuedCredential>(Paths.rotate, { method: 'POST', params: { credentialId }, body: { overlapHours } })).data;
    },
    async revokeApiCredential(credentialId: number): Promise<ApiCredential> {
      return (await call<ApiCredential>(Paths.revoke, { method: 'POST', params: { credentialId }, showSuccess: true })).data;
    },
    async saveWebhookSettings(environment: IntegrationEnvironment, body: WebhookSettingsInput): Promise<WebhookSettings> {
      return (await call<WebhookSettings>(Paths.webhook, { method: 'PUT', params: { environment }, body, showSuccess: true })).data;
    },
    async sendWebhookTestEvent(environment: IntegrationEnvironment): Promise<WebhookDelivery> {
      return (await call<WebhookDelivery>(Paths.testEvent, { method: 'POST', params: { environment } })).data;
    },
    async getWebhookDeliveries(query: { environment?: IntegrationEnvironment; pageNumber: number; pageSize: number }): Promise<Page<WebhookDelivery>> {
      return (await call<Page<WebhookDelivery>>(Paths.deliveries, { query })).data;
    },
    async resendWebhookDelivery(deliveryId: number): Promise<WebhookDelivery> {
      return (await call<WebhookDelivery>(Paths.resend, { method: 'POST', params: { deliveryId } })).data;
    },
    async getSellingPlans(): Promise<SellingPlan[]> {
      return (await call<SellingPlan[]>(Paths.sellingPlans)).data;
    },
  };
}
