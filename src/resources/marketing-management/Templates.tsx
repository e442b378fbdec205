import { useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import AddOutlined from '@mui/icons-material/AddOutlined';
import { PageLoader } from '@/components/PageLoader';
import { CUSTOMER_PLACEHOLDERS, fillCustomerTemplate } from '@/domain/customerTemplates';
import { formatDateTime } from '@/domain/format';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { CAMPAIGN_LIMITS, CTAS, templateInputSchema, type Cta } from '@/domain/marketingCampaigns';
import type { MarketingTemplate } from '@/dataProvider/api/marketingCampaigns';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { errorText, M, MarketingFrame, mkKey, useMarketingPage, usePageId } from './shared';

const T = `${M}.templates`;
const F = `${M}.form`;
const placeholderText = (name: string) => `${'$'}{${name}}`;

/** Spec §2 marketing-management/{id}/marketing-template: the page's reusable creatives; create, edit, duplicate, preview, delete, use in a campaign. */
export default function Templates() {
  const translate = useTranslate();
  const page = useMarketingPage();
  const [editing, setEditing] = useState<MarketingTemplate | 'new' | null>(null);
  const canManage = page.data?.canManage ?? false;
  const actions = canManage ? (
    <Button size="small" variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
      {translate(`${T}.create`)}
    </Button>
  ) : null;
  return (
    <MarketingFrame resource="marketing-template" pageName={page.data?.name} back actions={actions}>
      <TemplateList canManage={canManage} pageName={page.data?.name ?? ''} onEdit={setEditing} />
      {editing !== null && <TemplateDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </MarketingFrame>
  );
}

function TemplateList({ canManage, pageName, onEdit }: { canManage: boolean; pageName: string; onEdit: (t: MarketingTemplate) => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const queryClient = useQueryClient();
  const pageId = usePageId();
  const [previewing, setPreviewing] = useState<MarketingTemplate | null>(null);
  const [deleting, setDeleting] = useState<MarketingTemplate | null>(null);
  const query = useQuery({ queryKey: mkKey('templates', pageId), queryFn: () => api.getMarketingTemplates(pageId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: mkKey('templates', pageId) });
  const duplicate = async (t: MarketingTemplate) => {
    try {
      await api.duplicateMarketingTemplate(pageId, t.id);
    } catch {
      // The httpClient has shown the server's message.
    }
    await refresh();
  };
  const remove = async () => {
    if (!deleting) return;
    try {
      await api.deleteMarketingTemplate(pageId, deleting.id);
      setDeleting(null);
    } catch {
      // The httpClient has shown the server's message.
    }
    await refresh();
  };
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Alert severity="error">{errorText(query.error) || translate(`${M}.loadFailed`)}</Alert>;
  if (query.data.length === 0) return <Alert severity="info">{translate(`${T}.empty`)}</Alert>;
  return (
    <>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('resources.marketing-template.name')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${T}.columns.name`)}</TableCell>
              <TableCell>{translate(`${T}.columns.text`)}</TableCell>
              <TableCell>{translate(`${T}.columns.cta`)}</TableCell>
              <TableCell>{translate(`${T}.columns.updatedAt`)}</TableCell>
              <TableCell>{translate(`${T}.columns.actions`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {query.data.map((t) => (
              <TableRow key={t.id} data-testid="template-row">
                <TableCell>{t.name}</TableCell>
                <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{t.text}</TableCell>
                <TableCell>{translate(`${M}.ctas.${t.cta}`)}</TableCell>
                <TableCell>{formatDateTime(t.updatedAt)}</TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    <Button size="small" onClick={() => setPreviewing(t)} aria-label={`${translate(`${T}.preview`)} ${t.name}`}>
                      {translate(`${T}.preview`)}
                    </Button>
                    {canManage && (
                      <>
                        <Button
                          size="small"
                          component={RouterLink}
                          to={pathOf('marketing-campaign-create', 'page', { id: pageId }, { from: `template:${t.id}` })}
                          aria-label={`${translate(`${T}.use`)} ${t.name}`}
                        >
                          {translate(`${T}.use`)}
                        </Button>
                        <Button size="small" onClick={() => onEdit(t)} aria-label={`${translate(`${T}.edit`)} ${t.name}`}>
                          {translate(`${T}.edit`)}
                        </Button>
                        <Button size="small" onClick={() => void duplicate(t)} aria-label={`${translate(`${T}.duplicate`)} ${t.name}`}>
                          {translate(`${T}.duplicate`)}
                        </Button>
                        <Button size="small" color="error" onClick={() => setDeleting(t)} aria-label={`${translate(`${T}.delete`)} ${t.name}`}>
                          {translate(`${T}.delete`)}
                        </Button>
                      </>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Dialog open={previewing !== null} onClose={() => setPreviewing(null)} aria-labelledby="template-preview-title" fullWidth maxWidth="sm">
        <DialogTitle id="template-preview-title">{translate(`${F}.previewFor`, { name: translate(`${F}.sampleName`) })}</DialogTitle>
        <DialogContent>
          {previewing?.imageUrl && <Box component="img" src={previewing.imageUrl} alt={translate(`${F}.imageAlt`)} sx={{ maxWidth: '100%', maxHeight: 200, borderRadius: 1 }} />}
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="template-preview">
            {previewing ? fillCustomerTemplate(previewing.text, { name: translate(`${F}.sampleName`), page: pageName }) : ''}
          </Typography>
          {previewing && (
            <Typography variant="caption" color="text.secondary">
              {translate(`${M}.ctas.${previewing.cta}`)}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreviewing(null)}>{translate(`${T}.close`)}</Button>
        </DialogActions>
      </Dialog>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="template-delete-title">
        <DialogTitle id="template-delete-title">{translate(`${T}.deleteTitle`, { name: deleting?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2">{translate(`${T}.deleteText`)}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{translate(`${T}.cancel`)}</Button>
          <Button color="error" variant="contained" onClick={() => void remove()}>
            {translate(`${T}.delete`)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function TemplateDialog({ template, onClose }: { template: MarketingTemplate | null; onClose: () => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const pageId = usePageId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(template?.name ?? '');
  const [text, setText] = useState(template?.text ?? '');
  const [cta, setCta] = useState<Cta>(template?.cta ?? 'OPEN_PAGE');
  const [paymentLinkId, setPaymentLinkId] = useState<number | ''>(template?.paymentLinkId ?? '');
  const [image, setImage] = useState<{ name: string; url: string } | null>(template?.imageName ? { name: template.imageName, url: template.imageUrl ?? '' } : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const links = useQuery({ queryKey: mkKey('links', pageId), queryFn: () => api.getMarketingPaymentLinks(pageId), enabled: cta === 'OPEN_PAYMENT_LINK' });
  const values = () => ({ name, text, imageName: image?.name ?? null, cta, paymentLinkId: cta === 'OPEN_PAYMENT_LINK' && paymentLinkId !== '' ? paymentLinkId : null });
  const textError = text ? translateErrors(schemaErrors(templateInputSchema, values()), translate).text : undefined;

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      setImage(await api.uploadMarketingImage(pageId, file));
    } catch {
      // The httpClient has shown the server's message.
    }
  };
  const save = async () => {
    const found = translateErrors(schemaErrors(templateInputSchema, values(), { depth: 'input' }), translate);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await api.saveMarketingTemplate(pageId, templateInputSchema.parse(values()), template?.id);
      await queryClient.invalidateQueries({ queryKey: mkKey('templates', pageId) });
      onClose();
    } catch {
      // The httpClient has shown the server's message; the dialog keeps what was typed.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="template-form-title" fullWidth maxWidth="sm">
      <DialogTitle id="template-form-title">{translate(template ? `${T}.editTitle` : `${T}.createTitle`)}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ mt: 1 }}
          component="form"
          noValidate
          id="template-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TextField
            label={translate(`${T}.name`)}
            value={name}
            required
            autoFocus
            onChange={(e) => setName(e.target.value)}
            error={!!errors.name}
            helperText={errors.name}
            slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.templateNameMaxLength } }}
          />
          <TextField
            label={translate(`${F}.text`)}
            value={text}
            required
            multiline
            minRows={3}
            onChange={(e) => setText(e.target.value)}
            error={!!(errors.text ?? textError)}
            helperText={errors.text ?? textError ?? translate(`${F}.textHelp`)}
            slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.textMaxLength } }}
          />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {CUSTOMER_PLACEHOLDERS.map((p) => (
              <Button key={p} size="small" variant="outlined" onClick={() => setText(`${text}${placeholderText(p)}`)}>
                {translate(`${F}.insert.${p}`)}
              </Button>
            ))}
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <input ref={fileInput} type="file" accept=".jpg,.jpeg,.png,.svg,image/jpeg,image/png,image/svg+xml" hidden onChange={(e) => void upload(e)} aria-label={translate(`${F}.chooseImage`)} />
            <Button variant="outlined" onClick={() => fileInput.current?.click()}>
              {translate(image ? `${F}.changeImage` : `${F}.chooseImage`)}
            </Button>
            {image && <Box component="img" src={image.url} alt={translate(`${F}.imageAlt`)} sx={{ maxHeight: 48, borderRadius: 1 }} />}
            {image && <Button onClick={() => setImage(null)}>{translate(`${F}.removeImage`)}</Button>}
          </Stack>
          <TextField select label={translate(`${F}.cta`)} value={cta} onChange={(e) => setCta(e.target.value as Cta)}>
            {CTAS.map((c) => (
              <MenuItem key={c} value={c}>
                {translate(`${M}.ctas.${c}`)}
              </MenuItem>
            ))}
          </TextField>
          {cta === 'OPEN_PAYMENT_LINK' && (
            <TextField
              select
              label={translate(`${F}.paymentLink`)}
              value={paymentLinkId}
              onChange={(e) => setPaymentLinkId(Number(e.target.value))}
              error={!!errors.paymentLinkId}
              helperText={errors.paymentLinkId ?? (links.data?.length === 0 ? translate(`${F}.noLinks`) : undefined)}
            >
              {(links.data ?? []).map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.title} ({l.code})
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${T}.cancel`)}</Button>
        <Button type="submit" form="template-form" variant="contained" disabled={saving}>
          {translate(`${T}.save`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
