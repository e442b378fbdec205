import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Me } from '@/domain/api';
import { formatDateTime } from '@/domain/format';
import type { PortalDataProvider } from '@/dataProvider';
import { PasswordForm } from './PasswordSection';
import { ProfileEditForm } from './ProfileSection';
import { SecuritySection } from './SecuritySection';
import { ContactsSection } from './ContactsSection';
import { SsoSection } from './SsoSection';
import { TwoFactorSection } from './TwoFactorSection';
import { NOTIFICATION_PREFERENCES_ID, NotificationPreferencesForm } from '@/features/notifications/NotificationPreferencesForm';

/** One titled block of the page. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 4, md: 6 }, borderRadius: 3, mt: 6 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 4 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const USER_TYPES: readonly Me['userType'][] = ['M4B_USER', 'SYSTEM', 'INTERNAL_USER'];

/** Account info (spec §2 user-info): the signed-in user's own account from GET /profile/v1/me. */
export default function UserInfoPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const me = useQuery({ queryKey: ['portal', 'me'], queryFn: () => dataProvider.getMe() });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const empty = translate('portal.common.none');

  const rows: Array<[keyof Me, string]> = me.data
    ? [
        ['username', me.data.username],
        ['name', me.data.name || empty],
        ['email', me.data.email || empty],
        ['phoneNumber', me.data.phoneNumber || empty],
        [
          'userType',
          USER_TYPES.includes(me.data.userType) ? translate(`portal.userType.${me.data.userType}`) : me.data.userType,
        ],
        ['lastLoginAt', formatDateTime(me.data.lastLoginAt)],
      ]
    : [];

  return (
    <Box sx={{ maxWidth: 800 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 6 }}>
        {translate('resources.user-info.name')}
      </Typography>
      {me.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void me.refetch()}>
              {translate('portal.common.retry')}
            </Button>
          }
        >
          {translate('resources.user-info.loadError')}
        </Alert>
      )}
      {editing && me.data ? (
        <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, borderRadius: 3 }}>
          <ProfileEditForm
            me={me.data}
            onDone={(saved) => {
              setEditing(false);
              if (saved) void queryClient.invalidateQueries({ queryKey: ['portal', 'me'] });
            }}
          />
        </Paper>
      ) : (me.isPending || me.data) && (
        <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, borderRadius: 3 }}>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 8, rowGap: 4, m: 0 }}
            aria-busy={me.isPending}
          >
            {me.isPending
              ? [0, 1, 2, 3, 4, 5].map((key) => (
                  // Placeholders are a term and its value too: a list of terms holds nothing else (axe definition-list).
                  <Box key={key} sx={{ display: 'contents' }}>
                    <Skeleton component="dt" width={140} />
                    <Skeleton component="dd" width="60%" sx={{ m: 0 }} />
                  </Box>
                ))
              : rows.map(([field, value]) => (
                  <Box key={field} sx={{ display: 'contents' }}>
                    <Typography component="dt" sx={{ color: 'text.secondary' }}>
                      {translate(`resources.user-info.fields.${field}`)}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }} data-field={field}>
                      {value}
                    </Typography>
                  </Box>
                ))}
          </Box>
          {me.data && (
            <Button variant="outlined" sx={{ mt: 4 }} onClick={() => setEditing(true)}>
              {translate('resources.user-info.profile.edit')}
            </Button>
          )}
        </Paper>
      )}
      <Section id="user-info-password" title={translate('resources.user-info.password.title')}>
        {changingPassword ? (
          <PasswordForm onDone={() => setChangingPassword(false)} />
        ) : (
          <Button variant="outlined" onClick={() => setChangingPassword(true)}>
            {translate('resources.user-info.password.open')}
          </Button>
        )}
      </Section>
      <Section id="user-info-contacts" title={translate('resources.user-info.contacts.title')}>
        <ContactsSection />
      </Section>
      <Section id="user-info-2fa" title={translate('resources.user-info.twoFactor.title')}>
        <TwoFactorSection />
      </Section>
      <Section id="user-info-sso" title={translate('resources.user-info.sso.title')}>
        <SsoSection />
      </Section>
      <Section id={NOTIFICATION_PREFERENCES_ID} title={translate('portal.notifications.preferencesTitle')}>
        <NotificationPreferencesForm />
      </Section>
      <Section id="user-info-security" title={translate('resources.user-info.security.title')}>
        <SecuritySection />
      </Section>
    </Box>
  );
}
