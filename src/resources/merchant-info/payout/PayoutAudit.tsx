import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/domain/format';
import { PAYOUT_BANKS, PAYOUT_CITIES, type PayoutAuditEntry } from '@/domain/payouts';

/** The newest changes of the payout settings: when, who, what (masked by the server), with or without a code, from where. */
export default function PayoutAudit({
  entries,
  destinationLabel,
  periodName,
}: {
  entries: PayoutAuditEntry[];
  destinationLabel: (code: string | null) => string;
  periodName: (code: string) => string;
}) {
  const { t } = useTranslation();
  const show = (field: string, value: string | null) => {
    if (value === null || value === '') return t('resources.payouts.none');
    if (field === 'wallet') return destinationLabel(value);
    if (field === 'period') return periodName(value);
    if (field === 'bankNameId') return PAYOUT_BANKS.find((b) => b.id === value)?.shortName ?? value;
    if (field === 'bankCityId') return PAYOUT_CITIES.find((c) => c.id === value)?.name ?? value;
    return value;
  };
  return (
    <Paper variant="outlined" sx={{ p: 4 }} component="section" aria-labelledby="payout-audit-heading">
      <Typography id="payout-audit-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('resources.payouts.audit.title')}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('resources.payouts.audit.empty')}</Typography>
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
                <TableCell>
                  {entry.changes.map((field) => (
                    <div key={field}>
                      {t('resources.payouts.audit.change', {
                        field: t(`resources.payouts.fields.${field}`),
                        from: show(field, entry.details[field]?.from ?? null),
                        to: show(field, entry.details[field]?.to ?? null),
                      })}
                    </div>
                  ))}
                </TableCell>
                <TableCell>{entry.otpVerified ? t('resources.payouts.audit.withOtp') : t('resources.payouts.audit.withoutOtp')}</TableCell>
                <TableCell>{entry.ip ?? '-'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
