import { useEffect, useId, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications/notifier';
import { downloadFile } from '@/files';
import { formatDateTime, formatNumber } from '@/domain/format';
import {
  allowedExtensions,
  checkDocumentFile,
  DOCUMENT_TYPE_KEYS,
  isPublicDocument,
  isSingleDocument,
  MAX_DOCUMENT_BYTES,
  MERCHANT_DOCUMENT_TYPES,
  REQUIRED_KYB_DOCUMENTS,
  type MerchantDocument,
  type MerchantDocumentType,
} from '@/domain/merchantInfo';
import { usePortalApi } from '@/dataProvider/usePortalApi';

const ACCEPT: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', svg: 'image/svg+xml', pdf: 'application/pdf' };
const SIZE_LABEL = '6 MB';

/** A visually hidden file input behind a labelled button, so keyboard and screen readers reach it. */
function FilePicker({ label, accept, disabled, onPick }: { label: string; accept: string; disabled: boolean; onPick: (file: File) => void }) {
  const id = useId();
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(file);
  };
  return (
    <Button component="label" htmlFor={id} size="small" variant="outlined" disabled={disabled}>
      {label}
      <input
        id={id}
        type="file"
        accept={accept}
        aria-label={label}
        disabled={disabled}
        onChange={change}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
      />
    </Button>
  );
}

function Preview({ merchantId, doc, onClose }: { merchantId: number; doc: MerchantDocument; onClose: () => void }) {
  const { t } = useTranslation();
  const api = usePortalApi();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void api.getMerchantDocumentFile(merchantId, doc.id).then(({ blob }) => {
      if (!live || !(blob instanceof Blob)) return;
      url = URL.createObjectURL(blob);
      setSrc(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [api, merchantId, doc.id]);
  return (
    <Dialog open onClose={onClose} maxWidth="md" aria-labelledby="doc-preview-title">
      <DialogTitle id="doc-preview-title">{doc.fileName}</DialogTitle>
      <DialogContent>
        {src ? (
          <Box component="img" src={src} alt={t('resources.merchant-info.documents.previewAlt', { name: doc.fileName })} sx={{ maxWidth: '100%', maxHeight: '70vh', display: 'block' }} />
        ) : (
          <Typography>{t('portal.common.loading')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('portal.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

interface Props {
  merchantId: number;
  documents: MerchantDocument[];
  canUpload: boolean;
  onChanged: () => void;
}

/** Spec §3 documents: one block per type, with upload, replace, preview (images) and download. */
export function DocumentsPanel({ merchantId, documents, canUpload, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const api = usePortalApi();
  const [busy, setBusy] = useState<string | null>(null);
  const [preview, setPreview] = useState<MerchantDocument | null>(null);
  const typeName = (type: MerchantDocumentType) => t(`resources.merchant-info.documentTypes.${DOCUMENT_TYPE_KEYS[type]}`);

  const send = async (file: File, type: MerchantDocumentType, replace?: MerchantDocument) => {
    const problem = checkDocumentFile(type, file);
    if (problem) {
      notify(t(`resources.merchant-info.documents.errors.${problem}`, { types: allowedExtensions(type).join(', '), size: SIZE_LABEL }), { type: 'error' });
      return;
    }
    setBusy(replace ? `doc-${replace.id}` : type);
    try {
      await api.uploadMerchantDocument(merchantId, file, replace ? { documentId: replace.id } : { type });
      onChanged();
    } catch {
      // The httpClient showed the server's message.
    } finally {
      setBusy(null);
    }
  };

  const download = (doc: MerchantDocument) =>
    downloadFile(() => api.getMerchantDocumentFile(merchantId, doc.id), { notify, t, accept: [doc.contentType], fileName: doc.fileName });

  return (
    <Box component="section" aria-labelledby="documents-title">
      <Typography id="documents-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('resources.merchant-info.documents.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
        {t('resources.merchant-info.documents.intro', { size: SIZE_LABEL, bytes: formatNumber(MAX_DOCUMENT_BYTES, i18n.language === 'en' ? 'en' : 'vi') })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {MERCHANT_DOCUMENT_TYPES.map((type) => {
          const files = documents.filter((d) => d.type === type);
          const single = isSingleDocument(type);
          const extensions = allowedExtensions(type);
          const accept = extensions.map((e) => `.${e},${ACCEPT[e]}`).join(',');
          return (
            <Paper key={type} variant="outlined" component="section" aria-label={typeName(type)} data-doc-type={type} sx={{ p: 4, borderRadius: 2 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <Typography component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
                  {typeName(type)}
                </Typography>
                {REQUIRED_KYB_DOCUMENTS.includes(type) && <Chip size="small" color="primary" variant="outlined" label={t('resources.merchant-info.documents.required')} />}
                <Chip size="small" variant="outlined" label={t(isPublicDocument(type) ? 'resources.merchant-info.documents.public' : 'resources.merchant-info.documents.private')} />
                {canUpload && !(single && files.length > 0) && (
                  <FilePicker
                    label={t('resources.merchant-info.documents.uploadLabel', { type: typeName(type) })}
                    accept={accept}
                    disabled={busy !== null}
                    onPick={(file) => void send(file, type)}
                  />
                )}
              </Box>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                {t('resources.merchant-info.documents.hint', { types: extensions.join(', '), size: SIZE_LABEL })}
                {single ? ` ${t('resources.merchant-info.documents.single')}` : ''}
              </Typography>
              {files.length === 0 ? (
                <Typography variant="body2" sx={{ mt: 2 }}>
                  {t('resources.merchant-info.documents.empty')}
                </Typography>
              ) : (
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gap: 2 }}>
                  {files.map((doc) => (
                    <Box component="li" key={doc.id} data-document-id={doc.id} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                      <Box sx={{ flexGrow: 1, minWidth: 200 }}>
                        <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="document-file-name">
                          {doc.fileName}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {t('resources.merchant-info.documents.meta', {
                            size: formatNumber(Math.ceil(doc.sizeBytes / 1024), i18n.language === 'en' ? 'en' : 'vi'),
                            date: formatDateTime(doc.updatedAt),
                            user: doc.uploadedBy ?? t('portal.common.none'),
                          })}
                        </Typography>
                      </Box>
                      {doc.contentType.startsWith('image/') && (
                        <Button size="small" onClick={() => setPreview(doc)} aria-label={t('resources.merchant-info.documents.previewLabel', { name: doc.fileName })}>
                          {t('resources.merchant-info.documents.preview')}
                        </Button>
                      )}
                      <Button size="small" onClick={() => void download(doc)} aria-label={t('resources.merchant-info.documents.downloadLabel', { name: doc.fileName })}>
                        {t('resources.merchant-info.documents.download')}
                      </Button>
                      {canUpload && (
                        <FilePicker
                          label={t('resources.merchant-info.documents.replaceLabel', { type: typeName(type), name: doc.fileName })}
                          accept={accept}
                          disabled={busy !== null}
                          onPick={(file) => void send(file, type, doc)}
                        />
                      )}
                    </Box>
                  ))}
                </Box>
              )}
            </Paper>
          );
        })}
      </Box>
      {preview && <Preview merchantId={merchantId} doc={preview} onClose={() => setPreview(null)} />}
    </Box>
  );
}
