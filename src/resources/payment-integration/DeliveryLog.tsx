import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import { TablePager } from '@/components/TablePager';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '@/domain/api';
import { formatDateTime, formatNumber } from '@/domain/format';
import type { WebhookDelivery } from '@/domain/paymentIntegration';
import { getLanguage } from '@/i18n';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { integrationKeys } from './queryKeys';

const T = 'resources.payment-integration';
/** While a delivery waits, the log looks again this often. */
const REFRESH_MS = 3_000;

const statusColor = (s: WebhookDelivery['status']) => (s === 'DELIVERED' ? 'success' : s === 'FAILED' ? 'error' : 'default');

export function DeliveryLog({ merchantId }: { merchantId: number | null }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const log = useQuery({
    queryKey: integrationKeys.deliveries(merchantId, page, pageSize),
    queryFn: () => api.getWebhookDeliveries({ pageNumber: page, pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.content.some((d) => d.status === 'PENDING' || d.status === 'SENDING') ? REFRESH_MS : false),
  });
  const resend = useMutation({
    mutationFn: (id: number) => api.resendWebhookDelivery(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveriesAll(merchantId) }),
  });
  const rows = log.data?.content ?? [];
  const lng = getLanguage();

  return (
    <Stack spacing={1}>
      <Typography color="text.secondary">{translate(`${T}.deliveries.intro`)}</Typography>
      <TableContainer>
        <Table size="small" aria-label={translate(`${T}.tabs.deliveries`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${T}.deliveries.time`)}</TableCell>
              <TableCell>{translate(`${T}.deliveries.environment`)}</TableCell>
              <TableCell>{translate(`${T}.deliveries.event`)}</TableCell>
              <TableCell>{translate(`${T}.deliveries.status`)}</TableCell>
              <TableCell align="right">{translate(`${T}.deliveries.httpStatus`)}</TableCell>
              <TableCell align="right">{translate(`${T}.deliveries.latency`)}</TableCell>
              <TableCell align="right">{translate(`${T}.deliveries.attempts`)}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={8}>{log.isPending ? translate('ra.page.loading') : translate(`${T}.deliveries.empty`)}</TableCell>
              </TableRow>
            )}
            {rows.map((d) => (
              <TableRow key={d.id} data-testid="delivery-row">
                <TableCell>{formatDateTime(d.lastAttemptAt ?? d.createdAt)}</TableCell>
                <TableCell>{translate(`${T}.environments.${d.environment}`)}</TableCell>
                <TableCell>
                  <Typography variant="body2">{d.eventType}</Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                    {d.eventId}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Chip size="small" color={statusColor(d.status)} label={translate(`${T}.deliveries.statuses.${d.status}`)} />
                  {d.lastError && (
                    <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                      {d.lastError}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{d.lastHttpStatus ?? '-'}</TableCell>
                <TableCell align="right">{d.lastLatencyMs === null ? '-' : translate(`${T}.deliveries.latencyValue`, { value: formatNumber(d.lastLatencyMs, lng) })}</TableCell>
                <TableCell align="right">{d.attempts}</TableCell>
                <TableCell>
                  {(d.status === 'DELIVERED' || d.status === 'FAILED') && (
                    <Button size="small" disabled={resend.isPending} onClick={() => resend.mutate(d.id)}>
                      {translate(`${T}.deliveries.resend`)}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        count={log.data?.totalElements ?? 0}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
      />
    </Stack>
  );
}
