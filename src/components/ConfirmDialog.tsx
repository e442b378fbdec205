import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** The three confirmation texts of spec §8, for callers that need one of them as `content`. */
export const ConfirmMessageKeys = {
  updateAccount: 'portal.confirm.updateAccount',
  leaveUnsaved: 'portal.confirm.leaveUnsaved',
  sendInvitation: 'portal.confirm.sendInvitation',
} as const;

export interface ConfirmDialogProps {
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Defaults (spec §2): 'Vui lòng xác nhận', 'Bạn có chắc thực hiện hành động này?', 'Huỷ', 'Xác nhận'. */
  title?: ReactNode;
  content?: ReactNode;
  cancelLabel?: ReactNode;
  confirmLabel?: ReactNode;
  /** The confirmed action is running: buttons are disabled and the dialog cannot be dismissed. */
  loading?: boolean;
  /** Paint the confirm button as destructive. */
  destructive?: boolean;
}

/** The second (third…) click of a double click: `detail` counts the clicks in a row; keyboard gives 0. */
export const isRepeatClick = (event: { detail?: number } | undefined): boolean => (event?.detail ?? 0) > 1;

/**
 * The generic confirm dialog. Usable inside and outside react-admin (it needs only MUI and i18next).
 * Cancel has the initial focus, so Enter on an accidental open never confirms a destructive action.
 *
 * Double clicks are safe on every screen: the second click of the double click that opened the dialog
 * lands on its backdrop or its buttons and is ignored (it neither closes nor confirms), and the action is
 * confirmed once per opening (further clicks wait until the action has finished or the dialog reopens).
 */
export function ConfirmDialog({
  open,
  onConfirm,
  onClose,
  title,
  content,
  cancelLabel,
  confirmLabel,
  loading = false,
  destructive = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const contentId = useId();
  const confirmed = useRef(false);
  // A new opening, or the end of the confirmed action (the dialog stayed open: a retry is allowed).
  useEffect(() => {
    if (!open || !loading) confirmed.current = false;
  }, [open, loading]);

  const confirm = (event: MouseEvent) => {
    if (confirmed.current || loading || isRepeatClick(event.nativeEvent)) return;
    confirmed.current = true;
    onConfirm();
  };
  const close = (event: SyntheticEvent | object, reason?: string) => {
    if (reason === 'backdropClick' && isRepeatClick((event as SyntheticEvent).nativeEvent as { detail?: number })) return;
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : close}
      aria-labelledby={titleId}
      aria-describedby={contentId}
    >
      <DialogTitle id={titleId}>{title ?? t('portal.confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={contentId} component="div">
          {content ?? t('portal.confirm.content')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 6, pb: 4 }}>
        <Button onClick={onClose} disabled={loading} autoFocus>
          {cancelLabel ?? t('portal.confirm.cancel')}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={confirm}
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {confirmLabel ?? t('portal.confirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
