import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Title, useNotify, useTranslate } from 'react-admin';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { PAGE_REPORT_TABS, type PageReportTab } from '@/domain/pageReports';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { DateRangeFilter } from '@/features/report-list';
import { downloadFile } from '@/files';
import { usePathOf } from '@/resourceConfig';
import { CustomerMessageReport } from './CustomerMessageReport';
import { OverviewReport } from './OverviewReport';
import { PostReport } from './PostReport';
import { ReconciliationReport } from './ReconciliationReport';
import { R, TAB_RESOURCES, usePageId, useReportPages, useReportRange } from './shared';

/** report-management/{id}/overview | post | customer-message | reconciliation: one page's reports. */
export default function PageReport() {
  const translate = useTranslate();
  const notify = useNotify();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const pageId = usePageId();
  const { pathname } = useLocation();
  const tab: PageReportTab = PAGE_REPORT_TABS.find((t) => pathname.endsWith(`/${t}`)) ?? 'overview';
  const [range, setRange] = useReportRange();
  const [busy, setBusy] = useState(false);
  const { data: pages } = useReportPages();
  const page = pages?.find((p) => p.id === pageId);
  const tabName = translate(`resources.${TAB_RESOURCES[tab]}.name`);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(() => api.exportPageReport(pageId, tab, range), { notify, t: translate, accept: ['text/csv'] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Title title={`${tabName}${page ? ` · ${page.name}` : ''}`} />
      <Breadcrumbs sx={{ mt: 2 }}>
        <Link component={RouterLink} to={pathOf('report-management', 'page')}>
          {translate(`${R}.name`)}
        </Link>
        <Typography color="text.primary">{page?.name ?? ''}</Typography>
      </Breadcrumbs>
      <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }} aria-label={translate(`${R}.tabs`)}>
        {PAGE_REPORT_TABS.map((t) => (
          <Tab key={t} value={t} label={translate(`resources.${TAB_RESOURCES[t]}.name`)} component={RouterLink} to={pathOf(TAB_RESOURCES[t], 'page', { id: pageId })} />
        ))}
      </Tabs>
      <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <DateRangeFilter value={range} onChange={(next) => setRange(next)} />
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} disabled={busy} onClick={download}>
          {translate(`${R}.exportCsv`)}
        </Button>
      </Stack>
      {tab === 'overview' && <OverviewReport pageId={pageId} range={range} />}
      {tab === 'post' && <PostReport pageId={pageId} range={range} />}
      {tab === 'customer-message' && <CustomerMessageReport pageId={pageId} range={range} />}
      {tab === 'reconciliation' && <ReconciliationReport pageId={pageId} range={range} />}
    </>
  );
}
