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
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { formatDate, formatDateTime, formatNumber } from '@/domain/format';
import type { ReportFile, ReportSettingType } from '@/domain/reportCenter';
import { downloadFile } from '@/files';
import { getLanguage } from '@/i18n';
import { notify } from '@/components/notifications/notifier';
import { EXPORT_ACCEPT } from '@/components/reports';
import { fetchReportFile, listReportFiles } from './api';
import { StatusChip } from './StatusChip';

const PAGE_SIZE = 10;

/**
 * The generic report list of spec §2 for one report type (TRANSACTION_REPORT, DISBURSEMENT_REPORT,
 * NONPAID_REPORT, CARD_PAYMENT_REPORT): the files the report settings of that type produced, newest
 * first, each downloadable. `settingId` narrows it to one setting.
 */
export function GeneratedReports({ type, settingId }: { type?: ReportSettingType; settingId?: number }) {
  const translate = useTranslate();
  const lng = getLanguage();
  const [pageNumber, setPageNumber] = useState(0);
  const files = useQuery({
    queryKey: ['portal', 'report-files', type ?? null, settingId ?? null, pageNumber],
    queryFn: ({ signal }) => listReportFiles(type, { settingId, pageNumber, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.content.some((f) => f.status === 'PENDING') ? 2000 : false),
  });
  const download = (file: ReportFile) =>
    downloadFile(() => fetchReportFile(file.id), { notify, t: translate, accept: EXPORT_ACCEPT[file.format] });
  const rows = files.data?.content ?? [];
  const headingId = `generated-${type ?? 'all'}-${settingId ?? 'all'}`;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {translate('portal.reportCenter.generated.title')}
        </Typography>
        {type && !settingId ? (
          <Button component={RouterLink} to={`/app/report-center/report-settings?type=${type}`} size="small">
            {translate('portal.reportCenter.generated.settings')}
          </Button>
        ) : null}
      </Stack>
      {rows.length === 0 && !files.isPending ? (
        <Typography color="text.secondary">{translate('portal.reportCenter.generated.empty')}</Typography>
      ) : (
        <>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('portal.reportCenter.generated.fileName')}</TableCell>
                <TableCell>{translate('portal.reportCenter.generated.setting')}</TableCell>
                <TableCell>{translate('portal.reportCenter.generated.period')}</TableCell>
                <TableCell align="right">{translate('portal.reportCenter.generated.rows')}</TableCell>
                <TableCell>{translate('portal.reportCenter.generated.createdAt')}</TableCell>
                <TableCell>{translate('portal.reportCenter.columns.status')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('portal.reportCenter.generated.download')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((file) => (
                <TableRow key={file.id}>
                  <TableCell>{file.fileName}</TableCell>
                  <TableCell>{file.settingName ?? '-'}</TableCell>
                  <TableCell>
                    {file.periodFrom === file.periodTo ? formatDate(file.periodFrom) : `${formatDate(file.periodFrom)} – ${formatDate(file.periodTo)}`}
                  </TableCell>
                  <TableCell align="right">{formatNumber(file.rowCount, lng)}</TableCell>
                  <TableCell>{formatDateTime(file.createdAt)}</TableCell>
                  <TableCell>
                    <StatusChip status={file.status} />
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      startIcon={<FileDownloadOutlined />}
                      disabled={file.status !== 'READY'}
                      onClick={() => void download(file)}
                      aria-label={`${translate('portal.reportCenter.generated.download')} ${file.fileName}`}
                    >
                      {translate('portal.reportCenter.generated.download')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={files.data?.totalElements ?? 0}
            page={pageNumber}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_, page) => setPageNumber(page)}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          />
        </>
      )}
    </Paper>
  );
}
