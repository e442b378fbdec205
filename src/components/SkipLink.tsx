import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { skipTo } from './skipTo';

/** "Skip to main content": the first stop of the keyboard on every page. */
export function SkipLink({ targetId = 'main-content' }: { targetId?: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${targetId}`}
      onClick={skipTo(targetId)}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 4,
        py: 2,
        bgcolor: 'background.paper',
        color: 'primary.main',
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {t('portal.common.skipToContent')}
    </Box>
  );
}
