import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import {
  clearNotifications,
  closeNotification,
  getCurrentNotification,
  getQueuedNotifications,
  notify,
  NOTIFICATION_AUTO_HIDE_MS,
} from '@/components/notifications/notifier';
import { NotificationHost } from '@/components/notifications/NotificationHost';
import { createTestI18n } from './helpers/i18n';

afterEach(() => {
  cleanup();
  act(() => clearNotifications());
  vi.useRealTimers();
});

describe('notifier (spec §9: one at a time, no duplicates)', () => {
  it('shows one toast at a time and queues the rest in order', () => {
    notify('Một', { type: 'info' });
    notify('Hai', { type: 'success' });
    expect(getCurrentNotification()?.message).toBe('Một');
    expect(getQueuedNotifications().map((n) => n.message)).toEqual(['Hai']);
    closeNotification(getCurrentNotification()!.id, 'timeout');
    expect(getCurrentNotification()?.message).toBe('Hai');
  });

  it('drops a duplicate of the showing or a queued toast', () => {
    expect(notify('Đã có lỗi xảy ra!', { type: 'error' })).toBe(true);
    expect(notify('Đã có lỗi xảy ra!', { type: 'error' })).toBe(false);
    expect(notify('Khác', { type: 'error' })).toBe(true);
    expect(notify('Khác', { type: 'error' })).toBe(false);
    // Same text, other variant: not a duplicate.
    expect(notify('Khác', { type: 'warning' })).toBe(true);
    expect(getQueuedNotifications()).toHaveLength(2);
  });

  it('never drops an actionable toast (an undo must always run its callback)', () => {
    const onClose = vi.fn();
    notify('Đã xoá', { type: 'info', action: { label: 'Hoàn tác' }, onClose });
    notify('Đã xoá', { type: 'info', action: { label: 'Hoàn tác' }, onClose });
    expect(getQueuedNotifications()).toHaveLength(1);
    clearNotifications();
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onClose).toHaveBeenCalledWith('dismiss');
  });

  it('ignores empty messages', () => {
    expect(notify('')).toBe(false);
    expect(getCurrentNotification()).toBeNull();
  });
});

describe('<NotificationHost>', () => {
  it('renders the toast at the top centre, auto-hides it after 3000 ms and shows the next', async () => {
    vi.useFakeTimers();
    render(
      <I18nextProvider i18n={createTestI18n('vi')}>
        <NotificationHost />
      </I18nextProvider>,
    );
    act(() => {
      notify('Lỗi một', { type: 'error' });
      notify('Xong', { type: 'success' });
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Lỗi một');
    expect(screen.queryByText('Xong')).toBeNull();
    expect(document.querySelector('.MuiSnackbar-anchorOriginTopCenter')).not.toBeNull();
    expect(NOTIFICATION_AUTO_HIDE_MS).toBe(3000);
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Xong');
  });

  it('has a labelled close button', () => {
    render(
      <I18nextProvider i18n={createTestI18n('vi')}>
        <NotificationHost />
      </I18nextProvider>,
    );
    act(() => {
      notify('Thành công', { type: 'success' });
    });
    expect(screen.getByRole('button', { name: 'Đóng' })).toBeInTheDocument();
  });
});
