import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { APP_VERSION, BUILD_LABEL } from '@/config';
import { HEALTH_PATH } from '@/authProvider/paths';
import { ShellLayout } from '@/layout/ShellLayout';
import { useHomePath } from '../useHomePath';

/**
 * Health page (spec §2 /health): a plain page a health checker can load, stating that the portal is
 * served and whether the API answers, with a button to the dashboard (signed in) or the login page.
 */
export function HealthPage() {
  const { t } = useTranslation();
  const home = useHomePath();
  const api = usePortalApi();
  const health = useQuery({
    queryKey: ['portal', 'health'],
    queryFn: () => api.getHealth(),
    staleTime: 0,
  });
  const apiState = health.isPending ? 'checking' : health.isSuccess ? 'ok' : 'down';

  return (
    <ShellLayout maxWidth="sm">
      <Paper variant="outlined" sx={{ p: { xs: 6, md: 8 }, borderRadius: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('portal.health.title')}
        </Typography>
        <Box component="dl" sx={{ mt: 6, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 6, rowGap: 3, alignItems: 'center' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {t('portal.health.portal')}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <Chip color="success" size="small" label={t('portal.health.ok')} data-testid="health-portal" />
          </Box>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {t('portal.health.api')}
          </Typography>
          <Box component="dd" sx={{ m: 0 }} aria-live="polite">
            <Chip
              size="small"
              color={apiState === 'ok' ? 'success' : apiState === 'down' ? 'error' : 'default'}
              label={t(`portal.health.${apiState}`)}
              data-testid="health-api"
            />
          </Box>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {t('portal.health.version')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {t('portal.footer.version', { version: APP_VERSION, build: BUILD_LABEL })}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ mt: 8 }}>
          <Button component={RouterLink} to={home.path} variant="contained" size="large" disabled={home.isPending}>
            {home.signedIn ? t('portal.health.toDashboard') : t('portal.health.toLogin')}
          </Button>
        </Stack>
      </Paper>
    </ShellLayout>
  );
}

HealthPage.path = HEALTH_PATH;

export default HealthPage;
