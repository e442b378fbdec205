import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { TablePager } from '@/components/TablePager';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/domain/api';
import { formatMoney } from '@/domain/format';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { settleSchema, BANK_REFERENCE_MAX, FAILURE_REASON_MAX, type OpsPeriodRow, type PayoutStatus } from '@/domain/settlement';
import { formatDay } from '@/domain/time';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';

const K = 'portal.ops.periods';
const FILTERS: Record<string, PayoutStatus[]> = { due: ['PENDING', 'FAILED'], paid: ['PAID'] };

/** Settle one period's payout: PAID with the bank's reference, or FAILED with a reason. */
function SettleDialog({ row, onClose, onDone }: { row: OpsPeriodRow; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const api = usePortalApi();
  const [status, setStatus] = useState<'PAID' | 'FAILED'>('PAID');
  const [bankReference, setBankReference] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const body = status === 'PAID' ? { status, bankReference: bankReference.trim() } : { status, reason: reason.trim() };
    const found = translateErrors(schemaErrors(settleSchema, body), (key, params) => t(key, params));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api.settlePeriod(row.id, body);
      await onDone();
      onClose();
    } catch {
      // The httpClient has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => (busy ? undefined : onClose())} fullWidth maxWidth="sm" aria-labelledby="settle-title">
      <DialogTitle id="settle-title">{t(`${K}.settleTitle`, { merchant: row.merchantName, day: formatDay(row.day) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <RadioGroup row value={status} onChange={(e) => setStatus(e.target.value as 'PAID' | 'FAILED')} aria-label={t(`${K}.outcome`)}>
            <FormControlLabel value="PAID" control={<Radio />} label={t(`${K}.paid`)} />
            <FormControlLabel value="FAILED" control={<Radio />} label={t(`${K}.failed`)} />
          </RadioGroup>
          {status === 'PAID' ? (
            <TextField
              label={t(`${K}.bankReference`)}
              value={bankReference}
              onChange={(e) => setBankReference(e.target.value)}
              error={Boolean(errors.bankReference)}
              helperText={errors.bankReference ?? ' '}
              required
              slotProps={{ htmlInput: { maxLength: BANK_REFERENCE_MAX } }}
            />
          ) : (
            <TextField
              label={t(`${K}.reason`)}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={Boolean(errors.reason)}
              helperText={errors.reason ?? ' '}
              required
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: FAILURE_REASON_MAX } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {t(`${K}.settle`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Operator section `periods`: payouts due across merchants, and settling one. */
export default function OpsPeriods() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const lng = getLanguage();
  const [filter, setFilter] = useState<keyof typeof FILTERS>('due');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [settling, setSettling] = useState<OpsPeriodRow | null>(null);
  const rows = useQuery({
    queryKey: ['ops', 'periods', filter, page, pageSize],
    queryFn: () => api.listOpsPeriods(FILTERS[filter], page, pageSize),
    placeholderData: keepPreviousData,
  });
  const title = t(`${K}.title`);
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        onChange={(_e, next: keyof typeof FILTERS | null) => {
          if (!next) return;
          setFilter(next);
          setPage(0);
        }}
        aria-label={t(`${K}.filter`)}
      >
        <ToggleButton value="due">{t(`${K}.due`)}</ToggleButton>
        <ToggleButton value="paid">{t(`${K}.paid`)}</ToggleButton>
      </ToggleButtonGroup>
      {rows.isError ? <Alert severity="warning">{t(`${K}.loadFailed`)}</Alert> : null}
      <Paper variant="outlined">
        <Box sx={{ position: 'relative', overflowX: 'auto', width: 0, minWidth: '100%' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t(`${K}.merchant`)}</TableCell>
                <TableCell>{t(`${K}.day`)}</TableCell>
                <TableCell>{t(`${K}.payoutDate`)}</TableCell>
                <TableCell align="right">{t(`${K}.amount`)}</TableCell>
                <TableCell>{t(`${K}.destination`)}</TableCell>
                <TableCell>{t(`${K}.status`)}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.data?.content.map((row) => (
                <TableRow key={row.id} data-testid="ops-period-row">
                  <TableCell>
                    {row.merchantName}
                    <Typography variant="body2" color="text.secondary">
                      {row.partnerCode}
                    </Typography>
                  </TableCell>
                  <TableCell>{formatDay(row.day)}</TableCell>
                  <TableCell>{formatDay(row.payoutDate)}</TableCell>
                  <TableCell align="right">{formatMoney(row.amount, lng)}</TableCell>
                  <TableCell>{[t(`portal.reports.values.${row.destination}`, { defaultValue: row.destination }), row.accountMasked].filter(Boolean).join(' ')}</TableCell>
                  <TableCell>
                    {t(`${K}.statuses.${row.payoutStatus}`)}
                    {row.failureReason ? (
                      <Typography variant="body2" color="error">
                        {row.failureReason}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {row.payoutStatus !== 'PAID' ? (
                      <Button size="small" variant="outlined" onClick={() => setSettling(row)}>
                        {t(`${K}.settle`)}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
              {rows.data && rows.data.content.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                      {t(`${K}.empty`)}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </Box>
        <TablePager
          count={rows.data?.totalElements ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, next) => setPage(next)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </Paper>
      {settling ? <SettleDialog row={settling} onClose={() => setSettling(null)} onDone={() => queryClient.invalidateQueries({ queryKey: ['ops', 'periods'] })} /> : null}
    </Stack>
  );
}
