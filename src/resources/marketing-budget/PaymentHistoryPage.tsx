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
import { formatDateTime, formatMoney } from '@/domain/format';
import { paymentFilterSchema, PAYMENT_KINDS, TOPUP_SOURCES, type MarketingPayment, type PaymentKind, type TopUpSource } from '@/domain/marketingBudget';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { MarketingGate } from '@/features/marketing-gate';
import { getLanguage } from '@/i18n';
import { DayFilter, errorText, HistoryExportButton, marketingKeys, MarketingNav, T } from './shared';

const P = 'resources.marketing-payment-history';

/** Spec §2 marketing-payment-history: top-ups and refunds of unspent campaign budget. */
export default function PaymentHistoryPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate(`${P}.name`)} />
      <MarketingNav />
      <MarketingGate>{() => <Payments />}</MarketingGate>
    </Box>
  );
}

function Payments() {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const merchantId = getChosenMerchantId();
  const paging = usePaging();
  const [filter, setFilter] = useState<{ from: string; to: string; kind: PaymentKind | ''; source: TopUpSource | '' }>({ from: '', to: '', kind: '', source: '' });
  const query = { from: filter.from || undefined, to: filter.to || undefined, kind: filter.kind || undefined, source: filter.source || undefined };
  const valid = paymentFilterSchema.safeParse(query);
  const rangeError = valid.success ? undefined : valid.error.issues[0]?.message;
  const payments = useQuery({
    queryKey: marketingKeys.payments(merchantId, query, paging.page, paging.pageSize),
    queryFn: () => api.getMarketingPayments(query, paging.page, paging.pageSize),
    enabled: valid.success,
    placeholderData: keepPreviousData,
  });
  const set = (next: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    paging.reset();
  };
  const columns: PagedColumn<MarketingPayment>[] = [
    { key: 'createdAt', header: translate(`${T}.fields.createdAt`), cell: (p) => formatDateTime(p.createdAt) },
    { key: 'kind', header: translate(`${T}.fields.kind`), cell: (p) => translate(`${T}.kinds.${p.kind}`) },
    {
      key: 'detail',
      header: translate(`${T}.fields.detail`),
      cell: (p) => (p.kind === 'TOPUP' ? translate(`${T}.sources.${p.source}`) : (p.campaignName ?? `#${p.campaignId}`)),
    },
    { key: 'transactionRef', header: translate(`${T}.fields.transactionRef`), cell: (p) => p.transactionRef ?? '' },
    { key: 'amount', header: translate(`${T}.fields.amount`), align: 'right', cell: (p) => `+${formatMoney(p.amount, lng)}` },
    { key: 'availableAfter', header: translate(`${T}.fields.availableAfter`), align: 'right', cell: (p) => formatMoney(p.availableAfter, lng) },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'flex-start' }} component="search" aria-label={translate(`${T}.filters`)}>
        <DayFilter label={translate(`${T}.fields.from`)} value={filter.from} onChange={(from) => set({ from })} />
        <DayFilter label={translate(`${T}.fields.to`)} value={filter.to} onChange={(to) => set({ to })} />
        <TextField select size="small" label={translate(`${T}.fields.kind`)} value={filter.kind} onChange={(e) => set({ kind: e.target.value as PaymentKind | '' })} sx={{ minWidth: 200 }}>
          <MenuItem value="">{translate(`${T}.all`)}</MenuItem>
          {PAYMENT_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {translate(`${T}.kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={translate(`${T}.fields.source`)} value={filter.source} onChange={(e) => set({ source: e.target.value as TopUpSource | '' })} sx={{ minWidth: 200 }}>
          <MenuItem value="">{translate(`${T}.all`)}</MenuItem>
          {TOPUP_SOURCES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`${T}.sources.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <HistoryExportButton fetchFile={(format) => api.exportMarketingPayments(query, format)} disabled={!valid.success || payments.data?.totalElements === 0} />
      </Stack>
      {rangeError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(rangeError)}
        </Alert>
      )}
      {payments.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(payments.error)}
        </Alert>
      )}
      <PagedTable
        label={translate(`${P}.name`)}
        columns={columns}
        rows={payments.data?.content}
        rowKey={(p) => p.id}
        rowProps={() => ({ 'data-testid': 'marketing-payment-row' })}
        emptyText={translate(`${P}.empty`)}
        total={payments.data?.totalElements ?? 0}
        paging={paging}
      />
    </Paper>
  );
}
