/**
 * The id of the preferences block on the account page: the bell's "preferences" link scrolls to it. Its
 * own module, so the bell (on every screen) does not load the preferences form.
 */
export const NOTIFICATION_PREFERENCES_ID = 'notification-preferences';
