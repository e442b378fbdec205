import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { notify } from '@/components/notifications/notifier';
import { formatDateTime, formatNumber } from '@/domain/format';
import { downloadFile } from '@/files';
import { getLanguage } from '@/i18n';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { EXPORT_ACCEPT } from '@/dataProvider/api/report-jobs';

export const exportHistoryKey = (report: string) => ['portal', 'export-jobs', report];

/**
 * Every export of this report the user made in the last 7 days (files sent at once and background
 * jobs alike), newest first, with re-download of finished files. The dialog says so above the list.
 */
export function ExportHistory({ report, open, onClose }: { report: string; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const lng = getLanguage();
  const titleId = useId();
  const api = usePortalApi();
  const { data, isPending } = useQuery({
    queryKey: exportHistoryKey(report),
    queryFn: () => api.listExportJobs(report),
    enabled: open,
    refetchInterval: open ? 3000 : false,
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{translate('portal.reports.export.history')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('portal.reports.export.historyScope')}</DialogContentText>
        {isPending ? null : !data?.content.length ? (
          <Typography color="text.secondary">{translate('portal.reports.export.noHistory')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('portal.reports.export.createdAt')}</TableCell>
                <TableCell>{translate('portal.reports.export.file')}</TableCell>
                <TableCell align="right">{translate('portal.reports.export.rows')}</TableCell>
                <TableCell>{translate('portal.reports.export.state')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.content.map((job) => (
                <TableRow key={job.id}>
                  <TableCell>{formatDateTime(job.createdAt)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{job.fileName}</TableCell>
                  <TableCell align="right">{formatNumber(job.totalRows ?? 0, lng)}</TableCell>
                  <TableCell>
                    {translate(`portal.reports.export.status.${job.status}`, {
                      done: formatNumber(job.processedRows, lng),
                      total: formatNumber(job.totalRows ?? 0, lng),
                    })}
                  </TableCell>
                  <TableCell>
                    {job.status === 'DONE' ? (
                      <Button
                        size="small"
                        aria-label={`${translate('portal.reports.export.download')} ${job.fileName}`}
                        onClick={() =>
                          void downloadFile(() => api.fetchExportJobFile(job.id), { notify, t: translate, accept: EXPORT_ACCEPT[job.format] })
                        }
                      >
                        {translate('portal.reports.export.download')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('portal.reports.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
