import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
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
import { AGE_BANDS, EMPTY_AUDIENCE, GENDERS, PRESENCE, type Audience } from '@/domain/audience';
import { BROADCAST_RULES, broadcastMessageSchema, broadcastSchema, CARE_LIMITS, type BroadcastImage, type SendMode } from '@/domain/customerCare';
import { CUSTOMER_PLACEHOLDERS } from '@/domain/customerTemplates';
import { formatMoney, formatNumber } from '@/domain/format';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { CareHeader, careKey, lang, R, useCarePage, useDebounced } from './shared';

const K = `${R}.create`;
const D = `${R}.demographics`;
const placeholderText = (name: string) => `${'$'}{${name}}`;
type Attachment = 'NONE' | 'IMAGE' | 'LINK';

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/**
 * Spec §2 {id}/broadcast/create: name, audience from the page's tags and its customers' demographics
 * with a live count, the message (${name} and ${page}, checked as typed with the API's schema and
 * previewed for the audience's first customer), a picture or a payment link, and when: now or at a
 * Vietnam time. Delivery rules (quiet hours, weekly cap, unsubscribes) are told, not chosen.
 */
export default function BroadcastCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const { pageId, page } = useCarePage();
  const lng = lang();
  const fileInput = useRef<HTMLInputElement>(null);

  const [name, setName] = useState('');
  const [audience, setAudience] = useState<Audience>(EMPTY_AUDIENCE);
  const [message, setMessage] = useState('');
  const [attachment, setAttachment] = useState<Attachment>('NONE');
  const [image, setImage] = useState<BroadcastImage | null>(null);
  const [uploading, setUploading] = useState(false);
  const [paymentLinkId, setPaymentLinkId] = useState<number | ''>('');
  const [sendMode, setSendMode] = useState<SendMode>('NOW');
  const [scheduledAt, setScheduledAt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const tags = useQuery({ queryKey: careKey('tags', pageId), queryFn: () => api.careTags(pageId) });
  const provinces = useQuery({ queryKey: careKey('demographics', pageId, 'ALL'), queryFn: () => api.careDemographics(pageId, 'ALL') });
  const links = useQuery({ queryKey: careKey('links', pageId), queryFn: () => api.carePaymentLinks(pageId), enabled: attachment === 'LINK' });
  const settledAudience = useDebounced(audience);
  const count = useQuery({ queryKey: careKey('count', pageId, JSON.stringify(settledAudience)), queryFn: () => api.broadcastAudienceCount(pageId, settledAudience) });
  const messageError = message ? translateErrors(schemaErrors(broadcastMessageSchema, { message }), translate).message : undefined;
  const settledMessage = useDebounced(message);
  const preview = useQuery({
    queryKey: careKey('preview', pageId, settledMessage, JSON.stringify(settledAudience)),
    queryFn: () => api.broadcastPreview(pageId, settledMessage, settledAudience),
    enabled: !!settledMessage && !messageError,
  });
  const provinceOptions = useMemo(() => (provinces.data?.province ?? []).flatMap((p) => (p.key ? [p.key] : [])), [provinces.data]);

  const values = () => ({
    name,
    audience,
    message,
    imageName: attachment === 'IMAGE' ? (image?.name ?? '') : '',
    paymentLinkId: attachment === 'LINK' && paymentLinkId !== '' ? paymentLinkId : '',
    sendMode,
    scheduledAt: sendMode === 'SCHEDULED' ? scheduledAt : '',
  });

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      setImage(await api.uploadBroadcastImage(pageId, file));
    } catch {
      // The httpClient has shown the server's message (type, size, content).
    } finally {
      setUploading(false);
    }
  };

  const save = async () => {
    const found = translateErrors(schemaErrors(broadcastSchema, values(), { depth: 'input' }), translate);
    if (attachment === 'IMAGE' && !image) found.imageName = translate('validation.required');
    if (attachment === 'LINK' && paymentLinkId === '') found.paymentLinkId = translate('validation.required');
    if (count.data === 0) found.audience = translate('validation.care.noAudience');
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const created = await api.createBroadcast(pageId, broadcastSchema.parse(values()));
      await queryClient.invalidateQueries({ queryKey: careKey() });
      navigate(pathOf('care-broadcast', 'page', { id: pageId, broadcastId: created.id }));
    } catch {
      // The httpClient has shown the server's message; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  const presence = (field: 'followers' | 'payers') => (
    <TextField select size="small" label={translate(`${K}.${field}`)} value={audience[field]} onChange={(e) => setAudience({ ...audience, [field]: e.target.value })} sx={{ minWidth: 220 }}>
      {PRESENCE.map((p) => (
        <MenuItem key={p} value={p}>
          {translate(`${K}.presence.${field}.${p}`)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <CareHeader resource="care-broadcast-create" page={page} />
      <Box
        component="form"
        noValidate
        aria-label={translate('resources.care-broadcast-create.name')}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack spacing={3} sx={{ maxWidth: 900 }}>
          <TextField
            label={translate(`${K}.name`)}
            value={name}
            required
            onChange={(e) => setName(e.target.value)}
            error={!!errors.name}
            helperText={errors.name}
            slotProps={{ htmlInput: { maxLength: CARE_LIMITS.nameMaxLength } }}
          />

          <Paper variant="outlined" sx={{ p: 2 }} component="fieldset">
            <Typography component="legend" variant="subtitle1" sx={{ px: 1 }}>
              {translate(`${K}.audience`)}
            </Typography>
            <Stack spacing={2}>
              <FormControl component="fieldset">
                <FormLabel component="legend">{translate(`${K}.tags`)}</FormLabel>
                {tags.data && tags.data.length === 0 && <FormHelperText>{translate(`${K}.noTags`)}</FormHelperText>}
                <FormGroup row>
                  {tags.data?.map((tag) => (
                    <FormControlLabel
                      key={tag.id}
                      control={<Checkbox checked={audience.tagIds.includes(tag.id)} onChange={() => setAudience({ ...audience, tagIds: toggle(audience.tagIds, tag.id) })} />}
                      label={tag.name}
                    />
                  ))}
                </FormGroup>
              </FormControl>
              <FormControl component="fieldset">
                <FormLabel component="legend">{translate(`${D}.dimensions.ageBand`)}</FormLabel>
                <FormGroup row>
                  {AGE_BANDS.map((band) => (
                    <FormControlLabel
                      key={band}
                      control={<Checkbox checked={audience.ageBands.includes(band)} onChange={() => setAudience({ ...audience, ageBands: toggle(audience.ageBands, band) })} />}
                      label={translate(`${D}.values.ageBand.${band}`)}
                    />
                  ))}
                </FormGroup>
              </FormControl>
              <FormControl component="fieldset">
                <FormLabel component="legend">{translate(`${D}.dimensions.gender`)}</FormLabel>
                <FormGroup row>
                  {GENDERS.map((gender) => (
                    <FormControlLabel
                      key={gender}
                      control={<Checkbox checked={audience.genders.includes(gender)} onChange={() => setAudience({ ...audience, genders: toggle(audience.genders, gender) })} />}
                      label={translate(`${D}.values.gender.${gender}`)}
                    />
                  ))}
                </FormGroup>
              </FormControl>
              <Autocomplete
                multiple
                options={provinceOptions}
                value={audience.provinces}
                onChange={(_e, next) => setAudience({ ...audience, provinces: next })}
                renderInput={(params) => <TextField {...params} label={translate(`${D}.dimensions.province`)} helperText={translate(`${K}.anyWhenEmpty`)} />}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {presence('followers')}
                {presence('payers')}
              </Stack>
              <Alert severity={count.data === 0 || errors.audience ? 'warning' : 'info'} aria-live="polite" data-testid="audience-count">
                {count.data === undefined ? translate(`${K}.counting`) : translate(`${K}.audienceCount`, { count: formatNumber(count.data, lng) })}
              </Alert>
            </Stack>
          </Paper>

          <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}>
            <Stack spacing={1} sx={{ flex: 1, width: '100%' }}>
              <TextField
                label={translate(`${K}.message`)}
                value={message}
                required
                multiline
                minRows={4}
                onChange={(e) => setMessage(e.target.value)}
                error={!!(errors.message ?? messageError)}
                helperText={errors.message ?? messageError ?? translate(`${K}.messageHelp`)}
                slotProps={{ htmlInput: { maxLength: CARE_LIMITS.messageMaxLength } }}
              />
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                {CUSTOMER_PLACEHOLDERS.map((p) => (
                  <Button key={p} size="small" variant="outlined" onClick={() => setMessage(`${message}${placeholderText(p)}`)}>
                    {translate(`${K}.insert.${p}`)}
                  </Button>
                ))}
              </Stack>
            </Stack>
            <Paper variant="outlined" sx={{ flex: 1, p: 2, width: '100%' }} aria-labelledby="broadcast-preview-title">
              <Typography id="broadcast-preview-title" variant="subtitle2" component="h2">
                {preview.data ? translate(preview.data.sample ? `${K}.previewSample` : `${K}.previewFor`, { name: preview.data.customerName }) : translate(`${K}.preview`)}
              </Typography>
              <Typography variant="body2" data-testid="broadcast-preview" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {preview.data && message ? preview.data.text : translate(`${K}.previewEmpty`)}
              </Typography>
            </Paper>
          </Box>

          <FormControl component="fieldset">
            <FormLabel component="legend">{translate(`${K}.attachment`)}</FormLabel>
            <RadioGroup row value={attachment} onChange={(e) => setAttachment(e.target.value as Attachment)}>
              {(['NONE', 'IMAGE', 'LINK'] as const).map((a) => (
                <FormControlLabel key={a} value={a} control={<Radio />} label={translate(`${K}.attachments.${a}`)} />
              ))}
            </RadioGroup>
            {attachment === 'IMAGE' && (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
                <input ref={fileInput} type="file" accept=".jpg,.jpeg,.png,image/jpeg,image/png" hidden onChange={(e) => void upload(e)} aria-label={translate(`${K}.chooseImage`)} />
                <Button variant="outlined" disabled={uploading} onClick={() => fileInput.current?.click()}>
                  {translate(`${K}.chooseImage`)}
                </Button>
                <Typography variant="body2">{image ? image.fileName : translate(`${K}.imageHelp`)}</Typography>
              </Stack>
            )}
            {attachment === 'IMAGE' && errors.imageName && <FormHelperText error>{errors.imageName}</FormHelperText>}
            {attachment === 'LINK' && (
              <TextField
                select
                size="small"
                sx={{ mt: 1, maxWidth: 480 }}
                label={translate(`${K}.paymentLink`)}
                value={paymentLinkId}
                onChange={(e) => setPaymentLinkId(Number(e.target.value))}
                error={!!errors.paymentLinkId}
                helperText={errors.paymentLinkId ?? (links.data?.length === 0 ? translate(`${K}.noLinks`) : undefined)}
              >
                {links.data?.map((l) => (
                  <MenuItem key={l.id} value={l.id}>
                    {l.amount === null ? `${l.title} (${l.code})` : `${l.title} (${l.code}) · ${formatMoney(l.amount, lng)}`}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </FormControl>

          <FormControl component="fieldset">
            <FormLabel component="legend">{translate(`${K}.when`)}</FormLabel>
            <RadioGroup row value={sendMode} onChange={(e) => setSendMode(e.target.value as SendMode)}>
              <FormControlLabel value="NOW" control={<Radio />} label={translate(`${K}.sendNow`)} />
              <FormControlLabel value="SCHEDULED" control={<Radio />} label={translate(`${K}.schedule`)} />
            </RadioGroup>
            {sendMode === 'SCHEDULED' && (
              <TextField
                type="datetime-local"
                size="small"
                sx={{ mt: 1, maxWidth: 280 }}
                label={translate(`${K}.scheduledAt`)}
                value={scheduledAt}
                onChange={(e) => setScheduledAt(e.target.value)}
                error={!!errors.scheduledAt}
                helperText={errors.scheduledAt ?? translate(`${K}.vietnamTime`)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
          </FormControl>

          <Alert severity="info">{translate(`${K}.rules`, { cap: BROADCAST_RULES.capPerWeek })}</Alert>

          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={saving}>
              {translate(sendMode === 'NOW' ? `${K}.submitNow` : `${K}.submitScheduled`)}
            </Button>
            <Button onClick={() => navigate(pathOf('care-broadcasts', 'page', { id: pageId }))}>{translate(`${K}.cancel`)}</Button>
          </Stack>
        </Stack>
      </Box>
    </>
  );
}
