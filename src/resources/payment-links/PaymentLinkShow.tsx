import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Show, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { notify } from '@/components/notifications/notifier';
import { PagedTable, usePaging, type PagedColumn } from '@/components/PagedTable';
import { formatDateTime, formatMoney, formatNumber } from '@/domain/format';
import type { PaymentLinkDetail, PaymentLinkPayment } from '@/domain/paymentLinks';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { useBlobUrl } from '@/files/useBlobUrl';
import { downloadFile } from '@/files';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { LinkStatusChip, useLinkAmount } from './PaymentLinkFields';

const R = 'resources.payment-links';

/** The QR PNG as an object URL for the <img>, revoked when the page goes. */
function useQrImage(id: number, version: string): string | null {
  const api = usePortalApi();
  return useBlobUrl(() => api.getPaymentLinkQrPng(id), `${id}:${version}`);
}

function Share({ link }: { link: PaymentLinkDetail }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const src = useQrImage(link.id, link.qrPayload);
  const url = `${window.location.origin}${link.payPath}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify(translate(`${R}.share.copied`), { type: 'success' });
    } catch {
      notify(translate(`${R}.share.copyFailed`), { type: 'error' });
    }
  };
  return (
    <Paper variant="outlined" component="section" aria-label={translate(`${R}.share.title`)} sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {translate(`${R}.share.title`)}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'flex-start' } }}>
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <TextField
            label={translate(`${R}.share.url`)}
            value={url}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'pay-url' } }}
          />
          <div>
            <Button startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
              {translate(`${R}.share.copy`)}
            </Button>
            <Button component="a" href={url} target="_blank" rel="noopener">
              {translate(`${R}.share.open`)}
            </Button>
          </div>
          <Typography variant="body2" color="text.secondary">
            {translate(link.amountType === 'FIXED' ? `${R}.share.qrFixed` : `${R}.share.qrOpen`)}
          </Typography>
        </Stack>
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 220, height: 220, display: 'grid', placeItems: 'center', border: 1, borderColor: 'divider', borderRadius: 2 }}>
            {src ? <img src={src} width={204} height={204} alt={translate(`${R}.share.qrAlt`, { code: link.code })} /> : <CircularProgress aria-label={translate(`${R}.share.qrLoading`)} />}
          </Box>
          <Button
            startIcon={<FileDownloadOutlined />}
            onClick={() =>
              void downloadFile(() => api.getPaymentLinkQrPng(link.id, true), { notify, t: translate, accept: ['image/png'], fileName: `vietqr_${link.code}.png` })
            }
          >
            {translate(`${R}.share.downloadQr`)}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function Payments({ link }: { link: PaymentLinkDetail }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const lng = getLanguage();
  const paging = usePaging();
  const { page, pageSize } = paging;
  const payments = useQuery({
    queryKey: ['payment-links', 'payments', link.id, link.paymentCount, page, pageSize],
    queryFn: () => api.getPaymentLinkPayments(link.id, page, pageSize),
  });
  const title = translate(`${R}.payments.title`);
  const columns: PagedColumn<PaymentLinkPayment>[] = [
    {
      key: 'transactionId',
      header: translate(`${R}.payments.transactionId`),
      cell: (p) => (
        <Link component={RouterLink} to={pathOf('transaction-report', 'show', { id: p.transactionId })}>
          {p.transactionId}
        </Link>
      ),
    },
    { key: 'createdAt', header: translate(`${R}.payments.createdAt`), cell: (p) => formatDateTime(p.createdAt) },
    { key: 'status', header: translate(`${R}.payments.status`), cell: (p) => translate(`resources.transaction-report.statuses.${p.status}`, { _: p.status }) },
    { key: 'amount', header: translate(`${R}.payments.amount`), align: 'right', cell: (p) => formatMoney(p.amount, lng) },
    { key: 'fee', header: translate(`${R}.payments.fee`), align: 'right', cell: (p) => formatMoney(p.fee, lng) },
  ];
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      <PagedTable
        label={title}
        columns={columns}
        rows={payments.data?.content}
        rowKey={(p) => p.transactionId}
        emptyText={translate(`${R}.payments.empty`)}
        total={payments.data?.totalElements ?? 0}
        paging={paging}
      />
    </Paper>
  );
}

function Deactivate({ link }: { link: PaymentLinkDetail }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (link.status !== 'ACTIVE' && link.status !== 'EXPIRED') return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await api.deactivatePaymentLink(link.id);
      await queryClient.invalidateQueries({ queryKey: ['payment-links'] });
      refresh();
    } catch {
      // The httpClient has shown the server's message.
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button color="warning" variant="outlined" startIcon={<LinkOffOutlined />} onClick={() => setOpen(true)}>
        {translate(`${R}.deactivate.button`)}
      </Button>
      <ConfirmDialog
        open={open}
        loading={busy}
        destructive
        content={translate(`${R}.deactivate.confirm`, { code: link.code })}
        onClose={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}

function Detail() {
  const link = useRecordContext<PaymentLinkDetail>();
  const translate = useTranslate();
  const lng = getLanguage();
  const amountOf = useLinkAmount();
  if (!link) return null;
  const rows: Array<[string, React.ReactNode]> = [
    ['code', link.code],
    ['status', <LinkStatusChip key="s" status={link.status} />],
    ['amount', amountOf(link)],
    ['singleUse', translate(`${R}.use.${link.singleUse ? 'single' : 'multiple'}`)],
    ['expiresAt', link.expiresAt ? formatDateTime(link.expiresAt) : translate(`${R}.noExpiry`)],
    ['storeName', link.storeName ?? '-'],
    ['reference', link.reference ?? '-'],
    ['description', link.description ?? '-'],
    ['paymentCount', formatNumber(link.paymentCount, lng)],
    ['collectedAmount', formatMoney(link.collectedAmount, lng)],
    ['createdAt', `${formatDateTime(link.createdAt)}${link.createdBy ? ` · ${link.createdBy}` : ''}`],
  ];
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography component="h1" variant="h5">
          {link.title}
        </Typography>
        <Deactivate link={link} />
      </Stack>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1 }}>
        {rows.map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {translate(`${R}.fields.${key}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid={`link-${key}`}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Share link={link} />
      <Payments link={link} />
    </Stack>
  );
}

/** react-admin seeds a detail from the list's cached row (without the QR payload): always fetch it. */
const FRESH = { staleTime: 0 } as const;

/** Payment link detail (payment-links/{id}): share (URL, copy, VietQR with PNG), payments, deactivate. */
export default function PaymentLinkShow() {
  const { id } = useParams();
  return (
    <Show resource="payment-links" id={id} actions={false} queryOptions={FRESH}>
      <Detail />
    </Show>
  );
}
