import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { approvalRulesSchema, DISBURSEMENT_ROLES, type ApprovalTier } from '@/domain/disbursements';
import { formatMoney } from '@/domain/format';
import type { Role } from '@/domain/roles';
import { getLanguage } from '@/i18n';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { disbursementKeys, errorText, T } from './queryKeys';

/** Approval tiers by order total; the owner edits them, everyone else reads them. */
export function RulesPanel({ merchantId }: { merchantId: number | null }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: disbursementKeys.rules(merchantId), queryFn: () => api.getApprovalRules() });
  const [tiers, setTiers] = useState<ApprovalTier[]>([]);
  useEffect(() => {
    if (rules.data) setTiers(rules.data.tiers);
  }, [rules.data]);
  const save = useMutation({
    mutationFn: () => api.saveApprovalRules(tiers),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: disbursementKeys.rules(merchantId) }),
  });
  if (rules.isPending) return <Typography>{translate('ra.page.loading')}</Typography>;
  if (rules.isError) return <Alert severity="error">{errorText(rules.error)}</Alert>;
  const canEdit = rules.data.canEdit;
  const check = approvalRulesSchema.safeParse({ tiers });
  const issue = check.success ? null : check.error.issues[0];
  const update = (i: number, patch: Partial<ApprovalTier>) => setTiers((ts) => ts.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  const addTier = () => setTiers((ts) => [...ts.slice(0, -1), { maxAmount: (ts[ts.length - 2]?.maxAmount ?? 0) + 10_000_000, approvals: 1, roles: [...DISBURSEMENT_ROLES] }, ts[ts.length - 1]]);
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Typography color="text.secondary">{translate(canEdit ? `${T}.rules.introOwner` : `${T}.rules.introReader`)}</Typography>
      {tiers.map((tier, i) => {
        const from = i === 0 ? 0 : (tiers[i - 1].maxAmount ?? 0) + 1;
        return (
          <Paper key={i} variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={translate(`${T}.rules.tier`, { n: i + 1 })}>
            <Typography variant="subtitle2" component="legend">
              {tier.maxAmount === null
                ? translate(`${T}.rules.above`, { from: formatMoney(from, lng) })
                : translate(`${T}.rules.range`, { from: formatMoney(from, lng), to: formatMoney(tier.maxAmount, lng) })}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }} alignItems={{ sm: 'center' }}>
              {tier.maxAmount !== null && (
                <TextField
                  size="small"
                  label={translate(`${T}.rules.maxAmount`)}
                  value={String(tier.maxAmount)}
                  disabled={!canEdit}
                  onChange={(e) => update(i, { maxAmount: Number(e.target.value.replace(/\D/g, '')) || 0 })}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              )}
              <TextField
                select
                size="small"
                label={translate(`${T}.rules.approvals`)}
                value={tier.approvals}
                disabled={!canEdit}
                onChange={(e) => update(i, { approvals: Number(e.target.value) })}
              >
                {[1, 2, 3].map((n) => (
                  <MenuItem key={n} value={n}>
                    {n}
                  </MenuItem>
                ))}
              </TextField>
              {DISBURSEMENT_ROLES.map((role) => (
                <FormControlLabel
                  key={role}
                  disabled={!canEdit}
                  label={translate(`resources.users.roles.${role}`, { _: role })}
                  control={
                    <Checkbox
                      checked={tier.roles.includes(role)}
                      onChange={(e) => update(i, { roles: e.target.checked ? [...tier.roles, role] : tier.roles.filter((r): r is Role => r !== role) })}
                    />
                  }
                />
              ))}
              {canEdit && tier.maxAmount !== null && tiers.length > 1 && (
                <Button color="error" onClick={() => setTiers((ts) => ts.filter((_, j) => j !== i))}>
                  {translate('ra.action.remove')}
                </Button>
              )}
            </Stack>
          </Paper>
        );
      })}
      {issue && canEdit && <Alert severity="warning">{translate(issue.message)}</Alert>}
      {save.isError && <Alert severity="error">{errorText(save.error)}</Alert>}
      {canEdit && (
        <Stack direction="row" spacing={1}>
          <Button onClick={addTier} disabled={tiers.length >= 5}>
            {translate(`${T}.rules.addTier`)}
          </Button>
          <Button variant="contained" disabled={!check.success || save.isPending} onClick={() => save.mutate()}>
            {translate('ra.action.save')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
