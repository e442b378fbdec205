import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { PayoutOtpChallenge } from '@/domain/payouts';
import { otpCodeSchema } from '@/domain/payouts';
import { schemaMessage } from '@/domain/formErrors';

/**
 * Asks for the one-time code sent to the owner. The code field accepts digits only and offers the
 * browser's one-time-code autofill; resending is possible once the server's wait is over. Back (the
 * button, Escape) returns to the confirmation with the form kept.
 */
export default function PayoutOtpDialog({
  challenge,
  onSubmit,
  onResend,
  onBack,
}: {
  challenge: PayoutOtpChallenge;
  onSubmit: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(challenge.resendAfterSeconds);

  useEffect(() => {
    setWait(challenge.resendAfterSeconds);
    const timer = setInterval(() => setWait((w) => (w > 0 ? w - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, [challenge]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      const fields = (e as { data?: { errors?: Array<{ message: string }> } })?.data?.errors;
      setError(fields?.[0]?.message ?? (e as Error)?.message ?? t('resources.payouts.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    if (busy) return;
    const invalid = schemaMessage(otpCodeSchema, code, t);
    if (invalid) {
      setError(invalid);
      return;
    }
    void run(() => onSubmit(code));
  };

  return (
    <Dialog open onClose={busy ? undefined : onBack} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('resources.payouts.otp.title')}</DialogTitle>
      <DialogContent>
        <form
          id="payout-otp-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <DialogContentText sx={{ mb: 2 }}>{t('resources.payouts.otp.sent', { address: challenge.maskedAddress })}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            required
            id="payout-otp-code"
            label={t('resources.payouts.otp.code')}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
          />
        </form>
      </DialogContent>
      <DialogActions sx={{ px: { xs: 3, sm: 6 }, pb: 4, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button disabled={busy || wait > 0} onClick={() => void run(onResend)}>
          {wait > 0 ? t('resources.payouts.otp.resendIn', { seconds: wait }) : t('resources.payouts.otp.resend')}
        </Button>
        <Button onClick={onBack} disabled={busy}>
          {t('resources.payouts.back')}
        </Button>
        <Button type="submit" form="payout-otp-form" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
          {t('resources.payouts.otp.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
