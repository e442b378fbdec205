import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageLoader } from '@/components/PageLoader';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { faqEntrySchema, MESSAGE_SETTINGS_LIMITS, quickMenuSchema, type FaqEntry } from '@/domain/messageSettings';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { M, mmKey, ScreenHeader, useMessagePage } from './shared';

const F = `${M}.faq`;
const EMPTY = { question: '', answer: '' };

/** One FAQ entry's form: a new one, or an existing one being changed. */
function FaqForm({ pageId, entry, onDone }: { pageId: number; entry: FaqEntry | null; onDone: () => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const [draft, setDraft] = useState(entry ? { question: entry.question, answer: entry.answer } : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    const found = translateErrors(schemaErrors(faqEntrySchema, draft), translate);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const input = faqEntrySchema.parse(draft);
      if (entry) await api.updateFaqEntry(pageId, entry.id, input);
      else await api.createFaqEntry(pageId, input);
      setDraft(EMPTY);
      onDone();
    } catch {
      // The httpClient has shown the server's message.
    }
  };
  return (
    <Box
      component="form"
      noValidate
      aria-label={translate(entry ? `${F}.editOne` : `${F}.add`, { question: entry?.question ?? '' })}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack spacing={1.5}>
        <TextField
          size="small"
          label={translate(`${F}.question`)}
          value={draft.question}
          required
          onChange={(e) => setDraft({ ...draft, question: e.target.value })}
          error={!!errors.question}
          helperText={errors.question}
          slotProps={{ htmlInput: { maxLength: MESSAGE_SETTINGS_LIMITS.faqQuestionMaxLength } }}
        />
        <TextField
          size="small"
          label={translate(`${F}.answer`)}
          value={draft.answer}
          required
          multiline
          minRows={2}
          onChange={(e) => setDraft({ ...draft, answer: e.target.value })}
          error={!!errors.answer}
          helperText={errors.answer ?? translate(`${M}.templates.textHelp`)}
          slotProps={{ htmlInput: { maxLength: MESSAGE_SETTINGS_LIMITS.faqAnswerMaxLength } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" size="small">
            {translate(entry ? `${M}.save` : `${F}.add`)}
          </Button>
          {entry && (
            <Button size="small" onClick={onDone}>
              {translate('ra.action.cancel')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * Spec §2 message-management/{id}/setting-faq-channel: FAQ entries (a customer who picks a question gets
 * its answer from the page at once) and the quick menu (up to five buttons) shown when a chat opens.
 */
export default function FaqChannel() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const { pageId, page } = useMessagePage();
  const key = mmKey('faq', pageId);
  const channel = useQuery({ queryKey: key, queryFn: () => api.faqChannel(pageId) });
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<FaqEntry | null>(null);
  const [menu, setMenu] = useState<{ label: string; faqId: number | null }[]>([]);
  const [menuErrors, setMenuErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (channel.data) setMenu(channel.data.menu.map((m) => ({ label: m.label, faqId: m.faqId })));
  }, [channel.data]);
  const mayEdit = page?.canConfigure ?? false;
  const refresh = () => queryClient.invalidateQueries({ queryKey: mmKey() });

  const remove = async () => {
    if (!deleting) return;
    try {
      await api.deleteFaqEntry(pageId, deleting.id);
    } catch {
      // The httpClient has shown the server's message.
    }
    setDeleting(null);
    await refresh();
  };
  const saveMenu = async () => {
    const found = translateErrors(schemaErrors(quickMenuSchema, { items: menu }), translate);
    setMenuErrors(found);
    if (Object.keys(found).length) return;
    try {
      await api.saveQuickMenu(pageId, quickMenuSchema.parse({ items: menu }));
      notify(translate(`${M}.saved`), { type: 'success' });
      await refresh();
    } catch {
      // The httpClient has shown the server's message.
    }
  };

  return (
    <>
      <ScreenHeader resource="message-faq-channel" page={page} />
      {channel.isPending && <PageLoader />}
      {channel.isError && <Alert severity="error">{translate(`${M}.loadFailed`)}</Alert>}
      {channel.data && (
        <Stack spacing={2} sx={{ maxWidth: 860 }}>
          {!mayEdit && <Alert severity="info">{translate(`${M}.readOnly`)}</Alert>}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h3">
              {translate(`${F}.entries`)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate(`${F}.entriesHelp`)}
            </Typography>
            {channel.data.entries.length === 0 && <Alert severity="info">{translate(`${F}.empty`)}</Alert>}
            <Stack spacing={1.5} divider={<Divider flexItem />} sx={{ mb: 2 }}>
              {channel.data.entries.map((entry) =>
                editing === entry.id ? (
                  <FaqForm
                    key={entry.id}
                    pageId={pageId}
                    entry={entry}
                    onDone={() => {
                      setEditing(null);
                      void refresh();
                    }}
                  />
                ) : (
                  <Box key={entry.id}>
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {entry.question}
                    </Typography>
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                      {entry.answer}
                    </Typography>
                    {mayEdit && (
                      <Stack direction="row" spacing={1}>
                        <Button size="small" onClick={() => setEditing(entry.id)} aria-label={translate(`${F}.editOne`, { question: entry.question })}>
                          {translate(`${M}.edit`)}
                        </Button>
                        <Button size="small" color="error" onClick={() => setDeleting(entry)} aria-label={translate(`${F}.deleteOne`, { question: entry.question })}>
                          {translate(`${M}.delete`)}
                        </Button>
                      </Stack>
                    )}
                  </Box>
                ),
              )}
            </Stack>
            {mayEdit && channel.data.entries.length < MESSAGE_SETTINGS_LIMITS.faqEntriesMax && <FaqForm pageId={pageId} entry={null} onDone={() => void refresh()} />}
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h3">
              {translate(`${F}.menu`)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate(`${F}.menuHelp`, { max: MESSAGE_SETTINGS_LIMITS.quickMenuItemsMax })}
            </Typography>
            <Stack spacing={1.5}>
              {menu.map((item, i) => (
                <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                  <TextField
                    size="small"
                    label={translate(`${F}.buttonLabel`, { n: i + 1 })}
                    value={item.label}
                    disabled={!mayEdit}
                    onChange={(e) => setMenu(menu.map((m, j) => (j === i ? { ...m, label: e.target.value } : m)))}
                    error={!!menuErrors[`items.${i}.label`]}
                    helperText={menuErrors[`items.${i}.label`]}
                    slotProps={{ htmlInput: { maxLength: MESSAGE_SETTINGS_LIMITS.quickMenuLabelMaxLength } }}
                  />
                  <TextField
                    select
                    size="small"
                    sx={{ minWidth: 240 }}
                    label={translate(`${F}.buttonAnswer`, { n: i + 1 })}
                    value={item.faqId ?? ''}
                    disabled={!mayEdit}
                    onChange={(e) => setMenu(menu.map((m, j) => (j === i ? { ...m, faqId: e.target.value === '' ? null : Number(e.target.value) } : m)))}
                  >
                    <MenuItem value="">{translate(`${F}.noAnswer`)}</MenuItem>
                    {channel.data.entries.map((entry) => (
                      <MenuItem key={entry.id} value={entry.id}>
                        {entry.question}
                      </MenuItem>
                    ))}
                  </TextField>
                  {mayEdit && (
                    <Button size="small" color="error" onClick={() => setMenu(menu.filter((_, j) => j !== i))} aria-label={translate(`${F}.removeButton`, { n: i + 1 })}>
                      {translate(`${M}.delete`)}
                    </Button>
                  )}
                </Stack>
              ))}
              {mayEdit && (
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="outlined"
                    disabled={menu.length >= MESSAGE_SETTINGS_LIMITS.quickMenuItemsMax}
                    onClick={() => setMenu([...menu, { label: '', faqId: null }])}
                  >
                    {translate(`${F}.addButton`)}
                  </Button>
                  <Button variant="contained" onClick={() => void saveMenu()}>
                    {translate(`${F}.saveMenu`)}
                  </Button>
                </Stack>
              )}
            </Stack>
          </Paper>
        </Stack>
      )}
      <ConfirmDialog
        open={deleting !== null}
        destructive
        content={deleting ? translate(`${F}.confirmDelete`, { question: deleting.question }) : undefined}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
