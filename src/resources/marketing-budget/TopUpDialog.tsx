import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { notify } from '@/components/notifications/notifier';
import { formatMoney } from '@/domain/format';
import { topUpSchema, TOPUP_SOURCES, type TopUpSource } from '@/domain/marketingBudget';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { errorText, marketingKeys, newIdempotencyKey, T } from './shared';

/**
 * Tops the marketing budget up from the merchant's wallet or settlement funds (demo mode: a real ledger
 * entry with a transaction reference). One idempotency key per confirmed top-up: a double click or a
 * retry after a lost answer tops up once; a changed amount or source gets a new key.
 */
export function TopUpDialog({ open, onClose, merchantId }: { open: boolean; onClose: () => void; merchantId: number | null }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<{ amount: string; source: TopUpSource }>({ amount: '', source: 'WALLET' });
  const [touched, setTouched] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const parsed = topUpSchema.safeParse(values);
  const amountError = touched && !parsed.success ? parsed.error.issues.find((i) => i.path[0] === 'amount')?.message : undefined;
  const topUp = useMutation({
    mutationFn: () => api.topUpMarketing(values, key),
    onSuccess: (result) => {
      notify(translate(`${T}.topUp.done`, { amount: formatMoney(result.movement.amount, lng), ref: result.movement.transactionRef ?? '' }), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: marketingKeys.all(merchantId) });
      close();
    },
  });
  const change = (next: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...next }));
    setKey(newIdempotencyKey());
    topUp.reset();
  };
  function close() {
    setValues({ amount: '', source: 'WALLET' });
    setTouched(false);
    setKey(newIdempotencyKey());
    topUp.reset();
    onClose();
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (parsed.success && !topUp.isPending) topUp.mutate();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="marketing-topup-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="marketing-topup-title">{translate(`${T}.topUp.title`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormControl>
              <FormLabel id="marketing-topup-source">{translate(`${T}.topUp.source`)}</FormLabel>
              <RadioGroup aria-labelledby="marketing-topup-source" value={values.source} onChange={(e) => change({ source: e.target.value as TopUpSource })}>
                {TOPUP_SOURCES.map((s) => (
                  <FormControlLabel key={s} value={s} control={<Radio />} label={translate(`${T}.sources.${s}`)} />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              label={translate(`${T}.topUp.amount`)}
              value={values.amount}
              onChange={(e) => change({ amount: e.target.value })}
              error={Boolean(amountError)}
              helperText={amountError ? translate(amountError) : translate(`${T}.topUp.amountHint`)}
              required
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            {parsed.success && <Alert severity="info">{translate(`${T}.topUp.confirm`, { amount: formatMoney(parsed.data.amount, lng), source: translate(`${T}.sources.${values.source}`) })}</Alert>}
            <Alert severity="warning" variant="outlined">
              {translate(`${T}.topUp.demo`)}
            </Alert>
            {topUp.isError && <Alert severity="error">{errorText(topUp.error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(`${T}.topUp.cancel`)}</Button>
          <Button type="submit" variant="contained" disabled={topUp.isPending}>
            {translate(`${T}.topUp.submit`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
