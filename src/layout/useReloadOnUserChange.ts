import { useEffect, useRef } from 'react';
import { getAuth } from '@/authProvider/session';

/**
 * Spec §2: when the tab becomes visible and the stored username differs from the one this page started
 * with (another tab signed out, or signed in as someone else), reload, so no screen keeps showing one
 * user's data under another user's session.
 */
export function useReloadOnUserChange(reload: () => void = () => window.location.reload()): void {
  const startedAs = useRef(getAuth()?.username ?? null);
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      const now = getAuth()?.username ?? null;
      if (now !== startedAs.current) reload();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [reload]);
}
