import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { notify } from '@/components/notifications/notifier';
import { formatDateTime } from '@/domain/format';
import {
  DEFAULT_ROTATION_OVERLAP_HOURS,
  ENVIRONMENTS,
  ROTATION_OVERLAP_HOURS,
  type ApiCredential,
  type IntegrationEnvironment,
  type IntegrationOverview,
  type IssuedCredential,
} from '@/domain/paymentIntegration';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { integrationKeys } from './queryKeys';

const T = 'resources.payment-integration';
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' } as const;

/** The secret key of a creation or rotation: shown here once, never again. */
function SecretDialog({ issued, onClose }: { issued: IssuedCredential | null; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const copy = async () => {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.secretKey);
      notify(translate(`${T}.credentials.copied`), { type: 'success' });
    } catch {
      notify(translate(`${T}.credentials.copyFailed`), { type: 'warning' });
    }
  };
  return (
    <Dialog open={issued !== null} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{translate(`${T}.credentials.secretTitle`)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${T}.credentials.secretOnce`)}
        </Alert>
        {issued && (
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
            <Typography component="dt" color="text.secondary">{translate(`${T}.credentials.accessKey`)}</Typography>
            <Typography component="dd" sx={{ m: 0, ...mono }}>{issued.credential.accessKey}</Typography>
            <Typography component="dt" color="text.secondary">{translate(`${T}.credentials.secretKey`)}</Typography>
            <Typography component="dd" sx={{ m: 0, ...mono }} data-testid="secret-key">
              {issued.secretKey}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{translate(`${T}.credentials.copy`)}</Button>
        <Button variant="contained" onClick={onClose}>
          {translate(`${T}.credentials.saved`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RotateDialog({ credential, onClose, onRotated }: { credential: ApiCredential | null; onClose: () => void; onRotated: (i: IssuedCredential) => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const titleId = useId();
  const [overlap, setOverlap] = useState<number>(DEFAULT_ROTATION_OVERLAP_HOURS);
  const rotate = useMutation({
    mutationFn: () => api.rotateApiCredential(credential!.id, overlap),
    onSuccess: (issued) => onRotated(issued),
  });
  return (
    <Dialog open={credential !== null} onClose={rotate.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{translate(`${T}.credentials.rotateTitle`)}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate(`${T}.credentials.rotateText`)}</Typography>
        <TextField select fullWidth label={translate(`${T}.credentials.overlap`)} value={overlap} onChange={(e) => setOverlap(Number(e.target.value))}>
          {ROTATION_OVERLAP_HOURS.map((h) => (
            <MenuItem key={h} value={h}>
              {h === 0 ? translate(`${T}.credentials.overlapNone`) : translate(`${T}.credentials.overlapHours`, { hours: h })}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={rotate.isPending}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
          {translate(`${T}.credentials.rotate`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CredentialRow({ credential, onRotate, onRevoke }: { credential: ApiCredential; onRotate: () => void; onRevoke: () => void }) {
  const translate = useTranslate();
  const live = credential.status !== 'REVOKED' && !(credential.status === 'ROTATED' && credential.expiresAt && new Date(credential.expiresAt) <= new Date());
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography sx={mono}>{credential.accessKey}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.credentials.secretMasked`, { last4: credential.secretLast4 })} · {translate(`${T}.credentials.createdAt`, { time: formatDateTime(credential.createdAt) })}
          {credential.status === 'ROTATED' && credential.expiresAt && ` · ${translate(`${T}.credentials.expiresAt`, { time: formatDateTime(credential.expiresAt) })}`}
        </Typography>
      </Box>
      <Chip size="small" color={credential.status === 'ACTIVE' ? 'success' : 'default'} label={translate(`${T}.credentials.status.${credential.status}`)} />
      <Stack direction="row" spacing={1}>
        {credential.status === 'ACTIVE' && <Button onClick={onRotate}>{translate(`${T}.credentials.rotate`)}</Button>}
        {live && (
          <Button color="error" onClick={onRevoke}>
            {translate(`${T}.credentials.revoke`)}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

export function CredentialsPanel({ overview, merchantId }: { overview: IntegrationOverview; merchantId: number | null }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<IssuedCredential | null>(null);
  const [rotating, setRotating] = useState<ApiCredential | null>(null);
  const [revoking, setRevoking] = useState<ApiCredential | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationKeys.overview(merchantId) });
  const create = useMutation({
    mutationFn: (environment: IntegrationEnvironment) => api.createApiCredential(environment),
    onSuccess: (result) => {
      setIssued(result);
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api.revokeApiCredential(id),
    onSettled: () => {
      setRevoking(null);
      void refresh();
    },
  });

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{translate(`${T}.credentials.intro`, { partnerCode: overview.partnerCode })}</Typography>
      {ENVIRONMENTS.map((environment) => {
        const keys = overview.credentials.filter((c) => c.environment === environment);
        const active = keys.some((c) => c.status === 'ACTIVE');
        return (
          <Paper key={environment} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`credentials-${environment}`}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
              <Typography variant="h6" component="h3" id={`credentials-${environment}`}>
                {translate(`${T}.environments.${environment}`)}
              </Typography>
              {!active && (
                <Button variant="contained" disabled={create.isPending} onClick={() => create.mutate(environment)}>
                  {translate(`${T}.credentials.create`)}
                </Button>
              )}
            </Stack>
            <Typography variant="body2">
              {translate(`${T}.credentials.partnerCode`)}: <Box component="span" sx={mono}>{overview.partnerCode}</Box>
            </Typography>
            {keys.length === 0 ? (
              <Typography color="text.secondary" sx={{ mt: 1 }}>{translate(`${T}.credentials.none`)}</Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
                {keys.map((c) => (
                  <CredentialRow key={c.id} credential={c} onRotate={() => setRotating(c)} onRevoke={() => setRevoking(c)} />
                ))}
              </Box>
            )}
          </Paper>
        );
      })}
      <SecretDialog issued={issued} onClose={() => setIssued(null)} />
      <RotateDialog
        key={rotating?.id ?? 0}
        credential={rotating}
        onClose={() => setRotating(null)}
        onRotated={(result) => {
          setRotating(null);
          setIssued(result);
          void refresh();
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        destructive
        loading={revoke.isPending}
        title={translate(`${T}.credentials.revokeTitle`)}
        content={translate(`${T}.credentials.revokeText`, { accessKey: revoking?.accessKey ?? '' })}
        confirmLabel={translate(`${T}.credentials.revoke`)}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </Stack>
  );
}
