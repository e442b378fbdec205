import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { visuallyHidden } from '@mui/utils';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import { TablePager } from '@/components/TablePager';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { formatDate, formatDateTime, formatNumber } from '@/domain/format';
import type { ReportFile, ReportSettingType } from '@/domain/reportCenter';
import { downloadFile } from '@/files';
import { getLanguage } from '@/i18n';
import { notify } from '@/components/notifications/notifier';
import { EXPORT_ACCEPT } from '@/dataProvider/api/report-jobs';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { StatusChip } from '@/features/report-list/StatusChip';

const PAGE_SIZE = 10;

/**
 * The generic report list of spec §2 for one report type (TRANSACTION_REPORT, DISBURSEMENT_REPORT,
 * NONPAID_REPORT, CARD_PAYMENT_REPORT): the files the report settings of that type produced, newest
 * first, each downloadable. `settingId` narrows it to one setting.
 */
export function GeneratedReports({ type, settingId }: { type?: ReportSettingType; settingId?: number }) {
  const translate = useTranslate();
  const lng = getLanguage();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const [pageNumber, setPageNumber] = useState(0);
  const files = useQuery({
    queryKey: ['portal', 'report-files', type ?? null, settingId ?? null, pageNumber],
    queryFn: ({ signal }) => api.listReportFiles({ type, settingId, pageNumber, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.content.some((f) => f.status === 'PENDING') ? 2000 : false),
  });
  const download = (file: ReportFile) =>
    downloadFile(() => api.fetchReportFile(file.id), { notify, t: translate, accept: EXPORT_ACCEPT[file.format] });
  const rows = files.data?.content ?? [];
  const headingId = `generated-${type ?? 'all'}-${settingId ?? 'all'}`;
  // On a phone one stacked card per file, its download button inside the screen.
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
  const period = (file: ReportFile) =>
    file.periodFrom === file.periodTo ? formatDate(file.periodFrom) : `${formatDate(file.periodFrom)} – ${formatDate(file.periodTo)}`;
  const downloadButton = (file: ReportFile) => (
    <Button
      size="small"
      startIcon={<FileDownloadOutlined />}
      disabled={file.status !== 'READY'}
      onClick={() => void download(file)}
      aria-label={`${translate('resources.report-center.generated.download')} ${file.fileName}`}
    >
      {translate('resources.report-center.generated.download')}
    </Button>
  );

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {translate('resources.report-center.generated.title')}
        </Typography>
        {type && !settingId ? (
          <Button component={RouterLink} to={pathOf('report-settings', 'list', {}, { type })} size="small">
            {translate('resources.report-center.generated.settings')}
          </Button>
        ) : null}
      </Stack>
      {rows.length === 0 && !files.isPending ? (
        <Typography color="text.secondary">{translate('resources.report-center.generated.empty')}</Typography>
      ) : (
        <>
          {isSmall ? (
            <Stack component="ul" spacing={1} aria-labelledby={headingId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {rows.map((file) => (
                <Paper key={file.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
                  <Typography variant="body2" sx={{ wordBreak: 'break-all', fontWeight: 500 }}>
                    {file.fileName}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {file.settingName ?? '-'} · {period(file)} · {translate('resources.report-center.generated.rowsCount', { count: formatNumber(file.rowCount, lng) })}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
                    <StatusChip status={file.status} />
                    {downloadButton(file)}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ) : (
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.report-center.generated.fileName')}</TableCell>
                <TableCell>{translate('resources.report-center.generated.setting')}</TableCell>
                <TableCell>{translate('resources.report-center.generated.period')}</TableCell>
                <TableCell align="right">{translate('resources.report-center.generated.rows')}</TableCell>
                <TableCell>{translate('resources.report-center.generated.createdAt')}</TableCell>
                <TableCell>{translate('portal.reports.columns.status')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('resources.report-center.generated.download')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((file) => (
                <TableRow key={file.id}>
                  <TableCell>{file.fileName}</TableCell>
                  <TableCell>{file.settingName ?? '-'}</TableCell>
                  <TableCell>{period(file)}</TableCell>
                  <TableCell align="right">{formatNumber(file.rowCount, lng)}</TableCell>
                  <TableCell>{formatDateTime(file.createdAt)}</TableCell>
                  <TableCell>
                    <StatusChip status={file.status} />
                  </TableCell>
                  <TableCell>{downloadButton(file)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          )}
          <TablePager
            count={files.data?.totalElements ?? 0}
            page={pageNumber}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_, page) => setPageNumber(page)}
          />
        </>
      )}
    </Paper>
  );
}
