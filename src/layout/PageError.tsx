import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';

/** What a page that crashed shows instead of itself, with a retry. */
export function PageError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 12, px: 4 }} role="alert">
      <ErrorOutlineOutlined sx={{ fontSize: 56, color: 'error.main' }} aria-hidden />
      <Typography variant="h6" component="h1" sx={{ mt: 2 }}>
        {t('portal.http.error')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('portal.pageError.message')}</Typography>
      <Button variant="contained" sx={{ mt: 6 }} onClick={onRetry}>
        {t('portal.common.retry')}
      </Button>
    </Box>
  );
}
