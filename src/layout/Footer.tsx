import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  APP_STORE_URL,
  APP_VERSION,
  BUILD_LABEL,
  COMPANY_ADDRESS,
  HOTLINE,
  PLAY_STORE_URL,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
} from '@/config';

/**
 * Items of a footer row, separated by a thin rule drawn in CSS (no separator text for screen readers).
 * Each item draws its rule in the gap before it; the row's clip cuts off the rule of whichever item
 * starts a line (it would sit left of the row), after a wrap too, while leaving room for focus rings.
 */
const rowSx = {
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '17px',
  rowGap: 1,
  clipPath: 'inset(-8px -8px -8px -5px)',
  '& > *': {
    position: 'relative',
    '&::before': { content: '""', position: 'absolute', left: '-9px', top: '10%', bottom: '10%', borderLeft: 1, borderColor: 'divider' },
  },
} as const;

/**
 * Footer of spec §1: company address, store-app links, business hotline, support e-mail, app version and
 * build label. Shared by the shell pages and the admin layout (no react-admin inside).
 */
export function Footer() {
  const { t } = useTranslation();
  const tel = HOTLINE.replace(/[^\d+]/g, '');
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: { xs: 4, md: 6 }, py: 4, mt: 'auto' }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 2, md: 6 }}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', md: 'center' } }}
      >
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Typography variant="body2" component="address" sx={{ fontStyle: 'normal', color: 'text.secondary' }}>
            {COMPANY_ADDRESS}
          </Typography>
          <Stack direction="row" sx={rowSx}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('portal.footer.hotline')}{' '}
              <Link href={`tel:${tel}`} underline="always">
                {HOTLINE}
              </Link>
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('portal.footer.email')}{' '}
              <Link href={`mailto:${SUPPORT_EMAIL}`} underline="always">
                {SUPPORT_EMAIL}
              </Link>
            </Typography>
          </Stack>
        </Stack>
        <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', md: 'flex-end' } }}>
          <Stack direction="row" sx={rowSx}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('portal.footer.downloadApp', { product: PRODUCT_NAME })}
            </Typography>
            <Link variant="body2" href={APP_STORE_URL} target="_blank" rel="noopener noreferrer" underline="always">
              {t('portal.footer.appStore')}
            </Link>
            <Link variant="body2" href={PLAY_STORE_URL} target="_blank" rel="noopener noreferrer" underline="always">
              {t('portal.footer.playStore')}
            </Link>
          </Stack>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }} data-testid="app-version">
            {t('portal.footer.version', { version: APP_VERSION, build: BUILD_LABEL })}
          </Typography>
        </Stack>
      </Stack>
    </Box>
  );
}
