import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import { useTranslation } from 'react-i18next';
import { decideAfterMerchant, todoFlags } from '@/authProvider/afterMerchant';
import { nextStepFor } from '@/authProvider/merchantSession';
import { CHOOSE_MERCHANT_PATH, OnboardPaths } from '@/authProvider/paths';
import { getAuth, getCurrentMerchant, getNfcSkipped, getWantedPath, markNfcSkipped } from '@/authProvider/session';
import { APP_STORE_URL, PLAY_STORE_URL, PRODUCT_NAME } from '@/config';
import { ShellLayout } from '@/layout/ShellLayout';
import { useReloadOnUserChange } from '@/layout/useReloadOnUserChange';
import { LogoutButton, RecheckActions } from './OnboardingActions';
import { useOnboardingStep } from './useOnboardingStep';

/**
 * NFC / biometric authentication step (spec §2 /onboard/authentication-nfc, §4). The chip-ID check itself
 * runs in the wallet app (it needs the phone's NFC reader); this page says how, lets the user confirm it
 * is done (the merchant is reloaded and the flow continues) and, when the step is not required, skip it
 * (remembered per merchant).
 */
export function AuthenticationNfcPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useReloadOnUserChange();
  const merchant = getCurrentMerchant();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { recheck, later, checking, stillPending } = useOnboardingStep(merchant?.id ?? -1, 'nfc');

  useEffect(() => headingRef.current?.focus(), []);

  if (!merchant) return <Navigate to={CHOOSE_MERCHANT_PATH} replace />;
  const step = decideAfterMerchant({ merchant, nfcSkipped: getNfcSkipped(), wantedPath: getWantedPath()?.path });
  // Nothing to do here for this merchant (done, skipped, or another step comes first): go on.
  if (step.step !== 'nfc') return <Navigate to={step.step === 'p2m' ? CHOOSE_MERCHANT_PATH : step.path} replace />;

  // The merchant's todo actions decide; the URL flag can only make the step stricter, never optional.
  const required = todoFlags(merchant).nfcRequired || params.get('required') === 'true';
  const username = getAuth()?.username ?? '';

  const skip = () => {
    markNfcSkipped(merchant.id);
    const next = nextStepFor(merchant);
    navigate(next.step === 'p2m' ? CHOOSE_MERCHANT_PATH : next.path, { replace: true });
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
            <RecheckActions
              stillPendingText={stillPending ? t('portal.nfc.stillPending') : null}
              checking={checking}
              onRecheck={() => void recheck()}
              recheckLabel={t('portal.nfc.done')}
              secondary={required ? undefined : { label: t('portal.nfc.skip'), onClick: skip }}
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
