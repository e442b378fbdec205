import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { MessagePage } from '@/dataProvider/api/messageManagement';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';

/** i18n prefix of the message-management screens. */
export const M = 'resources.message-management';

export const mmKey = (...parts: (string | number | undefined)[]) => ['message-management', ...parts];

/** The page of the route's `:id` (from the caller's page list: its name and whether the caller may change things). */
export function useMessagePage(): { pageId: number; page: MessagePage | undefined; isError: boolean } {
  const api = usePortalApi();
  const { id = '' } = useParams();
  const pages = useQuery({ queryKey: mmKey('pages'), queryFn: () => api.messagePages() });
  const pageId = Number(id);
  return { pageId, page: pages.data?.find((p) => p.id === pageId), isError: pages.isError };
}

/** The screen's title (with the page's name) and the way back to the page list. */
export function ScreenHeader({ resource, page }: { resource: string; page: MessagePage | undefined }) {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const title = `${translate(`resources.${resource}.name`)}${page ? ` · ${page.name}` : ''}`;
  return (
    <>
      <Title title={title} />
      <Stack direction="row" spacing={2} sx={{ mt: 2, mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={pathOf('message-management', 'page')}>
          {translate(`${M}.back`)}
        </Link>
      </Stack>
    </>
  );
}
