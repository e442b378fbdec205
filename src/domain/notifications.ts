/**
 * In-portal notifications (issue 15, spec §6 "Receive notifications: STORE_OWNER or MERCHANT_OWNER"):
 * the kinds, their parameters, the per-user delivery preferences and the API paths. Shared by the bell
 * (src/features/notifications) and the server (server/lib/notifications, server/routes/notifications).
 * A notification's text is never stored: it is `portal.notifications.kinds.<KIND>` rendered in the
 * viewer's language from its params. The preferences' schema is in ./notificationPreferences, so the bell
 * never loads zod.
 */
export const NOTIFICATION_KINDS = [
  'PAYOUT_DONE',
  'PAYOUT_FAILED',
  'KYB_STATE',
  'INVITATION',
  'EXPORT_READY',
  'TICKET_REPLY',
  'TICKET_STATUS',
  'PERIOD_READY',
  'MARKETING_LOW_BALANCE',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The query an export-ready notification adds to its report's list: the list opens its past exports. */
export const PAST_EXPORTS_PARAM = { name: 'exports', value: 'past' } as const;

/** Extra channels a user may add per kind; the bell always gets every notification. */
export const NOTIFICATION_CHANNELS = ['EMAIL', 'SMS'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type NotificationParams = Record<string, string | number>;

/** What the server keeps and sends: the text is made on the client from kind + params. */
export interface NotificationItem {
  id: number;
  merchantId: number;
  kind: NotificationKind;
  params: NotificationParams;
  /** An app path such as `/portal/app/reconciliation-accounting/12`, or null. */
  link: string | null;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationSummary {
  unread: number;
}

/** One preference row per kind: whether the notification also goes by e-mail and/or SMS (checked by ./notificationPreferences). */
export interface NotificationPreference {
  kind: NotificationKind;
  email: boolean;
  sms: boolean;
}

export interface NotificationPreferencesInput {
  preferences: NotificationPreference[];
}

/** Links are app paths only: never another origin (an open redirect from a notification). */
export const NOTIFICATION_LINK_PATTERN = /^\/portal\/[A-Za-z0-9/_\-.?=&%,]*$/;
export const isNotificationLink = (link: string): boolean => NOTIFICATION_LINK_PATTERN.test(link) && !link.includes('//');

/**
 * The caller's own notifications (spec §7 `/notification/v1/user`); the live stream is under
 * `/notification/v2` (server-sent events, bearer token in the Authorization header).
 */
export const NotificationApiPaths = {
  list: '/notification/v1/user/notifications',
  summary: '/notification/v1/user/notifications/summary',
  read: '/notification/v1/user/notifications/:id/read',
  readAll: '/notification/v1/user/notifications/read-all',
  preferences: '/notification/v1/user/notification-preferences',
  stream: '/notification/v2/stream',
} as const;

/** Event names on the stream. */
export const NOTIFICATION_STREAM_EVENT = 'notification';

/** Where a notification's texts live: `portal.notifications.kinds.<KIND>`. */
export const notificationTextKey = (kind: NotificationKind): string => `portal.notifications.kinds.${kind}`;

/**
 * The interpolation values of a notification in `lang`: numbers grouped the language's way (1.500.000 /
 * 1,500,000) except ids, and a code with a text under `portal.notifications.values.<param>.<code>` (a KYB status,
 * a ticket status) replaced by that text. `lookup` answers a translation or undefined.
 */
export function notificationTextValues(
  params: NotificationParams,
  lang: string,
  lookup: (key: string) => string | undefined,
): Record<string, string> {
  const numbers = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'vi-VN', { maximumFractionDigits: 0 });
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    // Ids (ticketId) are names, not quantities: #1234, never #1.234.
    if (typeof value === 'number') values[name] = /Id$/.test(name) ? String(value) : numbers.format(value);
    else values[name] = lookup(`portal.notifications.values.${name}.${value}`) ?? value;
  }
  return values;
}
