import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPreference } from '@/domain/notifications';
import { notify } from '@/components/notifications/notifier';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { NOTIFICATION_PREFERENCES_ID } from './preferencesAnchor';

export { NOTIFICATION_PREFERENCES_ID };
const preferencesKey = ['portal', 'account', 'notification-preferences'] as const;
type Channel = 'email' | 'sms';

/**
 * Per kind, whether a notification also goes by e-mail and/or SMS (the bell always gets it):
 * GET/PUT /notification/v1/user/notification-preferences.
 */
export function NotificationPreferencesForm() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const location = useLocation();
  const saved = useQuery({ queryKey: preferencesKey, queryFn: () => api.getNotificationPreferences() });
  const [draft, setDraft] = useState<NotificationPreference[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const rows = draft ?? saved.data ?? null;

  useEffect(() => {
    if (saved.data && location.hash === `#${NOTIFICATION_PREFERENCES_ID}`) {
      document.getElementById(NOTIFICATION_PREFERENCES_ID)?.scrollIntoView({ block: 'start' });
    }
  }, [saved.data, location.hash]);

  const toggle = (kind: NotificationKind, channel: Channel, value: boolean) =>
    setDraft((rows ?? []).map((row) => (row.kind === kind ? { ...row, [channel]: value } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    setFailed(false);
    try {
      queryClient.setQueryData(preferencesKey, await api.saveNotificationPreferences(draft));
      setDraft(null);
      notify(t('portal.notifications.preferencesSaved'), { type: 'success' });
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  if (saved.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void saved.refetch()}>{t('portal.common.retry')}</Button>}>
        {t('portal.notifications.preferencesLoadError')}
      </Alert>
    );
  }
  if (!rows) return <Skeleton width="60%" />;
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  const channelLabel = (channel: Channel) => t(channel === 'email' ? 'portal.notifications.byEmail' : 'portal.notifications.bySms');
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('portal.notifications.preferencesHint')}
      </Typography>
      <Box
        role="table"
        aria-label={t('portal.notifications.preferencesTable')}
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto auto', alignItems: 'center', columnGap: 2 }}
      >
        <Box role="row" sx={{ display: 'contents' }}>
          <Typography role="columnheader" variant="body2" sx={{ fontWeight: 600 }}>
            {t('portal.notifications.kindColumn')}
          </Typography>
          {(['email', 'sms'] as const).map((channel) => (
            <Typography key={channel} role="columnheader" variant="body2" sx={{ fontWeight: 600, textAlign: 'center' }}>
              {channelLabel(channel)}
            </Typography>
          ))}
        </Box>
        {NOTIFICATION_KINDS.map((kind) => {
          const name = t(`portal.notifications.kindNames.${kind}`);
          return (
            <Box key={kind} role="row" sx={{ display: 'contents' }} data-kind={kind}>
              <Typography role="rowheader" sx={{ overflowWrap: 'anywhere', py: 1 }}>
                {name}
              </Typography>
              {(['email', 'sms'] as const).map((channel) => (
                <Box key={channel} role="cell" sx={{ textAlign: 'center' }}>
                  <Checkbox
                    checked={byKind.get(kind)?.[channel] ?? false}
                    onChange={(event) => toggle(kind, channel, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('portal.notifications.channelFor', { channel: channelLabel(channel), kind: name }) } }}
                  />
                </Box>
              ))}
            </Box>
          );
        })}
      </Box>
      {failed && (
        <Alert severity="error" sx={{ mt: 3 }}>
          {t('portal.notifications.preferencesSaveError')}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 4 }}>
        <Button type="submit" variant="contained" disabled={!draft || saving}>
          {t('portal.notifications.savePreferences')}
        </Button>
      </Stack>
    </Box>
  );
}
