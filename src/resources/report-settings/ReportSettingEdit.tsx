import { useId, useRef, useState } from 'react';
import { DeleteWithConfirmButton, Edit, SaveButton, Toolbar, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import { formatDateTime } from '@/domain/format';
import type { ReportSetting } from '@/domain/reportCenter';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { GeneratedReports } from '@/features/report-center/GeneratedReports';
import { SettingForm } from './SettingForm';
import { toBody, toFormValues } from './formBody';

/**
 * "Run now": the last complete period of the schedule, produced at once and listed below for download.
 * It does not e-mail the recipients, and says so beside the button. One run per click, however fast
 * the clicks come (a ref, not only the disabled state, which arrives a render later).
 */
function RunNow() {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext<ReportSetting>();
  const queryClient = useQueryClient();
  const api = usePortalApi();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const helpId = useId();
  if (!record) return null;
  const run = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const file = await api.runReportSetting(record.id);
      notify(file.status === 'READY' ? 'portal.reportSettings.runDone' : 'portal.reportSettings.runFailed', {
        type: file.status === 'READY' ? 'success' : 'error',
      });
      await queryClient.invalidateQueries({ queryKey: ['portal', 'report-files'] });
    } catch {
      // The http client has shown the §8 message.
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return (
    <Stack spacing={0.5}>
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <PlayArrowOutlined />}
        aria-busy={busy}
        aria-disabled={busy || undefined}
        aria-describedby={helpId}
        onClick={() => void run()}
      >
        {translate('portal.reportSettings.runNow')}
      </Button>
      <Typography id={helpId} variant="body2" color="text.secondary">
        {translate('portal.reportSettings.runNowHelp')}
      </Typography>
    </Stack>
  );
}

function NextRun() {
  const translate = useTranslate();
  const record = useRecordContext<ReportSetting>();
  if (!record) return null;
  return (
    <Typography color="text.secondary" data-testid="next-run">
      {record.nextRunAt
        ? translate('portal.reportSettings.nextRun', { at: formatDateTime(record.nextRunAt) })
        : translate('portal.reportSettings.paused')}
    </Typography>
  );
}

function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

function Files() {
  const record = useRecordContext<ReportSetting>();
  return record ? <GeneratedReports type={record.reportType} settingId={record.id} /> : null;
}

/** report-center/report-settings/{id}: edit the schedule, run it now, download what it produced. */
export default function ReportSettingEdit() {
  return (
    <Edit resource="report-settings" transform={toBody} mutationMode="pessimistic" queryOptions={{ select: toFormValues }} redirect={false}>
      <Stack spacing={2} sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <NextRun />
          <RunNow />
        </Stack>
      </Stack>
      <SettingForm toolbar={<EditToolbar />} />
      <Stack sx={{ p: 2 }}>
        <Files />
      </Stack>
    </Edit>
  );
}
