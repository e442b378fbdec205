import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { getRole } from '@/authProvider/session';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageLoader } from '@/components/PageLoader';
import { formatDateTimeSeconds, formatMoney } from '@/domain/format';
import { canRefund } from '@/domain/permissions';
import { REFUND_REASON_MAX, type TransactionDetail } from '@/domain/transactionReport';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { StatusChip } from '@/features/report-list';
import { usePathOf } from '@/resourceConfig';
import { getLanguage } from '@/i18n';

const REPORT = 'transaction-report';
/**
 * react-admin seeds getOne's cache with the list's rows; the detail (refunds, refundable amount) is more
 * than a row, so it is asked under its own key.
 */
const DETAIL = { detail: true };

function RefundDialog({ detail, open, onClose }: { detail: TransactionDetail; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const lng = getLanguage();
  const queryClient = useQueryClient();
  const api = usePortalApi();
  const [amount, setAmount] = useState(String(detail.refundable));
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  // One key per dialog: a double click or a retry after a lost answer returns the first refund.
  const [key] = useState(() => crypto.randomUUID());
  const value = Number(amount);
  const invalid = !/^\d+$/.test(amount) || value <= 0 || value > detail.refundable;
  const refund = useMutation({
    mutationFn: () => api.refundTransaction(detail.id, { amount: value, reason: reason.trim() || undefined }, key),
    onSuccess: () => {
      // The detail and the list (rows and totals) show the refund.
      void queryClient.invalidateQueries({ queryKey: [REPORT] });
      setConfirming(false);
      onClose();
    },
    onError: () => setConfirming(false),
  });
  return (
    <>
      <Dialog open={open && !confirming} onClose={onClose} aria-labelledby="refund-title">
        <DialogTitle id="refund-title">{translate('resources.transaction-report.refund.title')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {translate('resources.transaction-report.refund.max', { amount: formatMoney(detail.refundable, lng) })}
          </Typography>
          <TextField
            fullWidth
            margin="dense"
            label={translate('resources.transaction-report.refund.amount')}
            value={amount}
            error={amount !== '' && invalid}
            helperText={amount !== '' && invalid ? translate('resources.transaction-report.refund.amountHint') : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))}
          />
          <TextField
            fullWidth
            margin="dense"
            label={translate('resources.transaction-report.refund.reason')}
            value={reason}
            slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX } }}
            onChange={(e) => setReason(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('portal.confirm.cancel')}</Button>
          <Button variant="contained" color="error" disabled={invalid} onClick={() => setConfirming(true)}>
            {translate('resources.transaction-report.refund.submit')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        destructive
        loading={refund.isPending}
        content={translate('resources.transaction-report.refund.confirm', { amount: formatMoney(value || 0, lng), id: detail.id })}
        onClose={() => setConfirming(false)}
        onConfirm={() => refund.mutate()}
      />
    </>
  );
}

/** Transaction detail (transaction-report/{coreTranId}) with its refunds; refund for §6 refund roles. */
export default function TransactionShow() {
  const translate = useTranslate();
  const lng = getLanguage();
  const pathOf = usePathOf();
  const { id = '' } = useParams();
  const [refunding, setRefunding] = useState(false);
  const { data: detail, isPending, isError } = useGetOne<TransactionDetail>(REPORT, { id, meta: DETAIL }, { retry: false });
  if (isPending) return <PageLoader />;
  if (isError || !detail) return <Alert severity="error">{translate('resources.transaction-report.notFound')}</Alert>;
  const mayRefund = canRefund(getRole()?.merchant.roles) && detail.refundable > 0;
  const f = (key: string) => translate(`resources.transaction-report.fields.${key}`);
  const rows: Array<[string, React.ReactNode]> = [
    [f('id'), detail.id],
    [f('status'), <StatusChip key="s" status={detail.status} of="transaction" />],
    [f('amount'), formatMoney(detail.amount, lng)],
    // A store role gets no fee (null, docs/decisions.md): the row is left out, not shown as 0 đ.
    ...(detail.fee === null ? [] : [[f('fee'), formatMoney(detail.fee, lng)] as [string, React.ReactNode]]),
    [f('refundedAmount'), formatMoney(detail.refundedAmount, lng)],
    [f('paymentMethod'), translate(`resources.transaction-report.methods.${detail.paymentMethod}`)],
    [f('storeName'), detail.storeName ?? '-'],
    [f('customerName'), detail.customerName ?? '-'],
    [f('customerPhone'), detail.customerPhone ?? '-'],
    [f('orderId'), detail.orderId ?? '-'],
    [f('description'), detail.description ?? '-'],
    [f('cardMasked'), detail.cardMasked ?? '-'],
    [f('createdAt'), formatDateTimeSeconds(detail.createdAt)],
    [f('completedAt'), detail.completedAt ? formatDateTimeSeconds(detail.completedAt) : '-'],
    [f('failureReason'), detail.failureReason ?? '-'],
  ];
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={`${translate('resources.transaction-report.detailTitle')} ${detail.id}`} />
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to={pathOf(REPORT)} startIcon={<ArrowBack />}>
          {translate('resources.transaction-report.back')}
        </Button>
        <Button component={RouterLink} to={pathOf('transaction-tracing', 'page', {}, { id: detail.id })}>
          {translate('resources.transaction-tracing.name')}
        </Button>
        {mayRefund ? (
          <Button variant="contained" color="error" onClick={() => setRefunding(true)}>
            {translate('resources.transaction-report.refund.button')}
          </Button>
        ) : null}
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Table size="small" aria-label={translate('resources.transaction-report.detailTitle')}>
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ width: 240, color: 'text.secondary' }}>
                    {label}
                  </TableCell>
                  <TableCell>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Typography component="h2" variant="h6">
        {translate('resources.transaction-report.refunds.title')}
      </Typography>
      {detail.refunds.length === 0 ? (
        <Typography color="text.secondary">{translate('resources.transaction-report.refunds.none')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('resources.transaction-report.refunds.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.transaction-report.refunds.at')}</TableCell>
              <TableCell align="right">{translate('resources.transaction-report.refunds.amount')}</TableCell>
              <TableCell>{translate('resources.transaction-report.refunds.reason')}</TableCell>
              <TableCell>{translate('resources.transaction-report.refunds.by')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {detail.refunds.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{formatDateTimeSeconds(r.createdAt)}</TableCell>
                <TableCell align="right">{formatMoney(r.amount, lng)}</TableCell>
                <TableCell>{r.reason ?? '-'}</TableCell>
                <TableCell>{r.requestedBy ?? '-'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {refunding ? <RefundDialog detail={detail} open={refunding} onClose={() => setRefunding(false)} /> : null}
    </Stack>
  );
}
