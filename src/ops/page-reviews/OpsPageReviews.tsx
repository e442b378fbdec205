import { publicPagePath } from '@/domain/publicPage';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { PAGE_LIMITS, PAGE_STATUSES, type PageStatus } from '@/domain/businessPages';
import { formatDateTime } from '@/domain/format';
import type { BusinessPage } from '@/dataProvider/api/businessPages';
import { usePortalApi } from '@/dataProvider/usePortalApi';

const T = 'portal.ops.pageReviews';
type Action = 'reject' | 'suspend';

/** Operator section page-reviews: the pages awaiting review (or in another status); approve, reject with a reason, suspend. */
export default function OpsPageReviews() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PageStatus>('PENDING_REVIEW');
  const [asking, setAsking] = useState<{ page: BusinessPage; action: Action } | null>(null);
  const [reason, setReason] = useState('');
  const key = ['ops', 'page-reviews', status];
  const { data, isPending, isError } = useQuery({ queryKey: key, queryFn: () => api.getPageReviewQueue(status) });
  const act = async (page: BusinessPage, action: 'approve' | Action, why?: string) => {
    try {
      await api.reviewBusinessPage(page.id, action, why);
      setAsking(null);
      setReason('');
    } catch {
      // The httpClient has shown the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: ['ops', 'page-reviews'] });
  };
  return (
    <Box>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t(`${T}.title`)}
      </Typography>
      <TextField select size="small" sx={{ minWidth: 220, mb: 2 }} label={t(`${T}.status`)} value={status} onChange={(e) => setStatus(e.target.value as PageStatus)}>
        {PAGE_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`resources.business-page.status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      {isPending && <PageLoader />}
      {isError && <Alert severity="error">{t(`${T}.loadFailed`)}</Alert>}
      {data && data.length === 0 && <Alert severity="info">{t(`${T}.empty`)}</Alert>}
      {data && data.length > 0 && (
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
              {data.map((page) => (
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
      )}
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby="ops-page-reason-title" fullWidth maxWidth="sm">
        <DialogTitle id="ops-page-reason-title">{asking ? `${t(`${T}.${asking.action}`)}: ${asking.page.name}` : ''}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 1 }}
            label={t(`${T}.reason`)}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: PAGE_LIMITS.rejectReasonMaxLength } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{t(`${T}.cancel`)}</Button>
          <Button variant="contained" color="error" disabled={!reason.trim()} onClick={() => asking && void act(asking.page, asking.action, reason.trim())}>
            {t(`${T}.confirm`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
