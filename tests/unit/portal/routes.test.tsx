import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { clearPortalStorage } from '@/storage';
import { theme } from '@/theme';
import { routes } from '@/App';
import { createTestI18n } from './helpers/i18n';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={createTestI18n('vi')}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </I18nextProvider>,
  );
  return router;
}

beforeEach(() => clearPortalStorage());
afterEach(cleanup);

describe('the router (spec §2)', () => {
  it('/ falls to the auth area: the login page', async () => {
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Đăng nhập' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('/auth redirects to /auth/login', async () => {
    const router = renderAt('/auth');
    await screen.findByRole('heading', { name: 'Đăng nhập' });
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('unknown /auth paths show the not-found page', async () => {
    renderAt('/auth/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy trang' })).toBeInTheDocument();
  });

  it('the other ways in are routed (issue 4): sign-up is its own page', { timeout: 20_000 }, async () => {
    renderAt('/auth/signup');
    // A lazy chunk: the first load under jsdom takes a while.
    expect(await screen.findByRole('heading', { name: 'Đăng ký tài khoản', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('/onboard and /app need a token: the login page, keeping an /app wanted path', { timeout: 20_000 }, async () => {
    const onboard = renderAt('/onboard');
    // The fetching areas' layout (QueryArea, which provides the dataProvider) is a lazy chunk: slow under jsdom.
    await screen.findByRole('heading', { name: 'Đăng nhập' }, { timeout: 15_000 });
    expect(onboard.state.location.pathname).toBe('/auth/login');
    cleanup();
    const app = renderAt('/app/offline-stores');
    await screen.findByRole('heading', { name: 'Đăng nhập' });
    expect(app.state.location.search).toBe('?redirect=%2Fapp%2Foffline-stores');
  });

  it('/health is public', { timeout: 20_000 }, async () => {
    renderAt('/health');
    expect(await screen.findByRole('heading', { name: 'Tình trạng hệ thống' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Đến trang đăng nhập' })).toHaveAttribute('href', '/auth/login');
  });
});
