import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSidebarState } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { PageLoader } from '@/components/PageLoader';
import { SkipLink } from '@/components/SkipLink';
import { Footer } from './Footer';
import { Header } from './Header';
import { NotFoundSidebar } from './NotFoundSidebar';
import { PageError } from './PageError';
import { PayoutNotice } from './PayoutNotice';
import { Sidebar } from './Sidebar';
import { useMenu } from './useMenu';
import { useReloadOnUserChange } from './useReloadOnUserChange';

/**
 * react-admin's layout (spec §2): header, sidebar, main area, footer. The sidebar is an overlay below the
 * md breakpoint (960 px) that closes on every route change; from md up it is collapsible, its state kept
 * in react-admin's store. The main area scrolls to top when the path changes.
 */
export function PortalLayout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const menu = useMenu();
  useReloadOnUserChange();

  useEffect(() => {
    setMobileOpen(false);
    window.scrollTo({ top: 0 });
    mainRef.current?.scrollTo?.({ top: 0 });
  }, [pathname]);

  const sidebarOpen = isSmall ? mobileOpen : open;
  const toggle = () => (isSmall ? setMobileOpen((value) => !value) : setOpen(!open));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <PayoutNotice />
      <Header isSmall={isSmall} sidebarOpen={sidebarOpen} onToggleSidebar={toggle} />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Sidebar
          items={menu.items}
          isPending={menu.isPending}
          open={open}
          onExpand={() => setOpen(true)}
          isSmall={isSmall}
          mobileOpen={mobileOpen}
          onMobileClose={() => setMobileOpen(false)}
        />
        {/* The footer sits beside main, not in it, so it stays the page's contentinfo landmark. */}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {/* data-path: the path whose screen is on show. A navigation keeps the previous screen until the
              next one's code has loaded (the router's transition), so the browser suite waits on it. */}
          <Box
            component="main"
            id="main-content"
            data-path={pathname}
            ref={mainRef}
            tabIndex={-1}
            sx={{ flex: 1, p: { xs: 4, md: 6 }, outline: 'none' }}
          >
            {menu.isEmpty || menu.isError ? (
              <NotFoundSidebar onReload={menu.refetch} reloading={menu.isFetching} />
            ) : (
              <>
                {/* react-admin's <Title> renders into this element: the page's h1 for its own views
                    (lists, forms). Custom pages write their own h1 and leave it empty, so it is hidden. */}
                <Typography
                  id="react-admin-title"
                  component="h1"
                  variant="h4"
                  sx={{ fontWeight: 700, mb: 4, '&:empty': { display: 'none' } }}
                />
                <ErrorBoundary resetKey={pathname} fallback={(reset) => <PageError onRetry={reset} />}>
                  <Suspense fallback={<PageLoader />}>{children}</Suspense>
                </ErrorBoundary>
              </>
            )}
          </Box>
          <Footer />
        </Box>
      </Box>
    </Box>
  );
}
