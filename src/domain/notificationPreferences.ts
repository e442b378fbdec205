/**
 * The schema of the per-user notification preferences the server accepts (PUT
 * /notification/v1/user/notification-preferences). Apart from ./notifications, which the header bell
 * loads on every screen, so that zod stays out of it.
 */
import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationPreference, type NotificationPreferencesInput } from './notifications';

export const notificationPreferenceSchema = z.strictObject({
  kind: z.enum(NOTIFICATION_KINDS),
  email: z.boolean(),
  sms: z.boolean(),
}) satisfies z.ZodType<NotificationPreference>;

export const notificationPreferencesSchema = z.strictObject({
  preferences: z.array(notificationPreferenceSchema).max(NOTIFICATION_KINDS.length),
}) satisfies z.ZodType<NotificationPreferencesInput>;
