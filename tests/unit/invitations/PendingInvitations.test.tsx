import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PendingInvitations } from '@/features/invitations/PendingInvitations';
import { renderWithProviders } from '../portal/helpers/wrapper';

afterEach(cleanup);

const invitation = {
  id: 7,
  merchantId: 1,
  merchantName: 'Công ty TNHH Cà Phê Sông Hàn',
  brandName: 'Cà Phê Sông Hàn',
  role: 'MARKETING',
  invitedBy: 'owner_demo',
  expiresAt: null,
  createdAt: '2026-11-20T03:00:00.000Z',
};

describe('<PendingInvitations> and double clicks', () => {
  it('answers once however the accept button is clicked', async () => {
    let release: () => void = () => {};
    const answerInvitation = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const getMyInvitations = vi.fn().mockResolvedValueOnce([invitation]).mockResolvedValue([]);
    renderWithProviders(<PendingInvitations />, { dataProvider: { getMyInvitations, answerInvitation } });
    const accept = await screen.findByRole('button', { name: 'Chấp nhận' });
    fireEvent.click(accept, { detail: 1 });
    fireEvent.click(accept, { detail: 2 });
    fireEvent.click(accept, { detail: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Từ chối' }), { detail: 1 });
    expect(accept).toBeDisabled();
    await waitFor(() => expect(answerInvitation).toHaveBeenCalled());
    fireEvent.click(accept, { detail: 1 });
    release();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Chấp nhận' })).toBeNull());
    expect(answerInvitation).toHaveBeenCalledTimes(1);
    expect(answerInvitation).toHaveBeenCalledWith(7, 'accept');
  });

  it('ignores the second click of a double click that starts on it', async () => {
    const answerInvitation = vi.fn(async () => {});
    renderWithProviders(<PendingInvitations />, { dataProvider: { getMyInvitations: vi.fn().mockResolvedValue([invitation]), answerInvitation } });
    fireEvent.click(await screen.findByRole('button', { name: 'Từ chối' }), { detail: 2 });
    expect(answerInvitation).not.toHaveBeenCalled();
  });
});
