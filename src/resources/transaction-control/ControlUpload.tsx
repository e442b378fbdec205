import { useId, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { notify } from '@/components/notifications/notifier';
import { CONTROL_FILE_TYPES, MAX_CONTROL_FILE_BYTES, MAX_CONTROL_ROWS, TEMPLATE_HEADERS, type ControlFileType, type ControlRun } from '@/domain/transactionControl';
import { formatNumber } from '@/domain/format';
import { presetRange, vietnamToday, type DayRange } from '@/domain/time';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { DateRangeFilter } from '@/features/report-list';
import { downloadFile } from '@/files';
import { getLanguage } from '@/i18n';
import { R } from './ControlParts';

const MB = MAX_CONTROL_FILE_BYTES / 1024 / 1024;
const MIME: Record<ControlFileType, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** What the browser can tell before sending: a CSV or XLSX name, not over the size limit (the server checks the content). */
function fileProblem(file: File | null): { key: string; params?: Record<string, unknown> } | null {
  if (!file) return { key: `${R}.upload.errors.required` };
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!(CONTROL_FILE_TYPES as readonly string[]).includes(ext)) return { key: `${R}.upload.errors.type` };
  if (file.size > MAX_CONTROL_FILE_BYTES) return { key: `${R}.upload.errors.tooLarge`, params: { mb: MB } };
  return null;
}

/**
 * The upload panel: the template in both formats, the order file, the window of the provider's
 * transactions, then the check. A refused file says why (the server names the bad rows, in the
 * caller's language) and nothing is kept.
 */
export function ControlUpload({ onDone }: { onDone: (run: ControlRun) => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [range, setRange] = useState<DayRange>(() => presetRange('yesterday', vietnamToday()));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const template = (format: ControlFileType) =>
    void downloadFile(() => api.getControlTemplate(format), { notify, t: translate, accept: [MIME[format]] });

  const submit = async () => {
    const problem = fileProblem(file);
    if (problem || !file) {
      setError(translate(problem?.key ?? `${R}.upload.errors.required`, problem?.params));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const run = await api.uploadControlFile(file, range);
      notify(translate(`${R}.upload.done`, { file: run.fileName }), { type: 'success' });
      onDone(run);
    } catch (err) {
      setError((err as Error).message || translate(`${R}.upload.errors.failed`));
    } finally {
      setBusy(false);
    }
  };

  const title = translate(`${R}.upload.title`);
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${R}.upload.help`, {
          rows: formatNumber(MAX_CONTROL_ROWS, lng),
          mb: MB,
          columns: TEMPLATE_HEADERS[lng === 'en' ? 'en' : 'vi'].join(', '),
        })}
      </Typography>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button size="small" startIcon={<FileDownloadOutlined />} onClick={() => template('csv')}>
            {translate(`${R}.upload.templateCsv`)}
          </Button>
          <Button size="small" startIcon={<FileDownloadOutlined />} onClick={() => template('xlsx')}>
            {translate(`${R}.upload.templateXlsx`)}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} disabled={busy} aria-describedby={helpId}>
            {translate(`${R}.upload.chooseFile`)}
          </Button>
          <Box component="label" htmlFor={inputId} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Typography variant="body2" component="span" color={file ? 'text.primary' : 'text.secondary'} data-testid="control-file-name">
              {file ? file.name : translate(`${R}.upload.noFile`)}
            </Typography>
          </Box>
          <input
            ref={input}
            id={inputId}
            type="file"
            hidden
            aria-label={translate(`${R}.upload.fileLabel`)}
            accept=".csv,.xlsx"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
          />
        </Stack>
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(`${R}.upload.window`)}
          </Typography>
          <DateRangeFilter value={range} onChange={(next) => setRange(next)} />
        </Box>
        {error ? (
          <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="control-upload-error">
            {error}
          </Alert>
        ) : null}
        {busy ? <LinearProgress aria-label={translate(`${R}.upload.running`)} /> : null}
        <div>
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>
            {busy ? translate(`${R}.upload.running`) : translate(`${R}.upload.submit`)}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
