import { useTranslate } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import QrCode2 from '@mui/icons-material/QrCode2';
import { getCommon } from '@/authProvider/session';
import { notify } from '@/components/notifications/notifier';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { storeQrStatusKey } from './queryKeys';

/**
 * The list's all-in-one QR status: how many stores still lack a code and, for owners and the
 * administrator, the button that generates them (the server skips stores that have one).
 */
export default function StoreQrGenerate() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const api = usePortalApi();
  const merchantId = getCommon()?.merchantId ?? null;
  const status = useQuery({ queryKey: storeQrStatusKey(merchantId), queryFn: () => api.getStoreQrStatus(), retry: false });
  const generate = useMutation({
    mutationFn: () => api.generateStoreQrs(),
    onSuccess: (result) => {
      queryClient.setQueryData(storeQrStatusKey(merchantId), result);
      void queryClient.invalidateQueries({ queryKey: ['stores', 'qr'] });
      notify(translate('resources.stores.qr.generated', { count: result.generatedNow }), { type: 'success' });
    },
  });
  if (!status.data || status.data.totalStores === 0) return null;
  const { missingStores, canGenerate } = status.data;
  if (missingStores === 0) {
    return (
      <Typography variant="body2" color="text.secondary" role="status" sx={{ alignSelf: 'center', mr: 1 }}>
        {translate('resources.stores.qr.allGenerated')}
      </Typography>
    );
  }
  return (
    <>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ alignSelf: 'center', mr: 1 }}>
        {translate('resources.stores.qr.missing', { count: missingStores })}
      </Typography>
      {canGenerate && (
        <Button
          size="small"
          startIcon={generate.isPending ? <CircularProgress size={16} aria-hidden /> : <QrCode2 />}
          disabled={generate.isPending}
          aria-busy={generate.isPending}
          onClick={() => generate.mutate()}
        >
          {translate('resources.stores.qr.generate')}
        </Button>
      )}
    </>
  );
}
