import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import AddOutlined from '@mui/icons-material/AddOutlined';
import PushPin from '@mui/icons-material/PushPin';
import { PageLoader } from '@/components/PageLoader';
import { TablePager } from '@/components/TablePager';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/domain/api';
import { formatDateTime, formatNumber } from '@/domain/format';
import { POST_STATUSES, type PostStatus, type PostSummary } from '@/domain/pageContent';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { contentKey, PageContentHeader, PostStatusChip, R, usePageId } from './shared';

/** When a post went or goes out: published time, scheduled time, or its creation for a draft. */
function postTime(post: PostSummary): string {
  return formatDateTime(post.publishedAt ?? post.scheduledAt ?? post.createdAt);
}

/** Spec §2 content-management/{id}/posts: the page's posts with status, reactions, comments; pin and hide. */
export default function PostsPage() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const pageId = usePageId();
  const lng = getLanguage();
  const [status, setStatus] = useState<PostStatus | ''>('');
  const [pageNumber, setPageNumber] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const { data, isPending, isError } = useQuery({
    queryKey: contentKey('posts', pageId, status, pageNumber, pageSize),
    queryFn: () => api.getPagePosts(pageId, { status: status || undefined, pageNumber, pageSize }),
  });
  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
      await queryClient.invalidateQueries({ queryKey: contentKey() });
    } catch {
      // The httpClient has shown the server's message.
    }
  };
  return (
    <>
      <PageContentHeader current="content-posts" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={translate(`${R}.posts.statusFilter`)}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as PostStatus | '');
            setPageNumber(0);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate(`${R}.posts.allStatuses`)}</MenuItem>
          {POST_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`${R}.postStatus.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={pathOf('page-post-create', 'page', { id: pageId })}>
          {translate(`${R}.posts.create`)}
        </Button>
      </Stack>
      {isPending && <PageLoader />}
      {isError && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
      {data && data.content.length === 0 && <Alert severity="info">{translate(`${R}.posts.empty`)}</Alert>}
      {data && data.content.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('resources.content-posts.name')}>
            <TableHead>
              <TableRow>
                {['post', 'status', 'time', 'reactions', 'comments', 'actions'].map((c) => (
                  <TableCell key={c}>{translate(`${R}.posts.columns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.content.map((post) => (
                <TableRow key={post.id} data-testid={`post-${post.id}`}>
                  <TableCell sx={{ maxWidth: 360 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      {post.pinned && <PushPin fontSize="small" color="primary" titleAccess={translate(`${R}.posts.pinned`)} />}
                      <RouterLink to={pathOf('page-post', 'page', { id: pageId, postId: post.id })}>
                        {post.excerpt || translate(`${R}.posts.imagesOnly`, { n: post.images.length })}
                      </RouterLink>
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <PostStatusChip status={post.status} />
                  </TableCell>
                  <TableCell>{postTime(post)}</TableCell>
                  <TableCell>{formatNumber(post.reactions, lng)}</TableCell>
                  <TableCell>{formatNumber(post.comments, lng)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      {post.status === 'PUBLISHED' && (
                        <Button size="small" onClick={() => void act(() => api.setPostPinned(pageId, post.id, !post.pinned))}>
                          {translate(post.pinned ? `${R}.posts.unpin` : `${R}.posts.pin`)}
                        </Button>
                      )}
                      {(post.status === 'PUBLISHED' || post.status === 'HIDDEN') && (
                        <Button size="small" onClick={() => void act(() => api.setPostHidden(pageId, post.id, post.status === 'PUBLISHED'))}>
                          {translate(post.status === 'PUBLISHED' ? `${R}.posts.hide` : `${R}.posts.show`)}
                        </Button>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePager
            count={data.totalElements}
            page={pageNumber}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_, p) => setPageNumber(p)}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPageNumber(0);
            }}
          />
        </Paper>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {translate(`${R}.posts.scheduleNote`)}
      </Typography>
    </>
  );
}
