import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Pager, usePaging } from '@/components/PagedTable';
import { formatDateTime, formatMoney, formatNumber } from '@/domain/format';
import { disputeSchema, DISPUTE_REASON_MAX, type PeriodDetail } from '@/domain/settlement';
import { formatDay } from '@/domain/time';
import { schemaMessage } from '@/domain/formErrors';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { StatusChip } from '@/features/report-list';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { PayoutStatusChip, PeriodStatusChip, R } from './PeriodFields';

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  const translate = useTranslate();
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1 }}>
      {rows.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {translate(`${R}.fields.${key}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }} data-testid={`period-${key}`}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Confirm (locks the period) or dispute with a reason (opens a ticket about it). */
function Decision({ period, onDone }: { period: PeriodDetail; onDone: () => Promise<void> }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const [confirming, setConfirming] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!period.canConfirm) return null;
  const error = touched ? schemaMessage(disputeSchema.shape.reason, reason, translate) : undefined;
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      await onDone();
      setConfirming(false);
      setDisputing(false);
    } catch {
      // The httpClient has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="contained" onClick={() => setConfirming(true)}>
        {translate(`${R}.confirm.button`)}
      </Button>
      <Button variant="outlined" color="warning" onClick={() => setDisputing(true)}>
        {translate(`${R}.dispute.button`)}
      </Button>
      <ConfirmDialog
        open={confirming}
        loading={busy}
        content={translate(`${R}.confirm.text`, { day: formatDay(period.day) })}
        onClose={() => setConfirming(false)}
        onConfirm={() => void run(() => api.confirmPeriod(period.id))}
      />
      <Dialog open={disputing} onClose={() => (busy ? undefined : setDisputing(false))} fullWidth maxWidth="sm" aria-labelledby="dispute-title">
        <DialogTitle id="dispute-title">{translate(`${R}.dispute.title`, { day: formatDay(period.day) })}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate(`${R}.dispute.help`)}
          </Typography>
          <TextField
            label={translate(`${R}.dispute.reason`)}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            multiline
            minRows={3}
            fullWidth
            required
            slotProps={{ htmlInput: { maxLength: DISPUTE_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDisputing(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            variant="contained"
            color="warning"
            disabled={busy}
            onClick={() => {
              setTouched(true);
              if (schemaMessage(disputeSchema.shape.reason, reason, translate)) return;
              void run(() => api.disputePeriod(period.id, reason.trim()));
            }}
          >
            {translate(`${R}.dispute.submit`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function Transactions({ period }: { period: PeriodDetail }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const lng = getLanguage();
  const paging = usePaging();
  const { page, pageSize } = paging;
  const rows = useQuery({
    queryKey: ['period-control', 'transactions', period.id, page, pageSize],
    queryFn: () => api.getPeriodTransactions(period.id, page, pageSize),
    placeholderData: keepPreviousData,
  });
  const title = translate(`${R}.transactions.title`);
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ position: 'relative', overflowX: 'auto', width: 0, minWidth: '100%' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('portal.reports.columns.transId')}</TableCell>
              <TableCell>{translate('portal.reports.columns.createdAt')}</TableCell>
              <TableCell>{translate('portal.reports.columns.storeName')}</TableCell>
              <TableCell>{translate('portal.reports.status')}</TableCell>
              <TableCell align="right">{translate('portal.reports.columns.amount')}</TableCell>
              <TableCell align="right">{translate(`${R}.fields.refundedAmount`)}</TableCell>
              <TableCell align="right">{translate('portal.reports.columns.fee')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.data?.content.map((tx) => (
              <TableRow key={tx.id}>
                <TableCell>
                  <Link component={RouterLink} to={pathOf('transaction-report', 'show', { id: tx.id })}>
                    {tx.id}
                  </Link>
                </TableCell>
                <TableCell>{formatDateTime(tx.createdAt)}</TableCell>
                <TableCell>{tx.storeName ?? '-'}</TableCell>
                <TableCell>
                  <StatusChip status={tx.status} of="transaction" />
                </TableCell>
                <TableCell align="right">{formatMoney(tx.amount, lng)}</TableCell>
                <TableCell align="right">{formatMoney(tx.refundedAmount, lng)}</TableCell>
                <TableCell align="right">{tx.fee === null ? '-' : formatMoney(tx.fee, lng)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Pager paging={paging} total={rows.data?.totalElements ?? 0} />
    </Paper>
  );
}

/** The ticket a dispute opened, linked when the tickets screen is in the portal. */
function TicketLink({ id }: { id: number }) {
  const pathOf = usePathOf();
  let to: string | null = null;
  try {
    to = pathOf('reconciliation-accounting', 'show', { id });
  } catch {
    to = null;
  }
  return to ? (
    <Link component={RouterLink} to={to}>
      #{id}
    </Link>
  ) : (
    <>#{id}</>
  );
}

/** A settlement period (period-control/{id}): figures, payout, who confirmed or disputed it, its transactions. */
export default function PeriodShow() {
  const translate = useTranslate();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const queryClient = useQueryClient();
  const lng = getLanguage();
  const id = Number(useParams().id);
  const period = useQuery({ queryKey: ['period-control', 'detail', id], queryFn: () => api.getPeriod(id), retry: false });
  const p = period.data;
  const money = (v: number | null) => (v === null ? '-' : formatMoney(v, lng));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['period-control'] });
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={p ? translate(`${R}.detail`, { day: formatDay(p.day) }) : translate(`${R}.name`)} />
      <div>
        <Button component={RouterLink} to={pathOf('period-control')} startIcon={<ArrowBack />} size="small">
          {translate('portal.reports.backToList')}
        </Button>
      </div>
      {period.isPending ? <CircularProgress aria-label={translate('ra.page.loading')} /> : null}
      {period.isError ? <Alert severity="warning">{translate('portal.reports.notFound')}</Alert> : null}
      {p ? (
        <>
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
              <Typography component="h1" variant="h5">
                {translate(`${R}.detail`, { day: formatDay(p.day) })}
              </Typography>
              <Decision period={p} onDone={refresh} />
            </Stack>
            <Facts
              rows={[
                ['status', <PeriodStatusChip key="s" status={p.status} />],
                ['periodCode', translate(`${R}.periodCodes.${p.periodCode === 'SRP.0001' ? 'nextDay' : 'realTime'}`)],
                ['payoutDate', formatDay(p.payoutDate)],
                ['successfulCount', formatNumber(p.successfulCount, lng)],
                ['grossAmount', money(p.grossAmount)],
                ['refundedAmount', money(p.refundedAmount)],
                ['feeAmount', money(p.feeAmount)],
                ['netAmount', money(p.netAmount)],
                ['paidOutAmount', money(p.paidOutAmount)],
                ['payoutStatus', <PayoutStatusChip key="p" status={p.payoutStatus} />],
                ['bankReference', p.bankReference ?? '-'],
                ...(p.payout
                  ? ([
                      ['destination', [translate(`portal.reports.values.${p.payout.destination}`, { _: p.payout.destination }), p.payout.accountMasked].filter(Boolean).join(' ')],
                      ...(p.payout.failureReason ? [['failureReason', p.payout.failureReason]] : []),
                    ] as Array<[string, ReactNode]>)
                  : []),
                ...(p.confirmedAt ? ([['confirmedBy', `${p.confirmedByName ?? '-'} · ${formatDateTime(p.confirmedAt)}`]] as Array<[string, ReactNode]>) : []),
                ...(p.disputedAt
                  ? ([
                      ['disputedBy', `${p.disputedByName ?? '-'} · ${formatDateTime(p.disputedAt)}`],
                      ['disputeReason', p.disputeReason ?? '-'],
                      ['ticket', p.ticketId ? <TicketLink key="t" id={p.ticketId} /> : '-'],
                    ] as Array<[string, ReactNode]>)
                  : []),
              ]}
            />
            {p.status === 'CONFIRMED' ? (
              <Alert severity="success" sx={{ mt: 2 }}>
                {translate(`${R}.locked`)}
              </Alert>
            ) : null}
          </Paper>
          <Transactions period={p} />
        </>
      ) : null}
    </Stack>
  );
}
