import { lazy, Suspense, useId } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { LoadingIndicator, useLogout } from 'react-admin';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import MenuIcon from '@mui/icons-material/Menu';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CHOOSE_MERCHANT_PATH, WELCOME_PATH } from '@/authProvider/paths';
import { getAuth, getCurrentMerchant } from '@/authProvider/session';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { useLazyPopup } from '@/components/useLazyPopup';
import { NotificationBell } from '@/features/notifications/NotificationBell';
import { ProductMark } from '@/components/ProductMark';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { HEADER_HEIGHT, SIDEBAR_ID } from './Sidebar';

const AccountMenu = lazy(() => import('./AccountMenu'));

interface HeaderProps {
  isSmall: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

/** Top header of spec §2: menu toggle, brand, merchant switcher, language switch, notification bell, user menu. */
export function Header({ isSmall, sidebarOpen, onToggleSidebar }: HeaderProps) {
  const { t } = useTranslation();
  const toggleLabel = isSmall
    ? sidebarOpen
      ? t('portal.layout.closeMenu')
      : t('portal.layout.openMenu')
    : sidebarOpen
      ? t('portal.layout.collapseMenu')
      : t('portal.layout.expandMenu');
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ top: 0, borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ gap: 2, minHeight: HEADER_HEIGHT, px: { xs: 2, sm: 4 } }} disableGutters>
        <Tooltip title={toggleLabel}>
          <IconButton
            onClick={onToggleSidebar}
            aria-label={toggleLabel}
            aria-controls={SIDEBAR_ID}
            aria-expanded={sidebarOpen}
            edge="start"
          >
            <MenuIcon />
          </IconButton>
        </Tooltip>
        <Box
          component={RouterLink}
          to={WELCOME_PATH}
          sx={{ color: 'inherit', textDecoration: 'none', minWidth: 0, display: 'flex', borderRadius: 1 }}
        >
          <ProductMark compact={isSmall} />
        </Box>
        <DemoBadge compact={isSmall} />
        <Box sx={{ flex: 1 }} />
        {/* Its spinner takes the rest props: named, so a screen reader hears what it is (axe aria-progressbar-name). */}
        <LoadingIndicator aria-label={t('portal.common.loading')} />
        <MerchantSwitcher compact={isSmall} />
        <LanguageSwitch />
        <NotificationBell />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}

/**
 * "DEMO" beside the brand while the server runs in demo mode (GET /health says so), so nobody takes a
 * demo server, whose codes are readable on the server, for production.
 */
function DemoBadge({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const api = usePortalApi();
  const health = useQuery({ queryKey: ['portal', 'demoMode'], queryFn: () => api.getHealth(), staleTime: Infinity, retry: false });
  if (!health.data?.demo) return null;
  const hint = t('portal.layout.demoBadgeHint');
  return (
    <Tooltip title={hint}>
      <Chip
        label={t('portal.layout.demoBadge')}
        color="warning"
        size="small"
        role="note"
        aria-label={`${t('portal.layout.demoBadge')}: ${hint}`}
        tabIndex={0}
        data-testid="demo-badge"
        // A phone's header has no width to spare: there the badge sits small under the brand, out of the row.
        sx={
          compact
            ? { position: 'absolute', left: 56, bottom: 2, height: 16, fontWeight: 700, '& .MuiChip-label': { px: 0.75, fontSize: 10 } }
            : { fontWeight: 700, letterSpacing: 1, flexShrink: 0, ml: 1 }
        }
      />
    </Tooltip>
  );
}

/** The current merchant's name; choosing it opens the choose-merchant page (spec §2 merchant switcher). */
function MerchantSwitcher({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const merchant = getCurrentMerchant();
  const name = merchant?.name ?? '';
  const label = t('portal.merchant.switchLabel', { name });
  const open = () => navigate(CHOOSE_MERCHANT_PATH, { state: { manual: true } });
  if (compact) {
    return (
      <Tooltip title={label}>
        <IconButton onClick={open} aria-label={label}>
          <StorefrontOutlined />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={<StorefrontOutlined aria-hidden />}
      onClick={open}
      aria-label={label}
      title={label}
      sx={{ maxWidth: 280, borderColor: 'divider' }}
      data-testid="merchant-switcher"
    >
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {name}
      </Box>
    </Button>
  );
}

/** The signed-in user: account info and logout (spec §2). */
function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const logout = useLogout();
  const { anchor, everOpened, open, close } = useLazyPopup();
  const menuId = useId();
  const buttonId = useId();
  const auth = getAuth();
  const display = auth?.name || auth?.username || '';

  return (
    <>
      <Tooltip title={t('portal.layout.account')}>
        <IconButton
          id={buttonId}
          onClick={open}
          aria-label={t('portal.layout.accountOf', { name: display })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
        >
          <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 16 }} aria-hidden>
            {display.charAt(0).toUpperCase()}
          </Avatar>
        </IconButton>
      </Tooltip>
      {/* The menu's code loads on the first open; it then stays mounted, so closing animates and the focus returns. */}
      {everOpened && (
        <Suspense fallback={null}>
          <AccountMenu
            id={menuId}
            buttonId={buttonId}
            anchor={anchor}
            onClose={close}
            name={display}
            username={auth?.username}
            onAccountInfo={() => navigate(pathOf('user-info', 'page'))}
            onLogout={() => void logout()}
          />
        </Suspense>
      )}
    </>
  );
}
