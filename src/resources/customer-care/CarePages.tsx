import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@/domain/format';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { PageListTable } from '@/features/page-list/PageListTable';
import { usePathOf } from '@/resourceConfig';
import { careKey, lang, R } from './shared';

/** Spec §2 customer-care-management: the pages the caller cares for, with followers, chatting customers, broadcasts. */
export default function CarePages() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const lng = lang();
  return (
    <PageListTable
      prefix={R}
      query={useQuery({ queryKey: careKey('pages'), queryFn: () => api.carePages() })}
      columns={[
        { key: 'followers', cell: (page) => formatNumber(page.followers, lng) },
        { key: 'chatting', cell: (page) => formatNumber(page.chatting, lng) },
        { key: 'broadcasts', cell: (page) => formatNumber(page.broadcasts, lng) },
      ]}
      links={(page) => [
        { label: translate(`${R}.openDemographics`), to: pathOf('care-demographic', 'page', { id: page.id }) },
        { label: translate(`${R}.openBroadcasts`), to: pathOf('care-broadcasts', 'page', { id: page.id }) },
      ]}
    />
  );
}
