import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getCommon, getCurrentMerchant } from '@/authProvider/session';
import { secureLocal, StorageKeys } from '@/storage';
import { ConfirmDialog, ConfirmMessageKeys } from '@/components/ConfirmDialog';
import { notify } from '@/components/notifications/notifier';
import {
  PAYOUT_BANKS,
  PAYOUT_CITIES,
  payoutSettingsSchema,
  RECONCILIATION_TIMES,
  type PayoutOtpChallenge,
  type PayoutSettings,
  type PayoutSettingsInput,
  type PayoutValidation,
} from '@/domain/payouts';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { useHistoryStep } from '@/pages/auth/shared/useHistoryStep';
import { useDestinationLabel, usePayoutChangeLines } from './labels';
import PayoutAudit from './PayoutAudit';
import PayoutOtpDialog from './PayoutOtpDialog';
import { payoutQueryKey, periodsQueryKey } from '../queryKeys';
import { usePortalApi } from '@/dataProvider/usePortalApi';

type Values = Required<{ [K in keyof PayoutSettingsInput]: string }>;
type Errors = Partial<Record<keyof Values, string>>;

const toValues = (s: PayoutSettings): Values => ({
  wallet: s.wallet,
  period: s.period,
  reconciliationTime: s.reconciliationTime,
  accountNumber: s.accountNumber ?? '',
  accountName: s.accountName ?? '',
  bankBrand: s.bankBrand ?? '',
  bankCityId: s.bankCityId ?? '',
  bankNameId: s.bankNameId ?? '',
});

/** Field errors of a rejected call (`data.errors` of a 400), keyed by field; their messages are already translated. */
function serverErrors(error: unknown): Errors | null {
  const list = (error as { data?: { errors?: Array<{ field: string; message: string }> } })?.data?.errors;
  if (!Array.isArray(list) || list.length === 0) return null;
  return Object.fromEntries(list.map((e) => [e.field, e.message]));
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </>
  );
}

/**
 * The merchant-info page's "payout" tab: where the merchant's money goes (spec §3 bank info, destination,
 * period). Owners edit; the confirmation shows each changed field old → new (account numbers masked by
 * the server); a change of destination, bank, account number or holder is then confirmed with a one-time
 * code sent to the owner; every saved change shows in the history below.
 *
 * The confirmation and the code are steps of their own in the browser history: Back (the browser's or
 * the dialog's) returns to the previous step with every field kept.
 */
