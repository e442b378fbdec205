import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PageLoader } from '@/components/PageLoader';
import { canDo } from '@/domain/businessPages';
import type { BusinessPage } from '@/dataProvider/api/businessPages';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { pageKey, R } from './shared';

/** business-page/{id}/stores: the merchant's offline stores; attach (claims the store for this page) or detach. */
export function PageStores({ page }: { page: BusinessPage }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const key = [...pageKey(page.id), 'stores'];
  const { data, isPending, isError } = useQuery({ queryKey: key, queryFn: () => api.getBusinessPageStores(page.id) });
  const mayEdit = canDo(page.myRole, 'manageSettings');
  const act = async (storeId: number, attach: boolean) => {
    try {
      if (attach) await api.attachBusinessPageStore(page.id, storeId);
      else await api.detachBusinessPageStore(page.id, storeId);
    } catch {
      // The httpClient has shown the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: key });
  };
  if (isPending) return <PageLoader />;
  if (isError) return <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>;
  if (!data.length) return <Alert severity="info">{translate(`${R}.stores.empty`)}</Alert>;
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate(`${R}.tabs.stores`)}>
        <TableHead>
          <TableRow>
            {['store', 'address', 'state', 'actions'].map((c) => (
              <TableCell key={c}>{translate(`${R}.stores.columns.${c}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((s) => (
            <TableRow key={s.id}>
              <TableCell>
                {s.storeName} ({s.storeId})
              </TableCell>
              <TableCell>{s.address}</TableCell>
              <TableCell>{translate(`${R}.stores.${s.pageId === page.id ? 'attached' : s.pageId ? 'otherPage' : 'free'}`)}</TableCell>
              <TableCell>
                {mayEdit && s.pageId === page.id && (
                  <Button size="small" onClick={() => void act(s.id, false)} aria-label={`${translate(`${R}.stores.detach`)} ${s.storeName}`}>
                    {translate(`${R}.stores.detach`)}
                  </Button>
                )}
                {mayEdit && s.pageId === null && (
                  <Button size="small" onClick={() => void act(s.id, true)} aria-label={`${translate(`${R}.stores.attach`)} ${s.storeName}`}>
                    {translate(`${R}.stores.attach`)}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
