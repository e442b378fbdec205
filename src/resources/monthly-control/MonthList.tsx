import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { notify } from '@/components/notifications/notifier';
import { PagedTable, usePaging, type PagedColumn } from '@/components/PagedTable';
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
  const paging = usePaging(PAGE_SIZES[0]);
  const { page, pageSize } = paging;
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
  const columns: PagedColumn<MonthRow>[] = [
    { key: 'month', header: translate(`${R}.fields.month`), cell: (m) => monthLabel(m.id) },
    { key: 'periodCount', header: translate(`${R}.fields.periodCount`), align: 'right', cell: (m) => formatNumber(m.periodCount, lng) },
    ...MONEY.map((key) => ({
      key,
      header: translate(`${R}.fields.${key}`),
      align: 'right' as const,
      cell: (m: MonthRow) => (m[key] === null ? '-' : formatMoney(m[key], lng)),
    })),
    {
      key: 'signOff',
      header: translate(`${R}.fields.signOff`),
      cell: (m) =>
        m.signedAt ? (
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
        ),
    },
    {
      key: 'statement',
      header: translate(`${R}.fields.statement`),
      cell: (m) => (
        <Stack direction="row" spacing={0.5}>
          <Button size="small" startIcon={<PictureAsPdfOutlined />} onClick={() => download(m.id, 'pdf')} aria-label={translate(`${R}.downloadPdf`, { month: monthLabel(m.id) })}>
            {translate(`${R}.pdf`)}
          </Button>
          <Button size="small" startIcon={<GridOnOutlined />} onClick={() => download(m.id, 'xlsx')} aria-label={translate(`${R}.downloadXlsx`, { month: monthLabel(m.id) })}>
            {translate(`${R}.xlsx`)}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={title} />
      <Typography color="text.secondary">{translate(`${R}.intro`)}</Typography>
      {months.isError ? <Alert severity="warning">{translate('portal.reports.loadFailed')}</Alert> : null}
      <Paper variant="outlined">
        <PagedTable
          label={title}
          columns={columns}
          rows={months.data?.content}
          rowKey={(m) => m.id}
          rowProps={(m) => ({ 'data-testid': `month-${m.id}` })}
          emptyText={translate(`${R}.empty`)}
          total={months.data?.totalElements ?? 0}
          paging={paging}
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
