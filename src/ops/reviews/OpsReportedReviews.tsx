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
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { formatDateTime } from '@/domain/format';
import { publicPagePath } from '@/domain/publicPage';
import { MODERATION_REASON_MAX_LENGTH, REPORTED_REVIEW_STATES, type ModerationOutcome, type ReportedReview, type ReportedReviewState } from '@/domain/reviewModeration';
import { usePortalApi } from '@/dataProvider/usePortalApi';

const T = 'portal.ops.reportedReviews';
const ACTION: Record<ModerationOutcome, 'hide' | 'dismiss'> = { HIDDEN: 'hide', DISMISSED: 'dismiss' };

/**
 * Operator section reported-reviews: reviews merchants reported as abusive, across merchants. The operator
 * hides one from the public page or dismisses the report, with a reason the merchant reads on the review.
 */
export default function OpsReportedReviews() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ReportedReviewState>('OPEN');
  const [asking, setAsking] = useState<{ review: ReportedReview; outcome: ModerationOutcome } | null>(null);
  const [reason, setReason] = useState('');
  const { data, isPending, isError } = useQuery({ queryKey: ['ops', 'reported-reviews', state], queryFn: () => api.getReportedReviews(state) });
  const decide = async () => {
    if (!asking) return;
    try {
      await api.decideReportedReview(asking.review.id, { outcome: asking.outcome, reason: reason.trim() });
      setAsking(null);
      setReason('');
    } catch {
      // The httpClient has shown the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: ['ops', 'reported-reviews'] });
  };
  return (
    <Box>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t(`${T}.title`)}
      </Typography>
      <TextField select size="small" sx={{ minWidth: 220, mb: 2 }} label={t(`${T}.state`)} value={state} onChange={(e) => setState(e.target.value as ReportedReviewState)}>
        {REPORTED_REVIEW_STATES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`${T}.states.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      {isPending && <PageLoader />}
      {isError && <Alert severity="error">{t(`${T}.loadFailed`)}</Alert>}
      {data && data.length === 0 && <Alert severity="info">{t(`${T}.empty`)}</Alert>}
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t(`${T}.title`)}>
        {data?.map((review) => (
          <Paper key={review.id} component="li" variant="outlined" sx={{ p: 2 }} data-testid={`reported-review-${review.id}`}>
            <Typography variant="subtitle2">
              {review.pageName} · {review.merchantName}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {publicPagePath(review.pageSlug)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2">{review.customerName}</Typography>
              <Rating value={review.stars} readOnly size="small" aria-label={t(`${T}.stars`, { n: review.stars })} />
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(review.createdAt)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }} data-testid="reported-review-body">
              {review.body}
            </Typography>
            {review.photoUrl && <Box component="img" src={review.photoUrl} alt="" sx={{ mt: 1, maxHeight: 120, maxWidth: '100%', borderRadius: 1 }} />}
            {review.reply && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t(`${T}.pageReply`, { reply: review.reply })}
              </Typography>
            )}
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t(`${T}.reportedBy`, { user: review.reportedBy ?? '', date: formatDateTime(review.reportedAt), reason: review.reportReason })}
            </Alert>
            {review.decision ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t(`${T}.decidedBy`, {
                  outcome: t(`${T}.states.${review.decision.outcome}`),
                  user: review.decision.operator ?? '',
                  date: formatDateTime(review.decision.decidedAt),
                  reason: review.decision.reason,
                })}
              </Alert>
            ) : (
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                {(['HIDDEN', 'DISMISSED'] as const).map((outcome) => (
                  <Button
                    key={outcome}
                    size="small"
                    variant={outcome === 'HIDDEN' ? 'contained' : 'outlined'}
                    color={outcome === 'HIDDEN' ? 'error' : 'primary'}
                    onClick={() => setAsking({ review, outcome })}
                    aria-label={t(`${T}.${ACTION[outcome]}One`, { name: review.customerName, page: review.pageName })}
                  >
                    {t(`${T}.${ACTION[outcome]}`)}
                  </Button>
                ))}
              </Stack>
            )}
          </Paper>
        ))}
      </Stack>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby="ops-reported-review-title" fullWidth maxWidth="sm">
        <DialogTitle id="ops-reported-review-title">{asking ? t(`${T}.dialogTitle`, { action: t(`${T}.${ACTION[asking.outcome]}`), page: asking.review.pageName }) : ''}</DialogTitle>
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
            slotProps={{ htmlInput: { maxLength: MODERATION_REASON_MAX_LENGTH } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{t(`${T}.cancel`)}</Button>
          <Button variant="contained" color="error" disabled={!reason.trim()} onClick={() => void decide()}>
            {t(`${T}.confirm`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
