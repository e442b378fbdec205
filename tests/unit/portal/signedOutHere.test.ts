import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPortalStorage } from '@/storage';
import { setAuth } from '@/authProvider/session';
import { ROUTER_BASENAME } from '@/config';

// The logout endpoint answers nothing useful here; signOut ends the local session whatever it says.
vi.mock('@/dataProvider/shell', () => ({ shellApi: { logout: vi.fn(async () => undefined) } }));

const { createAuthProvider } = await import('@/authProvider');
const { signOut } = await import('@/authProvider/auth');

const provider = createAuthProvider([]);
const signedIn = () => setAuth({ token: 't', username: 'owner_demo', name: 'An', email: null, phoneNumber: null, isLoginSSO: false });
const rejection = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
const late401 = { status: 401 };

beforeEach(() => {
  clearPortalStorage();
  const base = ROUTER_BASENAME === '/' ? '' : ROUTER_BASENAME;
  window.history.replaceState(null, '', `${base}/app/user-management?filter=%7B%22keyword%22%3A%22x%22%7D`);
});

describe('after this tab signs out, the screen left behind is not the next person’s way back', () => {
  it('checkAuth and a late 401 send to the plain login page', async () => {
    signedIn();
    await signOut();
    expect(await rejection(provider.checkAuth({}))).toEqual({ redirectTo: '/auth/login', message: false });
    expect(await rejection(provider.checkError(late401))).toEqual({ redirectTo: '/auth/login', logoutUser: false, message: false });
  });

  it('a session that ends without a sign-out here (expiry, another tab) keeps the wanted path', async () => {
    signedIn();
    clearPortalStorage();
    const checkAuth = (await rejection(provider.checkAuth({}))) as { redirectTo: string };
    expect(checkAuth.redirectTo).toMatch(/^\/auth\/login\?redirect=%2Fapp%2Fuser-management/);
    const checkError = (await rejection(provider.checkError(late401))) as { redirectTo: string; logoutUser: boolean };
    expect(checkError.redirectTo).toMatch(/^\/auth\/login\?redirect=.*reason=/);
    expect(checkError.logoutUser).toBe(true);
  });

  it('the next sign-in forgets the sign-out', async () => {
    signedIn();
    await signOut();
    signedIn();
    clearPortalStorage();
    const checkAuth = (await rejection(provider.checkAuth({}))) as { redirectTo: string };
    expect(checkAuth.redirectTo).toContain('redirect=');
  });
});
