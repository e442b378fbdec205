import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { getChosenMerchantId } from '@/authProvider/session';
import type { MarketingGate as Gate } from '@/domain/marketingBudget';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { PageLoader } from '@/components/PageLoader';
import { usePathOf } from '@/resourceConfig';

const G = 'portal.marketingGate';

/** The query key of the gate of the chosen merchant (invalidate it after an ADS registration changes). */
export const marketingGateKey = (merchantId: number | null) => ['marketing-gate', merchantId] as const;

/** Whether marketing is open for the chosen merchant (spec §4: ADS onboarded) and what the user may do. */
export function useMarketingGate() {
  const api = usePortalApi();
  const merchantId = getChosenMerchantId();
  return useQuery({ queryKey: marketingGateKey(merchantId), queryFn: () => api.getMarketingGate() });
}

/** Which explanation a closed gate shows: no registration, waiting for review, refused. */
export function gateReason(gate: Pick<Gate, 'adsStatus'>): 'NONE' | 'INITIALIZED' | 'REJECTED' | 'OTHER' {
  if (!gate.adsStatus) return 'NONE';
  if (gate.adsStatus === 'INITIALIZED' || gate.adsStatus === 'REJECTED') return gate.adsStatus;
  return 'OTHER';
}

/** Why marketing is closed, and the way to the ADS registration in service management. */
export function MarketingGateNotice({ gate }: { gate: Gate }) {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const { canAccess: canOpenServices } = useCanAccess({ resource: 'services', action: 'show' });
  const reason = gateReason(gate);
  const to = gate.adsServiceId !== null ? pathOf('services', 'show', { id: gate.adsServiceId }) : pathOf('services', 'list');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }} component="section" aria-labelledby="marketing-gate-title">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CampaignOutlined color="primary" aria-hidden />
          <Typography id="marketing-gate-title" component="h2" variant="h6">
            {translate(`${G}.title`)}
          </Typography>
        </Stack>
        <Alert severity={reason === 'REJECTED' ? 'error' : reason === 'INITIALIZED' ? 'info' : 'warning'} data-testid="marketing-gate-reason">
          <AlertTitle>{translate(`${G}.reasons.${reason}.title`)}</AlertTitle>
          {translate(`${G}.reasons.${reason}.text`)}
        </Alert>
        <Typography variant="body2" color="text.secondary">
          {translate(`${G}.what`)}
        </Typography>
        <Box>
          {canOpenServices ? (
            <Button component={RouterLink} to={to} variant="contained">
              {translate(reason === 'NONE' || gate.canRegister ? `${G}.register` : `${G}.openService`)}
            </Button>
          ) : (
            <Typography variant="body2">{translate(`${G}.askOwner`)}</Typography>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}

/**
 * Shows `children` only when marketing is open for the chosen merchant; otherwise why it is not and the
 * way to the ADS registration. Every marketing screen (budget, histories, campaigns) is wrapped in it.
 */
export function MarketingGate({ children }: { children: (gate: Gate) => ReactNode }) {
  const translate = useTranslate();
  const gate = useMarketingGate();
  if (gate.isPending) return <PageLoader />;
  if (gate.isError) {
    return (
      <Alert severity="error" role="alert">
        {(gate.error as { message?: string } | null)?.message || translate(`${G}.loadFailed`)}
      </Alert>
    );
  }
  if (!gate.data.onboarded) return <MarketingGateNotice gate={gate.data} />;
  return <>{children(gate.data)}</>;
}
