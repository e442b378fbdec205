import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  canDo,
  EDITABLE_STATUSES,
  PAGE_CATEGORIES,
  PAGE_IMAGE_TYPES,
  PAGE_LIMITS,
  pageSettingsSchema,
  WEEKDAYS,
  type OpeningHours,
  type PageImageKind,
  type Weekday,
} from '@/domain/businessPages';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { utf8ByteLength } from '@/domain/validation';
import type { BusinessPage } from '@/dataProvider/api/businessPages';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { pageKey, R } from './shared';

function ImageField({ page, kind, disabled }: { page: BusinessPage; kind: PageImageKind; disabled: boolean }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const url = kind === 'avatar' ? page.avatarUrl : page.coverUrl;
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      queryClient.setQueryData(pageKey(page.id), { ...(await api.uploadBusinessPageImage(page.id, kind, file)), myRole: page.myRole });
    } catch {
      // The httpClient has shown the server's message.
    }
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      {url ? (
        <Box component="img" src={url} alt={translate(`${R}.fields.${kind}`)} sx={{ height: 64, maxWidth: 200, objectFit: 'cover', borderRadius: kind === 'avatar' ? '50%' : 1 }} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate(`${R}.noImage`)}
        </Typography>
      )}
      <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
        {translate(`${R}.upload.${kind}`)}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        data-testid={`bp-${kind}-input`}
        accept={PAGE_IMAGE_TYPES.map((e) => `.${e}`).join(',')}
        onChange={(e) => void upload(e)}
      />
      <Typography variant="caption" color="text.secondary">
        {translate(`${R}.upload.help`, { max: PAGE_LIMITS.imageMaxBytes / 1024 / 1024 })}
      </Typography>
    </Stack>
  );
}

/** business-page/{id}/setting-page: the page's public information, images, opening hours; submit for review. */
export function PageSettings({ page }: { page: BusinessPage }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const mayEdit = canDo(page.myRole, 'manageSettings') && EDITABLE_STATUSES.includes(page.status);
  const [values, setValues] = useState({
    name: page.name,
    slug: page.slug,
    description: page.description,
    category: page.category ?? '',
    hotline: page.hotline ?? '',
    website: page.website ?? '',
    facebook: page.facebook ?? '',
  });
  const [hours, setHours] = useState<OpeningHours>(page.openingHours);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof values) => (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const setDay = (day: Weekday, patch: { open?: string; close?: string } | null) =>
    setHours((h) => ({ ...h, [day]: patch === null ? null : { open: '08:00', close: '21:00', ...(h[day] ?? {}), ...patch } }));
  const refresh = (next: BusinessPage) => {
    queryClient.setQueryData(pageKey(page.id), { ...next, myRole: page.myRole });
    void queryClient.invalidateQueries({ queryKey: ['business-page', 'list'] });
  };
  const save = async () => {
    const body = { ...values, openingHours: hours };
    const found = translateErrors(schemaErrors(pageSettingsSchema, body), translate);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      refresh(await api.saveBusinessPage(page.id, body as never));
    } catch {
      // The httpClient has shown the server's message.
    }
  };
  const submit = async () => {
    try {
      refresh(await api.submitBusinessPage(page.id));
    } catch {
      // The httpClient has shown the server's message.
    }
  };
  const field = (key: keyof typeof values, extra: Record<string, unknown> = {}) => (
    <TextField
      label={translate(`${R}.fields.${key}`)}
      value={values[key]}
      onChange={set(key)}
      error={!!errors[key]}
      helperText={errors[key] ?? (extra.helperText as string | undefined)}
      disabled={!mayEdit}
      size="small"
      {...extra}
    />
  );
  return (
    <Paper variant="outlined" component="section" aria-label={translate(`${R}.tabs.setting-page`)} sx={{ p: 2 }}>
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <ImageField page={page} kind="avatar" disabled={!mayEdit} />
        <ImageField page={page} kind="cover" disabled={!mayEdit} />
        {field('name', { required: true })}
        {field('slug', { required: true, helperText: translate(`${R}.slugHelp`) })}
        {field('description', {
          multiline: true,
          minRows: 3,
          helperText: translate(`${R}.bytes`, { used: utf8ByteLength(values.description), max: PAGE_LIMITS.descriptionMaxBytes }),
        })}
        <TextField select label={translate(`${R}.fields.category`)} value={values.category} onChange={set('category')} disabled={!mayEdit} size="small" error={!!errors.category} helperText={errors.category}>
          <MenuItem value="">—</MenuItem>
          {PAGE_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {translate(`${R}.categories.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        {field('hotline')}
        {field('website', { placeholder: 'https://' })}
        {field('facebook', { placeholder: 'https://www.facebook.com/' })}
        <Typography component="h2" variant="subtitle1">
          {translate(`${R}.openingHours`)}
        </Typography>
        {WEEKDAYS.map((day) => {
          const value = hours[day] ?? null;
          const dayLabel = translate(`${R}.weekdays.${day}`);
          return (
            <Stack key={day} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <FormControlLabel
                sx={{ width: 160 }}
                control={<Checkbox checked={value !== null} disabled={!mayEdit} onChange={(e) => setDay(day, e.target.checked ? {} : null)} />}
                label={dayLabel}
              />
              {value ? (
                <>
                  <TextField type="time" size="small" label={translate(`${R}.open`)} value={value.open} disabled={!mayEdit} onChange={(e) => setDay(day, { open: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${dayLabel} ${translate(`${R}.open`)}` } }} />
                  <TextField
                    type="time"
                    size="small"
                    label={translate(`${R}.close`)}
                    value={value.close}
                    disabled={!mayEdit}
                    onChange={(e) => setDay(day, { close: e.target.value })}
                    error={!!errors[`openingHours.${day}.close`]}
                    helperText={errors[`openingHours.${day}.close`]}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${dayLabel} ${translate(`${R}.close`)}` } }}
                  />
                </>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {translate(`${R}.closed`)}
                </Typography>
              )}
            </Stack>
          );
        })}
        {errors.openingHours && <Typography color="error">{errors.openingHours}</Typography>}
        <Stack direction="row" spacing={2}>
          {mayEdit && (
            <Button variant="contained" onClick={() => void save()}>
              {translate(`${R}.save`)}
            </Button>
          )}
          {canDo(page.myRole, 'manageSettings') && page.status === 'DRAFT' && (
            <Button variant="outlined" onClick={() => void submit()}>
              {translate(`${R}.review.submit`)}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
