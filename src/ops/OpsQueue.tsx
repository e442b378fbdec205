import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';

interface OpsQueueProps<S extends string> {
  /** The section's i18n prefix: its title, loadFailed and empty texts. */
  prefix: string;
  filterLabel: string;
  states: readonly S[];
  state: S;
  stateLabel: (state: S) => string;
  onState: (state: S) => void;
  query: { data?: readonly unknown[]; isPending: boolean; isError: boolean };
  /** The rows, shown once loaded and not empty. */
  children: ReactNode;
}

/** An operator queue: its heading, the state it shows, and loading, failed and empty states around the rows. */
export function OpsQueue<S extends string>({ prefix, filterLabel, states, state, stateLabel, onState, query, children }: OpsQueueProps<S>) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t(`${prefix}.title`)}
      </Typography>
      <TextField select size="small" sx={{ minWidth: 220, mb: 2 }} label={filterLabel} value={state} onChange={(e) => onState(e.target.value as S)}>
        {states.map((s) => (
          <MenuItem key={s} value={s}>
            {stateLabel(s)}
          </MenuItem>
        ))}
      </TextField>
      {query.isPending && <PageLoader />}
      {query.isError && <Alert severity="error">{t(`${prefix}.loadFailed`)}</Alert>}
      {query.data && query.data.length === 0 && <Alert severity="info">{t(`${prefix}.empty`)}</Alert>}
      {query.data && query.data.length > 0 && children}
    </Box>
  );
}

interface ReasonDialogProps {
  /** Null: closed. */
  title: string | null;
  /** The section's i18n prefix: its reason, cancel and confirm texts. */
  prefix: string;
  maxLength: number;
  onClose: () => void;
  /** Resolves true once done (the dialog then empties); false keeps the reason for another try. */
  onConfirm: (reason: string) => Promise<boolean>;
}

/** Asks the operator why (a required reason) before a decision the merchant will read. */
export function ReasonDialog({ title, prefix, maxLength, onClose, onConfirm }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Dialog open={title !== null} onClose={close} aria-labelledby="ops-reason-title" fullWidth maxWidth="sm">
      <DialogTitle id="ops-reason-title">{title ?? ''}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 1 }}
          label={t(`${prefix}.reason`)}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t(`${prefix}.cancel`)}</Button>
        <Button variant="contained" color="error" disabled={!reason.trim()} onClick={() => void onConfirm(reason.trim()).then((done) => done && setReason(''))}>
          {t(`${prefix}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
