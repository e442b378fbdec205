import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { getChosenMerchantId } from '@/authProvider/session';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { ApiGuide } from './ApiGuide';
import { CredentialsPanel } from './CredentialsPanel';
import { DeliveryLog } from './DeliveryLog';
import { SellingPlans } from './SellingPlans';
import { WebhooksPanel } from './WebhooksPanel';
import { integrationKeys } from './queryKeys';

const T = 'resources.payment-integration';
const TABS = ['credentials', 'webhooks', 'deliveries', 'guide', 'plans'] as const;
type TabName = (typeof TABS)[number];

/** Spec §2 payment-integration-center: credentials, webhooks and their log, the API guide, selling plans. */
export default function PaymentIntegrationPage() {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const merchantId = getChosenMerchantId();
  const [tab, setTab] = useState<TabName>('credentials');
  const overview = useQuery({ queryKey: integrationKeys.overview(merchantId), queryFn: () => api.getIntegrationOverview() });

  const showLog = () => {
    void queryClient.invalidateQueries({ queryKey: integrationKeys.deliveriesAll(merchantId) });
    setTab('deliveries');
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate(`${T}.name`)} />
      <Tabs value={tab} onChange={(_, value: TabName) => setTab(value)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={translate(`${T}.tabs.${name}`)} id={`integration-tab-${name}`} aria-controls={`integration-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`integration-panel-${tab}`} aria-labelledby={`integration-tab-${tab}`}>
        {(tab === 'credentials' || tab === 'webhooks') &&
          (overview.isPending ? (
            <Typography>{translate('ra.page.loading')}</Typography>
          ) : overview.isError ? (
            <Alert severity="error">{(overview.error as { message?: string }).message}</Alert>
          ) : tab === 'credentials' ? (
            <CredentialsPanel overview={overview.data} merchantId={merchantId} />
          ) : (
            <WebhooksPanel webhooks={overview.data.webhooks} merchantId={merchantId} onTestQueued={showLog} />
          ))}
        {tab === 'deliveries' && <DeliveryLog merchantId={merchantId} />}
        {tab === 'guide' && <ApiGuide />}
        {tab === 'plans' && <SellingPlans merchantId={merchantId} />}
      </Box>
    </Box>
  );
}
