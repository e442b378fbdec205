import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import { useTranslation } from 'react-i18next';
import { signContractSchema, type EContractDetail, type EContractOtp } from '@/domain/econtracts';
import { firstMessage } from '@/domain/formErrors';
import { usePortalApi } from '@/dataProvider/usePortalApi';

interface SignContractPanelProps {
  merchantId: number;
  contract: EContractDetail;
  onSigned: (contract: EContractDetail) => void;
}

/** The server's message of a failed call (already in the user's language), else the generic one. */
const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * Signing with a one-time code: the signer's details, consent, a code sent to the signer's phone
 * (resend after the server's wait), the code, sign. Errors show next to the code, in the page.
 */
export function SignContractPanel({ merchantId, contract, onSigned }: SignContractPanelProps) {
  const { t } = useTranslation();
  const api = usePortalApi();
  const [agreed, setAgreed] = useState(false);
  const [otp, setOtp] = useState<EContractOtp | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'sign' | null>(null);
  const [resendIn, setResendIn] = useState(0);
  const codeRef = useRef<HTMLInputElement>(null);
  const signer = contract.signerPreview;

  useEffect(() => {
    if (resendIn <= 0) return undefined;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const send = async () => {
    setBusy('send');
    setError(null);
    try {
      const issued = await api.sendSignCode(merchantId, contract.id);
      setOtp(issued);
      setCode('');
      setResendIn(issued.resendAfterSeconds);
      setTimeout(() => codeRef.current?.focus(), 0);
    } catch (e) {
      setError(messageOf(e, t('portal.http.error')));
    } finally {
      setBusy(null);
    }
  };

  const sign = async (event: FormEvent) => {
    event.preventDefault();
    if (!otp) return;
    const parsed = signContractSchema.safeParse({ otpId: otp.otpId, otpCode: code });
    if (!parsed.success) {
      setError(firstMessage(parsed.error, t));
      codeRef.current?.focus();
      return;
    }
    setBusy('sign');
    setError(null);
    try {
      onSigned(await api.signContract(merchantId, contract.id, parsed.data));
    } catch (e) {
      setError(messageOf(e, t('portal.http.error')));
      codeRef.current?.focus();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, p: { xs: 4, md: 6 } }} component="section" aria-labelledby="econtract-sign-heading">
      <Stack spacing={3} component="form" onSubmit={(e: FormEvent) => void sign(e)} noValidate>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <DrawOutlined color="primary" aria-hidden />
          <Typography variant="h6" component="h2" id="econtract-sign-heading" sx={{ fontWeight: 700 }}>
            {t('portal.econtract.signTitle')}
          </Typography>
        </Box>
        {signer && (
          <Box data-testid="econtract-signer">
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('portal.econtract.signer')}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{t('portal.econtract.signerLine', { name: signer.name, username: signer.username })}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('portal.econtract.representativeLine', { merchant: contract.parties.merchantName })}
            </Typography>
          </Box>
        )}
        <FormControlLabel
          control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />}
          label={t('portal.econtract.consent')}
        />
        {!otp ? (
          <Box>
            <Button
              variant="contained"
              size="large"
              onClick={() => void send()}
              disabled={!agreed || busy !== null}
              startIcon={busy === 'send' ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {t('portal.econtract.sendCode')}
            </Button>
            {signer?.maskedPhone && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
                {t('portal.econtract.codeWillGo', { phone: signer.maskedPhone })}
              </Typography>
            )}
          </Box>
        ) : (
          <Stack spacing={3}>
            <Typography variant="body2" role="status">
              {t('portal.econtract.codeSent', { phone: otp.maskedAddress })}
            </Typography>
            <TextField
              inputRef={codeRef}
              label={t('portal.econtract.codeLabel')}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              error={Boolean(error)}
              helperText={error ?? ' '}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
              sx={{ maxWidth: 320 }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={!agreed || busy !== null}
                startIcon={busy === 'sign' ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DrawOutlined aria-hidden />}
              >
                {t('portal.econtract.sign')}
              </Button>
              <Button size="large" onClick={() => void send()} disabled={resendIn > 0 || busy !== null}>
                {resendIn > 0 ? t('portal.econtract.resendIn', { seconds: resendIn }) : t('portal.econtract.resend')}
              </Button>
            </Stack>
          </Stack>
        )}
        {error && !otp && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
