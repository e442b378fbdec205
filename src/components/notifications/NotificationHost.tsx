import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import {
  closeNotification,
  NOTIFICATION_AUTO_HIDE_MS,
  useCurrentNotification,
  type CloseReason,
} from './notifier';

/**
 * Renders the notifier's current toast: top centre, 3000 ms (spec §9). Rendered once, above the router,
 * so toasts survive navigation between the shell and react-admin.
 */
export function NotificationHost() {
  const { t } = useTranslation();
  const current = useCurrentNotification();
  const [open, setOpen] = useState(false);
  // The reason is decided when the toast starts closing, and reported once its exit transition ends.
  const reasonRef = useRef<CloseReason>('timeout');

  useEffect(() => {
    if (current) {
      reasonRef.current = 'timeout';
      setOpen(true);
    }
  }, [current]);

  useEffect(() => {
    if (!current?.action) return undefined;
    // An undoable change is only sent when its toast closes: warn before the tab is closed meanwhile.
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [current]);

  if (!current) return null;

  const close = (reason: CloseReason) => {
    reasonRef.current = reason;
    setOpen(false);
  };

  const handleSnackbarClose = (_event: SyntheticEvent | Event, reason: SnackbarCloseReason) => {
    // A click elsewhere on the page must not swallow an error the user has not read yet.
    if (reason === 'clickaway') return;
    close(reason === 'timeout' ? 'timeout' : 'dismiss');
  };

  const autoHide =
    current.autoHideDuration === undefined ? NOTIFICATION_AUTO_HIDE_MS : current.autoHideDuration ?? null;

  return (
    <Snackbar
      key={current.id}
      open={open}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={autoHide}
      onClose={handleSnackbarClose}
      // Keep the countdown running when the window loses focus only for plain toasts: an undoable
      // change must not be committed while the user looks elsewhere.
      disableWindowBlurListener={!current.action}
      slotProps={{ transition: { onExited: () => closeNotification(current.id, reasonRef.current) } }}
    >
      <Alert
        variant="filled"
        severity={current.type}
        // Errors interrupt screen readers; other variants are announced politely.
        role={current.type === 'error' ? 'alert' : 'status'}
        onClose={() => close('dismiss')}
        closeText={t('portal.common.close')}
        action={
          current.action ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                current.action?.onClick?.();
                close('action');
              }}
            >
              {current.action.label}
            </Button>
          ) : undefined
        }
        sx={{ width: '100%', alignItems: 'center', whiteSpace: current.multiLine ? 'pre-wrap' : undefined }}
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}
