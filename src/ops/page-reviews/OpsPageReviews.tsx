import { publicPagePath } from '@/domain/publicPage';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAGE_LIMITS, PAGE_STATUSES, type PageStatus } from '@/domain/businessPages';
import { formatDateTime } from '@/domain/format';
import type { BusinessPage } from '@/dataProvider/api/businessPages';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { OpsQueue, ReasonDialog } from '../OpsQueue';

const T = 'portal.ops.pageReviews';
type Action = 'reject' | 'suspend';

/** Operator section page-reviews: the pages awaiting review (or in another status); approve, reject with a reason, suspend. */
export default function OpsPageReviews() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PageStatus>('PENDING_REVIEW');
  const [asking, setAsking] = useState<{ page: BusinessPage; action: Action } | null>(null);
  const query = useQuery({ queryKey: ['ops', 'page-reviews', status], queryFn: () => api.getPageReviewQueue(status) });
  const act = async (page: BusinessPage, action: 'approve' | Action, why?: string) => {
    let done = false;
    try {
      await api.reviewBusinessPage(page.id, action, why);
      setAsking(null);
      done = true;
    } catch {
      // The httpClient has shown the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: ['ops', 'page-reviews'] });
    return done;
  };
  return (
    <OpsQueue
      prefix={T}
      filterLabel={t(`${T}.status`)}
      states={PAGE_STATUSES}
      state={status}
      stateLabel={(s) => t(`resources.business-page.status.${s}`)}
      onState={setStatus}
      query={query}
    >
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t(`${T}.title`)}>
          <TableHead>
            <TableRow>
              <TableCell>{t('resources.business-page.columns.page')}</TableCell>
              <TableCell>{t(`${T}.merchant`)}</TableCell>
              <TableCell>{t('resources.business-page.fields.description')}</TableCell>
              <TableCell>{t(`${T}.submittedAt`)}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {query.data?.map((page) => (
              <TableRow key={page.id}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {page.avatarUrl && <Box component="img" src={page.avatarUrl} alt="" sx={{ width: 32, height: 32, borderRadius: '50%' }} />}
                    <span>
                      {page.name} <Typography variant="caption" color="text.secondary">{publicPagePath(page.slug)}</Typography>
                    </span>
                  </Stack>
                </TableCell>
                <TableCell>{page.merchantName}</TableCell>
                <TableCell sx={{ maxWidth: 320 }}>{page.description}</TableCell>
                <TableCell>{page.submittedAt ? formatDateTime(page.submittedAt) : '-'}</TableCell>
                <TableCell>
                  {page.status === 'PENDING_REVIEW' && (
                    <>
                      <Button size="small" variant="contained" onClick={() => void act(page, 'approve')} aria-label={`${t(`${T}.approve`)} ${page.name}`}>
                        {t(`${T}.approve`)}
                      </Button>{' '}
                      <Button size="small" color="error" onClick={() => setAsking({ page, action: 'reject' })} aria-label={`${t(`${T}.reject`)} ${page.name}`}>
                        {t(`${T}.reject`)}
                      </Button>
                    </>
                  )}
                  {page.status === 'ACTIVE' && (
                    <Button size="small" color="error" onClick={() => setAsking({ page, action: 'suspend' })} aria-label={`${t(`${T}.suspend`)} ${page.name}`}>
                      {t(`${T}.suspend`)}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <ReasonDialog
        title={asking ? `${t(`${T}.${asking.action}`)}: ${asking.page.name}` : null}
        prefix={T}
        maxLength={PAGE_LIMITS.rejectReasonMaxLength}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => (asking ? act(asking.page, asking.action, reason) : Promise.resolve(false))}
      />
    </OpsQueue>
  );
}
