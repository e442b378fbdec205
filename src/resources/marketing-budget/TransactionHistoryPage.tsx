import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { getChosenMerchantId } from '@/authProvider/session';
import { PagedTable, usePaging, type PagedColumn } from '@/components/PagedTable';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '@/domain/format';
import { marketingTransactionFilterSchema, type MarketingTransaction } from '@/domain/marketingBudget';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { MarketingGate } from '@/features/marketing-gate';
import { getLanguage } from '@/i18n';
import { DayFilter, errorText, HistoryExportButton, marketingKeys, MarketingNav, T } from './shared';

const X = 'resources.marketing-transaction-history';

/** Spec §2 marketing-transaction-history: every debit of the budget, per campaign and day. */
export default function TransactionHistoryPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate(`${X}.name`)} />
      <MarketingNav />
      <MarketingGate>{() => <Transactions />}</MarketingGate>
    </Box>
  );
}

function Transactions() {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const merchantId = getChosenMerchantId();
  const paging = usePaging();
  const [filter, setFilter] = useState<{ from: string; to: string; campaignId: string }>({ from: '', to: '', campaignId: '' });
  const query = { from: filter.from || undefined, to: filter.to || undefined, campaignId: filter.campaignId ? Number(filter.campaignId) : undefined };
  const valid = marketingTransactionFilterSchema.safeParse(query);
  const rangeError = valid.success ? undefined : valid.error.issues[0]?.message;
  const transactions = useQuery({
    queryKey: marketingKeys.transactions(merchantId, query, paging.page, paging.pageSize),
    queryFn: () => api.getMarketingTransactions(query, paging.page, paging.pageSize),
    enabled: valid.success,
    placeholderData: keepPreviousData,
  });
  const set = (next: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    paging.reset();
  };
  const columns: PagedColumn<MarketingTransaction>[] = [
    { key: 'day', header: translate(`${T}.fields.day`), cell: (r) => formatDate(`${r.day}T00:00:00+07:00`) },
    { key: 'campaign', header: translate(`${T}.fields.campaign`), cell: (r) => r.campaignName ?? `#${r.campaignId}` },
    { key: 'debits', header: translate(`${T}.fields.debits`), align: 'right', cell: (r) => formatNumber(r.debits, lng) },
    { key: 'lastAt', header: translate(`${T}.fields.lastAt`), cell: (r) => formatDateTime(r.lastAt) },
    { key: 'amount', header: translate(`${T}.fields.spent`), align: 'right', cell: (r) => `-${formatMoney(r.amount, lng)}` },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'flex-start' }} component="search" aria-label={translate(`${T}.filters`)}>
        <DayFilter label={translate(`${T}.fields.from`)} value={filter.from} onChange={(from) => set({ from })} />
        <DayFilter label={translate(`${T}.fields.to`)} value={filter.to} onChange={(to) => set({ to })} />
        <TextField select size="small" label={translate(`${T}.fields.campaign`)} value={filter.campaignId} onChange={(e) => set({ campaignId: e.target.value })} sx={{ minWidth: 220 }}>
          <MenuItem value="">{translate(`${T}.all`)}</MenuItem>
          {(transactions.data?.campaigns ?? []).map((c) => (
            <MenuItem key={c.campaignId} value={String(c.campaignId)}>
              {c.campaignName ?? `#${c.campaignId}`}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <HistoryExportButton fetchFile={(format) => api.exportMarketingTransactions(query, format)} disabled={!valid.success || transactions.data?.totalElements === 0} />
      </Stack>
      {rangeError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(rangeError)}
        </Alert>
      )}
      {transactions.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(transactions.error)}
        </Alert>
      )}
      <PagedTable
        label={translate(`${X}.name`)}
        columns={columns}
        rows={transactions.data?.content}
        rowKey={(r) => `${r.day}-${r.campaignId}`}
        rowProps={() => ({ 'data-testid': 'marketing-transaction-row' })}
        emptyText={translate(`${X}.empty`)}
        total={transactions.data?.totalElements ?? 0}
        paging={paging}
      />
    </Paper>
  );
}
