import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@/config';

/** The product's name with "merchant portal" under it: the brand shown in every header. */
export function ProductMark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          width: 32,
          height: 32,
          borderRadius: 2,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          flexShrink: 0,
        }}
      >
        {PRODUCT_NAME.charAt(0)}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="span" sx={{ display: 'block', fontWeight: 700, lineHeight: 1.2 }} noWrap>
          {PRODUCT_NAME}
        </Typography>
        {!compact && (
          <Typography component="span" variant="caption" sx={{ display: 'block', opacity: 0.8 }} noWrap>
            {t('portal.productTagline')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
