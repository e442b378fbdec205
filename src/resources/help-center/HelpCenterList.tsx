import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Pager, usePaging } from '@/components/PagedTable';
import { HELP_CATEGORIES, HELP_QUERY_MAX, type HelpCategory } from '@/domain/helpCenter';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { ContactSupport, R } from './HelpParts';

const categoryOf = (value: string | null): HelpCategory | undefined =>
  (HELP_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as HelpCategory) : undefined;

/** The help centre (help-center): a search box, the categories and the matching articles, paged. */
export default function HelpCenterList() {
  const translate = useTranslate();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const lng = getLanguage();
  // The search and the category live in the address, so "back" from an article returns to the same results.
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').slice(0, HELP_QUERY_MAX);
  const category = categoryOf(params.get('category'));
  const [input, setInput] = useState(q);
  const paging = usePaging();
  const { page, pageSize } = paging;
  useEffect(() => setInput(q), [q]);

  const categories = useQuery({ queryKey: ['help-center', 'categories', lng], queryFn: () => api.listHelpCategories() });
  const articles = useQuery({
    queryKey: ['help-center', 'articles', lng, q, category, page, pageSize],
    queryFn: () => api.listHelpArticles({ q: q || undefined, category, pageNumber: page, pageSize }),
    placeholderData: keepPreviousData,
  });

  const update = (next: { q?: string; category?: HelpCategory | null }) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    // A new history entry per search or topic: "back" returns to the previous results.
    setParams(merged);
    paging.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ q: input.trim() });
  };
  const title = translate(`${R}.name`);

  return (
    <Stack spacing={2} sx={{ py: 2, maxWidth: 960, minWidth: 0 }}>
      <Title title={title} />
      <Typography color="text.secondary">{translate(`${R}.intro`)}</Typography>
      <Paper variant="outlined" component="search" sx={{ p: 2 }}>
        <Stack component="form" onSubmit={submit} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            type="search"
            size="small"
            fullWidth
            label={translate(`${R}.searchLabel`)}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            slotProps={{ htmlInput: { maxLength: HELP_QUERY_MAX } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchOutlined />} sx={{ flexShrink: 0 }}>
            {translate(`${R}.searchButton`)}
          </Button>
        </Stack>
      </Paper>
      <Stack component="nav" aria-label={translate(`${R}.categoriesLabel`)} direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Chip label={translate(`${R}.allCategories`)} color={category ? 'default' : 'primary'} variant={category ? 'outlined' : 'filled'} aria-pressed={!category} onClick={() => update({ category: null })} />
        {categories.data?.map((c) => (
          <Chip
            key={c.code}
            label={`${translate(`${R}.categories.${c.code}`)} (${c.articleCount})`}
            color={category === c.code ? 'primary' : 'default'}
            variant={category === c.code ? 'filled' : 'outlined'}
            aria-pressed={category === c.code}
            onClick={() => update({ category: c.code })}
          />
        ))}
      </Stack>
      {articles.isError ? <Alert severity="warning">{translate(`${R}.loadFailed`)}</Alert> : null}
      <Paper variant="outlined" component="section" aria-labelledby="help-results-title">
        <Typography id="help-results-title" variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5 }}>
          {q ? translate(`${R}.results`) : category ? translate(`${R}.categories.${category}`) : translate(`${R}.allCategories`)}
        </Typography>
        <List aria-labelledby="help-results-title">
          {articles.data?.content.map((a) => (
            <ListItem key={a.id} divider data-testid="help-article" sx={{ display: 'block' }}>
              <Link component={RouterLink} to={pathOf('help-center', 'show', { id: a.id })} variant="subtitle1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {a.title}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {a.summary}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate(`${R}.categories.${a.category}`)}
              </Typography>
            </ListItem>
          ))}
        </List>
        {articles.data && articles.data.content.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {translate(`${R}.empty`)}
          </Typography>
        ) : null}
        <Pager paging={paging} total={articles.data?.totalElements ?? 0} />
      </Paper>
      <ContactSupport />
    </Stack>
  );
}
