import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Page } from '@/domain/api';
import { formatDateTime } from '@/domain/format';
import type { TicketSummary } from '@/domain/tickets';
import { SlaDue, TicketStatusChip } from './TicketParts';

/** A page of tickets (the merchant's list, the operator's queue) with a previous/next pager. */
export function TicketTable({
  page,
  linkOf,
  showMerchant = false,
  onPage,
}: {
  page: Page<TicketSummary>;
  linkOf: (ticket: TicketSummary) => string;
  showMerchant?: boolean;
  onPage: (pageNumber: number) => void;
}) {
  const { t } = useTranslation();
  const first = page.pageNumber * page.pageSize;
  const last = Math.min(first + page.content.length, page.totalElements);
  if (page.totalElements === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('portal.tickets.empty')}
      </Typography>
    );
  }
  return (
    <>
      <Stack sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('portal.tickets.listLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('portal.tickets.fields.id')}</TableCell>
              <TableCell>{t('portal.tickets.fields.subject')}</TableCell>
              {showMerchant ? <TableCell>{t('portal.tickets.fields.merchant')}</TableCell> : null}
              <TableCell>{t('portal.tickets.fields.category')}</TableCell>
              <TableCell>{t('portal.tickets.fields.status')}</TableCell>
              <TableCell>{t('portal.tickets.fields.createdBy')}</TableCell>
              <TableCell>{t('portal.tickets.fields.createdAt')}</TableCell>
              <TableCell>{t('portal.tickets.fields.slaDueAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {page.content.map((row) => (
              <TableRow key={row.id} hover data-testid="ticket-row">
                <TableCell>#{row.id}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={linkOf(row)}>
                    {row.subject}
                  </Link>
                </TableCell>
                {showMerchant ? <TableCell>{row.merchantName}</TableCell> : null}
                <TableCell>{t(`portal.tickets.categories.${row.category}`)}</TableCell>
                <TableCell>
                  <TicketStatusChip status={row.status} />
                </TableCell>
                <TableCell>{row.createdBy?.name ?? '-'}</TableCell>
                <TableCell>{formatDateTime(row.createdAt)}</TableCell>
                <TableCell>
                  <SlaDue ticket={row} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="flex-end" sx={{ pt: 1 }}>
        <Typography variant="body2">{t('portal.tickets.pageInfo', { from: first + 1, to: last, total: page.totalElements })}</Typography>
        <Button size="small" disabled={page.pageNumber === 0} onClick={() => onPage(page.pageNumber - 1)}>
          {t('portal.tickets.previous')}
        </Button>
        <Button size="small" disabled={last >= page.totalElements} onClick={() => onPage(page.pageNumber + 1)}>
          {t('portal.tickets.next')}
        </Button>
      </Stack>
    </>
  );
}
