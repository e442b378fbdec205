import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { getChosenMerchantId } from '@/authProvider/session';
import { BalancePanel } from './BalancePanel';
import { BatchPanel } from './BatchPanel';
import { OrdersPanel } from './OrdersPanel';
import { RulesPanel } from './RulesPanel';
import { SingleForm } from './SingleForm';
import { T } from './queryKeys';

const TABS = ['orders', 'single', 'batch', 'balance', 'rules'] as const;
type TabName = (typeof TABS)[number];

/** Spec §2 disbursement-center/disbursement-management. */
export default function DisbursementPage() {
  const translate = useTranslate();
  const merchantId = getChosenMerchantId();
  const [tab, setTab] = useState<TabName>('orders');
  const [openOrder, setOpenOrder] = useState<number | null>(null);
  const showOrder = (id: number) => {
    setOpenOrder(id);
    setTab('orders');
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate(`${T}.name`)} />
      <Tabs value={tab} onChange={(_, value: TabName) => setTab(value)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={translate(`${T}.tabs.${name}`)} id={`disbursement-tab-${name}`} aria-controls={`disbursement-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`disbursement-panel-${tab}`} aria-labelledby={`disbursement-tab-${tab}`}>
        {tab === 'orders' && <OrdersPanel merchantId={merchantId} openOrder={openOrder} onOpen={setOpenOrder} />}
        {tab === 'single' && <SingleForm merchantId={merchantId} onCreated={showOrder} />}
        {tab === 'batch' && <BatchPanel merchantId={merchantId} onSubmitted={showOrder} />}
        {tab === 'balance' && <BalancePanel merchantId={merchantId} />}
        {tab === 'rules' && <RulesPanel merchantId={merchantId} />}
      </Box>
    </Box>
  );
}
