import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatMoney } from '@/domain/format';
import { getLanguage } from '@/i18n';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { PAGE_SIZE, TablePager } from './TablePager';
import { disbursementKeys, errorText, T } from './queryKeys';


/** The balance, a demo top-up from a settled settlement, and the ledger. */
export function BalancePanel({ merchantId }: { merchantId: number | null }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [source, setSource] = useState('');
  const account = useQuery({ queryKey: disbursementKeys.account(merchantId), queryFn: () => api.getDisbursementAccount() });
  const ledger = useQuery({ queryKey: disbursementKeys.ledger(merchantId, page), queryFn: () => api.getDisbursementLedger(page, PAGE_SIZE) });
  const sources = useQuery({
    queryKey: disbursementKeys.sources(merchantId),
    queryFn: () => api.getTopUpSources(),
    enabled: account.data?.canTopUp === true,
  });
  const topUp = useMutation({
    mutationFn: (id: number) => api.topUpDisbursements(id),
    onSuccess: () => {
      setSource('');
      void queryClient.invalidateQueries({ queryKey: disbursementKeys.all(merchantId) });
    },
  });
  if (account.isError) return <Alert severity="error">{errorText(account.error)}</Alert>;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="overline">{translate(`${T}.balance.title`)}</Typography>
        <Typography variant="h4" component="p" data-testid="disbursement-balance">
          {account.data ? formatMoney(account.data.balance, lng) : '…'}
        </Typography>
        {account.data?.canTopUp && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }} alignItems={{ sm: 'center' }}>
            <TextField
              select
              size="small"
              sx={{ minWidth: 320 }}
              label={translate(`${T}.balance.source`)}
              value={source}
              onChange={(e) => setSource(e.target.value)}
              helperText={translate(`${T}.balance.demoHint`)}
            >
              {(sources.data ?? []).map((s) => (
                <MenuItem key={s.id} value={String(s.id)}>
                  {`${s.settlementCode} · ${formatMoney(s.netAmount, lng)} · ${formatDateTime(s.settledAt)}`}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" disabled={!source || topUp.isPending} onClick={() => topUp.mutate(Number(source))}>
              {translate(`${T}.balance.topUp`)}
            </Button>
          </Stack>
        )}
        {topUp.isError && <Alert severity="error" sx={{ mt: 1 }}>{errorText(topUp.error)}</Alert>}
      </Paper>
      <Typography variant="h6" component="h2">
        {translate(`${T}.balance.ledger`)}
      </Typography>
      {ledger.isError ? (
        <Alert severity="error">{errorText(ledger.error)}</Alert>
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-label={translate(`${T}.balance.ledger`)}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${T}.fields.createdAt`)}</TableCell>
                <TableCell>{translate(`${T}.fields.type`)}</TableCell>
                <TableCell>{translate(`${T}.fields.reference`)}</TableCell>
                <TableCell align="right">{translate(`${T}.fields.amount`)}</TableCell>
                <TableCell align="right">{translate(`${T}.fields.balanceAfter`)}</TableCell>
                <TableCell>{translate(`${T}.fields.actor`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ledger.data?.content.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>{translate(`${T}.balance.empty`)}</TableCell>
                </TableRow>
              )}
              {ledger.data?.content.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{formatDateTime(e.createdAt)}</TableCell>
                  <TableCell>{translate(`${T}.ledgerTypes.${e.type}`)}</TableCell>
                  <TableCell>{e.reference}</TableCell>
                  <TableCell align="right" sx={{ color: e.amount < 0 ? 'error.main' : 'success.main' }}>
                    {`${e.amount > 0 ? '+' : ''}${formatMoney(e.amount, lng)}`}
                  </TableCell>
                  <TableCell align="right">{formatMoney(e.balanceAfter, lng)}</TableCell>
                  <TableCell>{e.actorUsername ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePager count={ledger.data?.totalElements ?? 0} page={page} onPage={setPage} />
        </Paper>
      )}
    </Stack>
  );
}
