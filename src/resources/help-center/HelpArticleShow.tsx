import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { PageLoader } from '@/components/PageLoader';
import { formatDate } from '@/domain/format';
import { helpBlocksOf } from '@/domain/helpCenter';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { ContactSupport, R } from './HelpParts';

const isNotFound = (err: unknown) => (err as { status?: number } | null)?.status === 404;

/** One help article (help-center/{id}): its steps and paragraphs, related articles, contact support. */
export default function HelpArticleShow() {
  const translate = useTranslate();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const lng = getLanguage();
  const id = Number(useParams().id);
  const article = useQuery({
    queryKey: ['help-center', 'article', lng, id],
    queryFn: () => api.getHelpArticle(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: (failures, err) => !isNotFound(err) && failures < 2,
  });
  const back = (
    <Link component={RouterLink} to={pathOf('help-center')} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <ArrowBackOutlined fontSize="small" aria-hidden />
      {translate(`${R}.back`)}
    </Link>
  );

  if (!Number.isInteger(id) || id < 1 || article.isError) {
    const missing = !Number.isInteger(id) || id < 1 || isNotFound(article.error);
    return (
      <Stack spacing={2} sx={{ py: 2 }}>
        <Title title={translate(`${R}.name`)} />
        {back}
        <Alert severity="warning">{translate(missing ? `${R}.notFound` : `${R}.loadFailed`)}</Alert>
      </Stack>
    );
  }
  if (!article.data) return <PageLoader />;
  const a = article.data;

  return (
    <Stack spacing={2} sx={{ py: 2, maxWidth: 860, minWidth: 0 }}>
      <Title title={a.title} />
      {back}
      <Paper variant="outlined" component="article" aria-labelledby="help-article-title" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={1.5}>
          <Typography id="help-article-title" variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {a.title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Chip size="small" variant="outlined" label={translate(`${R}.categories.${a.category}`)} />
            <Typography variant="caption" color="text.secondary">
              {translate(`${R}.updated`, { date: formatDate(a.updatedAt) })}
            </Typography>
          </Stack>
          <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
            {a.summary}
          </Typography>
          {helpBlocksOf(a.body).map((block, i) =>
            block.kind === 'steps' ? (
              <Typography key={i} component="ol" sx={{ pl: 3, my: 0, '& li': { mb: 0.75 } }}>
                {block.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </Typography>
            ) : (
              <Typography key={i} sx={{ overflowWrap: 'anywhere' }}>
                {block.text}
              </Typography>
            ),
          )}
        </Stack>
      </Paper>
      {a.related.length ? (
        <Paper variant="outlined" component="section" aria-labelledby="help-related-title" sx={{ p: 2 }}>
          <Typography id="help-related-title" variant="h6" component="h2">
            {translate(`${R}.related`)}
          </Typography>
          <List dense aria-labelledby="help-related-title">
            {a.related.map((r) => (
              <ListItem key={r.id} disableGutters sx={{ display: 'block' }}>
                <Link component={RouterLink} to={pathOf('help-center', 'show', { id: r.id })} sx={{ overflowWrap: 'anywhere' }}>
                  {r.title}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {r.summary}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : null}
      <ContactSupport articleTitle={a.title} />
    </Stack>
  );
}
