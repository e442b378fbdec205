import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { PostStatus } from '@/domain/pageContent';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';

export const R = 'resources.content-management';
export const contentKey = (...parts: (string | number | undefined)[]) => ['page-content', ...parts];

/** The page id of the route (`:id`). */
export function usePageId(): number {
  const { id = '' } = useParams();
  return Number(id);
}

/** The merchant's pages with their content figures (content-management). */
export function useContentPages() {
  const api = usePortalApi();
  return useQuery({ queryKey: contentKey('pages'), queryFn: () => api.getContentPages() });
}

const TABS = ['content-posts', 'content-reviews', 'content-stories'] as const;

/** Title, way back to the page list and the posts / reviews / stories tabs of one page. */
export function PageContentHeader({ current }: { current: (typeof TABS)[number] }) {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const pageId = usePageId();
  const { data } = useContentPages();
  const page = data?.find((p) => p.id === pageId);
  const title = `${translate(`resources.${current}.name`)}${page ? ` · ${page.name}` : ''}`;
  return (
    <>
      <Title title={title} />
      <Breadcrumbs sx={{ mt: 2 }}>
        <Link component={RouterLink} to={pathOf('content-management', 'page')}>
          {translate('resources.content-management.name')}
        </Link>
        <Typography color="text.primary">{page?.name ?? ''}</Typography>
      </Breadcrumbs>
      <Tabs value={current} sx={{ mb: 2 }} aria-label={translate(`${R}.tabs`)}>
        {TABS.map((tab) => (
          <Tab key={tab} value={tab} label={translate(`resources.${tab}.name`)} component={RouterLink} to={pathOf(tab, 'page', { id: pageId })} />
        ))}
      </Tabs>
    </>
  );
}

const STATUS_COLORS: Record<PostStatus, 'default' | 'info' | 'success' | 'warning'> = {
  DRAFT: 'default',
  SCHEDULED: 'info',
  PUBLISHED: 'success',
  HIDDEN: 'warning',
};

export function PostStatusChip({ status }: { status: PostStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLORS[status]} label={translate(`${R}.postStatus.${status}`)} />;
}
