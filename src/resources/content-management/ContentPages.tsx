import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
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
import { PageLoader } from '@/components/PageLoader';
import { formatNumber } from '@/domain/format';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { R, useContentPages } from './shared';

/** Spec §2 content-management: the merchant's pages, their content figures and the way into each. */
export default function ContentPages() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const lng = getLanguage();
  const { data, isPending, isError } = useContentPages();
  return (
    <>
      <Title title={translate(`${R}.name`)} />
      <Box sx={{ mt: 2 }} />
      {isPending && <PageLoader />}
      {isError && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
      {data && data.length === 0 && <Alert severity="info">{translate(`${R}.noPages`)}</Alert>}
      {data && data.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(`${R}.name`)}>
            <TableHead>
              <TableRow>
                {['page', 'posts', 'scheduled', 'rating', 'unanswered', 'stories', 'actions'].map((c) => (
                  <TableCell key={c}>{translate(`${R}.columns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((page) => (
                <TableRow key={page.id}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {page.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {translate(`${R}.pageStatus.${page.status}`, { _: page.status })}
                    </Typography>
                  </TableCell>
                  <TableCell>{formatNumber(page.posts, lng)}</TableCell>
                  <TableCell>{formatNumber(page.scheduled, lng)}</TableCell>
                  <TableCell>
                    {page.averageStars === null
                      ? translate(`${R}.reviews.none`)
                      : translate(`${R}.reviews.averageOf`, { average: page.averageStars.toLocaleString(lng === 'en' ? 'en-US' : 'vi-VN'), total: formatNumber(page.reviews, lng) })}
                  </TableCell>
                  <TableCell>{formatNumber(page.unanswered, lng)}</TableCell>
                  <TableCell>{formatNumber(page.activeStories, lng)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button size="small" component={RouterLink} to={pathOf('content-posts', 'page', { id: page.id })} aria-label={`${translate('resources.content-posts.name')} ${page.name}`}>
                        {translate('resources.content-posts.name')}
                      </Button>
                      <Button size="small" component={RouterLink} to={pathOf('content-reviews', 'page', { id: page.id })} aria-label={`${translate('resources.content-reviews.name')} ${page.name}`}>
                        {translate('resources.content-reviews.name')}
                      </Button>
                      <Button size="small" component={RouterLink} to={pathOf('content-stories', 'page', { id: page.id })} aria-label={`${translate('resources.content-stories.name')} ${page.name}`}>
                        {translate('resources.content-stories.name')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </>
  );
}
