import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@/domain/format';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { PageListTable } from '@/features/page-list/PageListTable';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';

export const R = 'resources.messages-management';

/** Spec §2 messages-management: the pages the caller chats for, with unread and open conversations. */
export default function ChatPages() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const lng = getLanguage();
  return (
    <PageListTable
      prefix={R}
      query={useQuery({ queryKey: ['live-chat', 'pages'], queryFn: () => api.liveChatPages() })}
      columns={[
        { key: 'unread', cell: (page) => formatNumber(page.unreadConversations, lng) },
        { key: 'open', cell: (page) => formatNumber(page.open, lng) },
      ]}
      links={(page) => [
        { label: translate(`${R}.openInbox`), to: pathOf('messages-client', 'page', { id: page.id }) },
        { label: translate(`${R}.openTags`), to: pathOf('messages-tag-management', 'page', { id: page.id }) },
        { label: translate(`${R}.openConfiguration`), to: pathOf('messages-configuration', 'page', { id: page.id }) },
      ]}
    />
  );
}
