import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';

/**
 * What react-admin shows at /authentication-error (the access check itself failed), with its own texts.
 * The portal's own page rather than react-admin's, whose title is editable in place and brings MUI's text
 * field and popover into every screen's download.
 */
export function AuthenticationErrorPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 10, md: 16 }, px: 4 }} role="alert">
      <WarningAmberOutlined sx={{ fontSize: 64, color: 'warning.main' }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ mt: 2, fontWeight: 600 }}>
        {translate('ra.page.authentication_error')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 2, maxWidth: 520, mx: 'auto' }}>{translate('ra.message.authentication_error')}</Typography>
    </Box>
  );
}
