import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ShellLayout } from '@/layout/ShellLayout';
import { NotFoundContent } from './NotFoundPage';

/**
 * The router's error screen. The usual cause in production is a lazy chunk that no longer exists after a
 * new release: reloading fetches the new build, so that is the action offered.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ShellLayout>
        <NotFoundContent />
      </ShellLayout>
    );
  }
  return (
    <ShellLayout>
      <Box sx={{ textAlign: 'center', py: 12 }} role="alert">
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {t('portal.routeError.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 2 }}>{t('portal.routeError.message')}</Typography>
        <Button variant="contained" sx={{ mt: 6 }} onClick={() => window.location.reload()}>
          {t('portal.routeError.reload')}
        </Button>
      </Box>
    </ShellLayout>
  );
}

export default RouteErrorPage;
