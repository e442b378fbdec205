import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import { getCommon } from '@/authProvider/session';
import type { Store } from '@/domain/api';
import { PAYOUT_BANKS } from '@/domain/payouts';
import { formatDateTime } from '@/domain/format';
import { downloadFile } from '@/files';
import { notify } from '@/components/notifications/notifier';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { useBlobUrl } from '@/files/useBlobUrl';
import { storeQrKey } from './queryKeys';

/** The PNG as an object URL for the <img>, revoked when the dialog closes. */
function useQrImage(storeId: number, enabled: boolean): string | null {
  const api = usePortalApi();
  return useBlobUrl(enabled ? () => api.getStoreQrPng(storeId) : null, String(storeId));
}

function StoreQrContent({ store }: { store: Pick<Store, 'id' | 'storeId' | 'storeName'> }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const merchantId = getCommon()?.merchantId ?? null;
  const qr = useQuery({ queryKey: storeQrKey(merchantId, store.id), queryFn: () => api.getStoreQr(store.id), retry: false });
  const src = useQrImage(store.id, qr.isSuccess);
  const [busy, setBusy] = useState(false);

  if (qr.isPending) return <CircularProgress aria-label={translate('resources.stores.qr.loading')} />;
  if (qr.isError) {
    const message = (qr.error as { message?: string }).message;
    return <Alert severity="info">{message || translate('resources.stores.qr.notGenerated')}</Alert>;
  }
  const bank = PAYOUT_BANKS.find((b) => b.bin === qr.data.bankBin)?.shortName ?? qr.data.bankBin;
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(() => api.getStoreQrPng(store.id, true), {
        notify,
        t: translate,
        accept: ['image/png'],
        fileName: `qr_${store.storeId}.png`,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <Box sx={{ width: 280, height: 280, display: 'grid', placeItems: 'center', border: 1, borderColor: 'divider', borderRadius: 2 }}>
        {src ? (
          <img src={src} width={264} height={264} alt={translate('resources.stores.qr.imageAlt', { name: store.storeName })} />
        ) : (
          <CircularProgress aria-label={translate('resources.stores.qr.loading')} />
        )}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, width: '100%' }}>
        <Typography component="dt" color="text.secondary">{translate('resources.stores.fields.storeId')}</Typography>
        <Typography component="dd" sx={{ m: 0 }}>{qr.data.storeId}</Typography>
        <Typography component="dt" color="text.secondary">{translate('resources.stores.qr.bank')}</Typography>
        <Typography component="dd" sx={{ m: 0 }}>{bank}</Typography>
        <Typography component="dt" color="text.secondary">{translate('resources.stores.qr.account')}</Typography>
        <Typography component="dd" sx={{ m: 0 }} data-testid="qr-account">{qr.data.accountNumber}</Typography>
        <Typography component="dt" color="text.secondary">{translate('resources.stores.qr.generatedAt')}</Typography>
        <Typography component="dd" sx={{ m: 0 }}>{formatDateTime(qr.data.generatedAt)}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">{translate('resources.stores.qr.hint')}</Typography>
      <Button variant="contained" startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <FileDownloadOutlined />} disabled={busy} onClick={() => void download()}>
        {translate('resources.stores.qr.download')}
      </Button>
    </Box>
  );
}

/** A row's QR action: opens the store's all-in-one QR with its download. */
export default function StoreQrButton({ store }: { store: Pick<Store, 'id' | 'storeId' | 'storeName'> }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const label = translate('resources.stores.qr.open', { name: store.storeName });
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={() => setOpen(true)} size="small">
          <QrCode2 />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{translate('resources.stores.qr.title', { name: store.storeName })}</DialogTitle>
        <DialogContent>{open && <StoreQrContent store={store} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
