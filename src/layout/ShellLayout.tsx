import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { ProductMark } from '@/components/ProductMark';
import { SkipLink } from '@/components/SkipLink';
import { Footer } from './Footer';

/**
 * Frame of the pages outside react-admin (sign-in, onboarding, health, not found): brand, language
 * switch, optional actions (e.g. logout), the page, and the §1 footer.
 */
export function ShellLayout({
  children,
  actions,
  maxWidth = 'md',
}: {
  children: ReactNode;
  actions?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 3,
          minHeight: 64,
          px: { xs: 4, sm: 6 },
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <ProductMark />
        <Box sx={{ flex: 1 }} />
        <LanguageSwitch />
        {actions}
      </Box>
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        maxWidth={maxWidth}
        sx={{ flex: 1, py: { xs: 6, md: 10 }, outline: 'none' }}
      >
        {children}
      </Container>
      <Footer />
    </Box>
  );
}
