import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { rememberRegisteredService } from '@/authProvider/merchantSession';
import { isAdsOnboarded, registrationOf, ServiceCodes, type MerchantService } from '@/domain/services';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';

const STATUS_COLORS = { ACTIVE: 'success', INITIALIZED: 'warning', REJECTED: 'error', INACTIVE: 'default' } as const;

/** The merchant's registration status; "Chưa đăng ký" when there is none. */
export function ServiceStatusChip({ service }: { service: Pick<MerchantService, 'status'> }) {
  const translate = useTranslate();
  const status = service.status;
  return (
    <Chip
      size="small"
      variant={status ? 'filled' : 'outlined'}
      color={status ? STATUS_COLORS[status] : 'default'}
      label={translate(`resources.services.status.${status ?? 'NONE'}`)}
    />
  );
}

/**
 * Registers a service after the generic confirmation. Shown only when the server says the merchant is
 * eligible (the §4 flags and the merchant's state); the server refuses again if that changed meanwhile.
 */
export function RegisterServiceButton({ service, onRegistered }: { service: MerchantService; onRegistered?: () => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  if (!service.eligibleToSubscribe) return null;
  const confirm = async () => {
    setLoading(true);
    try {
      await api.registerService(service.id).then(rememberRegisteredService);
      notify('resources.services.notifications.registered', { type: 'success', messageArgs: { name: service.name } });
      await queryClient.invalidateQueries({ queryKey: ['portal', 'services'] });
      refresh();
      onRegistered?.();
    } catch {
      // The httpClient has already shown the server's reason.
    } finally {
      setLoading(false);
      setOpen(false);
    }
  };
  // React events bubble through the dialog's portal: stop them here so a click in the dialog never
  // reaches the list row (which would open the service).
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Button
        variant="contained"
        size="small"
        onClick={() => setOpen(true)}
        aria-label={translate('resources.services.actions.registerNamed', { name: service.name })}
      >
        {translate('resources.services.actions.register')}
      </Button>
      <ConfirmDialog
        open={open}
        loading={loading}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
        content={translate('resources.services.confirmRegister', { name: service.name })}
      />
    </span>
  );
}

/** What a registered service offers: PROMOTION its campaigns, PAYLATER its page, ADS its review state. */
export function ServiceLinks({ service }: { service: MerchantService }) {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const stop = (event: React.MouseEvent) => event.stopPropagation();
  const links: Array<{ to: string; label: string }> = [];
  if (service.code === ServiceCodes.promotion && service.status === 'ACTIVE') {
    links.push({ to: pathOf('promotions'), label: translate('resources.services.actions.myCampaigns') });
  }
  if (service.code === ServiceCodes.paylater) {
    links.push({ to: pathOf('service-paylater', 'page'), label: translate('resources.services.actions.paylater') });
  }
  if (!service.status) {
    links.push({
      to: pathOf('service-templates', 'page', { id: service.code }),
      label: translate('resources.services.actions.learnMore'),
    });
  }
  const adsPending = service.code === ServiceCodes.ads && service.status !== null && !isAdsOnboarded(registrationOf(service));
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {links.map((link) => (
        <Button key={link.to} component={RouterLink} to={link.to} size="small" onClick={stop}>
          {link.label}
        </Button>
      ))}
      {adsPending && <Chip size="small" variant="outlined" label={translate('resources.services.adsNotOnboarded')} />}
    </Stack>
  );
}
