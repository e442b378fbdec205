import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SecondFactorChallenge } from '@/domain/authApi';
import { asSecondFactor, SecondFactorRequired, startSession } from '@/authProvider/auth';
import { afterSignInPath } from '@/authProvider/afterSignIn';
import { AuthPaths, sanitizeAppPath } from '@/authProvider/paths';
import { getAuth } from '@/authProvider/session';
import { shellApi } from '@/dataProvider/shell';
import { AuthCard } from './shared/AuthCard';
import { errorText } from './shared/api';
import { beginSsoHandOff, holdSsoLink, readSsoReturn, takeSsoHandOff } from './shared/ssoHandOff';

const TwoFactorStep = lazy(() => import('./TwoFactorStep'));

type State =
  | { kind: 'working' }
  | { kind: 'error'; message: string }
  | { kind: 'secondFactor'; challenge: SecondFactorChallenge };

/**
 * Spec §2 /auth/sso-check: both ends of a single sign-on hand-off. Without a token the page starts one:
 * a random state and nonce are kept for this browser and sent to the IdP. The IdP returns here with its
 * token in the URL fragment (never sent to any server log) and the state; a state this browser did not
 * make is refused before anything is sent (login CSRF), and the server checks the token's nonce. The
 * return either signs in (the identity must be linked to an account) or, when the hand-off was started
 * from the account screen, goes back there, where the account's password confirms the link (POST /sso/link).
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
    const returned = readSsoReturn(window.location.hash);
    // The token is spent at once; it must not stay in the address bar or the history.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    void (async () => {
      if (!returned.token) {
        try {
          const { loginUrl } = await shellApi.ssoConfig();
          if (!loginUrl) throw new Error(t('portal.auth.sso.notConfigured'));
          window.location.assign(beginSsoHandOff(loginUrl, 'SIGN_IN'));
        } catch (e) {
          setState({ kind: 'error', message: errorText(e, t('portal.http.error')) });
        }
        return;
      }
      const handOff = takeSsoHandOff(returned.state);
      if (!handOff) {
        setState({ kind: 'error', message: t('portal.auth.sso.stateMismatch') });
        return;
      }
      const body = { token: returned.token, nonce: handOff.nonce };
      if (handOff.purpose === 'LINK') {
        if (!getAuth()?.token) {
          setState({ kind: 'error', message: t('portal.auth.sso.linkNeedsSignIn') });
          return;
        }
        // Back to the screen the link started from (the account screen), which asks for the account's
        // password before linking; only ever an /app path. The token stays in memory, never in storage.
        holdSsoLink(body);
        navigate(sanitizeAppPath(handOff.returnTo) ?? afterSignInPath(null), { replace: true });
        return;
      }
      try {
        await startSession(await shellApi.ssoSignOn(body));
        finish();
      } catch (e) {
        const second = asSecondFactor(e, true);
        if (second instanceof SecondFactorRequired) setState({ kind: 'secondFactor', challenge: second.challenge });
        else setState({ kind: 'error', message: errorText(e, t('portal.http.error')) });
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <AuthCard title={t('portal.auth.sso.title')} back={state.kind === 'error'}>
      {state.kind === 'working' && (
        <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('portal.auth.sso.working')}</Typography>
        </Stack>
      )}
      {state.kind === 'error' && (
        <Stack spacing={4}>
          <Alert severity="error" role="alert">
            {state.message}
          </Alert>
        </Stack>
      )}
      {state.kind === 'secondFactor' && (
        <Suspense fallback={<CircularProgress aria-label={t('portal.common.loading')} />}>
          <TwoFactorStep challenge={state.challenge} onSignedIn={finish} />
        </Suspense>
      )}
    </AuthCard>
  );
}

SsoCheckPage.path = AuthPaths.ssoCheck;
