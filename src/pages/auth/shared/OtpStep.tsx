import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { OtpSent } from '@/domain/authApi';
import { FormTextField } from '@/components/FormTextField';

export interface OtpStepProps {
  idPrefix: string;
  sent: OtpSent;
  /** Resolves when the code was accepted; rejects with the message to show. */
  onSubmit: (code: string) => Promise<void>;
  onResend?: () => Promise<OtpSent>;
  submitLabel?: string;
  /** Extra fields shown above the code (e.g. the new password). */
  children?: React.ReactNode;
  /** Checks the extra fields first; false stops the submit. */
  beforeSubmit?: () => boolean;
}

/**
 * The "enter the 6-digit code" step shared by every flow: where the code went, the code field
 * (numeric, one-time-code autofill), a resend that waits out the server's resend delay.
 */
export function OtpStep({ idPrefix, sent: initial, onSubmit, onResend, submitLabel, children, beforeSubmit }: OtpStepProps) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(initial);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [wait, setWait] = useState(initial.resendAfterSeconds);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const extraOk = beforeSubmit ? beforeSubmit() : true;
    if (!/^\d{6}$/.test(code)) {
      setFieldError(t(code ? 'validation.auth.otpCode' : 'validation.required'));
      if (extraOk) document.getElementById(`${idPrefix}-otpCode`)?.focus();
      return;
    }
    if (!extraOk) return;
    setFieldError(null);
    setError(null);
    setPending(true);
    try {
      await onSubmit(code);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('portal.http.error'));
    } finally {
      setPending(false);
    }
  };

  const resend = async () => {
    if (!onResend) return;
    setError(null);
    try {
      const next = await onResend();
      setSent(next);
      setWait(next.resendAfterSeconds);
      setCode('');
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('portal.http.error'));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={4}>
        <Alert severity="info" role="status">{t('portal.auth.codeSentTo', { address: sent.maskedAddress })}</Alert>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {children}
        <FormTextField
          id={`${idPrefix}-otpCode`}
          name="otpCode"
          label={t('portal.auth.otpCode')}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          error={Boolean(fieldError)}
          helperText={fieldError ?? undefined}
          autoComplete="one-time-code"
          autoFocus={!children}
          required
          inputProps={{ inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={pending}>
          {submitLabel ?? t('portal.auth.confirmCode')}
        </Button>
        {onResend && (
          <Button onClick={() => void resend()} disabled={wait > 0}>
            {wait > 0 ? t('portal.auth.resendIn', { seconds: wait }) : t('portal.auth.resend')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
