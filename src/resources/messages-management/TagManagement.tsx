import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageLoader } from '@/components/PageLoader';
import { TAG_COLORS } from '@/domain/audience';
import { formatNumber } from '@/domain/format';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { MESSAGE_SETTINGS_LIMITS, tagSchema, type PageTag, type TagInput } from '@/domain/messageSettings';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { colorName, T, TagChip, tagKey } from './TagPicker';


/** A tag's name and colour, to create one or change it. */
function TagForm({ pageId, tag, onDone }: { pageId: number; tag: PageTag | null; onDone: () => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const [draft, setDraft] = useState<TagInput>(tag ? { name: tag.name, color: tag.color as TagInput['color'] } : { name: '', color: TAG_COLORS[0] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    const found = translateErrors(schemaErrors(tagSchema, draft), translate);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      if (tag) await api.updatePageTag(pageId, tag.id, tagSchema.parse(draft));
      else await api.createPageTag(pageId, tagSchema.parse(draft));
      setDraft({ name: '', color: draft.color });
      onDone();
    } catch {
      // The httpClient has shown the server's message (a name the page already has).
    }
  };
  return (
    <Box
      component="form"
      noValidate
      aria-label={translate(tag ? `${T}.editOne` : `${T}.create`, { name: tag?.name ?? '' })}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          label={translate(`${T}.fields.name`)}
          value={draft.name}
          required
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          error={!!errors.name}
          helperText={errors.name}
          slotProps={{ htmlInput: { maxLength: MESSAGE_SETTINGS_LIMITS.tagNameMaxLength } }}
        />
        <TextField
          select
          size="small"
          sx={{ minWidth: 180 }}
          label={translate(`${T}.fields.color`)}
          value={draft.color}
          onChange={(e) => setDraft({ ...draft, color: e.target.value as TagInput['color'] })}
          error={!!errors.color}
          helperText={errors.color}
        >
          {TAG_COLORS.map((c) => (
            <MenuItem key={c} value={c}>
              <Box component="span" sx={{ display: 'inline-block', width: 14, height: 14, borderRadius: '50%', bgcolor: c, mr: 1, verticalAlign: 'middle' }} />
              {colorName(translate, c)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained">
          {translate(tag ? 'resources.message-management.save' : `${T}.create`)}
        </Button>
        {tag && <Button onClick={onDone}>{translate('ra.action.cancel')}</Button>}
      </Stack>
    </Box>
  );
}

/**
 * Spec §2 messages-management/{id}/tag-management: the page's tags with their colours and how many
 * customers carry each; page admins create, rename, recolour and delete them (the server refuses others).
 * Tags are put on customers from the inbox.
 */
export default function TagManagement() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const lng = getLanguage();
  const { id = '' } = useParams();
  const pageId = Number(id);
  const tags = useQuery({ queryKey: tagKey(pageId), queryFn: () => api.pageTags(pageId) });
  const pages = useQuery({ queryKey: ['live-chat', 'pages'], queryFn: () => api.liveChatPages() });
  const page = pages.data?.find((p) => p.id === pageId);
  const access = useQuery({ queryKey: ['message-management', 'access', pageId], queryFn: () => api.messageAccess(pageId) });
  const mayEdit = access.data?.canConfigure ?? false;
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<PageTag | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tagKey(pageId) });
  const remove = async () => {
    if (!deleting) return;
    try {
      await api.deletePageTag(pageId, deleting.id);
    } catch {
      // The httpClient has shown the server's message.
    }
    setDeleting(null);
    await refresh();
  };
  const title = `${translate(`${T}.name`)}${page ? ` · ${page.name}` : ''}`;
  return (
    <>
      <Title title={title} />
      <Stack direction="row" spacing={2} sx={{ mt: 2, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={pathOf('messages-management', 'page')}>
          {translate('resources.messages-management.back')}
        </Link>
        <Link component={RouterLink} to={pathOf('messages-client', 'page', { id: pageId })}>
          {translate('resources.messages-management.openInbox')}
        </Link>
      </Stack>
      {mayEdit && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <TagForm pageId={pageId} tag={null} onDone={() => void refresh()} />
        </Paper>
      )}
      {access.data && !mayEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('resources.message-management.readOnly')}
        </Alert>
      )}
      {tags.isPending && <PageLoader />}
      {tags.isError && <Alert severity="error">{translate('resources.messages-management.loadFailed')}</Alert>}
      {tags.data && tags.data.length === 0 && <Alert severity="info">{translate(`${T}.empty`)}</Alert>}
      {tags.data && tags.data.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(`${T}.name`)}>
            <TableHead>
              <TableRow>
                {['tag', 'customers', 'actions'].map((c) => (
                  <TableCell key={c}>{translate(`${T}.columns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {tags.data.map((tag) => (
                <TableRow key={tag.id}>
                  <TableCell>
                    {editing === tag.id ? (
                      <TagForm
                        pageId={pageId}
                        tag={tag}
                        onDone={() => {
                          setEditing(null);
                          void refresh();
                        }}
                      />
                    ) : (
                      <TagChip tag={tag} />
                    )}
                  </TableCell>
                  <TableCell>{formatNumber(tag.customers, lng)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ display: mayEdit ? 'flex' : 'none' }}>
                      <Button size="small" onClick={() => setEditing(tag.id)} aria-label={translate(`${T}.editOne`, { name: tag.name })}>
                        {translate('resources.message-management.edit')}
                      </Button>
                      <Button size="small" color="error" onClick={() => setDeleting(tag)} aria-label={translate(`${T}.deleteOne`, { name: tag.name })}>
                        {translate('resources.message-management.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <ConfirmDialog
        open={deleting !== null}
        destructive
        content={deleting ? translate(`${T}.confirmDelete`, { name: deleting.name, count: deleting.customers }) : undefined}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
