import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { AuthApiPaths, loginSmsSchema, phoneOnlySchema, type OtpSent } from '@/domain/auth';
import type { LoginResponse } from '@/domain/api';
import { startSession } from '@/authProvider/auth';
import { afterSignInPath } from '@/authProvider/afterSignIn';
import { AuthPaths, REDIRECT_PARAM } from '@/authProvider/paths';
import { FormTextField } from '@/components/FormTextField';
import { AuthCard } from './shared/AuthCard';
import { OtpStep } from './shared/OtpStep';
import { errorText, publicPost, serverFieldErrors } from './shared/api';
import { useSchemaForm } from './shared/useSchemaForm';

/** Spec §2 /auth/login-sms: phone number → one-time code → signed in, then the usual after-sign-in routing. */
export default function LoginSmsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useSchemaForm('login-sms', { phoneNumber: '' });
  const [sent, setSent] = useState<OtpSent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const send = async () => (await publicPost<OtpSent>(AuthApiPaths.loginSmsOtp, { phoneNumber: form.values.phoneNumber })).data;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !form.validate(phoneOnlySchema, ['phoneNumber'])) return;
    setPending(true);
    setError(null);
    try {
      setSent(await send());
    } catch (e) {
      form.setServerErrors(serverFieldErrors(e));
      setError(errorText(e, t('portal.http.error')));
    } finally {
      setPending(false);
    }
  };

  const confirm = async (otpCode: string) => {
    const body = { phoneNumber: form.values.phoneNumber, otpId: sent!.otpId, otpCode };
    if (!loginSmsSchema.safeParse(body).success) throw new Error(t('validation.auth.otpCode'));
    const { data } = await publicPost<LoginResponse>(AuthApiPaths.loginSms, body);
    await startSession(data);
    navigate(afterSignInPath(params.get(REDIRECT_PARAM)), { replace: true });
  };

  return (
    <AuthCard title={t('portal.auth.loginSms.title')} subtitle={t('portal.auth.loginSms.subtitle')}>
      {sent ? (
        <OtpStep idPrefix="login-sms" sent={sent} onSubmit={confirm} onResend={send} submitLabel={t('portal.login.submit')} />
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={4}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <FormTextField {...form.field('phoneNumber')} label={t('portal.auth.phoneNumber')} autoComplete="tel" required autoFocus inputProps={{ inputMode: 'tel', maxLength: 11 }} />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={pending}>
              {t('portal.auth.sendCode')}
            </Button>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}

LoginSmsPage.path = AuthPaths.loginSms;
