import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCanAccess } from 'react-admin';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { visuallyHidden } from '@mui/utils';
import type { Page } from '@/domain/api';
import { PAST_EXPORTS_PARAM, type NotificationItem, type NotificationSummary } from '@/domain/notifications';
import { getChosenMerchantId } from '@/authProvider/session';
import { CHOOSE_MERCHANT_PATH } from '@/authProvider/paths';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { useLazyPopup } from '@/components/useLazyPopup';
import { notificationText, routerPathOf } from './notificationText';
import { NOTIFICATION_PREFERENCES_ID } from './preferencesAnchor';
import { useLiveNotifications } from './useLiveNotifications';

/** The panel loads when the bell first opens. */
const NotificationPanel = lazy(() => import('./NotificationPanel'));

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
  const { anchor, everOpened, open: openPanel, close: closePanel } = useLazyPopup();
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
    closePanel();
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
  return (
    <>
      <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="notification-announcer">
        {announced}
      </Box>
      <Tooltip title={label}>
        <IconButton
          onClick={openPanel}
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
      {/* The panel's code loads on the first open; it then stays mounted, so closing animates and the focus returns. */}
      {everOpened && (
        <Suspense fallback={null}>
          <NotificationPanel
            id={popoverId}
            titleId={titleId}
            anchor={anchor}
            onClose={closePanel}
            unread={unread}
            items={items}
            isPending={list.isPending}
            isError={list.isError}
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            onRetry={() => void list.refetch()}
            onLoadMore={() => void list.fetchNextPage()}
            onReadAll={() => void readAll()}
            onOpen={(item) => void open(item)}
            onPreferences={() => {
              closePanel();
              navigate({ pathname: pathOf('user-info', 'page'), hash: NOTIFICATION_PREFERENCES_ID });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
