import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { ConfirmDialog, ConfirmMessageKeys } from '@/components/ConfirmDialog';
import { createTestI18n } from './helpers/i18n';

afterEach(cleanup);

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}, lng: 'vi' | 'en' = 'vi') {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  const i18n = createTestI18n(lng);
  render(
    <I18nextProvider i18n={i18n}>
      <ConfirmDialog open onConfirm={onConfirm} onClose={onClose} {...props} />
    </I18nextProvider>,
  );
  return { onConfirm, onClose, i18n };
}

describe('ConfirmDialog (spec §2 defaults)', () => {
  it("defaults to 'Vui lòng xác nhận', 'Bạn có chắc thực hiện hành động này?', 'Huỷ', 'Xác nhận'", async () => {
    const user = userEvent.setup();
    const { onConfirm, onClose } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Vui lòng xác nhận' });
    expect(dialog).toHaveAccessibleDescription('Bạn có chắc thực hiện hành động này?');
    expect(screen.getByRole('button', { name: 'Huỷ' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Huỷ' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('takes the §8 confirm texts and disables its buttons while the action runs', () => {
    const i18n = createTestI18n('vi');
    renderDialog({ content: i18n.t(ConfirmMessageKeys.updateAccount), loading: true });
    expect(screen.getByText('Bạn có chắc muốn cập nhật thông tin tài khoản?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Xác nhận' })).toBeDisabled();
    expect(i18n.t(ConfirmMessageKeys.leaveUnsaved)).toBe('Còn thông tin chưa nhập bạn có chắc muốn quay lại?');
    expect(i18n.t(ConfirmMessageKeys.sendInvitation)).toBe('Bạn xác nhận sẽ gửi lời mời đến nhân viên này?');
  });

  it('speaks English in English', () => {
    renderDialog({}, 'en');
    expect(screen.getByRole('dialog', { name: 'Please confirm' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});

describe('ConfirmDialog and double clicks (issue: double-clicking a confirm or submit button)', () => {
  it('confirms once however fast the confirm button is clicked, until the action ends', () => {
    const i18n = createTestI18n('vi');
    const onConfirm = vi.fn();
    const props = { open: true, onConfirm, onClose: vi.fn() };
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <ConfirmDialog {...props} />
      </I18nextProvider>,
    );
    const confirm = screen.getByRole('button', { name: 'Xác nhận' });
    fireEvent.click(confirm, { detail: 1 });
    fireEvent.click(confirm, { detail: 1 });
    fireEvent.click(confirm, { detail: 2 });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    // The action ran and failed (loading true → false, the dialog still open): a retry is allowed.
    rerender(
      <I18nextProvider i18n={i18n}>
        <ConfirmDialog {...props} loading />
      </I18nextProvider>,
    );
    rerender(
      <I18nextProvider i18n={i18n}>
        <ConfirmDialog {...props} loading={false} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Xác nhận' }), { detail: 1 });
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('ignores the second click of the double click that opened it (backdrop or confirm button)', () => {
    const { onConfirm, onClose } = renderDialog();
    const container = document.querySelector('.MuiDialog-container')!;
    fireEvent.mouseDown(container, { detail: 2 });
    fireEvent.click(container, { detail: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Xác nhận' }), { detail: 2 });
    expect(onClose).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Vui lòng xác nhận' })).toBeInTheDocument();
    // A plain click outside still cancels, and Enter/Space on the button (detail 0) still confirms.
    fireEvent.mouseDown(container, { detail: 1 });
    fireEvent.click(container, { detail: 1 });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Xác nhận' }), { detail: 0 });
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
