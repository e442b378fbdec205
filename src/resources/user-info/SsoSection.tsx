import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@/config';
import { ApiStatus } from '@/domain/api';
import { ssoUnlinkSchema } from '@/domain/auth';
import { FormTextField } from '@/components/FormTextField';
import { notify } from '@/components/notifications/notifier';
import { errorText, serverFieldErrors } from '@/pages/auth/shared/api';
import { beginSsoHandOff, clearSsoLink, pendingSsoLink } from '@/pages/auth/shared/ssoHandOff';
import { useSchemaForm } from '@/pages/auth/shared/useSchemaForm';
import { usePortalApi } from '@/dataProvider/usePortalApi';

type Step = { kind: 'idle' } | { kind: 'link' } | { kind: 'unlink' };

/**
 * The SSO link (spec §7 POST /sso/link): an SSO identity opens only the account it was linked to, and
 * only its owner, signed in here, can link it. The button sends the browser to the IdP with a hand-off
 * bound to this browser; /auth/sso-check brings the returned identity back here, and the account's
 * current password confirms the link (an open session alone must not be enough). Unlinking asks for the
 * password too. The password lives only in this form's state.
 */
export function SsoSection() {
  const accountApi = usePortalApi();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const location = useLocation();
  const info = useQuery({ queryKey: ['portal', 'account', 'security'], queryFn: accountApi.securityInfo });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Read, not taken: StrictMode runs initialisers twice; the held link is cleared on submit or cancel.
  const [step, setStep] = useState<Step>(() => (pendingSsoLink() ? { kind: 'link' } : { kind: 'idle' }));
  const form = useSchemaForm('sso', { password: '' });

  const startLink = async () => {
    setError(null);
    setPending(true);
    try {
      const { loginUrl } = await accountApi.ssoConfig();
      if (!loginUrl) throw new Error(t('resources.user-info.sso.notConfigured'));
      window.location.assign(beginSsoHandOff(loginUrl, 'LINK', location.pathname));
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('portal.http.error'));
      setPending(false);
    }
  };

  const close = () => {
    if (step.kind === 'link') clearSsoLink();
    form.reset();
    setError(null);
    setStep({ kind: 'idle' });
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !form.validate(ssoUnlinkSchema, ['password'])) return;
    const held = pendingSsoLink();
    setError(null);
    setPending(true);
    try {
      const message =
        step.kind === 'link' && held
          ? await accountApi.linkSso({ ...held, password: form.values.password })
          : await accountApi.unlinkSso(form.values.password);
      notify(message, { type: 'success' });
      close();
      await queryClient.invalidateQueries({ queryKey: ['portal', 'account'] });
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields.password || (e as { code?: number }).code === ApiStatus.INVALID_CREDENTIALS) {
        // A wrong password stays with the field; the held identity can be tried again.
        form.setServerErrors({ password: fields.password ?? errorText(e, t('portal.http.error')) });
        document.getElementById('sso-password')?.focus();
      } else {
        // Anything else (spent hand-off, identity linked elsewhere, lock) ends this link attempt.
        if (step.kind === 'link') clearSsoLink();
        setError(errorText(e, t('portal.http.error')));
      }
    } finally {
      setPending(false);
    }
  };

  if (!info.data) return <Skeleton width="60%" />;
  const linked = info.data.linkedSSO;
  const title = step.kind === 'unlink' ? t('resources.user-info.sso.unlinkTitle') : t('resources.user-info.sso.linkTitle', { product: PRODUCT_NAME });
  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography>{t('resources.user-info.sso.status')}</Typography>
        <Chip data-testid="sso-link-status" color={linked ? 'success' : 'default'} label={t(linked ? 'resources.user-info.sso.linked' : 'resources.user-info.sso.notLinked')} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('resources.user-info.sso.hint', { product: PRODUCT_NAME })}
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {step.kind === 'idle' ? (
        <Stack direction="row" spacing={2}>
          <Button variant={linked ? 'outlined' : 'contained'} onClick={() => void startLink()} disabled={pending}>
            {t(linked ? 'resources.user-info.sso.relink' : 'portal.auth.sso.link', { product: PRODUCT_NAME })}
          </Button>
          {linked && (
            <Button color="error" onClick={() => { setError(null); setStep({ kind: 'unlink' }); }}>
              {t('resources.user-info.sso.unlink')}
            </Button>
          )}
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={onConfirm} aria-label={title} sx={{ width: '100%', maxWidth: 420 }}>
          <Stack spacing={3}>
            <Typography variant="subtitle1" component="h3">
              {title}
            </Typography>
            <Typography variant="body2">{t(step.kind === 'unlink' ? 'resources.user-info.sso.unlinkPrompt' : 'resources.user-info.sso.linkPrompt')}</Typography>
            <FormTextField {...form.field('password')} type="password" label={t('resources.user-info.password.current')} autoComplete="current-password" required autoFocus inputProps={{ maxLength: 100 }} />
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" color={step.kind === 'unlink' ? 'error' : 'primary'} disabled={pending}>
                {t(step.kind === 'unlink' ? 'resources.user-info.sso.unlinkSubmit' : 'resources.user-info.sso.linkSubmit')}
              </Button>
              <Button onClick={close} disabled={pending}>
                {t('portal.confirm.cancel')}
              </Button>
            </Stack>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
