import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { useTranslation } from 'react-i18next';
import { WELCOME_PATH } from '@/authProvider/paths';

/**
 * A route whose code is not in the user's allowed list, opened by URL (spec §2): refused, in place, with
 * a way back. The URL is kept so the user can tell an administrator what they tried to open.
 */
export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 10, md: 16 }, px: 4 }} data-testid="access-denied">
      <BlockOutlined sx={{ fontSize: 64, color: 'error.main' }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ mt: 2, fontWeight: 600 }}>
        {t('portal.accessDenied.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 2, maxWidth: 520, mx: 'auto' }}>
        {t('portal.accessDenied.message')}
      </Typography>
      <Button component={RouterLink} to={WELCOME_PATH} variant="contained" sx={{ mt: 6 }}>
        {t('portal.accessDenied.home')}
      </Button>
    </Box>
  );
}

export default AccessDeniedPage;
