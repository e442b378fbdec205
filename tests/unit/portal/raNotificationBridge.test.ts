import { describe, expect, it } from 'vitest';
import { portalTypeOf } from '@/components/notifications/RaNotificationBridge';

/** react-admin toasts a saved record as 'info' (blue); the portal's success is green everywhere. */
describe('react-admin toasts in the portal notifier', () => {
  it('shows created, updated and deleted as success', () => {
    for (const message of [
      'ra.notification.created',
      'ra.notification.updated',
      'ra.notification.deleted',
      // What react-admin 5's controllers actually send, with ra.notification.* as the default text.
      'resources.users.notifications.created',
      'resources.report-settings.notifications.updated',
      'resources.users.notifications.deleted',
    ]) {
      expect(portalTypeOf(message, 'info'), message).toBe('success');
    }
  });

  it('keeps every other type as react-admin gave it', () => {
    expect(portalTypeOf('ra.notification.http_error', 'error')).toBe('error');
    expect(portalTypeOf('resources.users.notifications.invited', 'success')).toBe('success');
    expect(portalTypeOf('ra.notification.item_doesnt_exist', 'warning')).toBe('warning');
    expect(portalTypeOf('portal.reportSettings.runDone', 'info')).toBe('info');
    expect(portalTypeOf('resources.users.notifications.createdBy', 'info')).toBe('info');
  });
});
