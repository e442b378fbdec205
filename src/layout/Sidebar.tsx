import { useState, type ReactElement, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import { useTranslation } from 'react-i18next';
import { WELCOME_PATH } from '@/authProvider/paths';
import type { MenuItem } from './menu';

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_COLLAPSED_WIDTH = 72;
export const HEADER_HEIGHT = 64;
export const SIDEBAR_ID = 'portal-sidebar';

interface SidebarProps {
  items: MenuItem[];
  isPending: boolean;
  /** md and up: expanded (true) or collapsed to icons (false). */
  open: boolean;
  onExpand: () => void;
  /** Below md: the sidebar is an overlay, hidden until opened. */
  isSmall: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/**
 * Sidebar of spec §2: collapsible, an overlay hidden by default below 960 px (md), skeleton while the
 * server list loads. Built from the server entries matched to known routes (see menu.ts).
 */
export function Sidebar({ items, isPending, open, onExpand, isSmall, mobileOpen, onMobileClose }: SidebarProps) {
  const { t } = useTranslation();
  const collapsed = !isSmall && !open;
  const content = (
    <Box component="nav" aria-label={t('portal.layout.navigation')} sx={{ py: 2, overflowY: 'auto', overflowX: 'hidden', height: '100%' }}>
      {isPending ? (
        <SidebarSkeleton collapsed={collapsed} />
      ) : (
        <List disablePadding>
          {items.map((item) => (
            <SidebarEntry key={item.key} item={item} collapsed={collapsed} onExpand={onExpand} onNavigate={isSmall ? onMobileClose : undefined} depth={0} />
          ))}
        </List>
      )}
    </Box>
  );

  if (isSmall) {
    return (
      <Drawer
        id={SIDEBAR_ID}
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}
      >
        <Box sx={{ height: HEADER_HEIGHT, display: 'flex', alignItems: 'center', px: 4 }} />
        {content}
      </Drawer>
    );
  }

  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  return (
    <Drawer
      id={SIDEBAR_ID}
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        '& .MuiDrawer-paper': {
          width,
          position: 'sticky',
          top: HEADER_HEIGHT,
          height: `calc(100vh - ${HEADER_HEIGHT}px)`,
          boxSizing: 'border-box',
          transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        },
      }}
    >
      {content}
    </Drawer>
  );
}

function useItemLabel() {
  const { t } = useTranslation();
  return (item: MenuItem) => item.label || (item.labelKey ? t(item.labelKey) : '');
}

function isActive(item: MenuItem, pathname: string): boolean {
  if (item.to) return pathname === item.to || pathname.startsWith(`${item.to}/`);
  return (item.children ?? []).some((child) => isActive(child, pathname));
}

function WithTooltip({ show, title, children }: { show: boolean; title: string; children: ReactElement }) {
  return show ? (
    <Tooltip title={title} placement="right">
      {children}
    </Tooltip>
  ) : (
    children
  );
}

function SidebarEntry({
  item,
  collapsed,
  onExpand,
  onNavigate,
  depth,
}: {
  item: MenuItem;
  collapsed: boolean;
  onExpand: () => void;
  onNavigate?: () => void;
  depth: number;
}) {
  const label = useItemLabel()(item);
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  const [groupOpen, setGroupOpen] = useState(active);
  // Groups without a route of their own get a folder; an entry always has its resource's icon.
  const Icon = item.icon ?? (item.children ? FolderOutlined : CircleOutlined);
  const icon: ReactNode = (
    <ListItemIcon sx={{ minWidth: 40, color: active ? 'primary.main' : 'text.secondary' }}>
      <Icon fontSize={depth > 0 ? 'small' : 'medium'} aria-hidden />
    </ListItemIcon>
  );
  const sx = {
    mx: 2,
    borderRadius: 2,
    minHeight: 44,
    pl: collapsed ? 4 : 4 + depth * 4,
    '&.active': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 600 },
  } as const;

  if (item.children) {
    const listId = `${item.key}-children`;
    // The group's button and its sub-list sit in one <li>, so every child of a list is a list item.
    return (
      <ListItem disablePadding sx={{ display: 'block' }}>
        <WithTooltip show={collapsed} title={label}>
          <ListItemButton
            sx={sx}
            aria-expanded={collapsed ? false : groupOpen}
            aria-controls={listId}
            aria-label={collapsed ? label : undefined}
            onClick={() => {
              // Collapsed to icons, a group has nowhere to open: expand the sidebar with it.
              if (collapsed) {
                onExpand();
                setGroupOpen(true);
              } else setGroupOpen((value) => !value);
            }}
          >
            {icon}
            {!collapsed && <ListItemText primary={label} />}
            {!collapsed && (groupOpen ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />)}
          </ListItemButton>
        </WithTooltip>
        <Collapse in={groupOpen && !collapsed} timeout="auto" unmountOnExit>
          <List id={listId} disablePadding>
            {item.children.map((child) => (
              <SidebarEntry key={child.key} item={child} collapsed={collapsed} onExpand={onExpand} onNavigate={onNavigate} depth={depth + 1} />
            ))}
          </List>
        </Collapse>
      </ListItem>
    );
  }

  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <WithTooltip show={collapsed} title={label}>
        <ListItemButton
          component={NavLink}
          to={item.to ?? WELCOME_PATH}
          end={false}
          sx={sx}
          onClick={onNavigate}
          aria-label={collapsed ? label : undefined}
          data-resource={item.resource}
        >
          {icon}
          {/* Long names wrap onto a second line rather than being cut off with no way to read them. */}
          {!collapsed && <ListItemText primary={label} />}
        </ListItemButton>
      </WithTooltip>
    </ListItem>
  );
}

function SidebarSkeleton({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('portal.common.loading')} sx={{ px: 4 }}>
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <Box key={row} sx={{ display: 'flex', alignItems: 'center', gap: 4, height: 44 }}>
          <Skeleton variant="circular" width={24} height={24} />
          {!collapsed && <Skeleton width={`${60 + ((row * 13) % 30)}%`} />}
        </Box>
      ))}
    </Box>
  );
}
