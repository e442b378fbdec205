/** The header bell: count in its name, live events raise it, opening an item reads it and follows its link, all read. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationItem } from '@/domain/notifications';
import { clearPortalStorage, secureLocal, StorageKeys } from '@/storage';
import { NotificationBell } from '@/features/notifications/NotificationBell';
import { ResourceListProvider, type ResourceConfig } from '@/resourceConfig';
import { landing, renderWithProviders } from '../portal/helpers/wrapper';

const item = (id: number, over: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  merchantId: 101,
  kind: 'TICKET_REPLY',
  params: { ticketId: 1234, subject: 'Thiếu tiền' },
  link: '/portal/app/reconciliation-accounting/1234',
  createdAt: '2026-11-27T03:00:00.000Z',
  readAt: null,
  ...over,
});

/** A stream the test writes events into. */
function liveStream() {
  let push: (text: string) => void = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
    },
  });
  return { stream, send: (n: NotificationItem) => push(`event: notification\ndata: ${JSON.stringify(n)}\n\n`) };
}

beforeEach(() => {
  secureLocal.set(StorageKeys.auth, { token: 'tok', username: 'accountant_demo' });
  secureLocal.set(StorageKeys.common, { merchantId: 101 });
});
afterEach(() => {
  cleanup();
  clearPortalStorage();
});

describe('<NotificationBell>', () => {
  it('raises the count from the live stream, reads an opened item and goes to its ticket; marks all read', async () => {
    const live = liveStream();
    let unread = 1;
    const api = {
      notificationSummary: vi.fn(async () => ({ unread })),
      listNotifications: vi.fn(async () => ({ content: [item(2), item(1, { kind: 'PERIOD_READY', params: { period: '26/11/2026' }, link: '/portal/app/period-control/9' })], totalElements: 2, pageNumber: 0, pageSize: 10 })),
      readNotification: vi.fn(async () => void (unread -= 1)),
      readAllNotifications: vi.fn(async () => void (unread = 0)),
      openNotificationStream: vi.fn(async () => live.stream),
    };
    renderWithProviders(<NotificationBell />, { dataProvider: api, routes: [landing('/app/reconciliation-accounting/:id')] });
    const bell = await screen.findByRole('button', { name: 'Thông báo, 1 chưa đọc' });
    await waitFor(() => expect(api.openNotificationStream).toHaveBeenCalledTimes(1));
    unread = 2;
    live.send(item(2));
    await screen.findByRole('button', { name: 'Thông báo, 2 chưa đọc' });
    expect(screen.getByTestId('notification-announcer').textContent).toBe('Có phản hồi mới cho yêu cầu #1234: Thiếu tiền.');

    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Thông báo' });
    const reply = await within(panel).findByText('Có phản hồi mới cho yêu cầu #1234: Thiếu tiền.');
    expect(within(panel).getByText('Kỳ đối soát 26/11/2026 đã sẵn sàng để xác nhận.')).toBeTruthy();
    fireEvent.click(reply);
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/app/reconciliation-accounting/:id'));
    expect(api.readNotification).toHaveBeenCalledWith(2);
  });

  it('"mark all read" empties the count', async () => {
    let unread = 3;
    const api = {
      notificationSummary: vi.fn(async () => ({ unread })),
      listNotifications: vi.fn(async () => ({ content: [item(5)], totalElements: 1, pageNumber: 0, pageSize: 10 })),
      readAllNotifications: vi.fn(async () => void (unread = 0)),
      openNotificationStream: vi.fn(() => new Promise<ReadableStream<Uint8Array>>(() => {})),
    };
    renderWithProviders(<NotificationBell />, { dataProvider: api });
    fireEvent.click(await screen.findByRole('button', { name: 'Thông báo, 3 chưa đọc' }));
    const panel = await screen.findByRole('dialog', { name: 'Thông báo' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Đánh dấu đã đọc tất cả' }));
    await waitFor(() => expect(api.readAllNotifications).toHaveBeenCalledTimes(1));
    await screen.findByRole('button', { name: 'Thông báo, 0 chưa đọc', hidden: true });
  });
  it('loads the next page on "load more", newest first, until there is none', async () => {
    const page = (n: number) => ({
      content: Array.from({ length: n === 0 ? 10 : 2 }, (_, i) => item(100 - n * 10 - i, { params: { ticketId: 100 - n * 10 - i, subject: 'S' } })),
      totalElements: 12,
      pageNumber: n,
      pageSize: 10,
    });
    const api = {
      notificationSummary: vi.fn(async () => ({ unread: 12 })),
      listNotifications: vi.fn(async (n: number) => page(n)),
      openNotificationStream: vi.fn(() => new Promise<ReadableStream<Uint8Array>>(() => {})),
    };
    renderWithProviders(<NotificationBell />, { dataProvider: api });
    fireEvent.click(await screen.findByRole('button', { name: 'Thông báo, 12 chưa đọc' }));
    const panel = await screen.findByRole('dialog', { name: 'Thông báo' });
    await waitFor(() => expect(within(panel).getAllByTestId('notification-item')).toHaveLength(10));
    fireEvent.click(within(panel).getByRole('button', { name: 'Xem thêm' }));
    await waitFor(() => expect(within(panel).getAllByTestId('notification-item')).toHaveLength(12));
    expect(api.listNotifications).toHaveBeenLastCalledWith(1, 10);
    expect(within(panel).getAllByTestId('notification-item').at(-1)!.textContent).toContain('#89');
    expect(within(panel).queryByRole('button', { name: 'Xem thêm' })).toBeNull();
  });
  it('opens a payout in the payout report and an export in its report’s list', async () => {
    const resources = [
      { name: 'payout-report', paths: { list: 'payout-report', show: 'payout-report/:id' } },
      { name: 'transaction-report', paths: { list: 'report-center/transaction-report' } },
    ] as unknown as ResourceConfig[];
    const api = {
      notificationSummary: vi.fn(async () => ({ unread: 2 })),
      listNotifications: vi.fn(async () => ({
        content: [
          item(8, { kind: 'PAYOUT_DONE', params: { amount: 1_500_000, reference: 'FT1', payoutId: 77 }, link: '/portal/app/period-control/5' }),
          item(7, { kind: 'EXPORT_READY', params: { fileName: 'giao-dich.csv', report: 'transaction-report' }, link: '/portal/app/report-center' }),
        ],
        totalElements: 2,
        pageNumber: 0,
        pageSize: 10,
      })),
      readNotification: vi.fn(async () => {}),
      openNotificationStream: vi.fn(() => new Promise<ReadableStream<Uint8Array>>(() => {})),
    };
    const { router } = renderWithProviders(
      <ResourceListProvider resources={resources}>
        <NotificationBell />
      </ResourceListProvider>,
      { dataProvider: api },
    );
    const openItem = async (text: string) => {
      fireEvent.click(await screen.findByRole('button', { name: /^Thông báo, \d+ chưa đọc$/ }));
      fireEvent.click(await within(await screen.findByRole('dialog', { name: 'Thông báo' })).findByText(text));
    };
    await openItem('Đã chuyển 1.500.000 đ về tài khoản nhận tiền (mã tham chiếu FT1).');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/payout-report/77'));
    await openItem('File giao-dich.csv đã sẵn sàng để tải về.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/report-center/transaction-report'));
    // The list opens its past exports, where the file is.
    expect(router.state.location.search).toBe('?exports=past');
  });
});
