import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { notify } from '@/components/notifications/notifier';
import { TablePager } from '@/components/TablePager';
import { PAGE_SIZES } from '@/domain/api';
import { formatDateTime, formatMoney, formatNumber } from '@/domain/format';
import type { MonthRow } from '@/domain/settlement';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { downloadFile } from '@/files';
import { getLanguage } from '@/i18n';

const R = 'resources.monthly-control';
const MONEY = ['grossAmount', 'refundedAmount', 'feeAmount', 'netAmount', 'paidOutAmount'] as const;
const MIME = { pdf: 'application/pdf', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** Monthly control (monthly-control): a row per month, its statement and sign-off. */
export default function MonthList() {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const lng = getLanguage();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [signing, setSigning] = useState<MonthRow | null>(null);
  const [busy, setBusy] = useState(false);
  const months = useQuery({
    queryKey: ['monthly-control', page, pageSize],
    queryFn: () => api.listMonths(page, pageSize),
    placeholderData: keepPreviousData,
  });
  const download = (month: string, format: 'pdf' | 'xlsx') =>
    void downloadFile(() => api.getMonthStatement(month, format), { notify, t: translate, accept: [MIME[format]], fileName: `doi-soat-${month}.${format}` });
  const signOff = async () => {
    if (!signing) return;
    setBusy(true);
    try {
      await api.signOffMonth(signing.id);
      await queryClient.invalidateQueries({ queryKey: ['monthly-control'] });
      setSigning(null);
    } catch {
      // The httpClient has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const title = translate(`${R}.name`);
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={title} />
      <Typography color="text.secondary">{translate(`${R}.intro`)}</Typography>
      {months.isError ? <Alert severity="warning">{translate('portal.reports.loadFailed')}</Alert> : null}
      <Paper variant="outlined">
        <Box sx={{ position: 'relative', overflowX: 'auto', width: 0, minWidth: '100%' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${R}.fields.month`)}</TableCell>
                <TableCell align="right">{translate(`${R}.fields.periodCount`)}</TableCell>
                {MONEY.map((key) => (
                  <TableCell key={key} align="right">
                    {translate(`${R}.fields.${key}`)}
                  </TableCell>
                ))}
                <TableCell>{translate(`${R}.fields.signOff`)}</TableCell>
                <TableCell>{translate(`${R}.fields.statement`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {months.data?.content.map((m) => (
                <TableRow key={m.id} data-testid={`month-${m.id}`}>
                  <TableCell>{monthLabel(m.id)}</TableCell>
                  <TableCell align="right">{formatNumber(m.periodCount, lng)}</TableCell>
                  {MONEY.map((key) => (
                    <TableCell key={key} align="right">
                      {m[key] === null ? '-' : formatMoney(m[key], lng)}
                    </TableCell>
                  ))}
                  <TableCell>
                    {m.signedAt ? (
                      <Typography variant="body2" data-testid="signed-off">
                        {translate(`${R}.signedBy`, { name: m.signedByName, at: formatDateTime(m.signedAt) })}
                      </Typography>
                    ) : m.canSignOff ? (
                      <Button size="small" variant="outlined" onClick={() => setSigning(m)}>
                        {translate(`${R}.signOff.button`)}
                      </Button>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {translate(`${R}.notSigned`)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5}>
                      <Button size="small" startIcon={<PictureAsPdfOutlined />} onClick={() => download(m.id, 'pdf')} aria-label={translate(`${R}.downloadPdf`, { month: monthLabel(m.id) })}>
                        {translate(`${R}.pdf`)}
                      </Button>
                      <Button size="small" startIcon={<GridOnOutlined />} onClick={() => download(m.id, 'xlsx')} aria-label={translate(`${R}.downloadXlsx`, { month: monthLabel(m.id) })}>
                        {translate(`${R}.xlsx`)}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <TablePager
          count={months.data?.totalElements ?? 0}
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
      <ConfirmDialog
        open={signing !== null}
        loading={busy}
        content={signing ? translate(`${R}.signOff.text`, { month: monthLabel(signing.id) }) : ''}
        onClose={() => setSigning(null)}
        onConfirm={() => void signOff()}
      />
    </Stack>
  );
}
