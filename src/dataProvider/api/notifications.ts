import type { Page } from '@/domain/api';
import {
  NotificationApiPaths as Paths,
  type NotificationItem,
  type NotificationPreference,
  type NotificationSummary,
} from '@/domain/notifications';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/**
 * The signed-in user's notifications (server/routes/notifications, spec §7 `/notification/v1/user`): a page
 * for the chosen merchant, the unread count, read / read all, e-mail and SMS preferences, and the live
 * stream `/notification/v2/stream` (server-sent events read with fetch streaming, so the token travels in
 * the Authorization header, never in the URL as EventSource would need). The bell reports failures itself.
 */
export function notificationsApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  const scoped = () => ({ merchantId: ctx.getMerchantId(), merchantScoped: true, showError: false } as const);
  const merchantQuery = () => ({ merchantId: ctx.getMerchantId() ?? undefined });
  return {
    async listNotifications(pageNumber = 0, pageSize = 10): Promise<Page<NotificationItem>> {
      return (await call<Page<NotificationItem>>(Paths.list, { ...scoped(), query: { ...merchantQuery(), pageNumber, pageSize } })).data;
    },
    async notificationSummary(): Promise<NotificationSummary> {
      return (await call<NotificationSummary>(Paths.summary, { ...scoped(), query: merchantQuery() })).data;
    },
    async readNotification(id: number): Promise<void> {
      await call(Paths.read, { method: 'POST', params: { id }, showError: false });
    },
    async readAllNotifications(): Promise<void> {
      await call(Paths.readAll, { ...scoped(), method: 'POST', query: merchantQuery() });
    },
    async getNotificationPreferences(): Promise<NotificationPreference[]> {
      return (await call<NotificationPreference[]>(Paths.preferences, { showError: false })).data;
    },
    async saveNotificationPreferences(preferences: NotificationPreference[]): Promise<NotificationPreference[]> {
      return (await call<NotificationPreference[]>(Paths.preferences, { method: 'PUT', body: { preferences }, showError: false })).data;
    },
    /** Opens the live stream of the chosen merchant; `signal` closes it. Rejects when it cannot be opened. */
    async openNotificationStream(signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
      const response = await call<ReadableStream<Uint8Array>>(Paths.stream, {
        ...scoped(),
        query: merchantQuery(),
        responseType: 'stream',
        headers: { Accept: 'text/event-stream' },
        signal,
      });
      if (!(response.data instanceof ReadableStream)) throw new Error('not an event stream');
      return response.data;
    },
  };
}
