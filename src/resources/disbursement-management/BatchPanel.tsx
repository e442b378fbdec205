import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BATCH_COLUMNS, MAX_BATCH_ROWS, type BatchFileType } from '@/domain/disbursements';
import { formatMoney, formatNumber } from '@/domain/format';
import { downloadFile } from '@/files';
import { getLanguage } from '@/i18n';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { disbursementKeys, errorText, T } from './queryKeys';

const SHOWN_ROWS = 500;

/** A batch file: template, upload (validated whole), errors shown and downloadable, then submit. */
export function BatchPanel({ merchantId, onSubmitted }: { merchantId: number | null; onSubmitted: (orderId: number) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = usePortalApi();
  const lng = getLanguage();
  const queryClient = useQueryClient();
  const [onlyErrors, setOnlyErrors] = useState(true);
  const upload = useMutation({ mutationFn: (file: File) => api.uploadDisbursementBatch(file) });
  const submit = useMutation({
    mutationFn: (uploadId: number) => api.submitDisbursementBatch(uploadId),
    onSuccess: (order) => {
      upload.reset();
      void queryClient.invalidateQueries({ queryKey: disbursementKeys.all(merchantId) });
      onSubmitted(order.id);
    },
  });
  const download = (fetch: Parameters<typeof downloadFile>[0], fileName: string) => downloadFile(fetch, { notify, t: translate, fileName });
  const result = upload.data;
  const rows = result ? (onlyErrors ? result.rows.filter((r) => r.errors.length > 0) : result.rows) : [];
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography>{translate(`${T}.batch.intro`, { columns: BATCH_COLUMNS.join(', '), max: formatNumber(MAX_BATCH_ROWS, lng) })}</Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }} flexWrap="wrap" useFlexGap>
          {(['csv', 'xlsx'] as BatchFileType[]).map((f) => (
            <Button key={f} variant="outlined" onClick={() => void download(() => api.getBatchTemplate(f), `chi-ho-mau.${f}`)}>
              {translate(`${T}.batch.template`, { format: f.toUpperCase() })}
            </Button>
          ))}
          <Button variant="contained" component="label" disabled={upload.isPending}>
            {translate(`${T}.batch.choose`)}
            <input
              hidden
              type="file"
              accept=".csv,.xlsx"
              aria-label={translate(`${T}.batch.choose`)}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) upload.mutate(file);
              }}
            />
          </Button>
        </Stack>
      </Paper>
      {upload.isPending && <Typography>{translate(`${T}.batch.checking`)}</Typography>}
      {upload.isError && <Alert severity="error">{errorText(upload.error)}</Alert>}
      {result && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            {result.fileName}
          </Typography>
          <Typography data-testid="batch-summary">
            {translate(`${T}.batch.summary`, {
              rows: formatNumber(result.rowCount, lng),
              errors: formatNumber(result.errorCount, lng),
              duplicates: formatNumber(result.duplicateCount, lng),
              amount: formatMoney(result.totalAmount, lng),
              fee: formatMoney(result.totalFee, lng),
            })}
          </Typography>
          {result.errorCount > 0 ? (
            <Alert severity="error" sx={{ my: 1 }}>
              {translate(`${T}.batch.fixAndUpload`)}
            </Alert>
          ) : (
            <Alert severity="success" sx={{ my: 1 }}>
              {translate(`${T}.batch.ready`)}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ mb: 1 }} flexWrap="wrap" useFlexGap>
            {result.errorCount > 0 &&
              (['csv', 'xlsx'] as BatchFileType[]).map((f) => (
                <Button key={f} variant="outlined" onClick={() => void download(() => api.getBatchErrors(result.uploadId, f), `chi-ho-loi.${f}`)}>
                  {translate(`${T}.batch.downloadErrors`, { format: f.toUpperCase() })}
                </Button>
              ))}
            <Button onClick={() => setOnlyErrors((v) => !v)}>{translate(onlyErrors ? `${T}.batch.showAll` : `${T}.batch.showErrors`)}</Button>
            {result.errorCount === 0 && (
              <Button variant="contained" disabled={submit.isPending} onClick={() => submit.mutate(result.uploadId)}>
                {translate(`${T}.batch.submit`)}
              </Button>
            )}
          </Stack>
          {submit.isError && <Alert severity="error">{errorText(submit.error)}</Alert>}
          <Table size="small" aria-label={translate(`${T}.batch.rows`)}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${T}.fields.rowNo`)}</TableCell>
                <TableCell>{translate(`${T}.fields.channel`)}</TableCell>
                <TableCell>{translate(`${T}.fields.account`)}</TableCell>
                <TableCell>{translate(`${T}.fields.holderName`)}</TableCell>
                <TableCell align="right">{translate(`${T}.fields.amount`)}</TableCell>
                <TableCell>{translate(`${T}.batch.errors`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(0, SHOWN_ROWS).map((r) => (
                <TableRow key={r.rowNo} sx={r.errors.length ? { bgcolor: 'error.50' } : undefined}>
                  <TableCell>{r.rowNo}</TableCell>
                  <TableCell>{r.channel}</TableCell>
                  <TableCell>{`${r.bankId ?? ''} ${r.account}`.trim()}</TableCell>
                  <TableCell>{r.holderName ?? ''}</TableCell>
                  <TableCell align="right">{r.amount === null ? '' : formatMoney(r.amount, lng)}</TableCell>
                  <TableCell sx={{ color: 'error.main' }}>{r.errors.map((e) => `${translate(`${T}.columns.${e.field}`)}: ${e.message}`).join('; ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {rows.length > SHOWN_ROWS && <Typography variant="caption">{translate(`${T}.order.moreRows`, { count: rows.length - SHOWN_ROWS })}</Typography>}
        </Paper>
      )}
    </Stack>
  );
}
