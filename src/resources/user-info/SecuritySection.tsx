import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/domain/format';
import { usePortalApi } from '@/dataProvider/usePortalApi';

/** Account security info and recovery methods (masked). */
export function SecuritySection() {
  const accountApi = usePortalApi();
  const { t } = useTranslation();
  const info = useQuery({ queryKey: ['portal', 'account', 'security'], queryFn: accountApi.securityInfo });
  const methods = useQuery({ queryKey: ['portal', 'account', 'recovery'], queryFn: accountApi.recoveryMethods });
  if (!info.data || !methods.data) return <Skeleton width="60%" />;
  const yesNo = (v: boolean) => t(v ? 'resources.user-info.security.yes' : 'resources.user-info.security.no');
  const rows: Array<[string, string]> = [
    ['twoFactor', yesNo(info.data.twoFactorEnabled)],
    ['linkedSSO', yesNo(info.data.linkedSSO)],
    ['lastLoginAt', formatDateTime(info.data.lastLoginAt)],
    ['passwordChangedAt', formatDateTime(info.data.passwordChangedAt)],
    ['activeSessions', String(info.data.activeSessions)],
    [
      'recovery',
      methods.data.length
        ? methods.data.map((m) => `${t(`resources.user-info.security.method.${m.type}`)}: ${m.maskedAddress}`).join(' · ')
        : t('portal.common.none'),
    ],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 8, rowGap: 3, m: 0 }}>
      {rows.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ color: 'text.secondary' }}>
            {t(`resources.user-info.security.${key}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }} data-field={key}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
