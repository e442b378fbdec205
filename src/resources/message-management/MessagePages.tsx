import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@/domain/format';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { PageListTable } from '@/features/page-list/PageListTable';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { M, mmKey } from './shared';

/** Spec §2 message-management: the pages the caller manages messages for, with their templates and FAQ entries. */
export default function MessagePages() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const lng = getLanguage();
  return (
    <PageListTable
      prefix={M}
      query={useQuery({ queryKey: mmKey('pages'), queryFn: () => api.messagePages() })}
      columns={[
        { key: 'templates', cell: (page) => formatNumber(page.templates, lng) },
        { key: 'faq', cell: (page) => formatNumber(page.faq, lng) },
      ]}
      links={(page) => [
        { label: translate(`${M}.openTemplates`), to: pathOf('message-chat-templates', 'page', { id: page.id }) },
        { label: translate(`${M}.openChatChannel`), to: pathOf('message-chat-channel', 'page', { id: page.id }) },
        { label: translate(`${M}.openFaqChannel`), to: pathOf('message-faq-channel', 'page', { id: page.id }) },
      ]}
    />
  );
}
