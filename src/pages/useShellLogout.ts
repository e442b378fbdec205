import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut } from '@/authProvider/auth';
import { queryClient } from '@/dataProvider/queryClient';

/**
 * Logout from the pages outside react-admin (spec §4): same sign-out as the authProvider, then the login
 * page, or a full navigation to the SSO sign-out address.
 */
export function useShellLogout() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    const target = await signOut();
    if (/^https?:\/\//i.test(target)) {
      window.location.assign(target);
      return;
    }
    navigate(target, { replace: true });
    // After the signed-in screen is gone, so its queries do not refetch without a token.
    setTimeout(() => queryClient.clear(), 0);
  }, [navigate]);
  return { logout, pending };
}
