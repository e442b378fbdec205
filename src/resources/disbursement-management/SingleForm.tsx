import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checkPayee, DISBURSEMENT_CHANNELS, type RowField } from '@/domain/disbursements';
import { formatMoney } from '@/domain/format';
import { PAYOUT_BANKS } from '@/domain/payouts';
import { getLanguage } from '@/i18n';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { disbursementKeys, errorText, T } from './queryKeys';

const newKey = () => `single-${crypto.randomUUID()}`;

/** One payee: a wallet phone or a bank account; the holder is looked up before the order is made. */
export function SingleForm({ merchantId, onCreated }: { merchantId: number | null; onCreated: (orderId: number) => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ channel: 'WALLET', account: '', bankId: '', amount: '', description: '' });
  const [touched, setTouched] = useState(false);
  const [key, setKey] = useState(newKey);
  const checked = useMemo(() => checkPayee(values), [values]);
  const errorOf = (field: RowField) => {
    const e = touched ? checked.errors.find((x) => x.field === field) : undefined;
    return e ? translate(e.message) : undefined;
  };
  const lookup = useMutation({
    mutationFn: () => api.lookupPayee({ channel: checked.row!.channel, account: checked.row!.account, bankId: checked.row!.bankId, amount: checked.row!.amount }),
  });
  const create = useMutation({
    mutationFn: () => api.createDisbursement({ ...checked.row!, bankId: checked.row!.bankId }, key),
    onSuccess: (order) => {
      setKey(newKey());
      void queryClient.invalidateQueries({ queryKey: disbursementKeys.all(merchantId) });
      onCreated(order.id);
    },
  });
  const set = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value, ...(field === 'channel' && e.target.value === 'WALLET' ? { bankId: '' } : {}) }));
    lookup.reset();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!checked.row) return;
    if (!lookup.isSuccess) lookup.mutate();
    else create.mutate();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }} component="form" onSubmit={submit} noValidate aria-label={translate(`${T}.tabs.single`)}>
      <Stack spacing={2}>
        <TextField select label={translate(`${T}.fields.channel`)} value={values.channel} onChange={set('channel')}>
          {DISBURSEMENT_CHANNELS.map((c) => (
            <MenuItem key={c} value={c}>
              {translate(`${T}.channels.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        {values.channel === 'BANK' && (
          <TextField select label={translate(`${T}.fields.bank`)} value={values.bankId} onChange={set('bankId')} error={!!errorOf('bankId')} helperText={errorOf('bankId')}>
            {PAYOUT_BANKS.map((b) => (
              <MenuItem key={b.id} value={b.id}>
                {`${b.shortName} (${b.id})`}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          label={translate(values.channel === 'WALLET' ? `${T}.fields.walletPhone` : `${T}.fields.accountNumber`)}
          value={values.account}
          onChange={set('account')}
          error={!!errorOf('account')}
          helperText={errorOf('account')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 19 } }}
        />
        <TextField
          label={translate(`${T}.fields.amount`)}
          value={values.amount}
          onChange={set('amount')}
          error={!!errorOf('amount')}
          helperText={errorOf('amount') ?? translate(`${T}.single.amountHint`)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField label={translate(`${T}.fields.description`)} value={values.description} onChange={set('description')} error={!!errorOf('description')} helperText={errorOf('description')} />
        {lookup.isSuccess && checked.row && (
          <Alert severity="info">
            {translate(`${T}.single.confirm`, {
              name: lookup.data.holderName,
              amount: formatMoney(checked.row.amount, lng),
              fee: formatMoney(lookup.data.fee, lng),
            })}
          </Alert>
        )}
        {lookup.isError && <Alert severity="error">{errorText(lookup.error)}</Alert>}
        {create.isError && <Alert severity="error">{errorText(create.error)}</Alert>}
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.single.approvalHint`)}
        </Typography>
        <Button type="submit" variant="contained" disabled={lookup.isPending || create.isPending}>
          {translate(lookup.isSuccess ? `${T}.single.create` : `${T}.single.lookup`)}
        </Button>
      </Stack>
    </Paper>
  );
}
