import { publicPagePath } from '@/domain/publicPage';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { pageCreateSchema, type PageStatus } from '@/domain/businessPages';
import type { BusinessPage } from '@/dataProvider/api/businessPages';
import { formatDateTime, formatNumber, toIdentifier } from '@/domain/format';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { R } from './shared';

const STATUS_COLOR: Record<PageStatus, 'default' | 'warning' | 'success' | 'error'> = {
  DRAFT: 'default',
  PENDING_REVIEW: 'warning',
  ACTIVE: 'success',
  SUSPENDED: 'error',
};

export function PageStatusChip({ status }: { status: PageStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`${R}.status.${status}`)} />;
}

function CreatePageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const values = { name, slug };
    const found = translateErrors(schemaErrors(pageCreateSchema, values), translate);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const page = await api.createBusinessPage(values);
      navigate(pathOf('business-page-settings', 'page', { id: page.id }));
    } catch {
      // The httpClient has shown the server's message.
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="bp-create-title" fullWidth maxWidth="sm">
      <DialogTitle id="bp-create-title">{translate(`${R}.create`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate(`${R}.fields.name`)}
            value={name}
            required
            onChange={(e) => {
              setName(e.target.value);
              if (!slugTouched) setSlug(toIdentifier(e.target.value));
            }}
            error={!!errors.name}
            helperText={errors.name}
          />
          <TextField
            label={translate(`${R}.fields.slug`)}
            value={slug}
            required
            onChange={(e) => {
              setSlugTouched(true);
              setSlug(e.target.value);
            }}
            error={!!errors.slug}
            helperText={errors.slug ?? translate(`${R}.slugHelp`)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()}>
          {translate(`${R}.createAction`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type LastPostSort = 'asc' | 'desc' | null;

/** Pages by their last post (never posted last either way); the server's order when not sorted. */
function byLastPost(pages: BusinessPage[], sort: LastPostSort): BusinessPage[] {
  if (!sort) return pages;
  const sign = sort === 'asc' ? 1 : -1;
  return [...pages].sort((a, b) => {
    if (!a.lastPostAt || !b.lastPostAt) return a.lastPostAt ? -1 : b.lastPostAt ? 1 : 0;
    return sign * a.lastPostAt.localeCompare(b.lastPostAt);
  });
}

/** Spec §2 business-page: the merchant's pages with status, followers, last post and the way into each. */
export default function PageList() {
  const translate = useTranslate();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const lng = getLanguage();
  const [creating, setCreating] = useState(false);
  const [lastPostSort, setLastPostSort] = useState<LastPostSort>(null);
  const { data, isPending, isError } = useQuery({ queryKey: ['business-page', 'list'], queryFn: () => api.getBusinessPages() });
  return (
    <>
      <Title title={translate(`${R}.name`)} />
      <Stack direction="row" sx={{ my: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="h1" variant="h5">
          {translate(`${R}.name`)}
        </Typography>
        {data?.canCreate && (
          <Button variant="contained" onClick={() => setCreating(true)}>
            {translate(`${R}.create`)}
          </Button>
        )}
      </Stack>
      {isPending && <PageLoader />}
      {isError && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
      {data && data.pages.length === 0 && <Alert severity="info">{translate(`${R}.empty`)}</Alert>}
      {data && data.pages.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(`${R}.name`)}>
            <TableHead>
              <TableRow>
                {['page', 'status', 'followers', 'stores', 'role'].map((c) => (
                  <TableCell key={c}>{translate(`${R}.columns.${c}`)}</TableCell>
                ))}
                <TableCell sortDirection={lastPostSort ?? false}>
                  <TableSortLabel
                    active={lastPostSort !== null}
                    direction={lastPostSort ?? 'desc'}
                    onClick={() => setLastPostSort(lastPostSort === 'desc' ? 'asc' : 'desc')}
                  >
                    {translate(`${R}.columns.lastPost`)}
                  </TableSortLabel>
                </TableCell>
                <TableCell>{translate(`${R}.columns.updatedAt`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {byLastPost(data.pages, lastPostSort).map((page) => (
                <TableRow key={page.id}>
                  <TableCell>
                    <RouterLink to={pathOf('business-page-settings', 'page', { id: page.id })}>{page.name}</RouterLink>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {publicPagePath(page.slug)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <PageStatusChip status={page.status} />
                  </TableCell>
                  <TableCell>{formatNumber(page.followers, lng)}</TableCell>
                  <TableCell>{formatNumber(page.stores, lng)}</TableCell>
                  <TableCell>{page.myRole ? translate(`${R}.roles.${page.myRole}`) : ''}</TableCell>
                  <TableCell>{page.lastPostAt ? formatDateTime(page.lastPostAt) : translate(`${R}.columns.lastPostNone`)}</TableCell>
                  <TableCell>{formatDateTime(page.updatedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {creating && <CreatePageDialog open onClose={() => setCreating(false)} />}
    </>
  );
}
