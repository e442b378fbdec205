import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { formatDateTime } from '@/domain/format';
import type { PayoutAuditEntry } from '@/domain/payouts';
import { usePayoutChangeLines } from './labels';

/**
 * The newest changes of the payout settings: when, who, what (masked by the server), with or without a
 * code, from where. A table on wide screens; on a phone one card per change, so nothing needs sideways
 * scrolling.
 */
export default function PayoutAudit({ entries, periodName }: { entries: PayoutAuditEntry[]; periodName: (code: string) => string }) {
  const { t } = useTranslation();
  const linesOf = usePayoutChangeLines(periodName);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const what = (entry: PayoutAuditEntry) =>
    linesOf(entry.changes, entry.details).map((line) => (
      <Box key={line.field} sx={{ overflowWrap: 'anywhere' }}>
        {line.text}
      </Box>
    ));
  const otp = (entry: PayoutAuditEntry) => (entry.otpVerified ? t('resources.payouts.audit.withOtp') : t('resources.payouts.audit.withoutOtp'));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} component="section" aria-labelledby="payout-audit-heading">
      <Typography id="payout-audit-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('resources.payouts.audit.title')}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('resources.payouts.audit.empty')}</Typography>
      ) : narrow ? (
        <Stack component="ul" spacing={2} aria-labelledby="payout-audit-heading" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry) => (
            <Paper component="li" key={entry.id} variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle2" component="p">
                {formatDateTime(entry.createdAt)} · {entry.actorUsername ?? '-'}
              </Typography>
              <Box sx={{ my: 1 }}>{what(entry)}</Box>
              <Typography variant="body2" color="text.secondary">
                {otp(entry)} · {t('resources.payouts.audit.ip')}: {entry.ip ?? '-'}
              </Typography>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table size="small" aria-labelledby="payout-audit-heading">
          <TableHead>
            <TableRow>
              <TableCell>{t('resources.payouts.audit.when')}</TableCell>
              <TableCell>{t('resources.payouts.audit.who')}</TableCell>
              <TableCell>{t('resources.payouts.audit.what')}</TableCell>
              <TableCell>{t('resources.payouts.audit.otp')}</TableCell>
              <TableCell>{t('resources.payouts.audit.ip')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</TableCell>
                <TableCell>{entry.actorUsername ?? '-'}</TableCell>
                <TableCell>{what(entry)}</TableCell>
                <TableCell>{otp(entry)}</TableCell>
                <TableCell>{entry.ip ?? '-'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
