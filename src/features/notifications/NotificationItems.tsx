import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { NotificationItem } from '@/domain/notifications';
import { formatDateTime } from '@/domain/format';
import { notificationText } from './notificationText';

/**
 * The bell's list, newest first, unread ones marked. Loaded when the bell first opens (React.lazy in
 * NotificationBell): the date formatting it needs is not part of every screen's download.
 */
export default function NotificationItems({
  items,
  labelledBy,
  onOpen,
}: {
  items: readonly NotificationItem[];
  labelledBy: string;
  onOpen: (item: NotificationItem) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }} aria-labelledby={labelledBy}>
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
  );
}
