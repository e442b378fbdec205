import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { merchantLeadSchema, signUpAccountSchema, type OtpSent, type SignUpChannel } from '@/domain/auth';
import { AuthPaths, LOGIN_PATH } from '@/authProvider/paths';
import { notify } from '@/components/notifications/notifier';
import { FormTextField } from '@/components/FormTextField';
import { AuthCard } from './shared/AuthCard';
import { OtpStep } from './shared/OtpStep';
import { shellApi } from '@/dataProvider/shell';
import { errorText, serverFieldErrors } from './shared/api';
import { useHistoryStep } from './shared/useHistoryStep';
import { useSchemaForm } from './shared/useSchemaForm';

const ACCOUNT_FIELDS = ['username', 'fullname', 'phoneNumber', 'email', 'password', 'passwordConfirm'] as const;

/**
 * Spec §2 /auth/signup and §7: the account fields, then SEND_VERIFY_CODE (a 6-digit code by e-mail or
 * phone), then SIGN_UP with the code. Below it, the merchant lead form for businesses that want to be
 * contacted instead.
 */
export default function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useSchemaForm('signup', { username: '', fullname: '', phoneNumber: '', email: '', password: '', passwordConfirm: '' });
  const [channel, setChannel] = useState<SignUpChannel>('SMS');
  // The code step is a history entry: Back (browser or page) returns to the form with every field kept.
  const codeStep = useHistoryStep<OtpSent>('code');
  const sent = codeStep.value;
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const sendWithMessage = () =>
    shellApi.sendSignUpCode({
      channel,
      ...(channel === 'SMS' ? { phoneNumber: form.values.phoneNumber } : { email: form.values.email }),
    });
  const send = async () => (await sendWithMessage()).data;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !form.validate(signUpAccountSchema, [...ACCOUNT_FIELDS], { channel })) return;
    setPending(true);
    setError(null);
    try {
      // §7: the success message says a 6-digit code was sent (by e-mail or phone: the server names where).
      const { data, message } = await sendWithMessage();
      notify(message, { type: 'success' });
      codeStep.open(data);
    } catch (e) {
      form.setServerErrors(serverFieldErrors(e));
      setError(errorText(e, t('portal.http.error')));
    } finally {
      setPending(false);
    }
  };

  const signUp = async (otpCode: string) => {
    try {
      const message = await shellApi.signUp({ ...form.values, channel, otpId: sent!.otpId, otpCode });
      notify(message, { type: 'success' });
      navigate(LOGIN_PATH, { replace: true });
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (Object.keys(fields).length) {
        // Back to the form, where the field can be fixed; the code stays valid.
        form.setServerErrors(fields);
        codeStep.back();
      }
      throw e;
    }
  };

  return (
    <AuthCard title={t('portal.auth.signup.title')} subtitle={t('portal.auth.signup.subtitle')} maxWidth="sm">
      {sent ? (
        <>
          <OtpStep idPrefix="signup" sent={sent} onSubmit={signUp} onResend={send} submitLabel={t('portal.auth.signup.submit')} />
          <Button onClick={codeStep.back} sx={{ mt: 2 }}>
            {t('portal.auth.signup.edit')}
          </Button>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={4}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <FormTextField {...form.field('username')} label={t('portal.auth.username')} autoComplete="username" required autoFocus inputProps={{ maxLength: 20, autoCapitalize: 'none', spellCheck: false }} />
            <FormTextField {...form.field('fullname')} label={t('portal.auth.fullname')} autoComplete="name" required inputProps={{ maxLength: 100 }} />
            <FormTextField {...form.field('phoneNumber')} label={t('portal.auth.phoneNumber')} autoComplete="tel" required inputProps={{ inputMode: 'tel', maxLength: 11 }} />
            <FormTextField {...form.field('email')} label={t('portal.auth.email')} autoComplete="email" required inputProps={{ inputMode: 'email', maxLength: 254 }} />
            <FormTextField {...form.field('password')} type="password" label={t('portal.auth.password')} autoComplete="new-password" required inputProps={{ maxLength: 16 }} />
            <FormTextField {...form.field('passwordConfirm')} type="password" label={t('portal.auth.passwordConfirm')} autoComplete="new-password" required inputProps={{ maxLength: 16 }} />
            <FormControl>
              <FormLabel id="signup-channel-label">{t('portal.auth.signup.channel')}</FormLabel>
              <RadioGroup row aria-labelledby="signup-channel-label" value={channel} onChange={(e) => setChannel(e.target.value as SignUpChannel)}>
                <FormControlLabel value="SMS" control={<Radio />} label={t('portal.auth.signup.channelSms')} />
                <FormControlLabel value="EMAIL" control={<Radio />} label={t('portal.auth.signup.channelEmail')} />
              </RadioGroup>
            </FormControl>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={pending}>
              {t('portal.auth.sendCode')}
            </Button>
          </Stack>
        </Box>
      )}
      <Divider sx={{ my: 6 }} />
      <MerchantLeadForm />
    </AuthCard>
  );
}

/** POST /merchant-leads (no auth): a business asks to be contacted. */
function MerchantLeadForm() {
  const { t } = useTranslation();
  const form = useSchemaForm('lead', { businessName: '', contactName: '', phoneNumber: '', email: '', note: '' });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !form.validate(merchantLeadSchema, ['businessName', 'contactName', 'phoneNumber', 'email', 'note'])) return;
    setPending(true);
    setError(null);
    try {
      const message = await shellApi.sendMerchantLead(form.values);
      setDone(message);
      form.reset();
    } catch (e) {
      form.setServerErrors(serverFieldErrors(e));
      setError(errorText(e, t('portal.http.error')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="lead-title">
      <Typography id="lead-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('portal.auth.lead.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 4 }}>
        {t('portal.auth.lead.subtitle')}
      </Typography>
      <Stack spacing={4}>
        {done && (
          <Alert severity="success" role="status">
            {done}
          </Alert>
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <FormTextField {...form.field('businessName')} label={t('portal.auth.lead.businessName')} required inputProps={{ maxLength: 200 }} />
        <FormTextField {...form.field('contactName')} label={t('portal.auth.lead.contactName')} autoComplete="name" required inputProps={{ maxLength: 100 }} />
        <FormTextField {...form.field('phoneNumber')} label={t('portal.auth.phoneNumber')} autoComplete="tel" required inputProps={{ inputMode: 'tel', maxLength: 11 }} />
        <FormTextField {...form.field('email')} label={t('portal.auth.lead.email')} autoComplete="email" inputProps={{ maxLength: 254 }} />
        <FormTextField {...form.field('note')} label={t('portal.auth.lead.note')} inputProps={{ maxLength: 1000 }} />
        <Button type="submit" variant="outlined" size="large" fullWidth disabled={pending}>
          {t('portal.auth.lead.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

SignUpPage.path = AuthPaths.signup;
