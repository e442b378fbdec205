import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@/config';
import { beginSsoHandOff } from '@/pages/auth/shared/ssoHandOff';
import { usePortalApi } from '@/dataProvider/usePortalApi';

/**
 * The SSO link (spec §7 POST /sso/link): an SSO identity opens only the account it was linked to, and
 * only its owner, signed in here, can link it. The button sends the browser to the IdP with a hand-off
 * bound to this browser; /auth/sso-check links the returned identity and comes back here.
 */
export function SsoSection() {
  const accountApi = usePortalApi();
  const { t } = useTranslation();
  const location = useLocation();
  const info = useQuery({ queryKey: ['portal', 'account', 'security'], queryFn: accountApi.securityInfo });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const link = async () => {
    setError(null);
    setPending(true);
    try {
      const { loginUrl } = await accountApi.ssoConfig();
      if (!loginUrl) throw new Error(t('resources.user-info.sso.notConfigured'));
      window.location.assign(beginSsoHandOff(loginUrl, 'LINK', location.pathname));
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('portal.http.error'));
      setPending(false);
    }
  };

  if (!info.data) return <Skeleton width="60%" />;
  const linked = info.data.linkedSSO;
  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography>{t('resources.user-info.sso.status')}</Typography>
        <Chip data-testid="sso-link-status" color={linked ? 'success' : 'default'} label={t(linked ? 'resources.user-info.sso.linked' : 'resources.user-info.sso.notLinked')} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('resources.user-info.sso.hint', { product: PRODUCT_NAME })}
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button variant={linked ? 'outlined' : 'contained'} onClick={() => void link()} disabled={pending}>
        {t(linked ? 'resources.user-info.sso.relink' : 'portal.auth.sso.link', { product: PRODUCT_NAME })}
      </Button>
    </Stack>
  );
}