export default function PayoutPanel({ merchantId: given }: { merchantId?: number }) {
  const { t } = useTranslation();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const merchantId = given ?? getCommon()?.merchantId ?? 0;
  const settings = useQuery({ queryKey: payoutQueryKey(merchantId), queryFn: () => api.getPayouts(merchantId), enabled: merchantId > 0, retry: false });
  const periods = useQuery({ queryKey: periodsQueryKey, queryFn: () => api.getPayoutPeriods(), staleTime: 3_600_000, retry: false });
  const destinationLabel = useDestinationLabel();

  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const confirmStep = useHistoryStep<PayoutValidation>('payout-confirm');
  const otpStep = useHistoryStep<PayoutOtpChallenge>('payout-otp');
  const navigate = useNavigate();
  /** The last code sent and the settings it is bound to: going back and confirming the same again reuses it. */
  const sentFor = useRef<{ key: string; challenge: PayoutOtpChallenge } | null>(null);
  const check = confirmStep.value;
  const challenge = otpStep.value;

  const periodName = useMemo(() => {
    const map = new Map((periods.data ?? []).map((p) => [p.code, p.name]));
    return (code: string) => map.get(code) ?? code;
  }, [periods.data]);
  const changeLines = usePayoutChangeLines(periodName);

  if (settings.isPending && merchantId > 0) return <CircularProgress aria-label={t('resources.payouts.loading')} />;
  if (settings.isError || !settings.data) {
    return <Alert severity="error">{(settings.error as Error | null)?.message || t('resources.payouts.loadFailed')}</Alert>;
  }
  const current = settings.data;
  const form = values ?? toValues(current);
  const isBank = form.wallet === 'BANK';

  const set = (field: keyof Values) => (value: string) => {
    setValues({ ...form, [field]: value });
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const finish = (saved: PayoutSettings) => {
    queryClient.setQueryData(payoutQueryKey(merchantId), saved);
    // The server cleared the SHOW_POPUP_NOTIFY_PAYOUT todo; the stored merchant follows so the notice stays away.
    const merchant = getCurrentMerchant();
    if (merchant?.id === merchantId && merchant.todoActions?.includes('SHOW_POPUP_NOTIFY_PAYOUT')) {
      secureLocal.set(StorageKeys.currentMerchant, { ...merchant, todoActions: merchant.todoActions.filter((a) => a !== 'SHOW_POPUP_NOTIFY_PAYOUT') });
    }
    setEditing(false);
    setValues(null);
    setErrors({});
    setFormError(null);
    sentFor.current = null;
    // The flow's steps leave the history: Back after saving does not reopen them.
    const steps = challenge ? 2 : check ? 1 : 0;
    if (steps > 0) void navigate(-steps);
    notify(t('resources.payouts.saved'), { type: 'success' });
  };

  const fail = (error: unknown) => {
    const fields = serverErrors(error);
    if (fields) setErrors(fields);
    else setFormError((error as Error)?.message || t('resources.payouts.saveFailed'));
  };

  /** Checks the form here, then asks the server what changes (old → new) and opens the confirmation. */
  const startSave = async () => {
    if (busy) return;
    setFormError(null);
    const found = schemaErrors(payoutSettingsSchema, form);
    if (Object.keys(found).length) {
      setErrors(translateErrors(found, t) as Errors);
      return;
    }
    setBusy(true);
    try {
      const result = await api.validatePayout(merchantId, form);
      if (result.changes.length === 0) {
        setEditing(false);
        setValues(null);
        notify(t('resources.payouts.noChange'), { type: 'info' });
        return;
      }
      confirmStep.open(result);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!check || busy) return;
    setBusy(true);
    try {
      if (check.requiresOtp) {
        const key = JSON.stringify(form);
        const reusable = sentFor.current?.key === key && Date.parse(sentFor.current.challenge.expiresAt) > Date.now();
        const next = reusable ? sentFor.current!.challenge : await api.sendPayoutOtp(merchantId, current.version, form);
        sentFor.current = { key, challenge: next };
        otpStep.open(next);
        return;
      }
      finish(await api.updatePayout(merchantId, current.version, form));
    } catch (error) {
      confirmStep.back();
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const bankLabel = (id: string | null) => PAYOUT_BANKS.find((b) => b.id === id)?.shortName ?? id ?? '';
  const cityLabel = (id: string | null) => PAYOUT_CITIES.find((c) => c.id === id)?.name ?? id ?? '';
  const err = (field: keyof Values) => ({ error: !!errors[field], helperText: errors[field] ?? ' ' });

  return (
    <Stack spacing={4} sx={{ maxWidth: 720 }}>
      <Paper variant="outlined" sx={{ p: 4 }} component="section" aria-labelledby="payout-heading">
        <Typography id="payout-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('resources.payouts.title')}
        </Typography>
        {!editing ? (
          <>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(160px, auto) 1fr', columnGap: 3, rowGap: 1 }}>
              <Row label={t('resources.payouts.fields.wallet')} value={destinationLabel(current.wallet)} />
              <Row label={t('resources.payouts.fields.period')} value={current.period ? periodName(current.period) : t('resources.payouts.none')} />
              <Row label={t('resources.payouts.fields.reconciliationTime')} value={current.reconciliationTime} />
              {current.wallet === 'BANK' && (
                <>
                  <Row label={t('resources.payouts.fields.bankNameId')} value={bankLabel(current.bankNameId)} />
                  <Row label={t('resources.payouts.fields.accountNumber')} value={current.accountNumber ?? ''} />
                  <Row label={t('resources.payouts.fields.accountName')} value={current.accountName ?? ''} />
                  <Row label={t('resources.payouts.fields.bankBrand')} value={current.bankBrand ?? ''} />
                  <Row label={t('resources.payouts.fields.bankCityId')} value={cityLabel(current.bankCityId)} />
                </>
              )}
            </Box>
            {current.canChange ? (
              <Button variant="contained" sx={{ mt: 3 }} onClick={() => setEditing(true)}>
                {t('resources.payouts.edit')}
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
                {t('resources.payouts.readOnly')}
              </Typography>
            )}
          </>
        ) : (
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void startSave();
            }}
          >
            <Stack spacing={2}>
              {formError && <Alert severity="error">{formError}</Alert>}
              <FormControl error={!!errors.wallet}>
                <FormLabel id="payout-wallet-label">{t('resources.payouts.fields.wallet')}</FormLabel>
                <RadioGroup aria-labelledby="payout-wallet-label" value={form.wallet} onChange={(e) => set('wallet')(e.target.value)}>
                  {current.destinations.map((d) => (
                    <FormControlLabel key={d} value={d} control={<Radio />} label={destinationLabel(d)} />
                  ))}
                </RadioGroup>
                {errors.wallet && <Typography color="error" variant="caption">{errors.wallet}</Typography>}
              </FormControl>
              <TextField select required id="payout-period" label={t('resources.payouts.fields.period')} value={form.period} onChange={(e) => set('period')(e.target.value)} {...err('period')}>
                {(periods.data ?? []).map((p) => (
                  <MenuItem key={p.code} value={p.code}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                required
                id="payout-reconciliation"
                label={t('resources.payouts.fields.reconciliationTime')}
                value={form.reconciliationTime}
                onChange={(e) => set('reconciliationTime')(e.target.value)}
                {...err('reconciliationTime')}
              >
                {RECONCILIATION_TIMES.map((time) => (
                  <MenuItem key={time} value={time}>
                    {time}
                  </MenuItem>
                ))}
              </TextField>
              {isBank && (
                <>
                  <TextField select required id="payout-bank" label={t('resources.payouts.fields.bankNameId')} value={form.bankNameId} onChange={(e) => set('bankNameId')(e.target.value)} {...err('bankNameId')}>
                    {PAYOUT_BANKS.map((b) => (
                      <MenuItem key={b.id} value={b.id}>
                        {b.shortName}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    required
                    id="payout-account-number"
                    label={t('resources.payouts.fields.accountNumber')}
                    value={form.accountNumber}
                    onChange={(e) => set('accountNumber')(e.target.value)}
                    slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 19 } }}
                    {...err('accountNumber')}
                  />
                  <TextField
                    required
                    id="payout-account-name"
                    label={t('resources.payouts.fields.accountName')}
                    value={form.accountName}
                    onChange={(e) => set('accountName')(e.target.value)}
                    slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 50 } }}
                    {...err('accountName')}
                    helperText={errors.accountName ?? t('resources.payouts.accountNameHint')}
                  />
                  <TextField required id="payout-bank-brand" label={t('resources.payouts.fields.bankBrand')} value={form.bankBrand} onChange={(e) => set('bankBrand')(e.target.value)} {...err('bankBrand')} />
                  <TextField select required id="payout-bank-city" label={t('resources.payouts.fields.bankCityId')} value={form.bankCityId} onChange={(e) => set('bankCityId')(e.target.value)} {...err('bankCityId')}>
                    {PAYOUT_CITIES.map((c) => (
                      <MenuItem key={c.id} value={c.id}>
                        {c.name}
                      </MenuItem>
                    ))}
                  </TextField>
                </>
              )}
              <Alert severity="info">{t('resources.payouts.otpNotice')}</Alert>
              <Stack direction="row" spacing={2}>
                <Button type="submit" variant="contained" disabled={busy} startIcon={busy && !check ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
                  {t('ra.action.save')}
                </Button>
                <Button
                  onClick={() => {
                    setEditing(false);
                    setValues(null);
                    setErrors({});
                    setFormError(null);
                  }}
                  disabled={busy}
                >
                  {t('ra.action.cancel')}
                </Button>
              </Stack>
            </Stack>
          </Box>
        )}
      </Paper>
      <PayoutAudit entries={current.audit} periodName={periodName} />
      <ConfirmDialog
        open={!!check}
        loading={busy}
        content={
          <>
            {t(ConfirmMessageKeys.updateAccount)}
            <Box component="ul" aria-label={t('resources.payouts.changesLabel')} sx={{ mt: 2, mb: 0, pl: 5, color: 'text.primary', overflowWrap: 'anywhere' }}>
              {check && changeLines(check.changes, check.details).map((line) => <li key={line.field}>{line.text}</li>)}
            </Box>
          </>
        }
        cancelLabel={t('resources.payouts.back')}
        onClose={() => confirmStep.back()}
        onConfirm={() => void save()}
      />
      {challenge && (
        <PayoutOtpDialog
          challenge={challenge}
          onResend={async () => {
            const next = await api.sendPayoutOtp(merchantId, current.version, form);
            sentFor.current = { key: JSON.stringify(form), challenge: next };
            otpStep.open(next);
          }}
          onSubmit={async (otpCode) => finish(await api.updatePayout(merchantId, current.version, form, { otpId: challenge.otpId, otpCode }))}
          onBack={() => otpStep.back()}
        />
      )}
    </Stack>
  );
}

