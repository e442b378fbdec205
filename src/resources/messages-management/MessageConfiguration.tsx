import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { MESSAGE_SETTINGS_LIMITS, messageConfigurationSchema, type MessageConfigurationInput } from '@/domain/messageSettings';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';

const C = 'resources.messages-configuration';
const AUTOMATIONS = [
  ['greetingEnabled', 'greetingText'],
  ['outsideHoursEnabled', 'outsideHoursText'],
  ['awayEnabled', 'awayText'],
] as const;

interface Draft extends Omit<MessageConfigurationInput, 'autoResolveHours'> {
  autoResolve: boolean;
  autoResolveHours: string;
}

/**
 * Spec §2 messages-management/{id}/message-configuration: the greeting (sent once when a customer starts
 * a conversation), the reply outside the page's opening hours (Vietnam time), the away message, and
 * resolving conversations after N hours of silence. Texts may use ${name} and ${page}.
 */
export default function MessageConfiguration() {
  const translate = useTranslate();
  const notify = useNotify();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const pageId = Number(id);
  const key = ['message-management', 'configuration', pageId];
  const saved = useQuery({ queryKey: key, queryFn: () => api.messageConfiguration(pageId) });
  const pages = useQuery({ queryKey: ['live-chat', 'pages'], queryFn: () => api.liveChatPages() });
  const page = pages.data?.find((p) => p.id === pageId);
  const access = useQuery({ queryKey: ['message-management', 'access', pageId], queryFn: () => api.messageAccess(pageId) });
  const mayEdit = access.data?.canConfigure ?? false;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!saved.data) return;
    const { hasOpeningHours: _hours, autoResolveHours, ...rest } = saved.data;
    setDraft({ ...rest, autoResolve: autoResolveHours !== null, autoResolveHours: autoResolveHours === null ? '24' : String(autoResolveHours) });
  }, [saved.data]);

  const save = async () => {
    if (!draft) return;
    const { autoResolve, autoResolveHours, ...rest } = draft;
    const body = {
      ...rest,
      greetingText: rest.greetingText?.trim() ? rest.greetingText : null,
      outsideHoursText: rest.outsideHoursText?.trim() ? rest.outsideHoursText : null,
      awayText: rest.awayText?.trim() ? rest.awayText : null,
      autoResolveHours: autoResolve ? (autoResolveHours.trim() === '' ? Number.NaN : Number(autoResolveHours)) : null,
    };
    const found = translateErrors(schemaErrors(messageConfigurationSchema, body), translate);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await api.saveMessageConfiguration(pageId, messageConfigurationSchema.parse(body));
      notify(translate('resources.message-management.saved'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch {
      // The httpClient has shown the server's message (only page admins change these).
    }
  };

  const title = `${translate(`${C}.name`)}${page ? ` · ${page.name}` : ''}`;
  return (
    <>
      <Title title={title} />
      <Stack direction="row" spacing={2} sx={{ mt: 2, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={pathOf('messages-management', 'page')}>
          {translate('resources.messages-management.back')}
        </Link>
      </Stack>
      {saved.isPending && <PageLoader />}
      {saved.isError && <Alert severity="error">{translate('resources.messages-management.loadFailed')}</Alert>}
      {draft && (
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 760 }}>
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {translate(`${C}.intro`)}
              </Typography>
              {access.data && !mayEdit && <Alert severity="info">{translate('resources.message-management.readOnly')}</Alert>}
              {AUTOMATIONS.map(([on, text]) => (
                <Stack key={on} spacing={1}>
                  <FormControlLabel
                    control={<Switch checked={draft[on]} disabled={!mayEdit} onChange={(e) => setDraft({ ...draft, [on]: e.target.checked })} />}
                    label={translate(`${C}.${on}`)}
                  />
                  {on === 'outsideHoursEnabled' && !saved.data?.hasOpeningHours && <Alert severity="info">{translate(`${C}.noOpeningHours`)}</Alert>}
                  <TextField
                    multiline
                    minRows={2}
                    label={translate(`${C}.${text}`)}
                    value={draft[text] ?? ''}
                    required={draft[on]}
                    disabled={!mayEdit}
                    onChange={(e) => setDraft({ ...draft, [text]: e.target.value })}
                    error={!!errors[text]}
                    helperText={errors[text] ?? translate(`${C}.textHelp`)}
                    slotProps={{ htmlInput: { maxLength: MESSAGE_SETTINGS_LIMITS.automationTextMaxLength } }}
                  />
                </Stack>
              ))}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
                <FormControlLabel
                  control={<Switch checked={draft.autoResolve} disabled={!mayEdit} onChange={(e) => setDraft({ ...draft, autoResolve: e.target.checked })} />}
                  label={translate(`${C}.autoResolve`)}
                />
                <TextField
                  type="number"
                  size="small"
                  label={translate(`${C}.autoResolveHours`)}
                  value={draft.autoResolveHours}
                  disabled={!mayEdit || !draft.autoResolve}
                  onChange={(e) => setDraft({ ...draft, autoResolveHours: e.target.value })}
                  error={!!errors.autoResolveHours}
                  helperText={errors.autoResolveHours ?? translate(`${C}.autoResolveHelp`)}
                  slotProps={{ htmlInput: { min: MESSAGE_SETTINGS_LIMITS.autoResolveMinHours, max: MESSAGE_SETTINGS_LIMITS.autoResolveMaxHours, step: 1 } }}
                />
              </Stack>
              {mayEdit && (
                <Box>
                  <Button type="submit" variant="contained">
                    {translate('resources.message-management.save')}
                  </Button>
                </Box>
              )}
            </Stack>
          </Box>
        </Paper>
      )}
    </>
  );
}
