import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { AGE_BANDS, EMPTY_AUDIENCE, GENDERS, PRESENCE, type Audience } from '@/domain/audience';
import { CUSTOMER_PLACEHOLDERS, fillCustomerTemplate } from '@/domain/customerTemplates';
import { formatMoney, formatNumber } from '@/domain/format';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import {
  BUDGET_KINDS,
  CAMPAIGN_LIMITS,
  campaignInputSchema,
  CTAS,
  isEditable,
  isoToVietnamLocal,
  OBJECTIVES,
  parseCampaignSource,
  reserveAmountOf,
  vietnamLocalOf,
  vietnamLocalToIso,
  type BudgetKind,
  type Cta,
  type Objective,
} from '@/domain/marketingCampaigns';
import { vietnamToday } from '@/domain/time';
import type { CampaignBody } from '@/dataProvider/api/marketingCampaigns';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { lang, M, MarketingFrame, mkKey, useDebounced, useMarketingPage, usePageId } from './shared';

const F = `${M}.form`;
const placeholderText = (name: string) => `${'$'}{${name}}`;

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

interface FormState {
  name: string;
  objective: Objective;
  audience: Audience;
  starts: string;
  ends: string;
  budgetKind: BudgetKind;
  budgetAmount: string;
  text: string;
  imageName: string | null;
  imageUrl: string | null;
  cta: Cta;
  paymentLinkId: number | '';
  templateId: number | null;
}

const blank = (): FormState => {
  const today = vietnamToday();
  return {
    name: '',
    objective: 'REACH',
    audience: EMPTY_AUDIENCE,
    starts: vietnamLocalOf(today, 1, 8),
    ends: vietnamLocalOf(today, 8, 8),
    budgetKind: 'TOTAL',
    budgetAmount: '1000000',
    text: '',
    imageName: null,
    imageUrl: null,
    cta: 'OPEN_PAGE',
    paymentLinkId: '',
    templateId: null,
  };
};

/**
 * Spec §2 marketing-management/{id}/campaign/create: a new campaign (or `from` = template:<id> |
 * campaign:<id>, prefilled from it; `edit` = <campaignId> edits a draft or rejected one). Objective,
 * audience with a live estimate, schedule in Vietnam time, daily or total budget with its minimum and
 * what approval will reserve, creative (${name} and ${page} previewed for a sample customer, image, call
 * to action). Checked with the API's schema as typed; saved as a draft, submitted from its detail.
 */
export default function CampaignCreate() {
  const translate = useTranslate();
  const page = useMarketingPage();
  const [search] = useSearchParams();
  const editId = Number(search.get('edit') ?? '') || null;
  return (
    <MarketingFrame resource="marketing-campaign-create" title={editId ? translate(`${F}.editTitle`) : undefined} pageName={page.data?.name} back>
      <CampaignForm pageName={page.data?.name ?? ''} editId={editId} from={search.get('from')} />
    </MarketingFrame>
  );
}

