import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MerchantUser } from '@/domain/api';
import { formatDateTimeSeconds } from '@/domain/format';

/** The user's audit trail (who, when, what, from where), newest first, as GET …/users/:id returns it. */
export function UserAudit() {
  const record = useRecordContext<MerchantUser>();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  // The list pre-fills the edit record without its trail, so the detail call is made here, always
  // fresh, and again after each change (the key follows the record, which every change replaces).
  const { data: entries } = useQuery({
    queryKey: ['users', 'audit', record?.id, record],
    enabled: record !== undefined,
    staleTime: 0,
    queryFn: async () => (await dataProvider.getOne<MerchantUser>('users', { id: record!.id })).data.audit ?? [],
  });
  if (!entries) return null;
  return (
    <Card sx={{ mt: 4 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate('resources.users.audit.title')}
        </Typography>
        {entries.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{translate('resources.users.audit.empty')}</Typography>
        ) : (
          <Table size="small" aria-label={translate('resources.users.audit.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.users.audit.when')}</TableCell>
                <TableCell>{translate('resources.users.audit.action')}</TableCell>
                <TableCell>{translate('resources.users.audit.actor')}</TableCell>
                <TableCell>{translate('resources.users.audit.ip')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>{formatDateTimeSeconds(entry.createdAt)}</TableCell>
                  <TableCell>{translate(`resources.users.audit.actions.${entry.action}`, { _: entry.action })}</TableCell>
                  <TableCell>{entry.actorUsername ?? entry.actorUserId}</TableCell>
                  <TableCell>{entry.ip ?? '-'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
