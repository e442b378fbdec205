import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OtpSent } from '@/domain/authApi';
import { OtpStep } from '@/pages/auth/shared/OtpStep';
import { usePortalApi } from '@/dataProvider/usePortalApi';

/**
 * Two-factor security (GET /2FA/config): on ('Đã BẬT cài đặt bảo mật 2 lớp') and off ('Đã TẮT cài đặt
 * bảo mật 2 lớp'), each confirmed by a code sent to the account phone; Smart OTP registration.
 */
export function TwoFactorSection() {
  const accountApi = usePortalApi();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: ['portal', 'account', '2fa'], queryFn: accountApi.twoFactorConfig });
  const [pending, setPending] = useState<{ enable: boolean; sent: OtpSent } | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['portal', 'account'] });

  const start = async (enable: boolean) => {
    try {
      setPending({ enable, sent: await accountApi.sendTwoFactorCode(enable) });
    } catch {
      // Toasted by the httpClient.
    }
  };

  if (!config.data) return <Skeleton width="60%" />;
  const on = config.data.enabled;
  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography>{t('resources.user-info.twoFactor.status')}</Typography>
        <Chip data-testid="two-factor-status" color={on ? 'success' : 'default'} label={t(on ? 'resources.user-info.twoFactor.on' : 'resources.user-info.twoFactor.off')} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('resources.user-info.twoFactor.hint', { phone: config.data.maskedPhone ?? t('portal.common.none') })}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <Button variant={on ? 'outlined' : 'contained'} color={on ? 'error' : 'primary'} onClick={() => void start(!on)}>
          {t(on ? 'resources.user-info.twoFactor.turnOff' : 'resources.user-info.twoFactor.turnOn')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void accountApi.registerSmartOtp().then(refresh, () => undefined)}
          disabled={config.data.smartOtp === 'PENDING'}
        >
          {t(config.data.smartOtp === 'PENDING' ? 'resources.user-info.twoFactor.smartOtpPending' : 'resources.user-info.twoFactor.registerSmartOtp')}
        </Button>
      </Stack>
      <Dialog open={Boolean(pending)} onClose={() => setPending(null)} aria-labelledby="two-factor-dialog-title" fullWidth maxWidth="xs">
        <DialogTitle id="two-factor-dialog-title">{t(pending?.enable ? 'resources.user-info.twoFactor.turnOn' : 'resources.user-info.twoFactor.turnOff')}</DialogTitle>
        <DialogContent>
          {pending && (
            <OtpStep
              idPrefix="two-factor"
              sent={pending.sent}
              onSubmit={async (code) => {
                await accountApi.confirmTwoFactor(pending.enable, pending.sent.otpId, code);
                setPending(null);
                await refresh();
              }}
              onResend={() => accountApi.sendTwoFactorCode(pending.enable)}
            />
          )}
        </DialogContent>
      </Dialog>
    </Stack>
  );
}
