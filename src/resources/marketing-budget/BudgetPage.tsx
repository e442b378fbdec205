import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import { getChosenMerchantId } from '@/authProvider/session';
import { PageLoader } from '@/components/PageLoader';
import { formatMoney } from '@/domain/format';
import { thresholdSchema, type MarketingAccount } from '@/domain/marketingBudget';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { MarketingGate } from '@/features/marketing-gate';
import { getLanguage } from '@/i18n';
import { SpendingPanel } from './SpendingPanel';
import { TopUpDialog } from './TopUpDialog';
import { errorText, marketingKeys, MarketingNav, T } from './shared';

/** Spec §2 marketing-budget: available, reserved, spent this month; top-up; spending; the low-balance alert. */
export default function BudgetPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate(`${T}.name`)} />
      <MarketingNav />
      <MarketingGate>{() => <Budget />}</MarketingGate>
    </Box>
  );
}

function Budget() {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const merchantId = getChosenMerchantId();
  const [topUpOpen, setTopUpOpen] = useState(false);
  const account = useQuery({ queryKey: marketingKeys.account(merchantId), queryFn: () => api.getMarketingAccount() });
  if (account.isPending) return <PageLoader />;
  if (account.isError) return <Alert severity="error">{errorText(account.error)}</Alert>;
  const a = account.data;
  const figures = [
    { key: 'available', value: a.available },
    { key: 'reserved', value: a.reserved },
    { key: 'spentThisMonth', value: a.spentThisMonth },
  ] as const;
  return (
    <Stack spacing={2}>
      {a.low && (
        <Alert severity="warning" role="alert">
          {translate(`${T}.low`, { amount: formatMoney(a.available + a.reserved, lng), threshold: formatMoney(a.lowBalanceThreshold, lng) })}
        </Alert>
      )}
      <Grid container spacing={2} component="section" aria-label={translate(`${T}.figures`)}>
        {figures.map((f) => (
          <Grid key={f.key} size={{ xs: 12, sm: 4 }}>
            <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
              <Typography variant="overline" component="p" id={`marketing-${f.key}`}>
                {translate(`${T}.fields.${f.key}`)}
              </Typography>
              <Typography variant="h5" component="p" aria-labelledby={`marketing-${f.key}`} data-testid={`marketing-${f.key}`}>
                {formatMoney(f.value, lng)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(`${T}.hints.${f.key}`)}
              </Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      {a.canTopUp ? (
        <Box>
          <Button variant="contained" startIcon={<AddCardOutlined />} onClick={() => setTopUpOpen(true)}>
            {translate(`${T}.topUp.open`)}
          </Button>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate(a.canManage ? `${T}.topUp.unavailable` : `${T}.readOnly`)}
        </Typography>
      )}
      <TopUpDialog open={topUpOpen} onClose={() => setTopUpOpen(false)} merchantId={merchantId} />
      <SpendingPanel merchantId={merchantId} />
      <ThresholdForm account={a} merchantId={merchantId} />
    </Stack>
  );
}

/** The low-balance alert: a notification when available + reserved falls below it (0 turns it off). */
function ThresholdForm({ account, merchantId }: { account: MarketingAccount; merchantId: number | null }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(account.lowBalanceThreshold));
  const [touched, setTouched] = useState(false);
  const parsed = thresholdSchema.safeParse({ lowBalanceThreshold: value });
  const error = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const save = useMutation({
    mutationFn: () => api.setMarketingThreshold(value),
    onSuccess: (next) => queryClient.setQueryData(marketingKeys.account(merchantId), next),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="marketing-threshold-title">
      <Typography id="marketing-threshold-title" component="h2" variant="h6">
        {translate(`${T}.threshold.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {account.lowBalanceThreshold > 0
          ? translate(`${T}.threshold.current`, { amount: formatMoney(account.lowBalanceThreshold, lng) })
          : translate(`${T}.threshold.off`)}
      </Typography>
      {account.canManage && (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
          noValidate
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            setTouched(true);
            if (parsed.success) save.mutate();
          }}
        >
          <TextField
            size="small"
            label={translate(`${T}.threshold.label`)}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              save.reset();
            }}
            error={Boolean(error)}
            helperText={error ? translate(error) : translate(`${T}.threshold.hint`)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Button type="submit" variant="outlined" disabled={save.isPending}>
            {translate(`${T}.threshold.save`)}
          </Button>
        </Stack>
      )}
      {save.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorText(save.error)}
        </Alert>
      )}
    </Paper>
  );
}
