import { Outlet } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/theme';

/**
 * The MUI theme and baseline of every area built with MUI (the other sign-in pages, onboarding, health,
 * /app, /ops): a lazy layout route rather than a provider around the whole router, so the login page,
 * plain React and CSS, does not load MUI and emotion (issue 19).
 */
export default function ThemedArea() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Outlet />
    </ThemeProvider>
  );
}
