import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import MenuOpenOutlined from '@mui/icons-material/MenuOpenOutlined';
import { useTranslation } from 'react-i18next';

/** Spec §2: the sidebar list is empty (or could not be loaded): say so and offer a reload. */
export function NotFoundSidebar({ onReload, reloading }: { onReload: () => void; reloading: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 10, md: 16 }, px: 4 }} data-testid="not-found-sidebar" role="alert">
      <MenuOpenOutlined sx={{ fontSize: 64, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ mt: 2, fontWeight: 600 }}>
        {t('portal.layout.notFoundSidebar')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 2, maxWidth: 520, mx: 'auto' }}>
        {t('portal.layout.notFoundSidebarHint')}
      </Typography>
      <Button
        variant="contained"
        sx={{ mt: 6 }}
        startIcon={<ReplayOutlined aria-hidden />}
        onClick={onReload}
        disabled={reloading}
      >
        {t('portal.common.reload')}
      </Button>
    </Box>
  );
}
