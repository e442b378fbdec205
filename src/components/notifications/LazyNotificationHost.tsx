import { lazy, Suspense } from 'react';
import { useCurrentNotification } from './notifier';

/** With the theme: the host sits outside the themed areas (the login page has no MUI theme). */
const NotificationHost = lazy(() => import('./ThemedNotificationHost'));

/**
 * Mounts the snackbar only once there is something to show: most first page loads (the login page above
 * all) never toast, so they do not download the snackbar code. Once loaded it stays mounted.
 */
export function LazyNotificationHost() {
  const current = useCurrentNotification();
  if (!current && !loaded) return null;
  loaded = true;
  return (
    <Suspense fallback={null}>
      <NotificationHost />
    </Suspense>
  );
}

let loaded = false;