function CampaignForm({ pageName, editId, from }: { pageName: string; editId: number | null; from: string | null }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const pageId = usePageId();
  const lng = lang();
  const fileInput = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState<FormState>(blank);
  const [ready, setReady] = useState(!editId && !from);
  const [version, setVersion] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));

  // Prefill once: the campaign being edited, or the template / campaign of `from`.
  useEffect(() => {
    let cancelled = false;
    const source = parseCampaignSource(from);
    const load = async () => {
      try {
        if (editId) {
          const c = await api.getMarketingCampaign(pageId, editId);
          if (cancelled) return;
          if (!isEditable(c.status)) setLoadError(translate(`${F}.notEditable`));
          setVersion(c.version);
          setForm({
            name: c.name,
            objective: c.objective,
            audience: c.audience,
            starts: isoToVietnamLocal(c.startsAt),
            ends: isoToVietnamLocal(c.endsAt),
            budgetKind: c.budgetKind,
            budgetAmount: String(c.budgetAmount),
            text: c.text,
            imageName: c.imageName,
            imageUrl: c.imageUrl,
            cta: c.cta,
            paymentLinkId: c.paymentLinkId ?? '',
            templateId: c.templateId,
          });
        } else if (source) {
          const s = await api.getMarketingCampaignSource(pageId, `${source.kind}:${source.id}`);
          if (cancelled) return;
          setForm((f) => ({
            ...f,
            name: source.kind === 'campaign' ? translate(`${F}.copyOf`, { name: s.name }) : s.name,
            objective: s.objective ?? f.objective,
            audience: s.audience ?? f.audience,
            budgetKind: s.budgetKind ?? f.budgetKind,
            budgetAmount: s.budgetAmount !== null ? String(s.budgetAmount) : f.budgetAmount,
            text: s.text,
            imageName: s.imageName,
            imageUrl: s.imageUrl,
            cta: s.cta,
            paymentLinkId: s.paymentLinkId ?? '',
            templateId: s.templateId,
          }));
        } else if (from) {
          setLoadError(translate(`${F}.badSource`));
        }
      } catch (err) {
        if (!cancelled) setLoadError((err as { message?: string }).message ?? translate(`${F}.badSource`));
      } finally {
        if (!cancelled) setReady(true);
      }
    };
    void load();
    return () => {
      cancelled = true;
    };
  }, [api, pageId, editId, from, translate]);

  const options = useQuery({ queryKey: mkKey('audience-options', pageId), queryFn: () => api.getMarketingAudienceOptions(pageId) });
  const links = useQuery({ queryKey: mkKey('links', pageId), queryFn: () => api.getMarketingPaymentLinks(pageId), enabled: form.cta === 'OPEN_PAYMENT_LINK' });
  const settled = useDebounced(form.audience);
  const estimate = useQuery({ queryKey: mkKey('estimate', pageId, JSON.stringify(settled)), queryFn: () => api.estimateMarketingAudience(pageId, settled) });

  const body = (): Record<string, unknown> => ({
    name: form.name,
    objective: form.objective,
    audience: form.audience,
    startsAt: vietnamLocalToIso(form.starts) ?? '',
    endsAt: vietnamLocalToIso(form.ends) ?? '',
    budgetKind: form.budgetKind,
    budgetAmount: form.budgetAmount,
    text: form.text,
    imageName: form.imageName,
    cta: form.cta,
    paymentLinkId: form.cta === 'OPEN_PAYMENT_LINK' && form.paymentLinkId !== '' ? form.paymentLinkId : null,
    templateId: form.templateId,
  });
  const parsed = campaignInputSchema.safeParse(body());
  const textError = form.text ? translateErrors(schemaErrors(campaignInputSchema, body()), translate).text : undefined;
  const reserve = parsed.success ? reserveAmountOf(parsed.data.budgetKind, parsed.data.budgetAmount, new Date(parsed.data.startsAt), new Date(parsed.data.endsAt)) : null;

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const media = await api.uploadMarketingImage(pageId, file);
      set({ imageName: media.name, imageUrl: media.url });
    } catch {
      // The httpClient has shown the server's message (type, size, content).
    } finally {
      setUploading(false);
    }
  };

  const save = async () => {
    const found = translateErrors(schemaErrors(campaignInputSchema, body(), { depth: 'input' }), translate);
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    setSaving(true);
    try {
      const payload = parsed.data as CampaignBody;
      const saved = editId && version !== null ? await api.updateMarketingCampaign(pageId, editId, version, payload) : await api.createMarketingCampaign(pageId, payload);
      await queryClient.invalidateQueries({ queryKey: mkKey() });
      navigate(pathOf('marketing-campaign', 'page', { id: pageId, campaignId: saved.id }));
    } catch {
      // The httpClient has shown the server's message; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  if (!ready) return <PageLoader />;
  if (loadError) return <Alert severity="error">{loadError}</Alert>;

  const presence = (field: 'followers' | 'payers') => (
    <TextField select size="small" label={translate(`${F}.${field}`)} value={form.audience[field]} onChange={(e) => set({ audience: { ...form.audience, [field]: e.target.value } })} sx={{ minWidth: 240 }}>
      {PRESENCE.map((p) => (
        <MenuItem key={p} value={p}>
          {translate(`${F}.presence.${field}.${p}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  const preview = form.text && !textError ? fillCustomerTemplate(form.text, { name: translate(`${F}.sampleName`), page: pageName }) : '';

  return (
    <Box
      component="form"
      noValidate
      aria-label={editId ? translate(`${F}.editTitle`) : translate('resources.marketing-campaign-create.name')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack spacing={3} sx={{ maxWidth: 920 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={translate(`${F}.name`)}
            value={form.name}
            required
            fullWidth
            onChange={(e) => set({ name: e.target.value })}
            error={!!errors.name}
            helperText={errors.name}
            slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.nameMaxLength } }}
          />
          <TextField select label={translate(`${F}.objective`)} value={form.objective} onChange={(e) => set({ objective: e.target.value as Objective })} sx={{ minWidth: 240 }}>
            {OBJECTIVES.map((o) => (
              <MenuItem key={o} value={o}>
                {translate(`${M}.objectives.${o}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>

        <Paper variant="outlined" sx={{ p: 2 }} component="fieldset">
          <Typography component="legend" variant="subtitle1" sx={{ px: 1 }}>
            {translate(`${F}.audience`)}
          </Typography>
          <Stack spacing={2}>
            <FormControl component="fieldset">
              <FormLabel component="legend">{translate(`${F}.ageBands`)}</FormLabel>
              <FormGroup row>
                {AGE_BANDS.map((band) => (
                  <FormControlLabel
                    key={band}
                    control={<Checkbox checked={form.audience.ageBands.includes(band)} onChange={() => set({ audience: { ...form.audience, ageBands: toggle(form.audience.ageBands, band) } })} />}
                    label={translate(`${F}.ageBandNames.${band}`)}
                  />
                ))}
              </FormGroup>
            </FormControl>
            <FormControl component="fieldset">
              <FormLabel component="legend">{translate(`${F}.genders`)}</FormLabel>
              <FormGroup row>
                {GENDERS.map((g) => (
                  <FormControlLabel
                    key={g}
                    control={<Checkbox checked={form.audience.genders.includes(g)} onChange={() => set({ audience: { ...form.audience, genders: toggle(form.audience.genders, g) } })} />}
                    label={translate(`${F}.genderNames.${g}`)}
                  />
                ))}
              </FormGroup>
            </FormControl>
            <Autocomplete
              multiple
              options={options.data?.provinces ?? []}
              value={form.audience.provinces}
              onChange={(_e, next) => set({ audience: { ...form.audience, provinces: next } })}
              renderInput={(params) => <TextField {...params} label={translate(`${F}.provinces`)} helperText={translate(`${F}.anyWhenEmpty`)} />}
            />
            <FormControl component="fieldset">
              <FormLabel component="legend">{translate(`${F}.tags`)}</FormLabel>
              {options.data && options.data.tags.length === 0 && <FormHelperText>{translate(`${F}.noTags`)}</FormHelperText>}
              <FormGroup row>
                {options.data?.tags.map((tag) => (
                  <FormControlLabel
                    key={tag.id}
                    control={<Checkbox checked={form.audience.tagIds.includes(tag.id)} onChange={() => set({ audience: { ...form.audience, tagIds: toggle(form.audience.tagIds, tag.id) } })} />}
                    label={tag.name}
                  />
                ))}
              </FormGroup>
            </FormControl>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {presence('followers')}
              {presence('payers')}
            </Stack>
            <Alert severity={estimate.data === 0 ? 'warning' : 'info'} aria-live="polite" data-testid="audience-estimate">
              {estimate.data === undefined ? translate(`${F}.estimating`) : translate(`${F}.estimate`, { count: formatNumber(estimate.data, lng) })}
            </Alert>
          </Stack>
        </Paper>

        <Paper variant="outlined" sx={{ p: 2 }} component="fieldset">
          <Typography component="legend" variant="subtitle1" sx={{ px: 1 }}>
            {translate(`${F}.scheduleAndBudget`)}
          </Typography>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="datetime-local"
                label={translate(`${F}.startsAt`)}
                value={form.starts}
                required
                onChange={(e) => set({ starts: e.target.value })}
                error={!!errors.startsAt}
                helperText={errors.startsAt ?? translate(`${F}.vietnamTime`)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="datetime-local"
                label={translate(`${F}.endsAt`)}
                value={form.ends}
                required
                onChange={(e) => set({ ends: e.target.value })}
                error={!!errors.endsAt}
                helperText={errors.endsAt ?? translate(`${F}.vietnamTime`)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
            <FormControl component="fieldset">
              <FormLabel component="legend">{translate(`${F}.budgetKind`)}</FormLabel>
              <RadioGroup row value={form.budgetKind} onChange={(e) => set({ budgetKind: e.target.value as BudgetKind })}>
                {BUDGET_KINDS.map((k) => (
                  <FormControlLabel key={k} value={k} control={<Radio />} label={translate(`${F}.budgetKindNames.${k}`)} />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              label={translate(`${F}.budgetAmount`)}
              value={form.budgetAmount}
              required
              onChange={(e) => set({ budgetAmount: e.target.value })}
              error={!!errors.budgetAmount}
              helperText={errors.budgetAmount ?? translate(form.budgetKind === 'DAILY' ? `${F}.minDaily` : `${F}.minTotal`)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ maxWidth: 320 }}
            />
            {reserve !== null && (
              <Alert severity="info" data-testid="campaign-reserve">
                {translate(`${F}.reserve`, { amount: formatMoney(reserve, lng) })}
              </Alert>
            )}
          </Stack>
        </Paper>

        <Paper variant="outlined" sx={{ p: 2 }} component="fieldset">
          <Typography component="legend" variant="subtitle1" sx={{ px: 1 }}>
            {translate(`${F}.creative`)}
          </Typography>
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}>
              <Stack spacing={1} sx={{ flex: 1, width: '100%' }}>
                <TextField
                  label={translate(`${F}.text`)}
                  value={form.text}
                  required
                  multiline
                  minRows={4}
                  onChange={(e) => set({ text: e.target.value })}
                  error={!!(errors.text ?? textError)}
                  helperText={errors.text ?? textError ?? translate(`${F}.textHelp`)}
                  slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.textMaxLength } }}
                />
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                  {CUSTOMER_PLACEHOLDERS.map((p) => (
                    <Button key={p} size="small" variant="outlined" onClick={() => set({ text: `${form.text}${placeholderText(p)}` })}>
                      {translate(`${F}.insert.${p}`)}
                    </Button>
                  ))}
                </Stack>
              </Stack>
              <Paper variant="outlined" sx={{ flex: 1, p: 2, width: '100%' }} aria-labelledby="campaign-preview-title">
                <Typography id="campaign-preview-title" variant="subtitle2" component="h2">
                  {translate(`${F}.previewFor`, { name: translate(`${F}.sampleName`) })}
                </Typography>
                {form.imageUrl && <Box component="img" src={form.imageUrl} alt={translate(`${F}.imageAlt`)} sx={{ mt: 1, maxWidth: '100%', maxHeight: 180, borderRadius: 1 }} />}
                <Typography variant="body2" data-testid="campaign-preview" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {preview || translate(`${F}.previewEmpty`)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {translate(`${M}.ctas.${form.cta}`)}
                </Typography>
              </Paper>
            </Box>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <input ref={fileInput} type="file" accept=".jpg,.jpeg,.png,.svg,image/jpeg,image/png,image/svg+xml" hidden onChange={(e) => void upload(e)} aria-label={translate(`${F}.chooseImage`)} />
              <Button variant="outlined" disabled={uploading} onClick={() => fileInput.current?.click()}>
                {translate(form.imageName ? `${F}.changeImage` : `${F}.chooseImage`)}
              </Button>
              {form.imageName && <Button onClick={() => set({ imageName: null, imageUrl: null })}>{translate(`${F}.removeImage`)}</Button>}
              {errors.imageName && <FormHelperText error>{errors.imageName}</FormHelperText>}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label={translate(`${F}.cta`)} value={form.cta} onChange={(e) => set({ cta: e.target.value as Cta })} sx={{ minWidth: 240 }}>
                {CTAS.map((c) => (
                  <MenuItem key={c} value={c}>
                    {translate(`${M}.ctas.${c}`)}
                  </MenuItem>
                ))}
              </TextField>
              {form.cta === 'OPEN_PAYMENT_LINK' && (
                <TextField
                  select
                  label={translate(`${F}.paymentLink`)}
                  value={form.paymentLinkId}
                  onChange={(e) => set({ paymentLinkId: Number(e.target.value) })}
                  error={!!errors.paymentLinkId}
                  helperText={errors.paymentLinkId ?? (links.data?.length === 0 ? translate(`${F}.noLinks`) : undefined)}
                  sx={{ minWidth: 280 }}
                >
                  {(links.data ?? []).map((l) => (
                    <MenuItem key={l.id} value={l.id}>
                      {l.title} ({l.code})
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>
          </Stack>
        </Paper>

        {errors.audience && <Alert severity="error">{errors.audience}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate(editId ? `${F}.saveChanges` : `${F}.saveDraft`)}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
