import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import { useTranslation } from 'react-i18next';
import { decideAfterMerchant } from '@/authProvider/afterMerchant';
import { CHOOSE_MERCHANT_PATH, OnboardPaths } from '@/authProvider/paths';
import { getCurrentMerchant, getNfcSkipped, getWantedPath } from '@/authProvider/session';
import { HOTLINE, PRODUCT_NAME, SUPPORT_EMAIL } from '@/config';
import { ShellLayout } from '@/layout/ShellLayout';
import { useReloadOnUserChange } from '@/layout/useReloadOnUserChange';
import { LogoutButton, RecheckActions } from './OnboardingActions';
import { useOnboardingStep } from './useOnboardingStep';

/**
 * E-contract step (spec §2 /onboard/econtract-sign, §4): the chosen merchant has a SIGN_CONTRACT todo.
 * The page names the merchant and its pending contract, re-checks the merchant once it is signed, and
 * lets the user continue later with another merchant.
 */
export function EContractSignPage() {
  const { t } = useTranslation();
  useReloadOnUserChange();
  const merchant = getCurrentMerchant();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { recheck, later, checking, stillPending } = useOnboardingStep(merchant?.id ?? -1, 'econtract');

  useEffect(() => headingRef.current?.focus(), []);

  if (!merchant) return <Navigate to={CHOOSE_MERCHANT_PATH} replace />;
  const step = decideAfterMerchant({ merchant, nfcSkipped: getNfcSkipped(), wantedPath: getWantedPath()?.path });
  if (step.step !== 'econtract') return <Navigate to={step.step === 'p2m' ? CHOOSE_MERCHANT_PATH : step.path} replace />;

  return (
    <ShellLayout actions={<LogoutButton />}>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 6, md: 10 } }}>
          <Stack spacing={5}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 4 }}>
              <HistoryEduOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
              <Typography variant="h4" component="h1" sx={{ fontWeight: 700, outline: 'none' }} ref={headingRef} tabIndex={-1}>
                {t('portal.econtract.title')}
              </Typography>
            </Box>
            <Typography data-testid="econtract-merchant">
              {t('portal.econtract.intro', { merchant: merchant.name, product: PRODUCT_NAME })}
            </Typography>
            <Alert severity="warning">{t('portal.econtract.blocking')}</Alert>
            <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
              <Typography sx={{ color: 'text.secondary' }}>{t('portal.econtract.help')}</Typography>
              <Link href={`tel:${HOTLINE.replace(/[^\d+]/g, '')}`}>{HOTLINE}</Link>
              <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
            </Stack>
            <RecheckActions
              stillPendingText={stillPending ? t('portal.econtract.stillPending') : null}
              checking={checking}
              onRecheck={() => void recheck()}
              recheckLabel={t('portal.econtract.recheck')}
              secondary={{ label: t('portal.econtract.later'), onClick: later }}
            />
          </Stack>
        </CardContent>
      </Card>
    </ShellLayout>
  );
}

EContractSignPage.path = OnboardPaths.econtractSign;

export default EContractSignPage;
