import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { notify } from '@/components/notifications/notifier';
import { ExportMenuButton } from '@/components/ExportMenuButton';
import { formatNumber } from '@/domain/format';
import { PAST_EXPORTS_PARAM } from '@/domain/notifications';
import { EXPORT_FORMATS, type ExportFormat, type ExportJob } from '@/domain/transactionReport';
import { downloadFile, FileMessageKeys } from '@/files';
import { getLanguage } from '@/i18n';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { EXPORT_ACCEPT, type ExportOutcome } from '@/dataProvider/api/report-jobs';
import { getRole } from '@/authProvider/session';
import { ExportHistory, exportHistoryKey } from './ExportHistory';

const POLL_MS = 1000;

/**
 * Exports what the list's filter selects, with the list's columns. A small set downloads at once; a
 * large one becomes a server-side job whose progress shows here and which downloads when done (and
 * stays in the list of past exports for re-download). `report` is the list's resource name.
 */
export function ExportButton({
  report,
  start,
  disabled,
}: {
  report: string;
  start: (format: ExportFormat) => Promise<ExportOutcome>;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const lng = getLanguage();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const [job, setJob] = useState<ExportJob | null>(null);
  // Opened from an export-ready notification: the list shows its past exports at once.
  const [searchParams, setSearchParams] = useSearchParams();
  const [historyOpen, setHistoryOpen] = useState(() => searchParams.get(PAST_EXPORTS_PARAM.name) === PAST_EXPORTS_PARAM.value);
  const closeHistory = () => {
    setHistoryOpen(false);
    if (searchParams.has(PAST_EXPORTS_PARAM.name)) {
      setSearchParams(
        (params) => {
          params.delete(PAST_EXPORTS_PARAM.name);
          return params;
        },
        { replace: true },
      );
    }
  };

  // Polls a running job; when it is done the file downloads by itself.
  useEffect(() => {
    if (!job || job.status === 'DONE' || job.status === 'FAILED') return;
    const timer = setTimeout(() => {
      void api
        .getExportJob(job.id)
        .then(async (next) => {
          setJob(next);
          if (next.status === 'DONE') {
            await downloadFile(() => api.fetchExportJobFile(next.id), { notify, t: translate, accept: EXPORT_ACCEPT[next.format] });
          } else if (next.status === 'FAILED') {
            notify(translate(FileMessageKeys.downloadFailed), { type: 'error' });
          }
        })
        .catch(() => setJob({ ...job, status: 'FAILED' }));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, translate, api]);

  // ExportMenuButton keeps this to one at a time and gives the focus back to the button afterwards.
  const exportAs = async (format: ExportFormat) => {
    try {
      const outcome = await start(format);
      if (outcome.kind === 'job') setJob(outcome.job);
      else await downloadFile(() => Promise.resolve(outcome.file), { notify, t: translate, accept: EXPORT_ACCEPT[format] });
      // The new file is in "Các file đã xuất" now.
      await queryClient.invalidateQueries({ queryKey: exportHistoryKey(report) });
    } catch {
      notify(translate(FileMessageKeys.downloadFailed), { type: 'error' });
    }
  };
  // Store roles' files leave out customers' personal data and fees (the server drops those columns).
  const storeScoped = (getRole()?.storeIds ?? null) !== null;

  const running = job && (job.status === 'QUEUED' || job.status === 'RUNNING');
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-end' }}>
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => setHistoryOpen(true)}>
          {translate('portal.reports.export.history')}
        </Button>
        <ExportMenuButton
          label={translate('portal.reports.export.button')}
          formats={EXPORT_FORMATS}
          formatLabel={(format) => translate(`portal.reports.export.${format}`)}
          note={storeScoped ? translate('portal.reports.export.storeRoleNote') : undefined}
          busy={Boolean(running)}
          disabled={disabled}
          variant="outlined"
          onExport={exportAs}
        />
      </Stack>
      {job ? (
        <Alert
          severity={job.status === 'FAILED' ? 'error' : job.status === 'DONE' ? 'success' : 'info'}
          role="status"
          sx={{ minWidth: 320 }}
          onClose={running ? undefined : () => setJob(null)}
        >
          <Typography variant="body2">
            {translate(`portal.reports.export.status.${job.status}`, {
              done: formatNumber(job.processedRows, lng),
              total: formatNumber(job.totalRows ?? 0, lng),
            })}
          </Typography>
          {running ? (
            <LinearProgress
              variant="determinate"
              value={job.totalRows ? Math.min(100, (job.processedRows / job.totalRows) * 100) : 0}
              aria-label={translate('portal.reports.export.progress')}
              sx={{ mt: 1 }}
            />
          ) : null}
        </Alert>
      ) : null}
      <ExportHistory report={report} open={historyOpen} onClose={closeHistory} />
    </Stack>
  );
}
