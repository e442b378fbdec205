import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PagedTable, usePaging } from '@/components/PagedTable';
import { PageLoader } from '@/components/PageLoader';
import { BROADCAST_STATUSES, type BroadcastStatus, type BroadcastSummary } from '@/domain/customerCare';
import { formatNumber } from '@/domain/format';
import { formatVietnamDateTime } from '@/domain/time';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { CareHeader, careKey, lang, R, STATUS_COLORS, useCarePage } from './shared';

const K = `${R}.broadcasts`;

/** Spec §2 {id}/broadcast: the page's broadcasts, newest first, with status, audience and figures. */
export default function BroadcastList() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const { pageId, page } = useCarePage();
  const paging = usePaging();
  const [status, setStatus] = useState<BroadcastStatus | ''>('');
  const lng = lang();
  const query = useQuery({
    queryKey: careKey('broadcasts', pageId, status, paging.page, paging.pageSize),
    queryFn: () => api.careBroadcasts(pageId, { status: status || undefined, pageNumber: paging.page, pageSize: paging.pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  const n = (v: number | null) => (v === null ? '—' : formatNumber(v, lng));
  const figure = (key: 'sent' | 'delivered' | 'read' | 'replied' | 'unsubscribed') => ({
    key,
    header: translate(`${R}.figures.${key}`),
    align: 'right' as const,
    cell: (b: BroadcastSummary) => n(b.figures[key]),
  });
  // Only who may send sees the way to create (the server refuses the others anyway).
  const maySend = page?.canSend ?? false;

  return (
    <>
      <CareHeader resource="care-broadcasts" page={page} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <TextField
          select
          size="small"
          label={translate(`${K}.statusFilter`)}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as BroadcastStatus | '');
            paging.reset();
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate(`${K}.allStatuses`)}</MenuItem>
          {BROADCAST_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`${R}.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {maySend && (
          <Button variant="contained" component={RouterLink} to={pathOf('care-broadcast-create', 'page', { id: pageId })}>
            {translate(`${K}.create`)}
          </Button>
        )}
      </Stack>
      {query.isPending && <PageLoader />}
      {query.isError && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
      {query.data && (
        <Paper variant="outlined">
          <PagedTable
            label={translate(`resources.care-broadcasts.name`)}
            rows={query.data.content}
            rowKey={(b) => b.id}
            total={query.data.totalElements}
            paging={paging}
            emptyText={translate(`${K}.empty`)}
            columns={[
              {
                key: 'name',
                header: translate(`${K}.columns.name`),
                cell: (b) => (
                  <Link component={RouterLink} to={pathOf('care-broadcast', 'page', { id: pageId, broadcastId: b.id })}>
                    {b.name}
                  </Link>
                ),
              },
              { key: 'status', header: translate(`${K}.columns.status`), cell: (b) => <Chip size="small" color={STATUS_COLORS[b.status]} label={translate(`${R}.status.${b.status}`)} /> },
              { key: 'scheduledAt', header: translate(`${K}.columns.scheduledAt`), cell: (b) => formatVietnamDateTime(new Date(b.scheduledAt)).slice(0, 16) },
              { key: 'audience', header: translate(`${R}.figures.audienceSize`), align: 'right', cell: (b) => n(b.figures.audienceSize) },
              figure('sent'),
              figure('delivered'),
              figure('read'),
              figure('replied'),
              figure('unsubscribed'),
            ]}
          />
        </Paper>
      )}
    </>
  );
}
