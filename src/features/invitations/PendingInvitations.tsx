import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/domain/format';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { isRepeatClick } from '@/components/ConfirmDialog';

export const myInvitationsQueryKey = ['portal', 'myInvitations'] as const;

/**
 * The signed-in user's waiting invitations to join a merchant, each with accept and reject. Renders
 * nothing when there are none, so it can sit on any page without changing it. `onAnswered` lets the
 * host refresh what an acceptance changes (the merchant list).
 */
export function PendingInvitations({ onAnswered }: { onAnswered?: () => void }) {
  const { t } = useTranslation();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const [answeringId, setAnsweringId] = useState<number | null>(null);
  const invitations = useQuery({ queryKey: myInvitationsQueryKey, queryFn: () => api.getMyInvitations() });
  const answer = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'accept' | 'reject' }) => api.answerInvitation(id, action),
    onMutate: ({ id }) => setAnsweringId(id),
    onSettled: async () => {
      setAnsweringId(null);
      await queryClient.invalidateQueries({ queryKey: myInvitationsQueryKey });
      onAnswered?.();
    },
  });

  /** One answer per click: a double click's second click (or a click before the buttons disable) sends nothing. */
  const [answered, setAnswered] = useState(false);
  const respond = (event: { detail?: number }, id: number, action: 'accept' | 'reject') => {
    if (answered || answeringId !== null || isRepeatClick(event)) return;
    setAnswered(true);
    answer.mutate({ id, action }, { onSettled: () => setAnswered(false) });
  };
  const list = invitations.data ?? [];
  if (!list.length) return null;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: { xs: 4, md: 6 } }} component="section" aria-labelledby="pending-invitations-title">
      <Typography id="pending-invitations-title" variant="h6" component="h2">
        {t('portal.invitations.title')}
      </Typography>
      <List aria-label={t('portal.invitations.title')}>
        {list.map((invitation) => (
          <ListItem key={invitation.id} disableGutters divider sx={{ gap: 4, flexWrap: 'wrap' }}>
            <Stack sx={{ flex: 1, minWidth: 240 }}>
              <Typography sx={{ fontWeight: 600 }}>{invitation.merchantName}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('portal.invitations.detail', {
                  role: t(`resources.users.roles.${invitation.role}`, { defaultValue: invitation.role }),
                  inviter: invitation.invitedBy ?? '-',
                })}
              </Typography>
              {invitation.expiresAt && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('portal.invitations.expiresAt', { date: formatDateTime(invitation.expiresAt) })}
                </Typography>
              )}
            </Stack>
            <Stack direction="row" spacing={2}>
              <Button
                variant="outlined"
                disabled={answered || answeringId !== null}
                onClick={(event) => respond(event.nativeEvent, invitation.id, 'reject')}
              >
                {t('portal.invitations.reject')}
              </Button>
              <Button
                variant="contained"
                disabled={answered || answeringId !== null}
                onClick={(event) => respond(event.nativeEvent, invitation.id, 'accept')}
              >
                {t('portal.invitations.accept')}
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
