import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { PAYOUT_BANKS } from '@/domain/payouts';
import type { ApprovalChallenge, BatchFileType } from '@/domain/disbursements';
import { formatDateTime, formatMoney } from '@/domain/format';
import { downloadFile } from '@/files';
import { getLanguage } from '@/i18n';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { disbursementKeys, errorText, STATUS_COLORS, T } from './queryKeys';

const bankName = (id: string | null) => (id ? (PAYOUT_BANKS.find((b) => b.id === id)?.shortName ?? id) : '');

/** One order: its rows and trail; approve with a one-time code, reject, cancel, results export. */
export function OrderDialog({ merchantId, orderId, onClose }: { merchantId: number | null; orderId: number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = usePortalApi();
  const lng = getLanguage();
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<ApprovalChallenge | null>(null);
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const order = useQuery({ queryKey: disbursementKeys.order(merchantId, orderId), queryFn: () => api.getDisbursementOrder(orderId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: disbursementKeys.all(merchantId) });
  const sendCode = useMutation({ mutationFn: () => api.sendApprovalOtp(orderId), onSuccess: setChallenge });
  const approve = useMutation({
    mutationFn: () => api.approveDisbursement(orderId, challenge!.otpId, code),
    onSuccess: (o) => {
      setChallenge(null);
      setCode('');
      notify(translate(o.status === 'COMPLETED' ? `${T}.order.paid` : `${T}.order.approved`), { type: 'success' });
      void refresh();
    },
  });
  const reject = useMutation({ mutationFn: () => api.rejectDisbursement(orderId, reason), onSuccess: () => void refresh() });
  const cancel = useMutation({ mutationFn: () => api.cancelDisbursement(orderId), onSuccess: () => void refresh() });
  const exportResults = (format: BatchFileType) =>
    downloadFile(() => api.getDisbursementResults(orderId, format), { notify, t: translate, fileName: `chi-ho-ket-qua.${format}` });
  const error = [sendCode, approve, reject, cancel].find((m) => m.isError)?.error;
  const o = order.data;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="disbursement-order-title">
      <DialogTitle id="disbursement-order-title">{o ? `${translate(`${T}.order.title`)} ${o.code}` : translate('ra.page.loading')}</DialogTitle>
      <DialogContent dividers>
        {order.isError && <Alert severity="error">{errorText(order.error)}</Alert>}
        {o && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap alignItems="center">
              <Chip color={STATUS_COLORS[o.status]} label={translate(`${T}.statuses.${o.status}`)} />
              <Typography>{`${translate(`${T}.fields.totalAmount`)}: ${formatMoney(o.totalAmount, lng)}`}</Typography>
              <Typography>{`${translate(`${T}.fields.fee`)}: ${formatMoney(o.totalFee, lng)}`}</Typography>
              <Typography>{`${translate(`${T}.fields.createdBy`)}: ${o.createdBy}`}</Typography>
              <Typography>
                {translate(`${T}.order.approvalsOf`, { count: o.approvals.length, required: o.requiredApprovals, roles: o.approverRoles.map((r) => translate(`resources.users.roles.${r}`, { _: r })).join(', ') })}
              </Typography>
              {o.status === 'COMPLETED' && <Typography>{translate(`${T}.order.outcome`, { success: o.successCount, failed: o.failedCount })}</Typography>}
            </Stack>
            {o.rejectReason && <Alert severity="info">{o.rejectReason}</Alert>}
            {error !== undefined && <Alert severity="error">{errorText(error)}</Alert>}
            {challenge && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
                <Typography>{translate(`${T}.order.codeSent`, { address: challenge.maskedAddress })}</Typography>
                <TextField
                  size="small"
                  label={translate(`${T}.order.code`)}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                  slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
                />
                <Button variant="contained" disabled={code.length !== 6 || approve.isPending} onClick={() => approve.mutate()}>
                  {translate(`${T}.order.confirmApprove`)}
                </Button>
              </Stack>
            )}
            <Table size="small" aria-label={translate(`${T}.order.rows`)}>
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>{translate(`${T}.fields.tranId`)}</TableCell>
                  <TableCell>{translate(`${T}.fields.account`)}</TableCell>
                  <TableCell>{translate(`${T}.fields.holderName`)}</TableCell>
                  <TableCell align="right">{translate(`${T}.fields.amount`)}</TableCell>
                  <TableCell>{translate(`${T}.fields.description`)}</TableCell>
                  <TableCell>{translate(`${T}.fields.status`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {o.items?.slice(0, 200).map((i) => (
                  <TableRow key={i.id}>
                    <TableCell>{i.rowNo}</TableCell>
                    <TableCell>{i.tranId}</TableCell>
                    <TableCell>{i.channel === 'BANK' ? `${bankName(i.bankId)} ${i.account}` : `${translate(`${T}.channels.WALLET`)} ${i.account}`}</TableCell>
                    <TableCell>{i.holderName}</TableCell>
                    <TableCell align="right">{formatMoney(i.amount, lng)}</TableCell>
                    <TableCell>{i.description}</TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLORS[i.status] ?? 'default'} label={translate(`${T}.itemStatuses.${i.status}`)} />
                      {i.failureReason && <Typography variant="caption" display="block">{translate(`${T}.failure.${i.failureReason}`)}</Typography>}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {(o.items?.length ?? 0) > 200 && <Typography variant="caption">{translate(`${T}.order.moreRows`, { count: o.items!.length - 200 })}</Typography>}
            <Typography variant="subtitle2" component="h3">
              {translate(`${T}.order.audit`)}
            </Typography>
            <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 3 }}>
              {o.audit?.map((a) => (
                <li key={a.id}>
                  <Typography variant="body2">{`${formatDateTime(a.createdAt)} · ${translate(`${T}.auditActions.${a.action}`, { _: a.action })} · ${a.actorUsername ?? ''}`}</Typography>
                </li>
              ))}
            </Stack>
            {o.canReject && (
              <TextField size="small" label={translate(`${T}.order.rejectReason`)} value={reason} onChange={(e) => setReason(e.target.value.slice(0, 200))} />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {o?.status === 'COMPLETED' && (
          <>
            <Button onClick={() => void exportResults('csv')}>{translate(`${T}.order.exportCsv`)}</Button>
            <Button onClick={() => void exportResults('xlsx')}>{translate(`${T}.order.exportXlsx`)}</Button>
          </>
        )}
        {o?.canCancel && (
          <Button color="warning" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {translate(`${T}.order.cancel`)}
          </Button>
        )}
        {o?.canReject && (
          <Button color="error" disabled={reject.isPending} onClick={() => reject.mutate()}>
            {translate(`${T}.order.reject`)}
          </Button>
        )}
        {o?.canApprove && !challenge && (
          <Button variant="contained" disabled={sendCode.isPending} onClick={() => sendCode.mutate()}>
            {translate(`${T}.order.approve`)}
          </Button>
        )}
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
