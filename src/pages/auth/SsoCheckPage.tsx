import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AuthApiPaths, type SecondFactorChallenge, type SsoConfigAnswer, type SsoSignOnExtra } from '@/domain/authApi';
import type { LoginResponse } from '@/domain/api';
import { asSecondFactor, SecondFactorRequired, startSession } from '@/authProvider/auth';
import { afterSignInPath } from '@/authProvider/afterSignIn';
import { AuthPaths } from '@/authProvider/paths';
import { API_BASE_URL, PRODUCT_NAME } from '@/config';
import { httpClient } from '@/dataProvider/httpClient';
import { AuthCard } from './shared/AuthCard';
import { errorText, publicGet, publicPost } from './shared/api';

const TwoFactorStep = lazy(() => import('./TwoFactorStep'));

type State =
  | { kind: 'working' }
  | { kind: 'error'; message: string }
  | { kind: 'secondFactor'; challenge: SecondFactorChallenge }
  | { kind: 'link'; walletPhone: string };

/**
 * Spec §2 /auth/sso-check: completes a single sign-on hand-off. The IdP returns here with its token in
 * the URL fragment (never sent to any server log); without a token the page starts the hand-off by
 * going to the configured IdP. The session is marked SSO so logout goes to the SSO sign-out address.
 * An account not yet linked to the wallet is offered the link (POST /sso/link).
 */
export default function SsoCheckPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);

  const finish = () => navigate(afterSignInPath(null), { replace: true });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    // The token is spent at once; it must not stay in the address bar or the history.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    void (async () => {
      try {
        if (!token) {
          const { loginUrl } = await publicGet<SsoConfigAnswer>(AuthApiPaths.ssoConfig);
          if (!loginUrl) throw new Error(t('portal.auth.sso.notConfigured'));
          window.location.assign(loginUrl);
          return;
        }
        const { data } = await publicPost<LoginResponse & SsoSignOnExtra>(AuthApiPaths.ssoSignOn, { token });
        await startSession(data);
        if (!data.linkedSSO && data.walletPhone) setState({ kind: 'link', walletPhone: data.walletPhone });
        else finish();
      } catch (e) {
        const second = asSecondFactor(e, true);
        if (second instanceof SecondFactorRequired) setState({ kind: 'secondFactor', challenge: second.challenge });
        else setState({ kind: 'error', message: errorText(e, t('portal.http.error')) });
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const link = async () => {
    try {
      await httpClient(`${API_BASE_URL}${AuthApiPaths.ssoLink}`, { method: 'POST', showSuccess: true });
      finish();
    } catch {
      // The httpClient showed the error; the user can still continue without linking.
    }
  };

  return (
    <AuthCard title={t('portal.auth.sso.title')} back={state.kind === 'error'}>
      {state.kind === 'working' && (
        <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('portal.auth.sso.working')}</Typography>
        </Stack>
      )}
      {state.kind === 'error' && (
        <Alert severity="error" role="alert">
          {state.message}
        </Alert>
      )}
      {state.kind === 'secondFactor' && (
        <Suspense fallback={<CircularProgress aria-label={t('portal.common.loading')} />}>
          <TwoFactorStep challenge={state.challenge} onSignedIn={finish} />
        </Suspense>
      )}
      {state.kind === 'link' && (
        <Stack spacing={4}>
          <Typography>{t('portal.auth.sso.linkPrompt', { product: PRODUCT_NAME, phone: state.walletPhone })}</Typography>
          <Button variant="contained" onClick={() => void link()}>
            {t('portal.auth.sso.link', { product: PRODUCT_NAME })}
          </Button>
          <Button onClick={finish}>{t('portal.auth.sso.skip')}</Button>
        </Stack>
      )}
    </AuthCard>
  );
}

SsoCheckPage.path = AuthPaths.ssoCheck;
