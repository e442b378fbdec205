import { lazy, Suspense, useCallback, useId, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCanAccess } from 'react-admin';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { visuallyHidden } from '@mui/utils';
import type { Page } from '@/domain/api';
import { PAST_EXPORTS_PARAM, type NotificationItem, type NotificationSummary } from '@/domain/notifications';
import { getChosenMerchantId } from '@/authProvider/session';
import { CHOOSE_MERCHANT_PATH } from '@/authProvider/paths';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { notificationText, routerPathOf } from './notificationText';
import { NOTIFICATION_PREFERENCES_ID } from './preferencesAnchor';
import { useLiveNotifications } from './useLiveNotifications';

/** The list itself loads when the bell first opens. */
const NotificationItems = lazy(() => import('./NotificationItems'));

const PAGE_SIZE = 10;
/** While the live stream is down the unread count is asked for this often instead. */
const POLL_MS = 60_000;

export const notificationsQueryKey = (merchantId: number | null) => ['portal', 'notifications', merchantId] as const;

/**
 * The header bell (issue 15): the unread count of the chosen merchant's notifications and the user's
 * invitations, a list newest first with "load more", read on open, "mark all read", each leading to what it
 * is about; kept current by the live stream (polling the count while the stream is down).
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const api = usePortalApi();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const payoutReport = useCanAccess({ resource: 'payout-report', action: 'show' });
  const queryClient = useQueryClient();
  const merchantId = getChosenMerchantId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  /** The newest live notification, read out by screen readers (a polite live region). */
  const [announced, setAnnounced] = useState('');
  const popoverId = useId();
  const titleId = useId();
  const summaryKey = [...notificationsQueryKey(merchantId), 'summary'];
  const listKey = [...notificationsQueryKey(merchantId), 'list'];

  const onNotification = useCallback(
    (item: NotificationItem) => {
      queryClient.setQueryData<NotificationSummary>([...notificationsQueryKey(merchantId), 'summary'], (old) =>
        old && item.readAt === null ? { unread: old.unread + 1 } : old,
      );
      void queryClient.invalidateQueries({ queryKey: [...notificationsQueryKey(merchantId), 'list'] });
      setAnnounced(notificationText(i18n, item));
    },
    [queryClient, merchantId, i18n],
  );
  const { streamDown } = useLiveNotifications(merchantId, onNotification);

  const summary = useQuery({
    queryKey: summaryKey,
    queryFn: () => api.notificationSummary(),
    enabled: merchantId !== null,
    refetchInterval: streamDown ? POLL_MS : false,
  });
  const list = useInfiniteQuery({
    queryKey: listKey,
    queryFn: ({ pageParam }) => api.listNotifications(pageParam, PAGE_SIZE),
    initialPageParam: 0,
    getNextPageParam: (last: Page<NotificationItem>) =>
      (last.pageNumber + 1) * last.pageSize < last.totalElements ? last.pageNumber + 1 : undefined,
    enabled: merchantId !== null && Boolean(anchor),
  });

  const unread = summary.data?.unread ?? 0;
  const items = list.data?.pages.flatMap((page) => page.content) ?? [];
  const label = t('portal.notifications.bell', { count: unread });

  const markReadInCache = (id: number | 'all') => {
    const now = new Date().toISOString();
    queryClient.setQueryData<InfiniteData<Page<NotificationItem>>>(listKey, (old) =>
      old && {
        ...old,
        pages: old.pages.map((page) => ({
          ...page,
          content: page.content.map((n) => ((id === 'all' || n.id === id) && n.readAt === null ? { ...n, readAt: now } : n)),
        })),
      },
    );
  };

  /**
   * Where an item leads: a payout to its detail in the payout report (for those who may see it), an export to
   * its report's list with its past exports open (the file is there), others to their link.
   */
  const pathFor = (item: NotificationItem): string | null => {
    const { payoutId, report } = item.params;
    try {
      if ((item.kind === 'PAYOUT_DONE' || item.kind === 'PAYOUT_FAILED') && typeof payoutId === 'number' && payoutReport.canAccess) {
        return pathOf('payout-report', 'show', { id: payoutId });
      }
      if (item.kind === 'EXPORT_READY' && typeof report === 'string') return `${pathOf(report, 'list')}?${PAST_EXPORTS_PARAM.name}=${PAST_EXPORTS_PARAM.value}`;
    } catch {
      // A screen this portal does not have: the notification's own link.
    }
    return routerPathOf(item.link);
  };

  const open = async (item: NotificationItem) => {
    setAnchor(null);
    if (item.readAt === null) {
      markReadInCache(item.id);
      queryClient.setQueryData<NotificationSummary>(summaryKey, (old) => old && { unread: Math.max(0, old.unread - 1) });
      await api.readNotification(item.id).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: summaryKey });
    }
    const path = pathFor(item);
    if (path) navigate(path, path === CHOOSE_MERCHANT_PATH ? { state: { manual: true } } : undefined);
  };

  const readAll = async () => {
    try {
      await api.readAllNotifications();
      markReadInCache('all');
      queryClient.setQueryData<NotificationSummary>(summaryKey, { unread: 0 });
    } catch {
      // Said in the list below: the count is reloaded.
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey(merchantId) });
    }
  };

  if (merchantId === null) return null;
  const spinner = (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress size={24} aria-label={t('portal.notifications.loading')} />
    </Box>
  );
  return (
    <>
      <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="notification-announcer">
        {announced}
      </Box>
      <Tooltip title={label}>
        <IconButton
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
          aria-label={label}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          data-testid="notification-bell"
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-count" data-count={unread}>
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 380, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 4, py: 2, gap: 2 }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('portal.notifications.title')}
          </Typography>
          <Button size="small" onClick={() => void readAll()} disabled={unread === 0}>
            {t('portal.notifications.readAll')}
          </Button>
        </Stack>
        <Divider />
        {list.isPending ? (
          spinner
        ) : list.isError ? (
          <Stack sx={{ p: 4, gap: 2, alignItems: 'flex-start' }}>
            <Typography role="alert">{t('portal.notifications.loadError')}</Typography>
            <Button size="small" onClick={() => void list.refetch()}>
              {t('portal.common.retry')}
            </Button>
          </Stack>
        ) : items.length === 0 ? (
          <Typography sx={{ p: 4, color: 'text.secondary' }}>{t('portal.notifications.empty')}</Typography>
        ) : (
          <Suspense fallback={spinner}>
            <NotificationItems items={items} labelledBy={titleId} onOpen={(item) => void open(item)} />
          </Suspense>
        )}
        {list.hasNextPage && (
          <>
            <Divider />
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
              <Button size="small" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {t('portal.notifications.loadMore')}
              </Button>
            </Box>
          </>
        )}
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <Button
            size="small"
            onClick={() => {
              setAnchor(null);
              navigate({ pathname: pathOf('user-info', 'page'), hash: NOTIFICATION_PREFERENCES_ID });
            }}
          >
            {t('portal.notifications.preferences')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
