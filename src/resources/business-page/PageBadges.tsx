import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { formatNumber } from '@/domain/format';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { BADGE_KINDS, BADGE_LIMITS, BADGE_WRITERS, badgeRuleSchema, type BadgeKind, type BadgeRule } from '@/domain/pageBadges';
import type { BusinessPage } from '@/dataProvider/api/businessPages';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { pageKey, R } from './shared';

const B = `${R}.badges`;

interface Draft {
  name: string;
  kind: BadgeKind;
  minPayments: string;
  windowDays: string;
}
const EMPTY: Draft = { name: '', kind: 'PAYMENTS', minPayments: '3', windowDays: '30' };
const draftOf = (rule: BadgeRule): Draft => ({
  name: rule.name,
  kind: rule.kind,
  minPayments: rule.minPayments === null ? '' : String(rule.minPayments),
  windowDays: rule.windowDays === null ? '' : String(rule.windowDays),
});
/** The form's text as the API's numbers (blank → null; the schema names what is wrong). */
const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The rule in words: "3 payments in 30 days" or "writes a first review". */
export function useRuleText() {
  const translate = useTranslate();
  const lng = getLanguage();
  return (rule: Pick<BadgeRule, 'kind' | 'minPayments' | 'windowDays'>) =>
    rule.kind === 'PAYMENTS'
      ? translate(`${B}.ruleText.PAYMENTS`, { count: rule.minPayments ?? 0, payments: formatNumber(rule.minPayments ?? 0, lng), days: formatNumber(rule.windowDays ?? 0, lng) })
      : translate(`${B}.ruleText.FIRST_REVIEW`);
}

function BadgeDialog({ page, rule, onClose }: { page: BusinessPage; rule: BadgeRule | null; onClose: (saved: boolean) => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const [draft, setDraft] = useState<Draft>(rule ? draftOf(rule) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });
  const submit = async () => {
    const payments = draft.kind === 'PAYMENTS';
    const body = { name: draft.name, kind: draft.kind, minPayments: payments ? numberOf(draft.minPayments) : null, windowDays: payments ? numberOf(draft.windowDays) : null };
    const found = translateErrors(schemaErrors(badgeRuleSchema, body), translate);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await api.savePageBadge(page.id, badgeRuleSchema.parse(body), rule?.id);
      onClose(true);
    } catch {
      // The httpClient has shown the server's message; the form keeps what was typed.
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="badge-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="badge-dialog-title">{translate(rule ? `${B}.edit` : `${B}.create`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate(`${B}.fields.name`)}
            value={draft.name}
            required
            onChange={set('name')}
            error={!!errors.name}
            helperText={errors.name}
            slotProps={{ htmlInput: { maxLength: BADGE_LIMITS.nameMaxLength } }}
          />
          <TextField select label={translate(`${B}.fields.kind`)} value={draft.kind} onChange={set('kind')}>
            {BADGE_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {translate(`${B}.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          {draft.kind === 'PAYMENTS' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="number"
                label={translate(`${B}.fields.minPayments`)}
                value={draft.minPayments}
                required
                onChange={set('minPayments')}
                error={!!errors.minPayments}
                helperText={errors.minPayments}
                slotProps={{ htmlInput: { min: BADGE_LIMITS.minPayments.min, max: BADGE_LIMITS.minPayments.max, step: 1 } }}
              />
              <TextField
                type="number"
                label={translate(`${B}.fields.windowDays`)}
                value={draft.windowDays}
                required
                onChange={set('windowDays')}
                error={!!errors.windowDays}
                helperText={errors.windowDays}
                slotProps={{ htmlInput: { min: BADGE_LIMITS.windowDays.min, max: BADGE_LIMITS.windowDays.max, step: 1 } }}
              />
            </Stack>
          )}
          <Typography variant="body2" color="text.secondary">
            {translate(`${B}.help.${draft.kind}`)}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()}>
          {translate(`${B}.save`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * business-page/{id}/badge-gamification: the page's customer badges, their rules and how many customers
 * hold each. Page admins create, edit, disable and enable them; analysts only read (the server refuses
 * anyone else).
 */
export function PageBadges({ page }: { page: BusinessPage }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const lng = getLanguage();
  const ruleText = useRuleText();
  const key = [...pageKey(page.id), 'badges'];
  const { data, isPending, isError } = useQuery({ queryKey: key, queryFn: () => api.getPageBadges(page.id) });
  const [editing, setEditing] = useState<BadgeRule | 'new' | null>(null);
  const mayEdit = page.myRole !== undefined && BADGE_WRITERS.includes(page.myRole);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const toggle = async (rule: BadgeRule) => {
    try {
      await api.setPageBadgeActive(page.id, rule.id, !rule.active);
    } catch {
      // The httpClient has shown the server's message.
    }
    await refresh();
  };
  if (isPending) return <PageLoader />;
  if (isError) return <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {translate(mayEdit ? `${B}.intro` : `${B}.readOnly`)}
        </Typography>
        {mayEdit && (
          <Button variant="contained" onClick={() => setEditing('new')} sx={{ flex: 'none' }}>
            {translate(`${B}.create`)}
          </Button>
        )}
      </Stack>
      {data.length === 0 ? (
        <Alert severity="info">{translate(`${B}.empty`)}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(`${R}.tabs.badge-gamification`)}>
            <TableHead>
              <TableRow>
                {['name', 'rule', 'holders', 'state', 'actions'].map((c) => (
                  <TableCell key={c}>{translate(`${B}.columns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((rule) => (
                <TableRow key={rule.id}>
                  <TableCell>{rule.name}</TableCell>
                  <TableCell>{ruleText(rule)}</TableCell>
                  <TableCell>{formatNumber(rule.awarded, lng)}</TableCell>
                  <TableCell>
                    <Chip size="small" color={rule.active ? 'success' : 'default'} label={translate(`${B}.${rule.active ? 'active' : 'disabled'}`)} />
                  </TableCell>
                  <TableCell>
                    {mayEdit && (
                      <Stack direction="row" spacing={1}>
                        <Button size="small" onClick={() => setEditing(rule)} aria-label={translate(`${B}.editOne`, { name: rule.name })}>
                          {translate(`${B}.editAction`)}
                        </Button>
                        <Button
                          size="small"
                          color={rule.active ? 'error' : 'primary'}
                          onClick={() => void toggle(rule)}
                          aria-label={translate(rule.active ? `${B}.disableOne` : `${B}.enableOne`, { name: rule.name })}
                        >
                          {translate(rule.active ? `${B}.disable` : `${B}.enable`)}
                        </Button>
                      </Stack>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {editing !== null && (
        <BadgeDialog
          page={page}
          rule={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void refresh();
          }}
        />
      )}
    </Stack>
  );
}
