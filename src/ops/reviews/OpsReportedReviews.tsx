import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/domain/format';
import { publicPagePath } from '@/domain/publicPage';
import { MODERATION_REASON_MAX_LENGTH, REPORTED_REVIEW_STATES, type ModerationOutcome, type ReportedReview, type ReportedReviewState } from '@/domain/reviewModeration';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { OpsQueue, ReasonDialog } from '../OpsQueue';

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
  const query = useQuery({ queryKey: ['ops', 'reported-reviews', state], queryFn: () => api.getReportedReviews(state) });
  const decide = async (reason: string) => {
    if (!asking) return false;
    let done = false;
    try {
      await api.decideReportedReview(asking.review.id, { outcome: asking.outcome, reason });
      setAsking(null);
      done = true;
    } catch {
      // The httpClient has shown the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: ['ops', 'reported-reviews'] });
    return done;
  };
  return (
    <OpsQueue
      prefix={T}
      filterLabel={t(`${T}.state`)}
      states={REPORTED_REVIEW_STATES}
      state={state}
      stateLabel={(s) => t(`${T}.states.${s}`)}
      onState={setState}
      query={query}
    >
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t(`${T}.title`)}>
        {query.data?.map((review) => (
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
      <ReasonDialog
        title={asking ? t(`${T}.dialogTitle`, { action: t(`${T}.${ACTION[asking.outcome]}`), page: asking.review.pageName }) : null}
        prefix={T}
        maxLength={MODERATION_REASON_MAX_LENGTH}
        onClose={() => setAsking(null)}
        onConfirm={decide}
      />
    </OpsQueue>
  );
}
