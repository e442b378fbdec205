import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NotificationItem } from '@/domain/notifications';
import { formatDateTime } from '@/domain/format';
import { notificationText } from './notificationText';

interface NotificationPanelProps {
  id: string;
  titleId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  unread: number;
  items: readonly NotificationItem[];
  /** The list query's state. */
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onRetry: () => void;
  onLoadMore: () => void;
  onReadAll: () => void;
  onOpen: (item: NotificationItem) => void;
  onPreferences: () => void;
}

/**
 * The bell's panel: the list newest first (unread ones marked), "load more", "mark all read" and the way to
 * the preferences. Its own chunk, loaded when the bell first opens (React.lazy in NotificationBell): MUI's
 * popover and the date formatting are not part of every screen's download.
 */
export default function NotificationPanel({
  id,
  titleId,
  anchor,
  onClose,
  unread,
  items,
  isPending,
  isError,
  hasNextPage,
  isFetchingNextPage,
  onRetry,
  onLoadMore,
  onReadAll,
  onOpen,
  onPreferences,
}: NotificationPanelProps) {
  const { t, i18n } = useTranslation();
  return (
    <Popover
      id={id}
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 380, maxWidth: 'calc(100vw - 16px)' } } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 4, py: 2, gap: 2 }}>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('portal.notifications.title')}
        </Typography>
        <Button size="small" onClick={onReadAll} disabled={unread === 0}>
          {t('portal.notifications.readAll')}
        </Button>
      </Stack>
      <Divider />
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress size={24} aria-label={t('portal.notifications.loading')} />
        </Box>
      ) : isError ? (
        <Stack sx={{ p: 4, gap: 2, alignItems: 'flex-start' }}>
          <Typography role="alert">{t('portal.notifications.loadError')}</Typography>
          <Button size="small" onClick={onRetry}>
            {t('portal.common.retry')}
          </Button>
        </Stack>
      ) : items.length === 0 ? (
        <Typography sx={{ p: 4, color: 'text.secondary' }}>{t('portal.notifications.empty')}</Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }} aria-labelledby={titleId}>
          {items.map((item) => (
            <ListItemButton
              key={item.id}
              onClick={() => onOpen(item)}
              data-testid="notification-item"
              data-unread={item.readAt === null ? 'true' : 'false'}
              sx={{ alignItems: 'flex-start', gap: 2, bgcolor: item.readAt === null ? 'action.hover' : undefined }}
            >
              <Box
                aria-hidden
                sx={{ width: 8, height: 8, mt: 2, borderRadius: '50%', flexShrink: 0, bgcolor: item.readAt === null ? 'primary.main' : 'transparent' }}
              />
              <ListItemText
                primary={notificationText(i18n, item)}
                secondary={
                  item.readAt === null ? t('portal.notifications.unreadAt', { time: formatDateTime(item.createdAt) }) : formatDateTime(item.createdAt)
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere', fontWeight: item.readAt === null ? 600 : 400 } } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
      {hasNextPage && (
        <>
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <Button size="small" onClick={onLoadMore} disabled={isFetchingNextPage}>
              {t('portal.notifications.loadMore')}
            </Button>
          </Box>
        </>
      )}
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
        <Button size="small" onClick={onPreferences}>
          {t('portal.notifications.preferences')}
        </Button>
      </Box>
    </Popover>
  );
}
