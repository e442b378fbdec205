import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { BroadcastStatus, CarePage } from '@/domain/customerCare';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';

export const R = 'resources.customer-care-management';
export const careKey = (...parts: (string | number | undefined)[]) => ['customer-care', ...parts];
export const STATUS_COLORS: Record<BroadcastStatus, 'default' | 'info' | 'success' | 'warning'> = {
  SCHEDULED: 'info',
  SENDING: 'warning',
  SENT: 'success',
  CANCELLED: 'default',
};
export const lang = () => (getLanguage() === 'en' ? 'en' : 'vi');

/** The page id of the route (`:id`). */
export function usePageId(): number {
  const { id = '' } = useParams();
  return Number(id);
}

/** The page being cared for (from the list of the caller's pages: the server has checked the role). */
export function useCarePage(): { pageId: number; page: CarePage | undefined } {
  const pageId = usePageId();
  const api = usePortalApi();
  const pages = useQuery({ queryKey: careKey('pages'), queryFn: () => api.carePages() });
  return { pageId, page: pages.data?.find((p) => p.id === pageId) };
}

const TABS = [
  { resource: 'care-demographic', suffix: '/customer-demographic' },
  { resource: 'care-broadcasts', suffix: '/broadcast' },
] as const;

/** Title (screen · page), the way back to the pages, and the two tabs of a page. */
export function CareHeader({ resource, page }: { resource: string; page: CarePage | undefined }) {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const pageId = usePageId();
  const { pathname } = useLocation();
  const title = translate(`resources.${resource}.name`);
  const tab = pathname.includes('/broadcast') ? 'care-broadcasts' : 'care-demographic';
  return (
    <>
      <Title title={`${title}${page ? ` · ${page.name}` : ''}`} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Typography component="h1" variant="h6">
          {page ? page.name : title}
        </Typography>
        <Button component={RouterLink} to={pathOf('customer-care-management', 'page')} size="small">
          {translate(`${R}.back`)}
        </Button>
      </Stack>
      <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }} aria-label={translate(`${R}.tabs`)}>
        {TABS.map((t) => (
          <Tab key={t.resource} value={t.resource} label={translate(`resources.${t.resource}.name`)} component={RouterLink} to={pathOf(t.resource, 'page', { id: pageId })} />
        ))}
      </Tabs>
    </>
  );
}

/** `value`, once it has stopped changing for `ms` (live counts and previews while typing). */
export function useDebounced<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
