/** A notification's sentence is made on the client from kind + params, in the viewer's language. */
import { describe, expect, it } from 'vitest';
import { notificationTextValues } from '@/domain/notifications';
import { routerPathOf } from '@/features/notifications/notificationText';

describe('notificationTextValues', () => {
  const lookup = (key: string) => ({ 'portal.notifications.values.status.WAITING_MERCHANT': 'Chờ bạn phản hồi' })[key];
  it('groups amounts per language, keeps ids whole and turns codes into their text', () => {
    expect(notificationTextValues({ amount: 1_500_000, ticketId: 1234, status: 'WAITING_MERCHANT', subject: 'Thiếu tiền' }, 'vi', lookup)).toEqual({
      amount: '1.500.000',
      ticketId: '1234',
      status: 'Chờ bạn phản hồi',
      subject: 'Thiếu tiền',
    });
    expect(notificationTextValues({ amount: 1_500_000, ticketId: 1234 }, 'en', lookup)).toEqual({ amount: '1,500,000', ticketId: '1234' });
  });
});

describe('routerPathOf', () => {
  it('turns a /portal link into a router path and leaves anything else out', () => {
    expect(routerPathOf('/portal/app/reconciliation-accounting/12')).toBe('/app/reconciliation-accounting/12');
    expect(routerPathOf(null)).toBeNull();
    expect(routerPathOf('https://evil.example/portal/app')).toBeNull();
  });
});
