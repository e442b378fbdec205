import type { i18n as I18n } from 'i18next';
import { notificationTextKey, notificationTextValues, type NotificationItem } from '@/domain/notifications';

/** A notification's sentence in the current language, made from its kind and params (texts are never stored). */
export function notificationText(i18n: I18n, item: Pick<NotificationItem, 'kind' | 'params'>): string {
  const lookup = (key: string) => (i18n.exists(key) ? i18n.t(key) : undefined);
  return i18n.t(notificationTextKey(item.kind), notificationTextValues(item.params, i18n.language, lookup));
}

/** The router path of a notification's link (`/portal/app/…` → `/app/…`), or null when it has none. */
export function routerPathOf(link: string | null): string | null {
  if (!link?.startsWith('/portal/')) return null;
  return link.slice('/portal'.length);
}
