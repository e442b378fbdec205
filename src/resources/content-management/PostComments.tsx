import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/domain/format';
import { CONTENT_LIMITS, type PostComment, type PostSummary } from '@/domain/pageContent';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { contentKey, R } from './shared';

/** A post's comments with moderation: hide / show again, and reply as the page (published posts only). */
export function PostComments({ pageId, post }: { pageId: number; post: PostSummary }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const key = contentKey('comments', pageId, post.id);
  const { data, isError } = useQuery({ queryKey: key, queryFn: () => api.getPostComments(pageId, post.id) });
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [text, setText] = useState('');
  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
      await queryClient.invalidateQueries({ queryKey: contentKey() });
      return true;
    } catch {
      return false;
    }
  };
  const sendReply = async (comment: PostComment) => {
    if (await act(() => api.replyToComment(pageId, post.id, comment.id, text))) {
      setReplyTo(null);
      setText('');
    }
  };
  return (
    <Paper variant="outlined" component="section" aria-label={translate(`${R}.comments.title`)} sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {translate(`${R}.comments.title`)}
      </Typography>
      {isError && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
      {data && data.length === 0 && <Typography color="text.secondary">{translate(`${R}.comments.empty`)}</Typography>}
      <List dense>
        {data?.map((comment) => (
          <ListItem key={comment.id} sx={{ display: 'block', pl: comment.parentId ? 6 : 0 }} data-testid={`comment-${comment.id}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle2">{comment.asPage ? translate(`${R}.comments.asPage`) : comment.customerName}</Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(comment.createdAt)}
              </Typography>
              {comment.hidden && <Chip size="small" label={translate(`${R}.comments.hidden`)} />}
            </Stack>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', opacity: comment.hidden ? 0.6 : 1 }}>
              {comment.body}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={() => void act(() => api.setCommentHidden(pageId, post.id, comment.id, !comment.hidden))}>
                {translate(comment.hidden ? `${R}.comments.show` : `${R}.comments.hide`)}
              </Button>
              {post.status === 'PUBLISHED' && !comment.asPage && (
                <Button size="small" onClick={() => setReplyTo(replyTo === comment.id ? null : comment.id)}>
                  {translate(`${R}.comments.reply`)}
                </Button>
              )}
            </Stack>
            {replyTo === comment.id && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
                <TextField
                  size="small"
                  fullWidth
                  multiline
                  label={translate(`${R}.comments.replyLabel`)}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: CONTENT_LIMITS.commentMaxLength } }}
                />
                <Button variant="contained" disabled={!text.trim()} onClick={() => void sendReply(comment)}>
                  {translate(`${R}.comments.send`)}
                </Button>
              </Stack>
            )}
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
