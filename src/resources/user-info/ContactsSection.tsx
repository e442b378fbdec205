import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ContactInfo, OtpSent } from '@/domain/authApi';
import { OtpStep } from '@/pages/auth/shared/OtpStep';
import { usePortalApi } from '@/dataProvider/usePortalApi';

/**
 * The account's phone and e-mail, each verified or not. Sign-up proves only the contact its code went
 * to; the other one is verified here (a code sent to it, then confirmed). Only a verified phone signs
 * in by SMS, resets the password, receives invitations and carries two-factor security.
 */
export function ContactsSection() {
  const api = usePortalApi();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const contacts = useQuery({ queryKey: ['portal', 'account', 'contacts'], queryFn: () => api.getContacts() });
  const [pending, setPending] = useState<{ channel: ContactInfo['channel']; sent: OtpSent } | null>(null);

  const start = async (channel: ContactInfo['channel']) => {
    try {
      setPending({ channel, sent: await api.sendContactCode(channel) });
    } catch {
      // Toasted by the httpClient.
    }
  };

  if (!contacts.data) return <Skeleton width="60%" />;
  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('resources.user-info.contacts.hint')}
      </Typography>
      {contacts.data.map((contact) => (
        <Stack key={contact.channel} direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid={`contact-${contact.channel}`}>
          <Typography sx={{ minWidth: 120 }}>{t(`resources.user-info.contacts.channel.${contact.channel}`)}</Typography>
          <Typography sx={{ fontWeight: 500 }}>{contact.maskedAddress}</Typography>
          <Chip
            size="small"
            color={contact.verified ? 'success' : 'warning'}
            label={t(contact.verified ? 'resources.user-info.contacts.verified' : 'resources.user-info.contacts.unverified')}
          />
          {!contact.verified && (
            <Button variant="outlined" size="small" onClick={() => void start(contact.channel)}>
              {t('resources.user-info.contacts.verify')}
            </Button>
          )}
        </Stack>
      ))}
      <Dialog open={Boolean(pending)} onClose={() => setPending(null)} aria-labelledby="contact-dialog-title" fullWidth maxWidth="xs">
        <DialogTitle id="contact-dialog-title">{pending && t(`resources.user-info.contacts.verifyTitle.${pending.channel}`)}</DialogTitle>
        <DialogContent>
          {pending && (
            <OtpStep
              idPrefix="contact"
              sent={pending.sent}
              onSubmit={async (code) => {
                await api.confirmContact(pending.channel, pending.sent.otpId, code);
                setPending(null);
                await queryClient.invalidateQueries({ queryKey: ['portal', 'account'] });
              }}
              onResend={() => api.sendContactCode(pending.channel)}
            />
          )}
        </DialogContent>
      </Dialog>
    </Stack>
  );
}
