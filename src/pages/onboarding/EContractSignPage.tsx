import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import { useTranslation } from 'react-i18next';
import { decideAfterMerchant } from '@/authProvider/afterMerchant';
import { CHOOSE_MERCHANT_PATH, OnboardPaths } from '@/authProvider/paths';
import { getCurrentMerchant, getNfcSkipped, getWantedPath } from '@/authProvider/session';
import { ContractDocument } from '@/features/econtract-signing/ContractDocument';
import { SignContractPanel } from '@/features/econtract-signing/SignContractPanel';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { notify } from '@/components/notifications/notifier';
import { HOTLINE, PRODUCT_NAME, SUPPORT_EMAIL } from '@/config';
import { ShellLayout } from '@/layout/ShellLayout';
import { useReloadOnUserChange } from '@/layout/useReloadOnUserChange';
import { LogoutButton, RecheckActions } from './OnboardingActions';
import { useOnboardingStep } from './useOnboardingStep';

/**
 * E-contract step (spec §2 /onboard/econtract-sign, §4): the chosen merchant has a SIGN_CONTRACT todo.
 * The page shows the pending contract as a document (text and the server's PDF, downloadable), the
 * signer, and signs it with a one-time code; then the merchant is loaded again and the flow continues
 * (welcome or the wanted path). Users who may not sign see why, can re-check or continue later.
 */
export function EContractSignPage() {
  const { t } = useTranslation();
  const api = usePortalApi();
  useReloadOnUserChange();
  const merchant = getCurrentMerchant();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const { recheck, later, checking, stillPending } = useOnboardingStep(merchant?.id ?? -1, 'econtract');
  const pending = useQuery({
    queryKey: ['portal', 'econtract-pending', merchant?.id],
    enabled: merchant !== null,
    // Readers only (§6 rules): anyone else gets the plain notice below, without an error toast.
    queryFn: () => api.getPendingContract(merchant!.id, { showError: false }),
  });

  useEffect(() => headingRef.current?.focus(), []);

  if (!merchant) return <Navigate to={CHOOSE_MERCHANT_PATH} replace />;
  const step = decideAfterMerchant({ merchant, nfcSkipped: getNfcSkipped(), wantedPath: getWantedPath()?.path });
  if (step.step !== 'econtract') return <Navigate to={step.step === 'p2m' ? CHOOSE_MERCHANT_PATH : step.path} replace />;

  const contract = pending.data ?? null;

  const signed = () => {
    notify(t('portal.econtract.signedToast'), { type: 'success' });
    void queryClient.invalidateQueries({ queryKey: ['portal', 'econtract-pending', merchant.id] });
    // The server removed SIGN_CONTRACT: loading the merchant again moves the flow on.
    void recheck();
  };

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

            {pending.isPending && (
              <Box role="status" aria-label={t('portal.common.loading')}>
                <Skeleton height={32} width="50%" />
                <Skeleton variant="rounded" height={240} />
              </Box>
            )}
            {contract && <ContractDocument merchantId={merchant.id} contract={contract} />}
            {contract?.canSign && <SignContractPanel merchantId={merchant.id} contract={contract} onSigned={signed} />}
            {contract && !contract.canSign && (
              <Alert severity="info" data-testid="econtract-not-signer">
                {t('portal.econtract.notSigner')}
              </Alert>
            )}

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
              primaryVariant={contract?.canSign ? 'outlined' : 'contained'}
            />
          </Stack>
        </CardContent>
      </Card>
    </ShellLayout>
  );
}

EContractSignPage.path = OnboardPaths.econtractSign;

export default EContractSignPage;
