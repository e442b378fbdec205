import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/theme';
import { NotificationHost } from './NotificationHost';

/**
 * The snackbar with the portal's theme: it sits above the router, outside the themed areas, and shows
 * on the login page too (e.g. "password changed" after a reset), which has no MUI theme of its own.
 */
export default function ThemedNotificationHost() {
  return (
    <ThemeProvider theme={theme}>
      <NotificationHost />
    </ThemeProvider>
  );
}
