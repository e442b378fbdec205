import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import { useTranslation } from 'react-i18next';
import { decideAfterMerchant, todoFlags } from '@/authProvider/afterMerchant';
import { nextStepFor } from '@/authProvider/merchantSession';
import { CHOOSE_MERCHANT_PATH, OnboardPaths } from '@/authProvider/paths';
import { getAuth, getCurrentMerchant, getNfcSkipped, getWantedPath, markNfcSkipped } from '@/authProvider/session';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { APP_STORE_URL, PLAY_STORE_URL, PRODUCT_NAME } from '@/config';
import { BIOMETRIC_POLL_MS, type BiometricSession } from '@/domain/econtracts';
import { formatDateTime } from '@/domain/format';
import { ShellLayout } from '@/layout/ShellLayout';
import { useReloadOnUserChange } from '@/layout/useReloadOnUserChange';
import { LogoutButton, RecheckActions } from './OnboardingActions';
import { useOnboardingStep } from './useOnboardingStep';

/**
 * NFC / biometric authentication step (spec §2 /onboard/authentication-nfc, §4). The chip-ID check runs
 * in the wallet app (it needs the phone's NFC reader): the page starts a check session, shows its QR
 * code and deep link, and polls the result; once verified the merchant is loaded again and the flow
 * continues. The optional check can be skipped (remembered on the server and in this browser); the
 * required one cannot. In demo mode a button completes the check without a phone.
 */
