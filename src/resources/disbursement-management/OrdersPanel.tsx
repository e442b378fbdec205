import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { ORDER_STATUSES, type OrderStatus } from '@/domain/disbursements';
import { formatDateTime, formatMoney } from '@/domain/format';
import { getLanguage } from '@/i18n';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { OrderDialog } from './OrderDialog';
import { PAGE_SIZE, TablePager } from './TablePager';
import { disbursementKeys, errorText, STATUS_COLORS, T } from './queryKeys';


/** Disbursement orders, newest first, with a status filter; a row opens the order. */
export function OrdersPanel({ merchantId, openOrder, onOpen }: { merchantId: number | null; openOrder: number | null; onOpen: (id: number | null) => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const orders = useQuery({
    queryKey: disbursementKeys.orders(merchantId, page, status),
    queryFn: () => api.getDisbursementOrders(page, PAGE_SIZE, status || undefined),
  });
  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        sx={{ maxWidth: 280 }}
        label={translate(`${T}.fields.status`)}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as OrderStatus | '');
          setPage(0);
        }}
      >
        <MenuItem value="">{translate(`${T}.orders.allStatuses`)}</MenuItem>
        {ORDER_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`${T}.statuses.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      {orders.isError ? (
        <Alert severity="error">{errorText(orders.error)}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(`${T}.tabs.orders`)}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${T}.fields.code`)}</TableCell>
                <TableCell>{translate(`${T}.fields.createdAt`)}</TableCell>
                <TableCell>{translate(`${T}.fields.kind`)}</TableCell>
                <TableCell align="right">{translate(`${T}.fields.rowCount`)}</TableCell>
                <TableCell align="right">{translate(`${T}.fields.totalAmount`)}</TableCell>
                <TableCell>{translate(`${T}.fields.createdBy`)}</TableCell>
                <TableCell>{translate(`${T}.fields.approvals`)}</TableCell>
                <TableCell>{translate(`${T}.fields.status`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.data?.content.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>{translate(`${T}.orders.empty`)}</TableCell>
                </TableRow>
              )}
              {orders.data?.content.map((o) => (
                <TableRow key={o.id} hover>
                  <TableCell>
                    <Link component="button" type="button" onClick={() => onOpen(o.id)}>
                      {o.code}
                    </Link>
                  </TableCell>
                  <TableCell>{formatDateTime(o.createdAt)}</TableCell>
                  <TableCell>{o.kind === 'BATCH' ? (o.fileName ?? translate(`${T}.kinds.BATCH`)) : translate(`${T}.kinds.SINGLE`)}</TableCell>
                  <TableCell align="right">{o.rowCount}</TableCell>
                  <TableCell align="right">{formatMoney(o.totalAmount, lng)}</TableCell>
                  <TableCell>{o.createdBy}</TableCell>
                  <TableCell>{`${o.approvals.length}/${o.requiredApprovals}`}</TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLORS[o.status]} label={translate(`${T}.statuses.${o.status}`)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePager count={orders.data?.totalElements ?? 0} page={page} onPage={setPage} />
        </Paper>
      )}
      {openOrder !== null && <OrderDialog merchantId={merchantId} orderId={openOrder} onClose={() => onOpen(null)} />}
    </Stack>
  );
}
