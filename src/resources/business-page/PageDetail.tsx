import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { canDo } from '@/domain/businessPages';
import { usePathOf } from '@/resourceConfig';
import { BADGE_READERS } from '@/domain/pageBadges';
import { PageBadges } from './PageBadges';
import { PageStatusChip } from './PageList';
import { PagePermissions } from './PagePermissions';
import { PageSettings } from './PageSettings';
import { PageStores } from './PageStores';
import { R, useBusinessPage, usePageId } from './shared';

const TABS = [
  { key: 'setting-page', resource: 'business-page-settings' },
  { key: 'stores', resource: 'business-page-stores' },
  { key: 'permissions', resource: 'business-page-permissions' },
  { key: 'badge-gamification', resource: 'business-page-badges' },
] as const;

/** business-page/{id} with its nested settings tabs (the bare detail path shows setting-page). */
export default function PageDetail() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const pageId = usePageId();
  const { pathname } = useLocation();
  const { data: page, isPending, isError } = useBusinessPage(pageId);
  const current = pathname.includes('/permissions')
    ? 'permissions'
    : pathname.endsWith('/stores')
      ? 'stores'
      : pathname.endsWith('/badge-gamification')
        ? 'badge-gamification'
        : 'setting-page';
  if (isPending) return <PageLoader />;
  if (isError || !page) return <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>;
  // Badges are for page admins and analysts (the server refuses the others).
  const tabs = TABS.filter((tab) => tab.key !== 'badge-gamification' || (page.myRole !== undefined && BADGE_READERS.includes(page.myRole)));
  return (
    <>
      <Title title={page.name} />
      <Stack direction="row" spacing={2} sx={{ my: 2, alignItems: 'center' }}>
        <Typography component="h1" variant="h5">
          {page.name}
        </Typography>
        <PageStatusChip status={page.status} />
        {canDo(page.myRole, 'reports') && (
          <Button size="small" component={RouterLink} to={pathOf('report-overview', 'page', { id: page.id })}>
            {translate('resources.report-management.name')}
          </Button>
        )}
      </Stack>
      {page.rejectReason && (
        <Alert severity={page.status === 'SUSPENDED' ? 'error' : 'warning'} sx={{ mb: 2 }}>
          {translate(`${R}.review.${page.status === 'SUSPENDED' ? 'suspendedReason' : 'rejectedReason'}`, { reason: page.rejectReason })}
        </Alert>
      )}
      {page.status === 'PENDING_REVIEW' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(`${R}.review.pending`)}
        </Alert>
      )}
      <Tabs value={tabs.some((tab) => tab.key === current) ? current : false} aria-label={translate(`${R}.tabsLabel`)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {tabs.map((tab) => (
          <Tab key={tab.key} value={tab.key} label={translate(`${R}.tabs.${tab.key}`)} component={RouterLink} to={pathOf(tab.resource, 'page', { id: page.id })} />
        ))}
      </Tabs>
      {current === 'setting-page' && <PageSettings page={page} />}
      {current === 'stores' && <PageStores page={page} />}
      {current === 'permissions' && <PagePermissions page={page} creating={pathname.endsWith('/permissions/create')} />}
      {current === 'badge-gamification' && <PageBadges page={page} />}
    </>
  );
}
