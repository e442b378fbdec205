import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH, WELCOME_PATH } from '@/authProvider/paths';
import { isSignedIn } from '@/authProvider/session';
import { ShellLayout } from '@/layout/ShellLayout';

/** The not-found message and a way home; shown alone under /auth and inside the layout under /app. */
export function NotFoundContent() {
  const { t } = useTranslation();
  const signedIn = isSignedIn();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 10, md: 16 }, px: 4 }} data-testid="not-found">
      <Typography variant="h2" component="p" sx={{ fontWeight: 700, color: 'primary.main' }} aria-hidden>
        {t('portal.notFound.code')}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ mt: 2, fontWeight: 600 }}>
        {t('portal.notFound.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 2, maxWidth: 480, mx: 'auto' }}>
        {t('portal.notFound.message')}
      </Typography>
      <Button component={RouterLink} to={signedIn ? WELCOME_PATH : LOGIN_PATH} variant="contained" sx={{ mt: 6 }}>
        {signedIn ? t('portal.notFound.home') : t('portal.notFound.toLogin')}
      </Button>
    </Box>
  );
}

/** Unknown paths under /auth (and the fall-through of the router). */
export function NotFoundPage() {
  return (
    <ShellLayout>
      <NotFoundContent />
    </ShellLayout>
  );
}

export default NotFoundPage;
