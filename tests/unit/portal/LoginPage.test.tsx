import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearPortalStorage, secureLocal, StorageKeys } from '@/storage';
import { HttpError } from '@/dataProvider/httpClient';
import { getWantedPath } from '@/authProvider/session';
import { landing, renderWithProviders } from './helpers/wrapper';

const signIn = vi.fn();
vi.mock('@/authProvider/auth', () => ({ signIn: (...args: unknown[]) => signIn(...args), signOut: vi.fn() }));

const { LoginPage } = await import('@/pages/auth/LoginPage');

const REQUIRED = 'Vui lòng nhập thông tin bắt buộc';

function renderLogin(route = '/auth/login') {
  return renderWithProviders(<LoginPage />, {
    path: '/auth/login',
    route,
    routes: [landing('/onboard/merchants-choose'), landing('/app/welcome'), landing('/app/offline-stores')],
  });
}

beforeEach(() => {
  clearPortalStorage();
  signIn.mockReset();
});
afterEach(cleanup);

describe('LoginPage (/auth/login)', () => {
  it('has labelled inputs, a labelled show/hide password button and a language switch', async () => {
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeInTheDocument();
    const password = screen.getByLabelText(/Mật khẩu/);
    expect(screen.getByLabelText(/Tên đăng nhập/)).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Hiện mật khẩu' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ẩn mật khẩu' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Ngôn ngữ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toBeInTheDocument();
  });

  it('shows the required messages of the shared loginSchema and does not call the API', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    // The schema (zod) is a lazy chunk fetched on the first submit: its first load under jsdom takes a while.
    expect(await screen.findAllByText(REQUIRED, {}, { timeout: 5_000 })).toHaveLength(2);
    expect(screen.getByLabelText(/Tên đăng nhập/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Tên đăng nhập/)).toHaveFocus();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('submits on Enter, then goes to choose-merchant remembering the wanted path', async () => {
    const user = userEvent.setup();
    signIn.mockImplementation(async () => {
      secureLocal.set(StorageKeys.auth, { token: 't', username: 'owner_demo', name: 'An', email: null, phoneNumber: null, isLoginSSO: false });
    });
    renderLogin('/auth/login?redirect=%2Fapp%2Foffline-stores');
    await user.type(screen.getByLabelText(/Tên đăng nhập/), 'owner_demo');
    await user.type(screen.getByLabelText(/Mật khẩu/), 'Demo@1234{Enter}');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/onboard/merchants-choose');
    expect(signIn).toHaveBeenCalledWith({ username: 'owner_demo', password: 'Demo@1234' });
    expect(getWantedPath()).toEqual({ path: '/app/offline-stores', origin: 'login' });
  });

  it('shows the server message and stays usable after a failed sign-in; the button is disabled while pending', async () => {
    const user = userEvent.setup();
    let fail!: (error: unknown) => void;
    signIn.mockImplementation(() => new Promise((_resolve, reject) => (fail = reject)));
    renderLogin();
    await user.type(screen.getByLabelText(/Tên đăng nhập/), 'owner_demo');
    await user.type(screen.getByLabelText(/Mật khẩu/), 'Wrong@1234');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Đang đăng nhập/ })).toBeDisabled());
    fail(new HttpError('Tên đăng nhập hoặc mật khẩu không đúng', 400, { status: 10, message: '' }, 10));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tên đăng nhập hoặc mật khẩu không đúng');
    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeEnabled();
  });

  it('explains a forced logout', () => {
    renderLogin('/auth/login?reason=session');
    expect(screen.getByText('Phiên đăng nhập đã kết thúc. Vui lòng đăng nhập lại để tiếp tục.')).toBeInTheDocument();
  });

  it('shows the footer of spec §1 with hotline and version', () => {
    renderLogin();
    expect(screen.getByText('1900 636 652')).toHaveAttribute('href', 'tel:1900636652');
    expect(screen.getByTestId('app-version')).toHaveTextContent('Phiên bản 1.25.100 (production-1.25.100)');
    expect(screen.getByText('hotro@vixanh.vn')).toHaveAttribute('href', 'mailto:hotro@vixanh.vn');
  });
});