export function AuthenticationNfcPage() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useReloadOnUserChange();
  const merchant = getCurrentMerchant();
  const merchantId = merchant?.id ?? -1;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { recheck, later, checking, stillPending } = useOnboardingStep(merchantId, 'nfc');
  const [session, setSession] = useState<BiometricSession | null>(null);
  const [busy, setBusy] = useState<'start' | 'skip' | 'demo' | null>(null);
  const continued = useRef(false);

  const state = useQuery({
    queryKey: ['portal', 'biometric', merchantId],
    enabled: merchant !== null,
    queryFn: () => api.getBiometricState(merchantId),
  });
  const polled = useQuery({
    queryKey: ['portal', 'biometric-session', merchantId, session?.sessionId],
    enabled: session !== null && session.status === 'PENDING',
    queryFn: () => api.getBiometricSession(merchantId, session!.sessionId),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'PENDING' ? false : BIOMETRIC_POLL_MS),
  });
  // A final state known from an answer (the demo completion) wins over an older poll.
  const status = session && session.status !== 'PENDING' ? session.status : (polled.data?.status ?? session?.status ?? null);

  useEffect(() => headingRef.current?.focus(), []);

  const goNext = () => {
    if (!merchant) return;
    const next = nextStepFor(merchant);
    navigate(next.step === 'p2m' ? CHOOSE_MERCHANT_PATH : next.path, { replace: true });
  };

  // Verified in the app (or by the demo path): the server dropped the todo, so loading the merchant moves on.
  useEffect(() => {
    if (status === 'VERIFIED' && !continued.current) {
      continued.current = true;
      void recheck();
    }
  }, [status, recheck]);

  // Skipped earlier on another device: remembered on the server, so this browser follows.
  const skippedOnServer = state.data?.skipped === true && !state.data.required;
  useEffect(() => {
    if (skippedOnServer && merchant && !continued.current) {
      continued.current = true;
      markNfcSkipped(merchant.id);
      goNext();
    }
    // goNext reads the current merchant and navigation only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [skippedOnServer]);

  if (!merchant) return <Navigate to={CHOOSE_MERCHANT_PATH} replace />;
  const step = decideAfterMerchant({ merchant, nfcSkipped: getNfcSkipped(), wantedPath: getWantedPath()?.path });
  // Nothing to do here for this merchant (done, skipped, or another step comes first): go on.
  if (step.step !== 'nfc') return <Navigate to={step.step === 'p2m' ? CHOOSE_MERCHANT_PATH : step.path} replace />;

  // The merchant's todo actions decide; the URL flag can only make the step stricter, never optional.
  const required = todoFlags(merchant).nfcRequired || params.get('required') === 'true' || state.data?.required === true;
  const canVerify = state.data?.canVerify !== false;
  const username = getAuth()?.username ?? '';

  const start = async () => {
    setBusy('start');
    try {
      setSession(await api.startBiometricSession(merchant.id));
    } catch {
      // The httpClient has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  const skip = async () => {
    setBusy('skip');
    try {
      await api.skipBiometric(merchant.id);
      markNfcSkipped(merchant.id);
      continued.current = true;
      goNext();
    } catch {
      setBusy(null);
    }
  };

  const completeDemo = async () => {
    if (!session) return;
    setBusy('demo');
    try {
      const done = await api.completeBiometricDemo(merchant.id, session.sessionId);
      setSession((current) => (current ? { ...current, ...done } : done));
    } catch {
      // Shown by the httpClient (e.g. the QR code expired meanwhile).
    } finally {
      setBusy(null);
    }
  };

  return (
    <ShellLayout actions={<LogoutButton />}>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 6, md: 10 } }}>
          <Stack spacing={5}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 4 }}>
              <FingerprintOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
              <Typography variant="h4" component="h1" sx={{ fontWeight: 700, outline: 'none' }} ref={headingRef} tabIndex={-1}>
                {t('portal.nfc.title')}
              </Typography>
            </Box>
            <Typography>{t('portal.nfc.intro', { merchant: merchant.name })}</Typography>
            <Alert severity={required ? 'warning' : 'info'} data-testid={required ? 'nfc-required' : 'nfc-optional'}>
              {required ? t('portal.nfc.requiredNotice') : t('portal.nfc.optionalNotice')}
            </Alert>
            <Box>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('portal.nfc.stepsTitle')}
              </Typography>
              <Box component="ol" sx={{ pl: 6, m: 0, '& li': { mb: 2 } }}>
                <li>{t('portal.nfc.step1', { product: PRODUCT_NAME, username })}</li>
                <li>{t('portal.nfc.step2')}</li>
                <li>{t('portal.nfc.step3', { done: t('portal.nfc.done') })}</li>
              </Box>
              <Stack direction="row" spacing={3} sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('portal.footer.downloadApp', { product: PRODUCT_NAME })}
                </Typography>
                <Link variant="body2" href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
                  {t('portal.footer.appStore')}
                </Link>
                <Link variant="body2" href={PLAY_STORE_URL} target="_blank" rel="noopener noreferrer">
                  {t('portal.footer.playStore')}
                </Link>
              </Stack>
            </Box>

            {!canVerify && <Alert severity="info">{t('portal.nfc.notRepresentative')}</Alert>}

            {canVerify && (
              <Paper variant="outlined" sx={{ borderRadius: 2, p: { xs: 4, md: 6 } }} component="section" aria-labelledby="nfc-qr-heading">
                <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
                  <Typography variant="h6" component="h2" id="nfc-qr-heading">
                    {t('portal.nfc.qrTitle', { product: PRODUCT_NAME })}
                  </Typography>
                  {!session && (
                    <Button
                      variant="contained"
                      size="large"
                      startIcon={busy === 'start' ? <CircularProgress size={18} color="inherit" aria-hidden /> : <QrCode2Outlined aria-hidden />}
                      onClick={() => void start()}
                      disabled={busy !== null || state.isPending}
                    >
                      {t('portal.nfc.start')}
                    </Button>
                  )}
                  {session && status === 'PENDING' && session.qrSvg && (
                    <>
                      <Box
                        component="img"
                        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(session.qrSvg)}`}
                        alt={t('portal.nfc.qrAlt', { product: PRODUCT_NAME })}
                        data-testid="nfc-qr"
                        sx={{ width: 220, height: 220, border: 1, borderColor: 'divider', borderRadius: 2, p: 2, bgcolor: 'common.white' }}
                      />
                      {session.deepLink && <Link href={session.deepLink}>{t('portal.nfc.openApp', { product: PRODUCT_NAME })}</Link>}
                      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
                        <CircularProgress size={18} aria-hidden />
                        <Typography variant="body2">{t('portal.nfc.waiting')}</Typography>
                      </Stack>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t('portal.nfc.expiresAt', { time: formatDateTime(session.expiresAt) })}
                      </Typography>
                    </>
                  )}
                  {(status === 'EXPIRED' || status === 'FAILED') && (
                    <>
                      <Alert severity="error" role="alert">
                        {status === 'EXPIRED' ? t('portal.nfc.expired') : t('portal.nfc.failed')}
                      </Alert>
                      <Button variant="contained" onClick={() => void start()} disabled={busy !== null}>
                        {t('portal.nfc.newQr')}
                      </Button>
                    </>
                  )}
                  {status === 'VERIFIED' && (
                    <Alert severity="success" role="status">
                      {t('portal.nfc.verified')}
                    </Alert>
                  )}
                  {session?.demoCompletion && status === 'PENDING' && (
                    <Alert
                      severity="info"
                      data-testid="nfc-demo"
                      action={
                        <Button color="inherit" size="small" onClick={() => void completeDemo()} disabled={busy !== null}>
                          {t('portal.nfc.demoComplete')}
                        </Button>
                      }
                    >
                      {t('portal.nfc.demoText')}
                    </Alert>
                  )}
                </Stack>
              </Paper>
            )}

            <RecheckActions
              stillPendingText={stillPending ? t('portal.nfc.stillPending') : null}
              checking={checking}
              onRecheck={() => void recheck()}
              recheckLabel={t('portal.nfc.done')}
              secondary={required ? undefined : { label: t('portal.nfc.skip'), onClick: () => void skip() }}
              primaryVariant="outlined"
            >
              <Button size="large" onClick={later} disabled={checking}>
                {t('portal.onboarding.chooseAnother')}
              </Button>
            </RecheckActions>
          </Stack>
        </CardContent>
      </Card>
    </ShellLayout>
  );
}

AuthenticationNfcPage.path = OnboardPaths.authenticationNfc;

export default AuthenticationNfcPage;
