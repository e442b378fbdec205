import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { PagedTable, usePaging } from '@/components/PagedTable';
import { formatDateTime, formatMoney } from '@/domain/format';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '@/domain/marketingCampaigns';
import type { Campaign } from '@/domain/marketingCampaigns';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { errorText, lang, M, MarketingFrame, mkKey, StatusChip, useMarketingPage, usePageId } from './shared';

/** Spec §2 marketing-management/{id}: the page's campaigns, newest first, filtered by status and paged. */
export default function PageCampaigns() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const pageId = usePageId();
  const page = useMarketingPage();
  const actions = page.data?.canManage ? (
    <>
      <Button component={RouterLink} to={pathOf('marketing-template', 'page', { id: pageId })} size="small" variant="outlined">
        {translate(`${M}.openTemplates`)}
      </Button>
      <Button component={RouterLink} to={pathOf('marketing-campaign-create', 'page', { id: pageId })} size="small" variant="contained" startIcon={<AddOutlined />}>
        {translate(`${M}.createCampaign`)}
      </Button>
    </>
  ) : null;
  return (
    <MarketingFrame resource="marketing-campaigns" pageName={page.data?.name} actions={actions}>
      <Campaigns />
    </MarketingFrame>
  );
}

function Campaigns() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const pageId = usePageId();
  const lng = lang();
  const paging = usePaging(10);
  const [status, setStatus] = useState<CampaignStatus | ''>('');
  const query = useQuery({
    queryKey: mkKey('campaigns', pageId, status, paging.page, paging.pageSize),
    queryFn: () => api.getMarketingCampaigns(pageId, { status: status || undefined, pageNumber: paging.page, pageSize: paging.pageSize }),
    placeholderData: (previous) => previous,
  });
  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        sx={{ maxWidth: 260 }}
        label={translate(`${M}.filterStatus`)}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as CampaignStatus | '');
          paging.reset();
        }}
      >
        <MenuItem value="">{translate(`${M}.allStatuses`)}</MenuItem>
        {CAMPAIGN_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`${M}.statuses.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      {query.isError && <Alert severity="error">{errorText(query.error) || translate(`${M}.loadFailed`)}</Alert>}
      <Paper variant="outlined">
        <PagedTable<Campaign>
          label={translate('resources.marketing-campaigns.name')}
          rows={query.data?.content}
          total={query.data?.totalElements ?? 0}
          paging={paging}
          rowKey={(c) => c.id}
          emptyText={translate(`${M}.noCampaigns`)}
          columns={[
            {
              key: 'name',
              header: translate(`${M}.columns.name`),
              cell: (c) => (
                <Link component={RouterLink} to={pathOf('marketing-campaign', 'page', { id: pageId, campaignId: c.id })}>
                  {c.name}
                </Link>
              ),
            },
            { key: 'status', header: translate(`${M}.columns.status`), cell: (c) => <StatusChip status={c.status} /> },
            { key: 'objective', header: translate(`${M}.columns.objective`), cell: (c) => translate(`${M}.objectives.${c.objective}`) },
            { key: 'schedule', header: translate(`${M}.columns.schedule`), cell: (c) => `${formatDateTime(c.startsAt)} – ${formatDateTime(c.endsAt)}` },
            { key: 'budget', header: translate(`${M}.columns.budget`), align: 'right', cell: (c) => `${formatMoney(c.budgetAmount, lng)} ${translate(`${M}.budgetKinds.${c.budgetKind}`)}` },
            { key: 'spent', header: translate(`${M}.columns.spent`), align: 'right', cell: (c) => formatMoney(c.spent, lng) },
          ]}
        />
      </Paper>
    </Stack>
  );
}
