import { lazy, Suspense } from 'react';
import { useCurrentNotification } from './notifier';

const NotificationHost = lazy(() =>
  import('./NotificationHost').then((module) => ({ default: module.NotificationHost })),
);

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
