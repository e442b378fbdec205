import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import type { ChatTemplate } from '@/domain/messageSettings';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { M, mmKey, ScreenHeader, useMessagePage } from './shared';

/** Spec §2 message-management/{id}/chat-template: the page's chat templates (the inbox's quick replies). */
export default function ChatTemplates() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const { pageId, page } = useMessagePage();
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<ChatTemplate | null>(null);
  const templates = useQuery({ queryKey: mmKey('templates', pageId, search.trim()), queryFn: () => api.chatTemplates(pageId, search.trim()) });
  const mayEdit = page?.canConfigure ?? false;
  const remove = async () => {
    if (!deleting) return;
    try {
      await api.deleteChatTemplate(pageId, deleting.id);
    } catch {
      // The httpClient has shown the server's message.
    }
    setDeleting(null);
    await queryClient.invalidateQueries({ queryKey: mmKey('templates', pageId) });
  };
  return (
    <>
      <ScreenHeader resource="message-chat-templates" page={page} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <TextField size="small" label={translate(`${M}.templates.search`)} value={search} onChange={(e) => setSearch(e.target.value.slice(0, 100))} />
        {mayEdit && (
          <Button variant="contained" component={RouterLink} to={pathOf('message-chat-template-create', 'page', { id: pageId })}>
            {translate(`${M}.templates.create`)}
          </Button>
        )}
      </Stack>
      {templates.isPending && <PageLoader />}
      {templates.isError && <Alert severity="error">{translate(`${M}.loadFailed`)}</Alert>}
      {templates.data && templates.data.length === 0 && <Alert severity="info">{translate(`${M}.templates.empty`)}</Alert>}
      {templates.data && templates.data.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('resources.message-chat-templates.name')}>
            <TableHead>
              <TableRow>
                {['title', 'shortcut', 'text', 'actions'].map((c) => (
                  <TableCell key={c}>{translate(`${M}.templates.columns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {templates.data.map((t) => (
                <TableRow key={t.id}>
                  <TableCell>{t.title}</TableCell>
                  <TableCell>{`/${t.shortcut}`}</TableCell>
                  <TableCell sx={{ maxWidth: 420, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{t.text}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button
                        size="small"
                        component={RouterLink}
                        to={pathOf('message-chat-template', 'page', { id: pageId, templateId: t.id })}
                        aria-label={translate(mayEdit ? `${M}.templates.editOne` : `${M}.templates.viewOne`, { title: t.title })}
                      >
                        {translate(mayEdit ? `${M}.edit` : `${M}.view`)}
                      </Button>
                      {mayEdit && (
                        <Button size="small" color="error" onClick={() => setDeleting(t)} aria-label={translate(`${M}.templates.deleteOne`, { title: t.title })}>
                          {translate(`${M}.delete`)}
                        </Button>
                      )}
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
        content={deleting ? translate(`${M}.templates.confirmDelete`, { title: deleting.title }) : undefined}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
