import { useEffect, useRef, useState } from 'react';
import { NOTIFICATION_STREAM_EVENT, type NotificationItem } from '@/domain/notifications';
import { getAuth } from '@/authProvider/session';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { backoffDelay, readEvents } from './eventStream';

/** After this many failed connections in a row the bell also polls the unread count until the stream is back. */
const FAILURES_BEFORE_POLLING = 2;

/**
 * Keeps the live stream of the chosen merchant open while the bell is mounted (it unmounts on sign-out),
 * reconnecting with backoff after a failure or an end; `onNotification` gets each new notification.
 * Answers whether the stream is down, so the caller polls the unread count instead.
 */
export function useLiveNotifications(merchantId: number | null, onNotification: (item: NotificationItem) => void): { streamDown: boolean } {
  const api = usePortalApi();
  const [streamDown, setStreamDown] = useState(false);
  const handler = useRef(onNotification);
  useEffect(() => {
    handler.current = onNotification;
  }, [onNotification]);

  useEffect(() => {
    if (merchantId === null) return;
    const controller = new AbortController();
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const signedIn = () => Boolean(getAuth()?.token);

    const connect = async () => {
      if (controller.signal.aborted || !signedIn()) return;
      try {
        const stream = await api.openNotificationStream(controller.signal);
        failures = 0;
        setStreamDown(false);
        await readEvents(stream, ({ event, data }) => {
          if (event !== NOTIFICATION_STREAM_EVENT) return;
          try {
            handler.current(JSON.parse(data) as NotificationItem);
          } catch {
            // A malformed event is skipped; the next summary refresh corrects the count.
          }
        });
      } catch {
        // Closed, refused or the network dropped: reconnect below.
      }
      if (controller.signal.aborted || !signedIn()) return;
      failures += 1;
      if (failures >= FAILURES_BEFORE_POLLING) setStreamDown(true);
      timer = setTimeout(() => void connect(), backoffDelay(failures));
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, merchantId]);

  return { streamDown };
}
