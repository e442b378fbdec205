import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PagedTable, usePaging } from '@/components/PagedTable';
import { PageLoader } from '@/components/PageLoader';
import { RECIPIENT_STATES, type BroadcastFigures, type RecipientState } from '@/domain/customerCare';
import { formatNumber } from '@/domain/format';
import { formatVietnamDateTime } from '@/domain/time';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { CareHeader, careKey, lang, R, STATUS_COLORS, useCarePage } from './shared';

const K = `${R}.detail`;
const FIGURES = ['audienceSize', 'sent', 'delivered', 'read', 'replied', 'unsubscribed', 'deferred', 'skippedCap', 'skippedUnsubscribed'] as const satisfies readonly (keyof BroadcastFigures)[];
const when = (iso: string | null) => (iso ? formatVietnamDateTime(new Date(iso)).slice(0, 16) : '—');

/**
 * Spec §2 {id}/broadcast/{broadcastId}: a broadcast's message and figures (sent, delivered, read,
 * replied, unsubscribed, and who waits or was skipped), its recipients paged with their state, and cancel
 * while it is still scheduled. Figures refresh while it is being sent.
 */
export default function BroadcastDetail() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const { pageId, page } = useCarePage();
  const broadcastId = Number(useParams().broadcastId ?? '');
  const paging = usePaging();
  const [state, setState] = useState<RecipientState | ''>('');
  const [confirming, setConfirming] = useState(false);
  const lng = lang();
  const detail = useQuery({
    queryKey: careKey('broadcast', pageId, broadcastId),
    queryFn: () => api.careBroadcast(pageId, broadcastId),
    refetchInterval: (q) => (q.state.data?.status === 'SENT' || q.state.data?.status === 'CANCELLED' ? false : 3000),
  });
  const recipients = useQuery({
    queryKey: careKey('recipients', pageId, broadcastId, state, paging.page, paging.pageSize, detail.data?.figures.sent),
    queryFn: () => api.broadcastRecipients(pageId, broadcastId, { state: state || undefined, pageNumber: paging.page, pageSize: paging.pageSize }),
    placeholderData: keepPreviousData,
  });
  const b = detail.data;

  const cancel = async () => {
    setConfirming(false);
    try {
      await api.cancelBroadcast(pageId, broadcastId);
    } catch {
      // The httpClient has shown the server's message (it has already started).
    }
    await queryClient.invalidateQueries({ queryKey: careKey() });
  };

  return (
    <>
      <CareHeader resource="care-broadcast" page={page} />
      {detail.isPending && <PageLoader />}
      {detail.isError && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
      {b && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography component="h2" variant="h6" data-testid="broadcast-name">
              {b.name}
            </Typography>
            <Chip size="small" color={STATUS_COLORS[b.status]} label={translate(`${R}.status.${b.status}`)} data-testid="broadcast-status" />
            <Box sx={{ flex: 1 }} />
            {b.status === 'SCHEDULED' && page?.canSend && (
              <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
                {translate(`${K}.cancel`)}
              </Button>
            )}
            <Button component={RouterLink} to={pathOf('care-broadcasts', 'page', { id: pageId })}>
              {translate(`${K}.backToList`)}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate(`${K}.schedule`, { at: when(b.scheduledAt), by: b.createdByName ?? '—' })}
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' }, m: 0 }}>
            {FIGURES.map((f) => (
              <Paper key={f} variant="outlined" sx={{ p: 1.5 }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {translate(`${R}.figures.${f}`)}
                </Typography>
                <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`figure-${f}`}>
                  {b.figures[f] === null ? '—' : formatNumber(b.figures[f], lng)}
                </Typography>
              </Paper>
            ))}
          </Box>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle2" component="h3">
              {translate(`${K}.message`)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }}>
              {b.message}
            </Typography>
            {b.image && <Typography variant="body2" sx={{ mt: 1 }}>{translate(`${K}.image`, { name: b.image.name })}</Typography>}
            {b.paymentLink && <Typography variant="body2" sx={{ mt: 1 }}>{translate(`${K}.paymentLink`, { title: b.paymentLink.title, code: b.paymentLink.code })}</Typography>}
          </Paper>
          <Paper variant="outlined">
            <Stack direction="row" sx={{ p: 2, pb: 0, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="subtitle1" component="h3">
                {translate(`${K}.recipients`)}
              </Typography>
              <TextField
                select
                size="small"
                label={translate(`${K}.stateFilter`)}
                value={state}
                onChange={(e) => {
                  setState(e.target.value as RecipientState | '');
                  paging.reset();
                }}
                sx={{ minWidth: 220 }}
              >
                <MenuItem value="">{translate(`${K}.allStates`)}</MenuItem>
                {RECIPIENT_STATES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {translate(`${R}.recipientState.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <PagedTable
              label={translate(`${K}.recipients`)}
              rows={recipients.data?.content}
              rowKey={(r) => r.customerId}
              total={recipients.data?.totalElements ?? 0}
              paging={paging}
              emptyText={translate(b.status === 'SCHEDULED' ? `${K}.notStarted` : `${K}.noRecipients`)}
              columns={[
                { key: 'customer', header: translate(`${K}.columns.customer`), cell: (r) => r.customerName },
                { key: 'phone', header: translate(`${K}.columns.phone`), cell: (r) => r.phone ?? '—' },
                { key: 'state', header: translate(`${K}.columns.state`), cell: (r) => translate(`${R}.recipientState.${r.state}`) },
                { key: 'when', header: translate(`${K}.columns.when`), cell: (r) => (r.state === 'SENT' ? when(r.sentAt) : r.state === 'DEFERRED' ? when(r.dueAt) : '—') },
                { key: 'delivered', header: translate(`${K}.columns.delivered`), cell: (r) => when(r.deliveredAt) },
                { key: 'read', header: translate(`${K}.columns.read`), cell: (r) => when(r.readAt) },
                { key: 'replied', header: translate(`${K}.columns.replied`), cell: (r) => translate(r.replied ? `${K}.yes` : `${K}.no`) },
              ]}
            />
          </Paper>
        </Stack>
      )}
      <ConfirmDialog open={confirming} destructive content={b ? translate(`${K}.confirmCancel`, { name: b.name }) : undefined} onClose={() => setConfirming(false)} onConfirm={() => void cancel()} />
    </>
  );
}
