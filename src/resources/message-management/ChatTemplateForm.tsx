import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { CUSTOMER_PLACEHOLDERS, fillCustomerTemplate } from '@/domain/customerTemplates';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { chatTemplateSchema, MESSAGE_SETTINGS_LIMITS, SAMPLE_CUSTOMER_NAME } from '@/domain/messageSettings';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { M, mmKey, ScreenHeader, useMessagePage } from './shared';

const EMPTY = { title: '', shortcut: '', text: '' };
/** ${name} written out (a placeholder the text may hold). */
const placeholderText = (name: string) => `${'$'}{${name}}`;

/**
 * Spec §2 message-management/{id}/chat-template/create and /{templateId}: a template's title, shortcut and
 * text (${name} and ${page} only, checked as typed with the API's schema) and a live preview for a sample
 * customer. Chat agents see it read-only.
 */
export default function ChatTemplateForm() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const { templateId } = useParams();
  const { pageId, page } = useMessagePage();
  const editing = templateId ? Number(templateId) : null;
  const existing = useQuery({ queryKey: mmKey('template', pageId, editing ?? 0), queryFn: () => api.chatTemplate(pageId, editing!), enabled: editing !== null });
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (existing.data) setDraft({ title: existing.data.title, shortcut: existing.data.shortcut, text: existing.data.text });
  }, [existing.data]);
  const mayEdit = page?.canConfigure ?? false;
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });
  const insert = (placeholder: string) => setDraft({ ...draft, text: `${draft.text}${placeholderText(placeholder)}` });
  const textError = draft.text ? translateErrors(schemaErrors(chatTemplateSchema.pick({ text: true }), { text: draft.text }), translate).text : undefined;

  const save = async () => {
    const found = translateErrors(schemaErrors(chatTemplateSchema, draft), translate);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const input = chatTemplateSchema.parse(draft);
      if (editing) await api.updateChatTemplate(pageId, editing, input);
      else await api.createChatTemplate(pageId, input);
      await queryClient.invalidateQueries({ queryKey: mmKey() });
      navigate(pathOf('message-chat-templates', 'page', { id: pageId }));
    } catch {
      // The httpClient has shown the server's message (a shortcut already used); the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  const preview = fillCustomerTemplate(draft.text, { name: SAMPLE_CUSTOMER_NAME, page: page?.name ?? '' });
  return (
    <>
      <ScreenHeader resource={editing ? 'message-chat-template' : 'message-chat-template-create'} page={page} />
      {existing.isPending && editing !== null && <PageLoader />}
      {existing.isError && <Alert severity="error">{translate(`${M}.loadFailed`)}</Alert>}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}
      >
        <Stack spacing={2} sx={{ flex: 1, width: '100%' }}>
          <TextField
            label={translate(`${M}.templates.fields.title`)}
            value={draft.title}
            required
            onChange={set('title')}
            error={!!errors.title}
            helperText={errors.title}
            slotProps={{ htmlInput: { maxLength: MESSAGE_SETTINGS_LIMITS.templateTitleMaxLength, readOnly: !mayEdit } }}
          />
          <TextField
            label={translate(`${M}.templates.fields.shortcut`)}
            value={draft.shortcut}
            required
            onChange={set('shortcut')}
            error={!!errors.shortcut}
            helperText={errors.shortcut ?? translate(`${M}.templates.shortcutHelp`)}
            slotProps={{ htmlInput: { maxLength: MESSAGE_SETTINGS_LIMITS.templateShortcutMaxLength, readOnly: !mayEdit } }}
          />
          <TextField
            label={translate(`${M}.templates.fields.text`)}
            value={draft.text}
            required
            multiline
            minRows={4}
            onChange={set('text')}
            error={!!(errors.text ?? textError)}
            helperText={errors.text ?? textError ?? translate(`${M}.templates.textHelp`)}
            slotProps={{ htmlInput: { maxLength: MESSAGE_SETTINGS_LIMITS.templateTextMaxLength, readOnly: !mayEdit } }}
          />
          {mayEdit && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              {CUSTOMER_PLACEHOLDERS.map((p) => (
                <Button key={p} size="small" variant="outlined" onClick={() => insert(p)}>
                  {translate(`${M}.templates.insert.${p}`)}
                </Button>
              ))}
            </Stack>
          )}
          <Stack direction="row" spacing={1}>
            {mayEdit && (
              <Button type="submit" variant="contained" disabled={saving}>
                {translate(`${M}.save`)}
              </Button>
            )}
            <Button onClick={() => navigate(pathOf('message-chat-templates', 'page', { id: pageId }))}>{translate(`${M}.templates.backToList`)}</Button>
          </Stack>
        </Stack>
        <Paper variant="outlined" sx={{ flex: 1, p: 2, width: '100%' }} aria-labelledby="template-preview-title">
          <Typography id="template-preview-title" variant="subtitle2" component="h3">
            {translate(`${M}.templates.preview`, { name: SAMPLE_CUSTOMER_NAME })}
          </Typography>
          <Typography variant="body2" data-testid="template-preview" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {preview || translate(`${M}.templates.previewEmpty`)}
          </Typography>
        </Paper>
      </Box>
    </>
  );
}
