import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { I18nContextProvider } from 'react-admin';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { OPS_PATH } from '@/authProvider/paths';
import { getAuth } from '@/authProvider/session';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { PageLoader } from '@/components/PageLoader';
import { useRaI18nProvider } from '@/i18n';
import { NotFoundPage } from '@/pages/NotFoundPage';
import { useShellLogout } from '@/pages/useShellLogout';
import { OPS_SECTIONS } from './sections';

/**
 * The provider's operator area (/portal/ops, INTERNAL_USER only): a header with the sections, the
 * operator's name, the language switch and sign-out; each section routes below its own path.
 */
export default function OpsApp() {
  // react-admin's words (the tables' pager, ra.*) come from its i18n context, which only <Admin> sets up.
  const i18nProvider = useRaI18nProvider();
  return i18nProvider ? (
    <I18nContextProvider value={i18nProvider}>
      <OpsLayout />
    </I18nContextProvider>
  ) : (
    <PageLoader />
  );
}

function OpsLayout() {
  const { t } = useTranslation();
  const { logout, pending } = useShellLogout();
  const { pathname } = useLocation();
  const current = OPS_SECTIONS.find((s) => pathname.split('/').includes(s.path))?.path ?? false;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {t('portal.ops.title')}
          </Typography>
          {/* Absolute: inside the splat route a relative link would land under the current section (/ops/tickets/periods). */}
          <Tabs value={current} component="nav" aria-label={t('portal.ops.title')} sx={{ flexGrow: 1 }}>
            {OPS_SECTIONS.map((s) => (
              <Tab key={s.path} value={s.path} label={t(s.labelKey)} component={NavLink} to={`${OPS_PATH}/${s.path}`} />
            ))}
          </Tabs>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="body2">{getAuth()?.name}</Typography>
            <LanguageSwitch />
            <Button startIcon={<LogoutOutlined />} disabled={pending} onClick={() => void logout()}>
              {t('portal.ops.signOut')}
            </Button>
          </Stack>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: { xs: 1, md: 3 } }}>
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route index element={<Navigate to={OPS_SECTIONS[0].path} replace />} />
            {OPS_SECTIONS.map(({ path, component: Section }) => (
              <Route key={path} path={`${path}/*`} element={<Section />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </Box>
    </Box>
  );
}
