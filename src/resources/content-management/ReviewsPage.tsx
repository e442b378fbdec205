import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { TablePager } from '@/components/TablePager';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/domain/api';
import { formatDateTime, formatNumber } from '@/domain/format';
import { CONTENT_LIMITS, type ReviewRow, type ReviewSummary } from '@/domain/pageContent';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { contentKey, PageContentHeader, R, usePageId } from './shared';

const STARS = [5, 4, 3, 2, 1] as const;

function Summary({ summary }: { summary: ReviewSummary }) {
  const translate = useTranslate();
  const lng = getLanguage();
  return (
    <Paper variant="outlined" component="section" aria-label={translate(`${R}.reviews.summary`)} sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4}>
        <Box>
          <Typography variant="h3" component="p" data-testid="review-average">
            {summary.average === null ? '–' : summary.average.toLocaleString(lng === 'en' ? 'en-US' : 'vi-VN')}
          </Typography>
          <Rating value={summary.average ?? 0} precision={0.1} readOnly />
          <Typography variant="body2" color="text.secondary">
            {translate(`${R}.reviews.count`, { total: formatNumber(summary.count, lng), unanswered: formatNumber(summary.unanswered, lng) })}
          </Typography>
        </Box>
        <Box sx={{ flex: 1 }} component="dl">
          {STARS.map((star) => {
            const n = summary.distribution[String(star) as keyof ReviewSummary['distribution']];
            return (
              <Stack key={star} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography component="dt" variant="body2" sx={{ width: 64 }}>
                  {translate(`${R}.reviews.stars`, { n: star })}
                </Typography>
                <LinearProgress variant="determinate" value={summary.count ? (n / summary.count) * 100 : 0} sx={{ flex: 1 }} aria-hidden />
                <Typography component="dd" variant="body2" sx={{ width: 48, m: 0, textAlign: 'right' }}>
                  {formatNumber(n, lng)}
                </Typography>
              </Stack>
            );
          })}
        </Box>
      </Stack>
    </Paper>
  );
}

function ReviewItem({ pageId, review, onChanged }: { pageId: number; review: ReviewRow; onChanged: () => Promise<void> }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const [mode, setMode] = useState<'reply' | 'report' | null>(null);
  const [text, setText] = useState('');
  const open = (next: 'reply' | 'report') => {
    setMode(next);
    setText(next === 'reply' ? (review.reply?.body ?? '') : '');
  };
  const send = async () => {
    try {
      if (mode === 'reply') await api.saveReviewReply(pageId, review.id, text, review.reply !== null);
      else await api.reportReview(pageId, review.id, text);
      setMode(null);
      await onChanged();
    } catch {
      // The httpClient has shown the server's message.
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`review-${review.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{review.customerName}</Typography>
        <Rating value={review.stars} readOnly size="small" aria-label={translate(`${R}.reviews.stars`, { n: review.stars })} />
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(review.createdAt)}
        </Typography>
        {!review.reply && <Chip size="small" color="warning" label={translate(`${R}.reviews.unanswered`)} />}
        {review.reported && !review.moderation && <Chip size="small" color="error" label={translate(`${R}.reviews.reported`)} />}
        {review.moderation && (
          <Chip size="small" color={review.moderation.outcome === 'HIDDEN' ? 'default' : 'info'} label={translate(`${R}.reviews.moderation.${review.moderation.outcome}`)} />
        )}
      </Stack>
      {review.moderation && (
        <Alert severity={review.moderation.outcome === 'HIDDEN' ? 'success' : 'info'} sx={{ mt: 1 }} data-testid="review-moderation">
          {translate(`${R}.reviews.moderation.${review.moderation.outcome}Detail`, { reason: review.moderation.reason, date: formatDateTime(review.moderation.decidedAt) })}
        </Alert>
      )}
      <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
        {review.body}
      </Typography>
      {review.photoUrl && <Box component="img" src={review.photoUrl} alt={translate(`${R}.reviews.photo`)} sx={{ mt: 1, maxHeight: 120, borderRadius: 1 }} />}
      {review.reply && (
        <Box sx={{ mt: 1, pl: 2, borderLeft: 3, borderColor: 'divider' }}>
          <Typography variant="caption" color="text.secondary">
            {translate(`${R}.reviews.pageReply`)} · {formatDateTime(review.reply.updatedAt ?? review.reply.repliedAt)}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="review-reply">
            {review.reply.body}
          </Typography>
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" onClick={() => open('reply')}>
          {translate(review.reply ? `${R}.reviews.editReply` : `${R}.reviews.reply`)}
        </Button>
        {!review.reported && (
          <Button size="small" color="error" onClick={() => open('report')}>
            {translate(`${R}.reviews.report`)}
          </Button>
        )}
      </Stack>
      {mode && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
          <TextField
            size="small"
            fullWidth
            multiline
            label={translate(mode === 'reply' ? `${R}.reviews.replyLabel` : `${R}.reviews.reportReason`)}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { maxLength: mode === 'reply' ? CONTENT_LIMITS.replyMaxLength : CONTENT_LIMITS.reportReasonMaxLength } }}
          />
          <Button variant="contained" disabled={!text.trim()} onClick={() => void send()}>
            {translate(mode === 'reply' ? `${R}.reviews.sendReply` : `${R}.reviews.sendReport`)}
          </Button>
          <Button onClick={() => setMode(null)}>{translate('ra.action.cancel')}</Button>
        </Stack>
      )}
    </Paper>
  );
}

/** Spec §2 content-management/{id}/reviews: rating summary, reviews (unanswered first, star filter), reply and report. */
export default function ReviewsPage() {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const pageId = usePageId();
  const [stars, setStars] = useState<number | ''>('');
  const [pageNumber, setPageNumber] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const summary = useQuery({ queryKey: contentKey('reviewSummary', pageId), queryFn: () => api.getReviewSummary(pageId) });
  const list = useQuery({
    queryKey: contentKey('reviews', pageId, stars, pageNumber, pageSize),
    queryFn: () => api.getPageReviews(pageId, { stars: stars || undefined, pageNumber, pageSize }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: contentKey() });
  return (
    <>
      <PageContentHeader current="content-reviews" />
      {summary.data && <Summary summary={summary.data} />}
      <TextField
        select
        size="small"
        label={translate(`${R}.reviews.starFilter`)}
        value={stars}
        onChange={(e) => {
          setStars(e.target.value === '' ? '' : Number(e.target.value));
          setPageNumber(0);
        }}
        sx={{ minWidth: 200, mb: 2 }}
      >
        <MenuItem value="">{translate(`${R}.reviews.allStars`)}</MenuItem>
        {STARS.map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`${R}.reviews.stars`, { n: s })}
          </MenuItem>
        ))}
      </TextField>
      {list.isPending && <PageLoader />}
      {(list.isError || summary.isError) && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
      {list.data && list.data.content.length === 0 && <Alert severity="info">{translate(`${R}.reviews.empty`)}</Alert>}
      <Stack spacing={1}>
        {list.data?.content.map((review) => <ReviewItem key={review.id} pageId={pageId} review={review} onChanged={refresh} />)}
      </Stack>
      {list.data && list.data.totalElements > 0 && (
        <TablePager
          count={list.data.totalElements}
          page={pageNumber}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, p) => setPageNumber(p)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPageNumber(0);
          }}
        />
      )}
    </>
  );
}
