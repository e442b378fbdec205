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
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { PagedTable, usePaging, type PagedColumn } from '@/components/PagedTable';
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
  const paging = usePaging();
  const { page, pageSize } = paging;
  const [settling, setSettling] = useState<OpsPeriodRow | null>(null);
  const rows = useQuery({
    queryKey: ['ops', 'periods', filter, page, pageSize],
    queryFn: () => api.listOpsPeriods(FILTERS[filter], page, pageSize),
    placeholderData: keepPreviousData,
  });
  const title = t(`${K}.title`);
  const columns: PagedColumn<OpsPeriodRow>[] = [
    {
      key: 'merchant',
      header: t(`${K}.merchant`),
      cell: (row) => (
        <>
          {row.merchantName}
          <Typography variant="body2" color="text.secondary">
            {row.partnerCode}
          </Typography>
        </>
      ),
    },
    { key: 'day', header: t(`${K}.day`), cell: (row) => formatDay(row.day) },
    { key: 'payoutDate', header: t(`${K}.payoutDate`), cell: (row) => formatDay(row.payoutDate) },
    { key: 'amount', header: t(`${K}.amount`), align: 'right', cell: (row) => formatMoney(row.amount, lng) },
    {
      key: 'destination',
      header: t(`${K}.destination`),
      cell: (row) => [t(`portal.reports.values.${row.destination}`, { defaultValue: row.destination }), row.accountMasked].filter(Boolean).join(' '),
    },
    {
      key: 'status',
      header: t(`${K}.status`),
      cell: (row) => (
        <>
          {t(`${K}.statuses.${row.payoutStatus}`)}
          {row.failureReason ? (
            <Typography variant="body2" color="error">
              {row.failureReason}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'action',
      header: <Box component="span" sx={visuallyHidden}>{t(`${K}.settle`)}</Box>,
      cell: (row) =>
        row.payoutStatus !== 'PAID' ? (
          <Button size="small" variant="outlined" onClick={() => setSettling(row)}>
            {t(`${K}.settle`)}
          </Button>
        ) : null,
    },
  ];
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
          paging.reset();
        }}
        aria-label={t(`${K}.filter`)}
      >
        <ToggleButton value="due">{t(`${K}.due`)}</ToggleButton>
        <ToggleButton value="paid">{t(`${K}.paid`)}</ToggleButton>
      </ToggleButtonGroup>
      {rows.isError ? <Alert severity="warning">{t(`${K}.loadFailed`)}</Alert> : null}
      <Paper variant="outlined">
        <PagedTable
          label={title}
          columns={columns}
          rows={rows.data?.content}
          rowKey={(row) => row.id}
          rowProps={() => ({ 'data-testid': 'ops-period-row' })}
          emptyText={t(`${K}.empty`)}
          total={rows.data?.totalElements ?? 0}
          paging={paging}
        />
      </Paper>
      {settling ? <SettleDialog row={settling} onClose={() => setSettling(null)} onDone={() => queryClient.invalidateQueries({ queryKey: ['ops', 'periods'] })} /> : null}
    </Stack>
  );
}
