import { useId, type ReactNode } from 'react';
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

/**
 * The generic confirm dialog. Usable inside and outside react-admin (it needs only MUI and i18next).
 * Cancel has the initial focus, so Enter on an accidental open never confirms a destructive action.
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
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onClose}
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
          onClick={onConfirm}
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {confirmLabel ?? t('portal.confirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
