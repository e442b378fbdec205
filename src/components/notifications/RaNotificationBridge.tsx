import { useEffect } from 'react';
import {
  undoableEventEmitter,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
} from 'react-admin';
import { notify, type CloseReason, type NotificationType } from './notifier';

/**
 * react-admin reports a saved create, update or delete as an 'info' toast (blue), under
 * `resources.<name>.notifications.created|updated|deleted` (default `ra.notification.*`); a success is
 * green everywhere in the portal, so these messages are shown as 'success'.
 */
const RA_SUCCESS_MESSAGE = /^(ra\.notification|resources\.[\w-]+\.notifications)\.(created|updated|deleted)$/;

export function portalTypeOf(message: unknown, type: NotificationType | undefined): NotificationType | undefined {
  return typeof message === 'string' && RA_SUCCESS_MESSAGE.test(message) ? 'success' : type;
}

/**
 * react-admin's `notification` slot: instead of a second snackbar, every useNotify() call inside <Admin>
 * is translated and handed to the portal's one notifier, so shell and admin toasts share one queue
 * (one at a time, no duplicates, top centre, 3000 ms: spec §9).
 *
 * Undoable notifications keep react-admin's contract: the pending mutation runs (or is undone) when the
 * toast closes, exactly as ra-ui-materialui's <Notification> does.
 */
export function RaNotificationBridge() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    if (notifications.length === 0) return;
    const notification = takeNotification();
    if (!notification) return;
    const { message, type, notificationOptions = {} } = notification;
    const { messageArgs, undoable, autoHideDuration, multiLine } = notificationOptions;
    const text = typeof message === 'string' ? translate(message, messageArgs) : message;

    const settle = (reason: CloseReason) => {
      const isUndo = reason === 'action';
      const mutation = takeMutation();
      if (mutation) mutation({ isUndo });
      // Kept by react-admin 5 for mutations registered the legacy way.
      else undoableEventEmitter.emit('end', { isUndo });
    };

    notify(text, {
      type: portalTypeOf(message, type),
      autoHideDuration,
      multiLine,
      ...(undoable ? { action: { label: translate('ra.action.undo') }, onClose: settle } : {}),
    });
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
}
