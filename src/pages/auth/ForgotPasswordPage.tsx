import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AuthApiPaths, phoneOnlySchema, type OtpSent } from '@/domain/auth';
import { passwordSchema, requiredString, withPasswordConfirm } from '@/domain/validation';
import { AuthPaths, LOGIN_PATH } from '@/authProvider/paths';
import { notify } from '@/components/notifications/notifier';
import { FormTextField } from '@/components/FormTextField';
import { AuthCard } from './shared/AuthCard';
import { OtpStep } from './shared/OtpStep';
import { errorText, publicPost, serverFieldErrors } from './shared/api';
import { useSchemaForm } from './shared/useSchemaForm';

const newPasswordSchema = withPasswordConfirm(z.object({ password: passwordSchema, passwordConfirm: requiredString }));

/**
 * Spec §2 /auth/forgot-passwd: identify the account by phone, verify it with a code (/password/verify),
 * set a new password (/password/change). A phone without an account gets the §8 message.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useSchemaForm('forgot', { phoneNumber: '', password: '', passwordConfirm: '' });
  const [sent, setSent] = useState<OtpSent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const send = async () => (await publicPost<OtpSent>(AuthApiPaths.passwordVerify, { phoneNumber: form.values.phoneNumber })).data;

  const onIdentify = async (event: FormEvent) => {
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

  const change = async (otpCode: string) => {
    try {
      const { message } = await publicPost(AuthApiPaths.passwordReset, { ...form.values, otpId: sent!.otpId, otpCode });
      notify(message, { type: 'success' });
      navigate(LOGIN_PATH, { replace: true });
    } catch (e) {
      form.setServerErrors(serverFieldErrors(e));
      throw e;
    }
  };

  return (
    <AuthCard title={t('portal.auth.forgot.title')} subtitle={t(sent ? 'portal.auth.forgot.newPasswordHint' : 'portal.auth.forgot.subtitle')}>
      {sent ? (
        <OtpStep
          idPrefix="forgot"
          sent={sent}
          onSubmit={change}
          onResend={send}
          submitLabel={t('portal.auth.forgot.submit')}
          beforeSubmit={() => form.validate(newPasswordSchema, ['password', 'passwordConfirm'])}
        >
          <FormTextField {...form.field('password')} type="password" label={t('portal.auth.newPassword')} autoComplete="new-password" required autoFocus inputProps={{ maxLength: 16 }} />
          <FormTextField {...form.field('passwordConfirm')} type="password" label={t('portal.auth.passwordConfirm')} autoComplete="new-password" required inputProps={{ maxLength: 16 }} />
        </OtpStep>
      ) : (
        <Box component="form" noValidate onSubmit={onIdentify}>
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

ForgotPasswordPage.path = AuthPaths.forgotPassword;
